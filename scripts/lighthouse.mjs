// npm run lighthouse: builds, serves the built Worker as it ships (startBuiltSite in scripts/lib.mjs), and runs
// Lighthouse (system Chromium, mobile defaults) on the main pages, LH_RUNS times each (default 3). Prints the median
// of each category score and the LCP/TBT/CLS of the median-performance run per page.
// Target: 100 in every category. Reports go to lh/ (gitignored). Not part of npm test (slow).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { must, root, startBuiltSite } from "./lib.mjs";

const PAGES = process.env.LH_PAGES
  ? process.env.LH_PAGES.split(",")
  : ["/", "/k", "/k/1", "/d/DEMO1", "/conj", "/paradigms", "/aambe", "/aambe/learn/1", "/biindge"];
const RUNS = Number(process.env.LH_RUNS || 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";

if (!process.argv.includes("--no-build")) must("react-router", ["build"], { capture: true });
const site = await startBuiltSite({ port: Number(process.env.LH_PORT || 8797), state: ".wrangler/lighthouse" });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
});
const outDir = path.join(root, "lh");
mkdirSync(outDir, { recursive: true });
const rows = [];
try {
  for (const page of PAGES) {
    const runs = [];
    let error = null;
    for (let i = 0; i < RUNS && !error; i++) {
      // A broken trace (NO_NAVSTART and the like) is a failed recording, not a score: try that run again, twice at most.
      let result;
      for (let attempt = 0; attempt < 3; attempt++) {
        result = await lighthouse(`${site.url}${page}`, { port: chrome.port, output: "html", logLevel: "error" });
        if (!result.lhr.runtimeError) break;
      }
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        error = `${runtimeError.code}: ${runtimeError.message}`.slice(0, 100);
        break;
      }
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      runs.push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        LCP: audits["largest-contentful-paint"].displayValue,
        TBT: audits["total-blocking-time"].displayValue,
        CLS: audits["cumulative-layout-shift"].displayValue,
        report: result.report,
      });
    }
    if (error) {
      rows.push({ page, error });
      continue;
    }
    const typical = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    rows.push({
      page,
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      "best-practices": median(runs.map((r) => r["best-practices"])),
      seo: median(runs.map((r) => r.seo)),
      LCP: typical.LCP,
      TBT: typical.TBT,
      CLS: typical.CLS,
    });
    writeFileSync(path.join(outDir, `${page.replace(/\W+/g, "_") || "home"}.html`), typical.report);
  }
} finally {
  await chrome.kill();
  await site.stop();
}
console.table(rows);
console.log(`Median of ${RUNS} runs per page.`);
const below = rows.filter((r) => r.error || ["performance", "accessibility", "best-practices", "seo"].some((k) => r[k] < 100));
console.log(below.length ? `Below 100 on: ${below.map((r) => r.page).join(", ")} (reports in lh/)` : "All pages score 100 in every category.");

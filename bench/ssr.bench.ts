/**
 * SSR throughput against a static asset of the same server (issue "Fast at the edge"), uncached and from the page
 * cache. Serves the existing build (run `npm run build` first) as it ships: the built Worker and its assets in one
 * workerd, run by Miniflare directly, with no `wrangler dev` proxy in front (startBuiltSite in scripts/lib.mjs), three
 * times from the same seeded state (ENVIRONMENT=development, as `npm start`): "uncached" is PAGE_CACHE=off (every
 * page rendered; the isolate keeps the public data it read, services/public-data.server.ts), "cached" PAGE_CACHE=on,
 * and "no caches" also DATA_CACHE=off (every page reads D1; printed for comparison, no target).
 * Bounded autocannon loads (BENCH_DURATION s, 10 connections): each page in BENCH_PAIRS pairs (default 7; 3 for "no
 * caches") with /favicon.svg, interleaved (the static asset first in every other pair), the ratio being the median
 * of the pairs (the machine is shared and noisy); each row also prints its pairs' lowest and highest ratio, and the
 * "CPU ratio": the static file's CPU time per request in workerd over the page's (median of the pairs, Linux only),
 * which other load on the machine moves far less than throughput.
 * Targets: uncached ratio >= 0.4, cached >= 0.9. BENCH_PAGES and BENCH_MODES (comma lists) take a subset.
 */
import autocannon from "autocannon";
// @ts-expect-error plain ESM helper without types
import { cpuSecondsOf, startBuiltSite } from "../scripts/lib.mjs";

const PAGES = (process.env.BENCH_PAGES ?? "/,/k/1,/conj,/d/DEMO1,/aambe/learn/1").split(",");
const STATIC = "/favicon.svg";
const DURATION_S = Number(process.env.BENCH_DURATION || 3);
const STATE = ".wrangler/bench-ssr";

/** Requests per second of `url`, and the CPU ms per request of the workerd process `pid` (NaN without /proc). */
async function load(url: string, pid: number | null) {
  const cpu = pid ? cpuSecondsOf(pid) : 0;
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, pipelining: 1 });
  const cpuMs = pid ? ((cpuSecondsOf(pid) - cpu) * 1000) / result.requests.total : NaN;
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, cpuMs };
}

type Row = {
  path: string;
  mode: string;
  "req/s": string;
  "static req/s": string;
  "p99 ms": number;
  non2xx: number;
  ratio: string;
  "pairs from–to": string;
  target: string;
  "CPU ratio": string;
};

/** Pairs per page: 7 for the rows with a target, 3 for the one printed for comparison (BENCH_PAIRS sets both). */
const pairsFor = (mode: string) => Number(process.env.BENCH_PAIRS || (mode === "no caches" ? 3 : 7));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(mode: "uncached" | "cached" | "no caches", fresh: boolean, port: number): Promise<Row[]> {
  const vars = { ENVIRONMENT: "development", PAGE_CACHE: mode === "cached" ? "on" : "off", DATA_CACHE: mode === "no caches" ? "off" : "on" };
  const site = await startBuiltSite({ port, state: STATE, fresh, vars });
  try {
    for (const page of PAGES) await load(`${site.url}${page}`, null).catch(() => null); // warm-up (and fill the cache)
    // The machine is shared and noisy: each page is timed in pairs with the static asset, interleaved (the
    // static asset first in every other pair), and its ratio is the median of the pairs' ratios.
    const rows: Row[] = [];
    const goal = mode === "cached" ? 0.9 : mode === "uncached" ? 0.4 : null;
    for (const page of PAGES) {
      const ratios: number[] = [];
      const cpuRatios: number[] = [];
      let last = { page: { rps: 0, p99: 0, non2xx: 0 }, base: { rps: 0, p99: 0, non2xx: 0 } };
      for (let pair = 0; pair < pairsFor(mode); pair++) {
        const before = pair % 2 === 0 ? await load(`${site.url}${STATIC}`, site.pid) : null;
        const r = await load(`${site.url}${page}`, site.pid);
        const base = before ?? (await load(`${site.url}${STATIC}`, site.pid));
        ratios.push(r.rps / base.rps);
        cpuRatios.push(base.cpuMs / r.cpuMs);
        last = { page: r, base };
      }
      const ratio = median(ratios);
      rows.push({
        path: page,
        mode,
        "req/s": last.page.rps.toFixed(0),
        "static req/s": last.base.rps.toFixed(0),
        "p99 ms": last.page.p99,
        non2xx: last.page.non2xx,
        ratio: ratio.toFixed(2),
        "pairs from–to": `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
        target: goal === null ? "(for comparison)" : `>= ${goal} ${ratio >= goal ? "ok" : "MISSED"}`,
        "CPU ratio": median(cpuRatios).toFixed(2),
      });
    }
    return rows;
  } finally {
    await site.stop();
  }
}

// BENCH_MODES picks the rows (default all three); the first mode measured seeds a fresh state.
const MODES = (process.env.BENCH_MODES ?? "uncached,cached,no caches").split(",") as Array<"uncached" | "cached" | "no caches">;
const rows: Row[] = [];
for (const [i, mode] of MODES.entries()) rows.push(...(await measure(mode, i === 0, 8796 - i)));
console.log(
  `SSR throughput vs a static asset of the same workerd, no dev proxy (${MODES.map((mode) => `${mode}: ${pairsFor(mode)}`).join(", ")} interleaved pairs of ${DURATION_S} s per page, 10 connections, loopback; ratio = median of the pairs)`,
);
console.table(rows);

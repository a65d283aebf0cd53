/**
 * A/B of uncached page throughput: the current build (`npm run build` first) against the build of a git ref
 * (BENCH_BASE, default HEAD), both served at once as they ship (each in its own workerd run by Miniflare directly, no
 * `wrangler dev` proxy: startBuiltSite in scripts/lib.mjs, which serves the base's build too, so both are served
 * alike), each from its own copy of the same seeded state (PAGE_CACHE=off, the isolate's public data kept, as the
 * "uncached" rows of ssr.bench.ts). Each page is loaded from one and then the other, in alternating order,
 * BENCH_PAIRS times (default 5) for BENCH_DURATION s (default 2); printed is the median of the pairs' ratios, new /
 * base. A change worth a few percent shows only this way, not in the ratio to the static file (bench/README.md).
 * Beside throughput it prints the CPU time each server's workerd process spent per request (from /proc, Linux only),
 * base / new: CPU time is what a build costs, and other load on the machine moves it far less than throughput.
 * The base is checked out as a git worktree under .wrangler/ab-base (node_modules linked, built there).
 * Not part of `npm run bench` (it needs a base to compare with): `npx tsx bench/ssr-ab.ts`, BENCH_PAGES to choose
 * (a range such as /k/1-200 loads those pages in turn).
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
// @ts-expect-error plain ESM helper without types
import { cpuSecondsOf, root, startBuiltSite, toolEnv } from "../scripts/lib.mjs";

const BASE = process.env.BENCH_BASE || "HEAD";
const PAGES = (process.env.BENCH_PAGES ?? "/,/k/1,/conj,/d/DEMO1,/aambe/learn/1").split(",");
const PAIRS = Number(process.env.BENCH_PAIRS || 5);
const DURATION_S = Number(process.env.BENCH_DURATION || 2);
const STATE = ".wrangler/bench-ab";
const baseDir = path.join(root, ".wrangler", "ab-base");

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
// The base: a worktree of BENCH_BASE, built with this checkout's node_modules.
if (existsSync(baseDir)) execFileSync("git", ["worktree", "remove", "--force", baseDir], { cwd: root });
rmSync(baseDir, { recursive: true, force: true });
execFileSync("git", ["worktree", "add", "--detach", baseDir, BASE], { cwd: root, stdio: "ignore" });
symlinkSync(path.join(root, "node_modules"), path.join(baseDir, "node_modules"));
if (existsSync(path.join(root, ".dev.vars"))) copyFileSync(path.join(root, ".dev.vars"), path.join(baseDir, ".dev.vars"));
execFileSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: baseDir, env: toolEnv, stdio: "ignore" });

const vars = { ENVIRONMENT: "development", PAGE_CACHE: "off", DATA_CACHE: "on" };
const fresh = await startBuiltSite({ port: 8771, state: `${STATE}-new`, fresh: true, vars });
const base = await startBuiltSite({ port: 8772, state: `${STATE}-base`, fresh: true, vars, dir: baseDir });
/** CPU seconds (user + system) used so far by the processes. */
const cpuSeconds = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);

/**
 * Requests per second of a page; a page written with a range ("/k/1-200") is every page of the range in turn, so
 * what a build keeps from one request to the next is measured on different pages, not on one page over and over.
 */
const loadOnce = async (url: string) => {
  const range = /^(.*?)(\d+)-(\d+)$/.exec(url);
  if (!range) return autocannon({ url, connections: 10, duration: DURATION_S });
  const [, prefix, from, to] = range;
  const origin = new URL(prefix!).origin;
  const requests = Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => ({
    method: "GET" as const,
    path: `${new URL(prefix!).pathname}${Number(from) + i}`,
  }));
  return autocannon({ url: origin, requests, connections: 10, duration: DURATION_S });
};
const pidsOf = new Map<string, number[]>([fresh, base].map((site) => [site.url, site.pid ? [site.pid] : []]));
/** Requests per second and CPU ms per request of a page of the site at `origin`. */
const load = async (origin: string, page: string) => {
  const pids = pidsOf.get(origin)!;
  const cpu = cpuSeconds(pids);
  const result = await loadOnce(origin + page);
  return { rps: result.requests.average, cpuMs: pids.length ? ((cpuSeconds(pids) - cpu) * 1000) / result.requests.total : NaN };
};
const rows: Array<Record<string, string>> = [];
try {
  for (const page of PAGES) {
    await load(fresh.url, page); // warm-up
    await load(base.url, page);
  }
  for (const page of PAGES) {
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      let a: { rps: number; cpuMs: number };
      let b: { rps: number; cpuMs: number };
      if (i % 2) {
        b = await load(base.url, page);
        a = await load(fresh.url, page);
      } else {
        a = await load(fresh.url, page);
        b = await load(base.url, page);
      }
      ratios.push(a.rps / b.rps);
      cpuRatios.push(b.cpuMs / a.cpuMs);
      cpu.push(a.cpuMs, b.cpuMs);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
    rows.push({
      page,
      "new / base (median)": median(ratios).toFixed(3),
      pairs: [...ratios]
        .sort((x, y) => x - y)
        .map((r) => r.toFixed(2))
        .join(" "),
      "CPU per request base / new (median)": median(cpuRatios).toFixed(3),
      "CPU ms new, base": `${median(cpu.filter((_, i) => i % 2 === 0)).toFixed(2)}, ${median(cpu.filter((_, i) => i % 2 === 1)).toFixed(2)}`,
      "CPU pairs": [...cpuRatios]
        .sort((x, y) => x - y)
        .map((r) => r.toFixed(2))
        .join(" "),
    });
  }
} finally {
  await fresh.stop();
  await base.stop();
  execFileSync("git", ["worktree", "remove", "--force", baseDir], { cwd: root });
}
console.log(
  `Uncached throughput, this build / ${BASE}, and the server's CPU per request, ${BASE} / this build (${PAIRS} alternating pairs of ${DURATION_S} s, 10 connections, loopback)`,
);
console.table(rows);

/**
 * SSR throughput against a static asset of the same local server (issue "Fast at the edge"), uncached and from the
 * page cache (ADR 015). Serves the existing build (run `npm run build` first) in workerd on loopback twice, from the
 * same seeded state: once with PAGE_CACHE=off, once with PAGE_CACHE=on (ENVIRONMENT=development, as `npm start`).
 * Bounded autocannon loads (BENCH_DURATION s, 10 connections) on each page and on /favicon.svg in the same run.
 * Targets: uncached ratio >= 0.5, cached >= 0.9.
 */
import autocannon from "autocannon";
// @ts-expect-error plain ESM helper without types
import { startBuiltSite } from "../scripts/lib.mjs";

const PAGES = ["/", "/k/1", "/conj", "/d/DEMO1", "/aambe/learn/1"];
const STATIC = "/favicon.svg";
const DURATION_S = Number(process.env.BENCH_DURATION || 5);
const STATE = ".wrangler/bench-ssr";

async function load(url: string) {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

type Row = { path: string; mode: string; "req/s": string; "p99 ms": number; non2xx: number; ratio: string; target: string };

async function measure(mode: "uncached" | "cached", fresh: boolean, port: number): Promise<Row[]> {
  const site = await startBuiltSite({ port, state: STATE, fresh, vars: { ENVIRONMENT: "development", PAGE_CACHE: mode === "cached" ? "on" : "off" } });
  try {
    for (const page of PAGES) await load(`${site.url}${page}`).catch(() => null); // warm-up (and fill the cache)
    const base = await load(`${site.url}${STATIC}`);
    const rows: Row[] = [{ path: STATIC, mode, "req/s": base.rps.toFixed(0), "p99 ms": base.p99, non2xx: base.non2xx, ratio: "1.00", target: "" }];
    const goal = mode === "cached" ? 0.9 : 0.5;
    for (const page of PAGES) {
      const r = await load(`${site.url}${page}`);
      const ratio = r.rps / base.rps;
      rows.push({ path: page, mode, "req/s": r.rps.toFixed(0), "p99 ms": r.p99, non2xx: r.non2xx, ratio: ratio.toFixed(2), target: `>= ${goal} ${ratio >= goal ? "ok" : "MISSED"}` });
    }
    return rows;
  } finally {
    site.stop();
  }
}

const rows = [...(await measure("uncached", true, 8796)), ...(await measure("cached", false, 8795))];
console.log(`SSR throughput vs a static asset (${DURATION_S} s per path, 10 connections, loopback)`);
console.table(rows);

/**
 * SSR throughput against a static asset of the same local server (issue 9 §3).
 * Serves the existing build (run `npm run build` first) in workerd on loopback, then runs bounded
 * autocannon loads (5 s, 10 connections) on each page and on /favicon.svg. Target ratio >= 0.5.
 */
import autocannon from "autocannon";
// @ts-expect-error plain ESM helper without types
import { startBuiltSite } from "../scripts/lib.mjs";

const PAGES = ["/", "/k/1", "/conj"];
const STATIC = "/favicon.svg";
const DURATION_S = Number(process.env.BENCH_DURATION || 5);

async function load(url: string) {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const site = await startBuiltSite({ port: 8796, state: ".wrangler/bench-ssr" });
try {
  await load(`${site.url}/`); // warm-up
  const base = await load(`${site.url}${STATIC}`);
  const rows = [{ path: STATIC, "req/s": base.rps.toFixed(0), "p99 ms": base.p99, non2xx: base.non2xx, ratio: "1.00", target: "" }];
  for (const page of PAGES) {
    const r = await load(`${site.url}${page}`);
    const ratio = r.rps / base.rps;
    rows.push({ path: page, "req/s": r.rps.toFixed(0), "p99 ms": r.p99, non2xx: r.non2xx, ratio: ratio.toFixed(2), target: ratio >= 0.5 ? ">= 0.5 ok" : ">= 0.5 MISSED" });
  }
  console.log(`SSR throughput vs a static asset (${DURATION_S} s per path, 10 connections, loopback)`);
  console.table(rows);
} finally {
  site.stop();
}

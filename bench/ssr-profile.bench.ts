/**
 * Where an uncached page's CPU goes (issue "Fast at the edge", ADR 015a): serves the existing build (run `npm run
 * build` first) in workerd with the page cache off, loads each page for BENCH_DURATION s through autocannon while
 * the Worker is CPU-profiled over workerd's inspector, and prints each page's share of the Worker's busy time:
 * rendering the React tree, the loaders' own code, React Router's routing and data handling, the D1 client
 * (sending queries, parsing results), garbage collection, workerd's own native work, and the rest (streams, headers,
 * the request guard, building queries).
 * Sampled, so the shares are approximate (±2 points). Served as in ssr.bench.ts (Miniflare directly, no dev proxy).
 */
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";
// @ts-expect-error plain ESM helper without types
import { startBuiltSite } from "../scripts/lib.mjs";

const PAGES = (process.env.BENCH_PAGES ?? "/,/k/1,/conj,/d/DEMO1,/aambe/learn/1").split(",");
const DURATION_S = Number(process.env.BENCH_DURATION || 4);
const INSPECTOR = 9393;

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** The first matching rule names a sample's category, looking from the sampled function up its stack. */
const CATEGORIES: Array<[string, (n: Node) => boolean]> = [
  ["React render", (n) => n.callFrame.functionName === "performWork"],
  ["loaders", (n) => /^loader(\$\d+)?$/.test(n.callFrame.functionName)],
  ["D1 client", (n) => n.callFrame.url.startsWith("cloudflare-internal:d1")],
  [
    "routing + data (React Router)",
    (n) =>
      /^(matchRoutes|matchRoutesImpl|query|queryImpl|handleDocumentRequest|handleSingleFetchRequest|encodeViaTurboStream|flattenValue|stringify)$/.test(
        n.callFrame.functionName,
      ),
  ],
];

async function profile(url: string) {
  // workerd's inspector names each Worker by its service (startBuiltSite names the site "site"); Node's WebSocket
  // (undici) takes headers, and workerd's inspector wants an Origin.
  const init = { headers: { Origin: `http://127.0.0.1:${INSPECTOR}` } } as unknown as string[];
  const ws = new WebSocket(`ws://127.0.0.1:${INSPECTOR}/core:user:site`, init);
  let id = 0;
  const pending = new Map<number, (m: { result: { profile: Profile } }) => void>();
  ws.onmessage = (event) => {
    const m = JSON.parse(String(event.data));
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  };
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const send = (method: string, params = {}) =>
    new Promise<{ result: { profile: Profile } }>((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 200 });
  await send("Profiler.start");
  const load = await autocannon({ url, connections: 10, duration: DURATION_S });
  const { result } = await send("Profiler.stop");
  ws.close();
  return { profile: result.profile, rps: load.requests.average };
}

function shares(p: Profile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const memo = new Map<number, string>();
  const categoryOf = (nodeId: number): string => {
    const known = memo.get(nodeId);
    if (known) return known;
    const node = byId.get(nodeId)!;
    const name = node.callFrame.functionName;
    let out = name === "(garbage collector)" ? "garbage collection" : name === "(program)" ? "runtime (native)" : "";
    for (let at: number | undefined = nodeId; !out && at !== undefined; at = parent.get(at)) {
      const n = byId.get(at)!;
      out = CATEGORIES.find(([, test]) => test(n))?.[0] ?? "";
    }
    memo.set(nodeId, (out ||= "other"));
    return out;
  };
  const time = new Map<string, number>();
  let busy = 0;
  p.samples.forEach((s, i) => {
    if (byId.get(s)!.callFrame.functionName === "(idle)") return;
    const category = categoryOf(s);
    time.set(category, (time.get(category) ?? 0) + p.timeDeltas[i]!);
    busy += p.timeDeltas[i]!;
  });
  return Object.fromEntries(
    [...CATEGORIES.map(([name]) => name), "garbage collection", "runtime (native)", "other"].map((name) => [
      name,
      `${Math.round((100 * (time.get(name) ?? 0)) / busy)}%`,
    ]),
  );
}

const site = await startBuiltSite({
  port: 8794,
  state: ".wrangler/bench-ssr-profile",
  fresh: true,
  inspectorPort: INSPECTOR,
  vars: { ENVIRONMENT: "development", PAGE_CACHE: "off" },
});
try {
  const rows = [];
  for (const page of PAGES) {
    await autocannon({ url: `${site.url}${page}`, connections: 10, duration: 1 }); // warm-up
    const { profile: p, rps } = await profile(`${site.url}${page}`);
    rows.push({ page, "req/s (profiled)": rps.toFixed(0), ...shares(p) });
    // BENCH_PROFILE_DIR=dir keeps each page's raw profile (open it in Chrome DevTools' Performance panel).
    if (process.env.BENCH_PROFILE_DIR) writeFileSync(`${process.env.BENCH_PROFILE_DIR}/${page.replace(/\W+/g, "_") || "home"}.cpuprofile`, JSON.stringify(p));
  }
  console.log(`Where an uncached page's Worker CPU goes (${DURATION_S} s of load per page, sampled every 0.2 ms; shares of busy time)`);
  console.table(rows);
} finally {
  await site.stop();
}

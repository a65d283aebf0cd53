/**
 * The whole dictionary at the edge (issue 40, ADR 026): the built Worker served as it ships (`startBuiltSite`,
 * scripts/lib.mjs; run `npx react-router build` first) over the demo data, or with --full-data the demo data plus
 * the full dictionary and stems files from ../shared/data imported through the import command (which writes the
 * stored search keys). Prints, each beside its target, with the same requests of a static asset (/favicon.svg)
 * in the same run and the load average, so the reader can judge the machine's load:
 * - the import of the full dictionary (both commands, keys included, wall time);
 * - per kind of request that needs the lexicon (search by form, English search, word list, word page, story), its
 *   wall time as the first such request of a fresh isolate (after one request touching no data: /api/health);
 * - inflected forms never asked before, in a warm isolate: p50/p95 wall time, right after one search (the tables the
 *   analysers keep are then mostly still to be built), and again after the 1,000 varied searches;
 * - the isolate's heap (used, after a collection; over the inspector) after 1,000 varied searches;
 * - an admin's new word (the browser's import): how long until search finds it.
 * BENCH_FORMS (default 200) sets the number of never-asked forms; BENCH_SNAPSHOT=file keeps the heap snapshot; BENCH_REUSE=1 measures the last run's state again;
 * BENCH_COMPARE=1 also measures the whole-lexicon path (every key marked pending), then writes the keys again.
 */
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { cellsOf, verbClassOf } from "../app/core/grammar/cells";
import { inflect } from "../app/core/grammar/inflection";
import { SEARCH_DATA_VERSION } from "../app/core/search-data-version";
// @ts-expect-error plain ESM helper without types
import { must, run, startBuiltSite, toolEnv } from "../scripts/lib.mjs";

const FULL = process.argv.includes("--full-data");
const STATE = `.wrangler/bench-scale-${FULL ? "full" : "demo"}`;
const PORT = Number(process.env.BENCH_PORT || (FULL ? 8814 : 8815));
const INSPECTOR = PORT + 1000;
const FORMS = Number(process.env.BENCH_FORMS || 200);
const VARS = { ENVIRONMENT: "development", PAGE_CACHE: "off" };
const label = FULL ? "full dictionary" : "demo data";
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

function query<T>(sql: string): T[] {
  const out = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--json", "--command", sql], {
    env: toolEnv,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`${sql}: ${out.stderr}`);
  return JSON.parse(out.stdout)[0].results as T[];
}

console.log(`scale bench, ${label}; load average at the start: ${load()} (2 CPUs shared)`);
const reuse = process.env.BENCH_REUSE === "1" && existsSync(STATE);
if (!reuse) {
  rmSync(STATE, { recursive: true, force: true });
  must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { capture: true });
  must("node", ["scripts/seed.ts", "--persist-to", STATE], { capture: true });
}
if (FULL && !reuse) {
  let total = 0;
  for (const [kind, file] of [
    ["lexicon", "../shared/data/nishnaabemwin-dictionary/nishnaabemwin-dict.tsv"],
    ["stems", "../shared/data/otw/otw_lexicon_stems.tsv"],
  ]) {
    const started = performance.now();
    const result = run("node", ["scripts/import.ts", kind!, file!, "--persist-to", STATE], { capture: true });
    if (result.code !== 0) throw new Error(`import ${kind} failed:\n${result.stdout}${result.stderr}`);
    total += performance.now() - started;
    console.log(`  import ${kind}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`import of the full dictionary (lexicon + stems, keys included): ${(total / 1000).toFixed(1)} s  (target <= 120 s) [load ${load()}]`);
}
// The stored page words (ADR 029) as the cron's job leaves them after the import: asked through the Worker's cron
// handler, worked out by its queue consumer; the bench waits for the state row (at most 10 minutes).
{
  const site = await startBuiltSite({ port: PORT, state: STATE, fresh: false, vars: VARS });
  try {
    const started = performance.now();
    await site.scheduled("*/5 * * * *");
    // The lexicon version as db/queries/lexemes.ts makes it (ADR 034): the engine's version and the counted writes.
    const lexicon = () => `e${SEARCH_DATA_VERSION}:${query<{ w: number }>("SELECT lexicon_writes AS w FROM search_data WHERE id = 1")[0]!.w}`;
    const done = () => query<{ v: string | null }>("SELECT (SELECT lexicon_version FROM page_words_state WHERE id = 1) AS v")[0]!.v;
    const want = lexicon();
    while (done() !== want) {
      if (performance.now() - started > 600_000) throw new Error("the page words job did not finish");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const [pages] = query<{ n: number }>("SELECT count(*) AS n FROM page_words");
    console.log(
      `stored page words (the cron's queue job, after the import): ${pages!.n.toLocaleString("en")} pages in ${((performance.now() - started) / 1000).toFixed(1)} s [load ${load()}]`,
    );
  } finally {
    await site.stop();
  }
}

type Row = { id: number; name: string; pos: string; gloss: string; stem: string | null };
const rows = query<Row>("SELECT id, name, pos, gloss, stem FROM lexemes ORDER BY id");
const [stored] = query<{ keys: number; pending: number }>(
  "SELECT (SELECT count(*) FROM lexeme_keys) AS keys, (SELECT count(*) FROM lexeme_keys_pending) AS pending",
);
console.log(`${label}: ${rows.length.toLocaleString("en")} entries; ${stored!.keys.toLocaleString("en")} stored keys; ${stored!.pending} pending`);
if (stored!.pending > 0) throw new Error("keys pending: the bench would measure the whole-lexicon path");
// The lexicon version (ADR 034): one row of search_data, where it was a scan of every lexeme.
const plan = (sql: string) =>
  query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .map((r) => r.detail)
    .join("; ");
console.log(
  `lexicon version: ${plan("SELECT lexicon_writes FROM search_data WHERE id = 1")} (was: ${plan("SELECT count(*), max(id), max(coalesce(updated_at, created_at)), sum(audio_id) FROM lexemes")}, ${rows.length.toLocaleString("en")} rows)`,
);

// Inflected forms: a verb with a stem and a cell, spread over the lexicon (seeded choice, distinct forms).
const verbs = rows.filter((r) => verbClassOf(r.pos) && r.stem);
const forms: string[] = [];
for (let i = 0, seen = new Set<string>(); forms.length < 2 * FORMS + 1_000 && i < verbs.length * 8; i++) {
  const verb = verbs[(i * 7919) % verbs.length]!;
  const cells = cellsOf(verbClassOf(verb.pos)!);
  const form = inflect(verb, cells[(i * 31) % cells.length]!)?.form;
  if (form && !seen.has(form) && !form.includes(" ")) {
    seen.add(form);
    forms.push(form);
  }
}
const waabmaa = rows.find((r) => r.name === "waabmaa") ?? rows[0]!;

async function timed(url: string) {
  const started = performance.now();
  // A request left without an answer fails the run rather than stalling it.
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}
const STATIC = "/favicon.svg";

const KINDS: Array<[string, string]> = [
  ["search by form", `/k?q=${encodeURIComponent(forms[0]!)}`],
  ["English search", `/k?q=${encodeURIComponent("I see you")}`],
  ["word list", "/k"],
  ["word page", `/k/${waabmaa.id}`],
  ["story", "/d/DEMO1"],
];

const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;

// The site as it ships (stored keys); with BENCH_COMPARE=1 then the same with every lexeme's keys marked pending, so
// requests read the lexicon whole (ADR 009's path, main before ADR 026), in the same run and load; the keys are
// written again afterwards.
await measure("stored keys", true);
if (process.env.BENCH_COMPARE === "1") {
  query("INSERT OR IGNORE INTO lexeme_keys_pending (lexeme_id) SELECT id FROM lexemes");
  try {
    await measure("lexicon read whole (ADR 009), for comparison", false);
  } finally {
    must("tsx", ["scripts/import/write-keys.ts", "--local", "--persist-to", STATE], { capture: true });
  }
}
await newWordFound();
console.log(`load average at the end: ${load()}`);

/**
 * An editor's new word, found by search: the seed's admin (README) imports one entry in the browser's import
 * (/admin/import, the queue job writes it and its keys), and the search API is asked every 100 ms until it lists it,
 * a search by an existing form beside each ask (it must still find its word meanwhile). Wall time from the import's
 * answer.
 */
async function newWordFound() {
  const site = await startBuiltSite({ port: PORT, state: STATE, fresh: false, vars: VARS });
  try {
    const origin = site.url as string;
    const login = await fetch(`${origin}/biindge`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin },
      body: new URLSearchParams({ username: "admin", password: "admin-demo-2026", from: "" }),
    });
    const cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    if (!cookie) throw new Error(`log-in failed: ${login.status}`);
    const tag = `bench${Date.now().toString(36).replace(/[0-9]/g, "")}`;
    const body = new FormData();
    body.append("intent", "apply");
    body.append("file", new Blob([`headword\tpos\tgloss\n${tag}aa\tvai\ts/he ${tag}s quietly\n`], { type: "text/tab-separated-values" }), `${tag}.tsv`);
    const applied = await fetch(`${origin}/admin/import`, { method: "POST", body, redirect: "manual", headers: { Origin: origin, Cookie: cookie } });
    if (applied.status !== 302) throw new Error(`the import was not applied: ${applied.status}`);
    const started = performance.now();
    const names = async (q: string) =>
      ((await (await fetch(`${origin}/api/search?q=${encodeURIComponent(q)}`)).json()) as { data: Array<{ name: string }> }).data.map((w) => w.name);
    while (!(await names(`${tag}aa`)).includes(`${tag}aa`)) {
      if (!(await names("gwaabmin")).includes("waabmaa")) throw new Error("a search missed its word while the new one was written");
      if (performance.now() - started > 60_000) throw new Error("the new word was not found within a minute");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [state] = query<{ pending: number }>("SELECT count(*) AS pending FROM lexeme_keys_pending");
    console.log(
      `an admin's new word found by search: ${((performance.now() - started) / 1000).toFixed(1)} s after the import's answer  (target <= 10 s); keys pending after: ${state!.pending} [${label}, load ${load()}]`,
    );
  } finally {
    await site.stop();
  }
}

async function measure(how: string, heap: boolean) {
  const tag = `${label}, ${how}`;
  console.log(`\n${how}:`);
  // First request of each kind in a fresh isolate; then the static asset, first and again, in the same isolate.
  for (const [kind, path] of KINDS) {
    const site = await startBuiltSite({ port: PORT, state: STATE, fresh: false, vars: VARS });
    try {
      await timed(`${site.url}/api/health`);
      const ms = await timed(`${site.url}${path}`);
      const asset = await timed(`${site.url}${STATIC}?first`);
      const again = await timed(`${site.url}${STATIC}?again`);
      console.log(
        `first ${kind} in a fresh isolate (${path.slice(0, 32)}): ${ms.toFixed(0)} ms  (target <= 100 ms); static asset ${asset.toFixed(0)} / ${again.toFixed(0)} ms; ratio ${(ms / again).toFixed(1)} [${tag}, load ${load()}]`,
      );
    } finally {
      await site.stop();
    }
  }
  // Warm isolate: never-asked forms (each beside a static request), then 1,000 varied searches and the heap.
  const site = await startBuiltSite({ port: PORT, state: STATE, fresh: false, vars: VARS, inspectorPort: INSPECTOR });
  try {
    await timed(`${site.url}/k?q=maajaa`);
    const times: number[] = [];
    const assets: number[] = [];
    for (const form of forms.slice(1, FORMS + 1)) {
      times.push(await timed(`${site.url}/k?q=${encodeURIComponent(form)}`));
      assets.push(await timed(`${site.url}${STATIC}`));
    }
    console.log(
      `never-asked form, warm isolate (${times.length}): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms  (target p95 <= 20 ms); ` +
        `static asset p50 ${pct(assets, 50).toFixed(1)}, p95 ${pct(assets, 95).toFixed(1)} ms [${tag}, load ${load()}]`,
    );
    if (!heap) return;
    const english = ["leave", "dog", "see", "house", "water", "I see you", "they don't leave", "go away", "night", "fire"];
    const later = forms.slice(FORMS + 1, 2 * FORMS + 1);
    const varied = [...forms.slice(2 * FORMS + 1), ...rows.map((r) => r.name)];
    const started = performance.now();
    for (let i = 0; i < 1_000; i++) {
      const q =
        i % 5 === 0 ? english[(i / 5) % english.length]! : i % 5 === 1 ? varied[(i * 13) % varied.length]!.slice(0, 3) : varied[(i * 7) % varied.length]!;
      await timed(`${site.url}/k?q=${encodeURIComponent(q)}`);
    }
    const took = (performance.now() - started) / 1000;
    const heapNow = await heapUsed();
    console.log(
      `isolate heap after 1,000 varied searches (${took.toFixed(0)} s): ${(heapNow.before / 1e6).toFixed(1)} MB used, ${(heapNow.after / 1e6).toFixed(1)} MB after a collection  (target <= 64 MB) [${tag}, load ${load()}]`,
    );
    const after: number[] = [];
    for (const form of later) after.push(await timed(`${site.url}/k?q=${encodeURIComponent(form)}`));
    console.log(
      `never-asked form, after the 1,000 varied searches (${after.length}): p50 ${pct(after, 50).toFixed(1)} ms, p95 ${pct(after, 95).toFixed(1)} ms [${tag}, load ${load()}]`,
    );
  } finally {
    await site.stop();
  }
}

/**
 * The Worker isolate's used heap over workerd's inspector (which answers a client that sends an Origin), before and
 * after a full collection. workerd's inspector does not answer `HeapProfiler.collectGarbage`; a heap snapshot
 * collects first, so one is taken (its chunks are counted, not kept; its answer is waited for 120 s at most).
 */
async function heapUsed(): Promise<{ before: number; after: number }> {
  const init = { headers: { Origin: `http://127.0.0.1:${INSPECTOR}` } } as unknown as string[];
  const ws = new WebSocket(`ws://127.0.0.1:${INSPECTOR}/core:user:site`, init);
  let id = 0;
  const pending = new Map<number, (m: { result: { usedSize: number } }) => void>();
  let snapshotBytes = 0;
  const chunks: string[] = [];
  ws.onmessage = (event) => {
    const m = JSON.parse(String(event.data));
    if (m.method === "HeapProfiler.addHeapSnapshotChunk") {
      snapshotBytes += m.params.chunk.length;
      if (process.env.BENCH_SNAPSHOT) chunks.push(m.params.chunk);
    }
    if (m.id === undefined) return;
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  };
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result: { usedSize: number } }>((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  const before = (await send("Runtime.getHeapUsage")).result.usedSize;
  await send("HeapProfiler.enable");
  await Promise.race([send("HeapProfiler.takeHeapSnapshot", { reportProgress: false }), new Promise((resolve) => setTimeout(resolve, 120_000))]);
  if (snapshotBytes === 0) console.warn("the heap snapshot sent nothing: the figure after a collection may include garbage");
  if (process.env.BENCH_SNAPSHOT) writeFileSync(process.env.BENCH_SNAPSHOT, chunks.join(""));
  const after = (await send("Runtime.getHeapUsage")).result.usedSize;
  ws.close();
  return { before, after };
}

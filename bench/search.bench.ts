/**
 * Word search (issue 7 §9): latency p50/p95 of searchWords over a 20,000-entry lexicon, and the time to build the
 * per-isolate index. With --full-data the entries are the full Nishnaabemwin dictionary read from
 * ../shared/data/nishnaabemwin-dictionary/nishnaabemwin-dict.tsv (never committed), topped up to 20,000 with
 * renamed copies; without it, the demo lexicon repeated under distinct names.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { listWords } from "../app/core/word-list";
import { buildSearchIndex, searchWords, type LexiconEntry } from "../app/core/word-search";
import { grammarMemo } from "../app/services/grammar-memo.server";

const ENTRIES = Number(process.env.BENCH_LEXICON || 20_000);
const full = process.argv.includes("--full-data");
const source = full ? readFileSync("../shared/data/nishnaabemwin-dictionary/nishnaabemwin-dict.tsv", "utf8") : readFileSync("db/seed/data/lexicon.tsv", "utf8");
const base = source
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => l.split("\t"))
  .filter(([name, pos, gloss]) => name && pos && gloss)
  .map(([name, pos, gloss, stem]) => ({ name: name!, pos: pos!, gloss: gloss!, stem: full ? null : stem || null }));
// The demo lexicon keeps its stems (so inflected forms resolve); the dictionary has none.
const demoStems = new Map(
  readFileSync("db/seed/data/lexicon.tsv", "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split("\t"))
    .map(([n, p, , s]) => [`${n}\t${p}`, s || null]),
);

const entries: LexiconEntry[] = [];
for (let copy = 0; entries.length < ENTRIES; copy++) {
  for (const e of base) {
    if (entries.length >= ENTRIES) break;
    entries.push({
      id: entries.length + 1,
      name: copy === 0 ? e.name : `${e.name}${"q".repeat(copy)}`,
      pos: e.pos,
      gloss: e.gloss,
      stem: copy === 0 ? (e.stem ?? demoStems.get(`${e.name}\t${e.pos}`) ?? null) : null,
      corpusCount: 0,
      audioUrl: null,
    });
  }
}

let t = performance.now();
const index = buildSearchIndex(entries, grammarMemo);
console.log(
  `index build (${entries.length.toLocaleString("en")} entries, ${full ? "full dictionary" : "demo lexicon repeated"}): ${(performance.now() - t).toFixed(0)} ms`,
);

const QUERIES = [
  "maajaa",
  "Nmaajaa",
  "gikendaan",
  "n’kaat",
  "nkaat",
  "leave",
  "dog",
  "go away",
  "maa",
  "zh",
  "to be night",
  "xyzzy",
  "I see you",
  "they don't leave",
];
const times: number[] = [];
for (let round = 0; round < 30; round++) {
  for (const q of QUERIES) {
    t = performance.now();
    searchWords(index, q);
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
console.log(
  `searchWords over ${QUERIES.length} queries x 30: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms  (target p95 <= 20 ms)`,
);
for (const q of ["Nmaajaa", "leave", "I see you", "they don't leave"]) {
  const r = searchWords(index, q);
  console.log(
    `  "${q}": ${r.total} results, first: ${r.hits[0] ? `${r.hits[0].entry.name} (${r.hits[0].match}${r.hits[0].analysis ? `: ${r.hits[0].analysis.explanation}` : ""})` : "none"}`,
  );
}

// /k pages (A–Z bar, part-of-speech filter) over the same index: the first call sorts once per index.
t = performance.now();
listWords(index, { letter: null, pos: null, page: 1 });
console.log(`word list first page (sorts once): ${(performance.now() - t).toFixed(1)} ms`);
const pageTimes: number[] = [];
for (const query of [
  { letter: "m", pos: null, page: 2 },
  { letter: null, pos: "verb", page: 40 },
  { letter: "z", pos: "noun", page: 1 },
] as const) {
  for (let round = 0; round < 20; round++) {
    t = performance.now();
    listWords(index, query);
    pageTimes.push(performance.now() - t);
  }
}
pageTimes.sort((a, b) => a - b);
console.log(`word list page: p50 ${pageTimes[Math.floor(pageTimes.length / 2)]!.toFixed(2)} ms, max ${pageTimes.at(-1)!.toFixed(2)} ms  (target <= 20 ms)`);

/**
 * The offline dictionary pack (issue 40 item 3, ADR 027): its size raw and gzipped, beside the target (<= 5 MB
 * compressed at full scale), how long the engine takes to build it, and how long the browser's decoder and a search
 * take. The demo lexicon (db/seed/data/lexicon.tsv), or with --full-data the published dictionary joined with the
 * stems file from ../shared/data, read as the import command reads them (never committed).
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { parseLexiconText } from "../app/core/import/lexicon.ts";
import { parseStemsText } from "../app/core/import/stems.ts";
import { decodePack, searchPack } from "../app/core/offline-pack.ts";
import { packText, type PackSource } from "../app/core/offline-pack-build.ts";

const FULL = process.argv.includes("--full-data");
const TARGET_MB = 5;

function sources(): PackSource[] {
  const file = FULL ? "../shared/data/nishnaabemwin-dictionary/nishnaabemwin-dict.tsv" : "db/seed/data/lexicon.tsv";
  const parsed = parseLexiconText(readFileSync(file, "utf8"), "tsv");
  const stems = new Map<string, string>();
  if (FULL) {
    for (const row of parseStemsText(readFileSync("../shared/data/otw/otw_lexicon_stems.tsv", "utf8")).rows) {
      const key = `${row.name}\t${row.pos}`;
      if (!stems.has(key)) stems.set(key, row.stem);
    }
  }
  return parsed.entries.map((e, i) => ({
    id: i + 1,
    name: e.name,
    pos: e.pos,
    gloss: e.gloss,
    stem: e.stem ?? stems.get(`${e.name}\t${e.pos}`) ?? null,
  }));
}

const list = sources();
const started = performance.now();
const text = [...packText(list, "bench", new Date().toISOString())].join("");
const built = performance.now();
const raw = Buffer.byteLength(text);
const gz = gzipSync(text, { level: 6 }).length;
const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
console.log(`pack: ${mb(raw)} MB raw, ${mb(gz)} MB gzip (target <= ${TARGET_MB} MB gzip at full scale)`);
console.log(`build (engine and encoding): ${((built - started) / 1000).toFixed(2)} s`);
const t0 = performance.now();
const pack = decodePack(text);
const t1 = performance.now();
const forms = pack.forms.split(/[ ,\n]/).filter(Boolean).length;
console.log(`${FULL ? "full dictionary" : "demo data"}: ${list.length} entries, ${forms} form keys`);
console.log(`decode (the browser's, per page load): ${(t1 - t0).toFixed(0)} ms`);
for (const q of ["nwaabmaa", "gwaabmin", "jiimaanan", "dog"]) {
  const s0 = performance.now();
  const result = searchPack(pack, q);
  const first = result.hits[0];
  console.log(
    `search "${q}": ${(performance.now() - s0).toFixed(1)} ms, ${result.total} hits, first ${first ? `${first.entry.name} (${first.match}${first.cells.length ? `: ${first.cells[0]}` : ""})` : "none"}`,
  );
}

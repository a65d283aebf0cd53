/**
 * The import command on a whole lexicon (issue 40): `node scripts/import.ts` into a fresh local D1, as an operator
 * runs it. The demo lexicon (db/seed/data/lexicon.tsv), or with --full-data the published dictionary and stems files
 * from ../shared/data (never committed). Prints the wall time of the first import (every entry added) and of the same
 * files again (nothing to write: 0 added, 0 changed), beside the target (full dictionary <= 120 s).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error plain ESM helper without types
import { must, run } from "../scripts/lib.mjs";

const FULL = process.argv.includes("--full-data");
const TARGET_S = 120;
const files: Array<[kind: string, file: string]> = FULL
  ? [
      ["lexicon", "../shared/data/nishnaabemwin-dictionary/nishnaabemwin-dict.tsv"],
      ["stems", "../shared/data/otw/otw_lexicon_stems.tsv"],
    ]
  : [["lexicon", "db/seed/data/lexicon.tsv"]];

const state = mkdtempSync(path.join(tmpdir(), "nish-import-bench-"));
try {
  must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { capture: true });
  for (const round of ["first import", "same files again"]) {
    let total = 0;
    for (const [kind, file] of files) {
      const started = performance.now();
      const result = run("node", ["scripts/import.ts", kind, file, "--persist-to", state], { capture: true });
      const seconds = (performance.now() - started) / 1000;
      total += seconds;
      if (result.code !== 0) throw new Error(`${kind} ${file} failed:\n${result.stdout}${result.stderr}`);
      const summary = (result.stdout as string).split("\n").filter((l) => /^(Lexicon|Stems): /.test(l) || / lines? read/.test(l));
      console.log(`${round}: ${kind} ${path.basename(file)} ${seconds.toFixed(1)} s`);
      for (const line of summary) console.log(`  ${line}`);
    }
    console.log(`${round}: ${total.toFixed(1)} s in all (target for the full dictionary: <= ${TARGET_S} s)${FULL ? "" : " [demo data]"}`);
  }
} finally {
  rmSync(state, { recursive: true, force: true });
}

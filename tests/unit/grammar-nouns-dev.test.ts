/**
 * Scores the noun engine on the development reference (../shared/data/otw/otw_dev_noun_paradigms.tsv: 120 nouns,
 * 7,120 cells) when that file is there; reported as skipped otherwise (the product does not need it).
 *
 * A cell counts as right when the engine's form and variants are exactly the reference's forms (after folding the
 * FST's spelling: glottal h → ', final devoicing). "primary" only asks that the engine's form be one of them.
 * Floors are what the engine reaches, rounded down to 0.5%: they may only rise. Target: 97% of cells (reached).
 */
import { describe, expect, test } from "vitest";
import { analyseNoun, buildNounIndex } from "../../app/core/grammar/noun-analysis";
import { nounCellKey, nounCells, type NounPos } from "../../app/core/grammar/noun-cells";
import { decline } from "../../app/core/grammar/noun-inflection";
import { needsSharedData } from "../support/shared-data";
import { DEV_FILE, foldNoun, readNounRows, siteSpelled, type NounRefRow } from "./grammar-nouns-reference";

const FLOOR_CELLS = 99.5; // reached: 99.96% (7,117 / 7,120)
const FLOOR_PRIMARY = 99.5; // reached: 99.96%
const FLOOR_CLASS = 99.5; // every class; reached: NA 99.89%, NI/NAD/NID 100%
const FLOOR_ANALYSE = 99.5; // reached: 99.93% (13,694 / 13,704 spellings)

const rows = readNounRows(DEV_FILE);
const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);

type Tally = { ok: number; primary: number; n: number };

/** Each cell's forms against the reference's, per class, per class and stem shape, and in all ("all"). */
function scoreCells(scored: NounRefRow[]) {
  const score = new Map<string, Tally>();
  const misses: string[] = [];
  const bump = (k: string, ok: boolean, primary: boolean) => {
    const s = score.get(k) ?? { ok: 0, primary: 0, n: 0 };
    s.n++;
    if (ok) s.ok++;
    if (primary) s.primary++;
    score.set(k, s);
  };
  const t0 = performance.now();
  for (const r of scored) {
    const d = decline(r.lexeme, r.cell);
    const want = [...new Set(r.forms.map(foldNoun))].sort();
    const got = d ? [...new Set([d.form, ...d.variants].map(foldNoun))].sort() : [];
    const ok = got.join("|") === want.join("|");
    const primary = !!d && want.includes(foldNoun(d.form));
    for (const k of ["all", r.cls, `${r.cls} ${r.shape}`]) bump(k, ok, primary);
    if (!ok) misses.push(`${r.analysis}  want ${want.join("|")}  got ${got.join("|")}`);
  }
  const msPerCell = (performance.now() - t0) / scored.length;
  const table = [...score.entries()]
    .sort(([a], [b]) => (a === "all" ? 1 : b === "all" ? -1 : a.localeCompare(b)))
    .map(
      ([k, s]) =>
        `${k.padEnd(16)} ${String(s.ok).padStart(5)} / ${String(s.n).padEnd(5)} ${pct(s.ok, s.n).toFixed(2).padStart(6)}%   primary ${pct(s.primary, s.n).toFixed(2)}%`,
    );
  console.log(`noun cells (exact form set; first decline of each cell ${msPerCell.toFixed(3)} ms)\n${table.join("\n")}\nmisses:\n${misses.join("\n")}`);
  return score;
}

// Without the reference the tests are registered and reported as skipped (their bodies never run).
const reference = rows ?? [];

describe.skipIf(!rows)("noun engine vs the development reference", needsSharedData, () => {
  test(`cells: at least ${FLOOR_CELLS}% exact, ${FLOOR_PRIMARY}% primary, ${FLOOR_CLASS}% per class`, () => {
    const score = scoreCells(reference);
    const all = score.get("all")!;
    expect(pct(all.ok, all.n)).toBeGreaterThanOrEqual(FLOOR_CELLS);
    expect(pct(all.primary, all.n)).toBeGreaterThanOrEqual(FLOOR_PRIMARY);
    for (const cls of ["NA", "NI", "NAD", "NID"]) {
      const s = score.get(cls);
      if (s) expect(pct(s.ok, s.n), cls).toBeGreaterThanOrEqual(FLOOR_CLASS);
    }
  });

  test("nounCells lists exactly the reference's cells of each noun", () => {
    const byNoun = new Map<string, string[]>();
    for (const r of reference) {
      const k = `${r.lexeme.name}\t${r.lexeme.pos}`;
      byNoun.set(k, [...(byNoun.get(k) ?? []), nounCellKey(r.cell)]);
    }
    for (const [k, keys] of byNoun) {
      const pos = k.split("\t")[1] as NounPos;
      expect(nounCells(pos).map(nounCellKey).sort(), k).toEqual([...keys].sort());
    }
  });

  test(`analyseNoun finds lemma and cell of at least ${FLOOR_ANALYSE}% of the forms, spelled with h and with '`, () => {
    const index = buildNounIndex([...new Set(reference.map((r) => r.lexeme))]);
    let ok = 0;
    let n = 0;
    const lost: string[] = [];
    const t1 = performance.now();
    for (const r of reference) {
      const key = nounCellKey(r.cell);
      for (const w of new Set([...r.forms, ...r.forms.map(siteSpelled)])) {
        n++;
        const found = analyseNoun(index, w).some((a) => a.lexeme === r.lexeme && a.key === key);
        if (found) ok++;
        else lost.push(`${w}: ${r.analysis}`);
      }
    }
    console.log(`analyseNoun: ${ok} / ${n} = ${pct(ok, n).toFixed(2)}% (${((performance.now() - t1) / n).toFixed(3)} ms per word)\n${lost.join("\n")}`);
    expect(pct(ok, n)).toBeGreaterThanOrEqual(FLOOR_ANALYSE);
  }, 60_000);
});

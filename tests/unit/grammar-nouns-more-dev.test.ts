/**
 * Scores the noun engine on the rest of the development reference (../shared/data/otw/otw_dev_noun_paradigms_more.tsv.gz:
 * the same 120 nouns, 91,200 cells: possessed diminutive/contemptive/pejorative and their combinations, the preterit
 * of every cell, vocative plurals, the prenouns gchi- mji- shki- zaaw-) when that file is there; the tests are
 * registered either way and skipped without it (the product and CI do not need it).
 *
 * A cell counts as right (issue 37) when the engine's primary form is one the reference gives without the optional
 * Medler rules (`forms_no_medler`) and every variant it shows is among the reference's forms, after folding spellings
 * (glottal h → ', final devoicing, n' before g/k: foldNoun). "exact" (also printed) asks for the same set of forms.
 * Floors: 99.5% per class and category (issue 37's acceptance).
 */
import { needsSharedData } from "../support/shared-data";
import { describe, expect, it } from "vitest";
import { analyseNoun, buildNounIndex } from "../../app/core/grammar/noun-analysis";
import { nounCellKey, nounCells, type NounCell, type NounPos } from "../../app/core/grammar/noun-cells";
import { decline } from "../../app/core/grammar/noun-inflection";
import { DEV_FILE, DEV_MORE_FILE, foldNoun, readNounRows, siteSpelled, type NounRefRow } from "./grammar-nouns-reference";

const FLOOR = 99.5;
const rows = readNounRows(DEV_MORE_FILE);
const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);

/** The category a cell belongs to, for the scores: preterit, vocative, a prenoun, or the derivatives. */
function categoryOf(cell: NounCell): string {
  if (cell.prenoun) return `prenoun ${cell.prenoun}-`;
  if (cell.vocative) return "vocative";
  if (cell.mode === "prt") return "preterit";
  return "derivatives";
}

type Score = { ok: number; exact: number; n: number };
function scoreRows(all: NounRefRow[]) {
  const score = new Map<string, Score>();
  const misses: string[] = [];
  let headword = 0;
  const bump = (k: string, ok: boolean, exact: boolean) => {
    const s = score.get(k) ?? { ok: 0, exact: 0, n: 0 };
    s.n++;
    if (ok) s.ok++;
    if (exact) s.exact++;
    score.set(k, s);
  };
  for (const r of all) {
    const d = decline(r.lexeme, r.cell);
    const want = new Set(r.forms.map(foldNoun));
    const plain = new Set(r.noMedler.map(foldNoun));
    const shown = d ? [d.form, ...d.variants].map(foldNoun) : [];
    // The primary is a form without the Medler rules, unless the noun's headword itself is spelled by one (zhashk):
    // then it follows the headword (today's cells did so before) and must be among the reference's forms.
    const primary = !!d && (plain.has(foldNoun(d.form)) || (!!d.headwordOptional && want.has(foldNoun(d.form))));
    const ok = primary && shown.every((f) => want.has(f));
    if (d?.headwordOptional) headword++;
    const exact = ok && new Set(shown).size === want.size;
    const cat = categoryOf(r.cell);
    for (const k of [`${r.cls} ${cat}`, `${r.cls} ${cat} ${r.shape}`, r.cls, "all"]) bump(k, ok, exact);
    if (!ok) misses.push(`${r.analysis}  want ${r.noMedler.join("|")} (of ${r.forms.join("|")})  got ${d ? [d.form, ...d.variants].join("|") : "null"}`);
  }
  return { score, misses, headword };
}

describe("noun engine vs the rest of the development reference (_more)", needsSharedData, () => {
  const result = rows ? scoreRows(rows) : null;
  if (result) {
    const table = [...result.score.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, s]) =>
          `${k.padEnd(34)} ${String(s.ok).padStart(6)} / ${String(s.n).padEnd(6)} ${pct(s.ok, s.n).toFixed(2).padStart(6)}%   exact ${pct(s.exact, s.n).toFixed(2)}%`,
      );
    console.log(
      `noun cells scored (_more): ${rows!.length} (primary follows a headword spelled by a Medler rule: ${result.headword})\n${table.join("\n")}\nmisses (${result.misses.length}):\n${result.misses.slice(0, 60).join("\n")}`,
    );
  }

  it.skipIf(!rows)(`at least ${FLOOR}% of cells right per class and category`, () => {
    for (const [k, s] of result!.score) {
      if (k.split(" ").length > 3 || k === "all") continue; // class × category (and class); shapes are printed only
      expect(pct(s.ok, s.n), k).toBeGreaterThanOrEqual(FLOOR);
    }
  });

  it.skipIf(!rows || !readNounRows(DEV_FILE))("nounCells({ whole: true }) lists exactly the cells of both reference files", () => {
    const first = readNounRows(DEV_FILE)!;
    const byNoun = new Map<string, string[]>();
    for (const r of [...first, ...rows!]) {
      const k = `${r.lexeme.name}\t${r.lexeme.pos}`;
      byNoun.set(k, [...(byNoun.get(k) ?? []), nounCellKey(r.cell)]);
    }
    for (const [k, keys] of byNoun) {
      const pos = k.split("\t")[1] as NounPos;
      expect(nounCells(pos, { whole: true }).map(nounCellKey).sort(), k).toEqual([...keys].sort());
    }
  });

  it.skipIf(!rows)(
    `analyseNoun finds at least ${FLOOR}% of a seeded sample of the forms, spelled with h and with '`,
    () => {
      const index = buildNounIndex([...new Set(rows!.map((r) => r.lexeme))]);
      // Every 23rd row from a seeded start: the sample is the same on every run.
      const sample = rows!.filter((_, i) => (i * 7919 + 104729) % 23 === 0);
      let ok = 0;
      let n = 0;
      const lost: string[] = [];
      for (const r of sample) {
        const key = nounCellKey(r.cell);
        for (const w of new Set([...r.forms, ...r.forms.map(siteSpelled)])) {
          n++;
          if (analyseNoun(index, w).some((a) => a.lexeme === r.lexeme && a.key === key)) ok++;
          else lost.push(`${w}: ${r.analysis}`);
        }
      }
      console.log(`analyseNoun (_more sample of ${sample.length} cells): ${ok} / ${n} = ${pct(ok, n).toFixed(2)}%\n${lost.slice(0, 40).join("\n")}`);
      expect(pct(ok, n)).toBeGreaterThanOrEqual(FLOOR);
    },
    120_000,
  );
});

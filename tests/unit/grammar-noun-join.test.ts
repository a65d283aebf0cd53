/**
 * The noun join (noun-join.ts): a paradigm's cells worked out in pieces (cut after a hyphen and before a long vowel
 * that follows a plain consonant), each piece once, must give exactly what the whole-word cascade gives (surfaceNoun:
 * the same variants, in the same order, with the same rule uses). Checked on every cell of the whole paradigm with
 * every prenoun, of every demo noun and, when ../shared/data is there, of every development noun and of every 8th
 * noun of otw_lexicon_stems.tsv (all of them with GRAMMAR_JOIN_ALL=1); and nounParadigm (which declines by the join)
 * against decline() (which runs the whole word) on the demo and development nouns.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { decline, nounCells, nounParadigm, nounPosOf, PRENOUNS, type NounLexeme } from "../../app/core/grammar";
import { cutsOf, piecewiseVariants, type Path } from "../../app/core/grammar/noun-join";
import { surfaceNoun } from "../../app/core/grammar/noun-phonology";
import { encodeStem, underlyingOf } from "../../app/core/grammar/noun-tables";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";
import { DEV_FILE, DEV_MORE_FILE, readNounRows } from "./grammar-nouns-reference";

const here = path.dirname(new URL(import.meta.url).pathname);
const DEMO: NounLexeme[] = readFileSync(path.join(here, "../../db/seed/data/lexicon.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => l.split("\t"))
  .filter(([, pos]) => /^n(a|i|ad|id)$/.test(pos!))
  .map(([name, pos, gloss, stem]) => ({ name: name!, pos: pos!, gloss: gloss!, stem: stem || null }));
const STEMS = path.join(SHARED_DATA, "otw/otw_lexicon_stems.tsv");
const ALL_PRENOUNS = [...PRENOUNS.keys()];

/** Every underlying word of a noun's whole paradigm with every prenoun (both forms of zaaw-). */
function wordsOf(lexeme: NounLexeme): string[] {
  const pos = nounPosOf(lexeme.pos);
  if (!pos || !lexeme.stem) return [];
  const stem = encodeStem(lexeme.stem);
  return nounCells(pos, { whole: true, prenouns: ALL_PRENOUNS }).flatMap((cell) =>
    cell.prenoun ? PRENOUNS.get(cell.prenoun)!.underlying.map((u) => underlyingOf(pos, stem, cell, encodeStem(u))) : [underlyingOf(pos, stem, cell)],
  );
}

/** Words whose pieces' join differs from the whole word's cascade (at most 20 shown), and how many were cut. */
function mismatches(lexemes: NounLexeme[]): { checked: number; cut: number; bad: string[] } {
  let checked = 0;
  let cut = 0;
  const bad: string[] = [];
  for (const lexeme of lexemes) {
    const pieces = new Map<string, Path[]>();
    for (const word of wordsOf(lexeme)) {
      checked++;
      if (cutsOf(word).length) cut++;
      const a = piecewiseVariants(word, pieces);
      const b = surfaceNoun(word);
      if (JSON.stringify(a) !== JSON.stringify(b) && bad.length < 20) bad.push(`${lexeme.name} ${word}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
    }
  }
  return { checked, cut, bad };
}

function devNouns(): NounLexeme[] {
  const seen = new Map<string, NounLexeme>();
  for (const row of [...(readNounRows(DEV_FILE) ?? []), ...(readNounRows(DEV_MORE_FILE) ?? [])]) seen.set(`${row.lexeme.pos} ${row.lexeme.name}`, row.lexeme);
  return [...seen.values()];
}

/** nounParadigm (by the join) against decline() (the whole word) on every cell of the whole paradigm. */
function compareParadigms(lexemes: NounLexeme[]): number {
  let n = 0;
  for (const lexeme of lexemes) {
    for (const d of nounParadigm({ ...lexeme, gloss: "join check" }, { whole: true })) {
      // A new gloss: nothing of the paradigm above is reused by decline().
      const alone = decline({ ...lexeme, gloss: "join check, alone" }, d.cell)!;
      expect({ ...d, gloss: "" }, `${lexeme.name} ${d.key}`).toEqual({ ...alone, gloss: "" });
      n++;
    }
  }
  return n;
}

describe("the noun join", () => {
  test("cuts: after a hyphen, before a long vowel after a plain consonant, not after w before ii", () => {
    expect(cutsOf("ni<jiimaan>aN")).toEqual([4, 7]); // ni<j|iim|aan>aN
    expect(cutsOf("ni<gichi-jiimaan")).toEqual([9, 10, 13]); // ni<gichi-|j|iim|aan
    expect(cutsOf("o<wiigwaas")).toEqual([7]); // o<wiigw|aas
    expect(cutsOf("o<Waabooz")).toEqual([6]); // o<Waab|ooz
  });

  test("every cell of every demo noun with every prenoun: the join is the whole word's cascade", () => {
    const { checked, cut, bad } = mismatches(DEMO);
    expect(bad).toEqual([]);
    expect(cut).toBeGreaterThan(checked / 2);
  }, 120_000);

  test("nounParadigm is decline() on every demo noun's whole paradigm", () => {
    expect(compareParadigms(DEMO)).toBeGreaterThan(10_000);
  }, 120_000);
});

describe("the noun join on the reference's nouns", needsSharedData, () => {
  const dev = devNouns();
  test.skipIf(dev.length === 0)(
    "every cell of every development noun with every prenoun: the join is the whole word's cascade",
    () => {
      const { checked, bad } = mismatches(dev);
      expect(bad).toEqual([]);
      expect(checked).toBeGreaterThan(200_000);
    },
    300_000,
  );

  test.skipIf(dev.length === 0)(
    "nounParadigm is decline() on every development noun's whole paradigm",
    () => {
      expect(compareParadigms(dev)).toBeGreaterThan(90_000);
    },
    300_000,
  );

  test.skipIf(!existsSync(STEMS))(
    "every cell of the dictionary's nouns (every 8th; all with GRAMMAR_JOIN_ALL=1)",
    () => {
      const all = readFileSync(STEMS, "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((l) => l.split("\t"))
        .filter(([, , lexicon]) => /^N[AI]D?$/.test(lexicon ?? ""))
        .map(([name, stem, lexicon]) => ({ name: name!, pos: lexicon!.toLowerCase(), stem: stem! }));
      const nouns = process.env.GRAMMAR_JOIN_ALL ? all : all.filter((_, k) => k % 8 === 0);
      const { checked, bad } = mismatches(nouns);
      expect(bad).toEqual([]);
      expect(checked).toBeGreaterThan(nouns.length * 500);
    },
    600_000,
  );
});

/**
 * The analyser's narrowing (analysis.ts, projection.ts) reads consonant projections only, so where the join cannot
 * split a stem it stops the whole-word rules early (`preFinalConsonants`): the rules it leaves out must never change
 * a projection. Checked on every ending, with and without each person prefix, of every verb stem of the demo lexicon
 * and, when ../shared/data is there, of every 8th verb stem of otw_lexicon_stems.tsv (all of them with GRAMMAR_JOIN_ALL=1): the set of projections must be
 * the one of the strings `preFinal` gives.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { verbClassOf, type VerbClass } from "../../app/core/grammar";
import { encode, preFinal, preFinalConsonants } from "../../app/core/grammar/phonology";
import { projections } from "../../app/core/grammar/projection";
import { VAI, VAIO, VII, VTA, VTI } from "../../app/core/grammar/tables";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";

const here = path.dirname(new URL(import.meta.url).pathname);
const FULL = path.join(SHARED_DATA, "otw/otw_lexicon_stems.tsv");
const TABLES = { vai: VAI, vii: VII, vti: VTI, vta: VTA, vaio: VAIO };

function stemsOf(file: string, stemCol: number, posCol: number): Array<[VerbClass, string]> {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .flatMap((line) => {
      const cols = line.split("\t");
      const cls = verbClassOf((cols[posCol] ?? "").toLowerCase());
      return cls && cols[stemCol] ? [[cls, cols[stemCol]!] as [VerbClass, string]] : [];
    });
}

const projectionsOf = (strings: string[]) => [...new Set(strings.flatMap(projections))].sort().join("|");

function mismatches(stems: Array<[VerbClass, string]>): { checked: number; bad: string[] } {
  const endings = Object.fromEntries(Object.entries(TABLES).map(([c, t]) => [c, [...new Set(Object.values(t).flatMap((v) => v.split("|").map(encode)))]]));
  let checked = 0;
  const bad: string[] = [];
  for (const [cls, raw] of stems) {
    const stem = encode(raw);
    for (const suffix of endings[cls]!) {
      for (const prefix of ["", "ni", "gi", "o"]) {
        checked++;
        const a = projectionsOf(preFinalConsonants(prefix, stem, suffix));
        const b = projectionsOf(preFinal(prefix, stem, suffix));
        if (a !== b && bad.length < 20) bad.push(`${prefix}<${raw}${suffix}: ${a} ≠ ${b}`);
      }
    }
  }
  return { checked, bad };
}

describe("the consonant-only rules give the projections of the strings before the word-final rules", () => {
  test("demo lexicon verbs", () => {
    const { checked, bad } = mismatches(stemsOf(path.resolve(here, "../../db/seed/data/lexicon.tsv"), 3, 1));
    expect(checked).toBeGreaterThan(10_000);
    expect(bad).toEqual([]);
  });

  test.skipIf(!existsSync(FULL))("verb stems of otw_lexicon_stems.tsv", { ...needsSharedData, timeout: 300_000 }, () => {
    const all = process.env.GRAMMAR_JOIN_ALL === "1";
    const { checked, bad } = mismatches(stemsOf(FULL, 1, 2).filter((_, i) => all || i % 8 === 0));
    expect(checked).toBeGreaterThan(100_000);
    expect(bad).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  ORDERS, cellsOf, decline, explain, explainDeclension, inflect, nounCells, nounPosOf, verbClassOf,
  type Derivation, type LexemeInput, type NounLexeme,
} from "../../app/core/grammar";

const here = path.dirname(new URL(import.meta.url).pathname);
const LEXICON = readFileSync(path.join(here, "../../db/seed/data/lexicon.tsv"), "utf8").trim().split("\n").slice(1)
  .map((line) => line.split("\t"))
  .map(([name, pos, gloss, stem]) => ({ name: name!, pos: pos!, gloss: gloss ?? "", stem: stem || null }));
const verb = (name: string): LexemeInput => LEXICON.find((l) => l.name === name && verbClassOf(l.pos))!;
const noun = (name: string): NounLexeme => LEXICON.find((l) => l.name === name && nounPosOf(l.pos))!;

/** Each step starts where the last one ended, and the last one ends at the form. */
function chained(d: Derivation) {
  for (let i = 1; i < d.steps.length; i++) expect(d.steps[i]!.before).toBe(d.steps[i - 1]!.after);
  for (const s of d.steps) {
    expect(s.before).not.toBe(s.after);
    expect(s.description.length).toBeGreaterThan(10);
  }
  if (d.steps.length) expect(d.steps.at(-1)!.after).toBe(d.form);
}

describe("explain (verbs)", () => {
  test("ni-maajaa → nmaajaa: syncope drops the prefix's short vowel", () => {
    const d = explain(verb("maajaa"), { order: "ind", subject: "1s" })!;
    expect(d.form).toBe(inflect(verb("maajaa"), { order: "ind", subject: "1s" })!.form);
    expect(d.prefix).toBe("ni");
    expect(d.stem).toBe("maajaa");
    const syncope = d.steps.find((s) => s.rule === "syncope")!;
    expect(syncope.before).toBe("nimaajaa");
    expect(syncope.after).toBe("nmaajaa");
    expect(syncope.description).toMatch(/short vowels/);
    chained(d);
  });

  test("3' of a VAI: the ending's w5 is resolved by a rule step", () => {
    const d = explain(verb("maajaa"), { order: "ind", subject: "3'" })!;
    expect(d.ending).toContain("w5");
    expect(d.steps.some((s) => s.before.includes("w5") && !s.after.includes("w5"))).toBe(true);
    chained(d);
  });

  test("every cell of every demo verb: the steps end at the engine's form", () => {
    let n = 0;
    for (const l of LEXICON.filter((x) => verbClassOf(x.pos))) {
      for (const order of ORDERS) {
        for (const cell of cellsOf(verbClassOf(l.pos)!, order)) {
          const inf = inflect(l, cell);
          const d = explain(l, cell);
          if (!inf) {
            expect(d).toBeNull();
            continue;
          }
          expect(d!.form, `${l.name} ${JSON.stringify(cell)}`).toBe(inf.form);
          chained(d!);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(500);
  }, 60_000);
});

describe("explainDeclension (nouns)", () => {
  test("every cell of every demo noun: the steps end at decline's form", () => {
    let n = 0;
    for (const l of LEXICON.filter((x) => nounPosOf(x.pos))) {
      for (const cell of nounCells(nounPosOf(l.pos)!)) {
        const dec = decline(l, cell);
        const d = explainDeclension(l, cell);
        if (!dec) continue;
        expect(d!.form, `${l.name} ${JSON.stringify(cell)}`).toBe(dec.form);
        chained(d!);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  }, 60_000);

  test("a possessed plural: prefix and ending shown, rule steps where the form changed", () => {
    const l = noun("jiimaan");
    const d = explainDeclension(l, { number: "pl", possessor: "1s" })!;
    expect(d.prefix).toBe("ni");
    expect(d.steps.length).toBeGreaterThan(0);
    expect(d.steps.some((s) => s.rule === "syncope" || s.rule === "preEpen")).toBe(true);
    chained(d);
  });
});

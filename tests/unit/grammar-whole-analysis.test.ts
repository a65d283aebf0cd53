/**
 * The analyser reads whole-verb forms back to lemma + cell on the demo lexicon: preverbs with and without the hyphen,
 * participles, modes, the delayed imperative, capitals, curly apostrophes and punctuation around the word. The
 * shared files hold no whole-verb forms of the sample verb maajaa except its delayed imperative (maajaakan, in
 * otw_sample_verb_paradigms.tsv), so the other forms here are the engine's, by rules that reproduce the development
 * paradigms in every VAI category: its dubitative 3s is maajaawdig (maajaadig only by Medler's optional rules) and its
 * preterit 1s nmaajaanaaban (as for every VAI of the reference). maajaadog and nmaajaaban are in no reference file
 * (no form of the development data ends in -dog; every VAI preterit 1s is n-…-naaban), so they are not read.
 */
import { describe, expect, test } from "vitest";
import { analyse, buildLexicon, cellKey, inflect, type Cell } from "../../app/core/grammar";
import { DEMO_LEXEMES } from "../fixtures/grammar/reference";

const lexicon = buildLexicon(DEMO_LEXEMES);
const readings = (word: string) => analyse(word, lexicon).map((a) => `${a.lexeme.name} ${cellKey(a.cell)}`);

describe("analysis of whole-verb forms", () => {
  test.each([
    ["ngii-maajaa", "maajaa ind 1s pv:gii"],
    ["ngiimaajaa", "maajaa ind 1s pv:gii"],
    ["Ngii’maajaa!", "maajaa ind 1s pv:gii"],
    ["gaa-maajaad", "maajaa conj 3s pv:gaa"],
    ["gaamaajaad,", "maajaa conj 3s pv:gaa"],
    ["maajaajig", "maajaa conj 3s pcp:3p"],
    ["myaajaajig", "maajaa conj 3s chg pcp:3p"],
    ["maajaawdig", "maajaa ind 3s dub"],
    ["nmaajaanaaban", "maajaa ind 1s prt"],
    ["Nmaajaanaaba.", "maajaa ind 1s prt"],
    ["maajaapan", "maajaa conj 3s prt"],
    ["maajaakan", "maajaa imp-delayed 2s"],
    ["Maajaakeg!", "maajaa imp-delayed 2p"],
    ["zhibii'gekan", "zhibii'ge imp-delayed 2s"],
    ["zhibiihgekan", "zhibii'ge imp-delayed 2s"],
    ["zaag’aakan", "zaag'aa imp-delayed 2s>3s"],
    ["zaaghaakek", "zaag'aa imp-delayed 2p>3s"],
    ["ngii-zhibiihge", "zhibii'ge ind 1s pv:gii"],
    ["gaa-zhibii'ged", "zhibii'ge conj 3s pv:gaa"],
    ["zhibiihgejig", "zhibii'ge conj 3s pcp:3p"],
    ["ndazhbiihgenaaban", "zhibii'ge ind 1s prt"],
  ])("%s → %s", (word, reading) => {
    expect(readings(word)).toContain(reading);
  });

  test("forms the reference does not give are not read (maajaadog, nmaajaaban)", () => {
    expect(readings("maajaadog")).toEqual([]);
    expect(readings("nmaajaaban")).toEqual([]);
  });

  test("a variant only Medler's optional rules give reads as its cell, labelled, with the primary form", () => {
    const [variant] = analyse("maajaadig", lexicon).filter((a) => cellKey(a.cell) === "ind 3s dub");
    expect(variant).toMatchObject({ form: "maajaawdig", variant: "also heard, in some speakers' speech" });
    const [primary] = analyse("maajaawdig", lexicon).filter((a) => cellKey(a.cell) === "ind 3s dub");
    expect(primary!.form).toBe("maajaawdig");
    expect(primary!.variant).toBeUndefined();
  });

  test("today's forms still read as before, with punctuation and capitals", () => {
    expect(readings("Nwaabmaa.")).toContain("waabmaa ind 1s>3s");
    expect(readings("nwaabmaa")).toEqual(readings("Nwaabmaa."));
  });
});

describe("n' before g/k follows the headword", () => {
  const cells: Cell[] = [
    { order: "conj", subject: "3s" },
    { order: "conj", subject: "3s", mode: "prt" },
    { order: "ind", subject: "3s", preverbs: ["gii"] },
  ];
  test("a lemma written nk… keeps nk in today's and the new forms; one written n'k… keeps n'k", () => {
    const nk = { name: "nkwetam", pos: "vai", stem: "nakwetam", gloss: "answer" };
    const np = { name: "n'kwetam", pos: "vai", stem: "nakwetam", gloss: "answer" };
    for (const cell of cells) {
      const a = inflect(nk, cell)!;
      const b = inflect(np, cell)!;
      for (const f of [a.form, ...a.variants]) expect(f, `${f}`).not.toMatch(/(^|-)n'[gk]/);
      expect(b.form.replace(/(^|-)n'([gk])/, "$1n$2")).toBe(a.form);
      expect(b.form).toMatch(/(^|-)n'k/);
    }
  });
});

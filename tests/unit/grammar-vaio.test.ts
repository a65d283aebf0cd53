/**
 * The VAIO (an animate intransitive verb with an object): today's cells with an inanimate object, the whole verb's
 * animate objects, modes, participles and preverbs, and their analysis in either spelling. The forms are the
 * reference's (otw_dev_verb_paradigms.tsv and its _more file, Odawa FST) for njinzan "fight over sth." (underlying
 * onjinaza) and gozhew'on (agozhewiho), stems from otw_lexicon_stems.tsv; the development-set tests score every
 * VAIO cell of their 20 verbs.
 */
import { describe, expect, test } from "vitest";
import { analyse, buildLexicon, cellKey, cellsOf, inflect, type Cell } from "../../app/core/grammar";

const njinzan = { name: "njinzan", pos: "vaio", stem: "onjinaza", gloss: "fight over sth." };
const gozhewon = { name: "gozhew'on", pos: "vaio", stem: "agozhewiho", gloss: "use sth. as a blanket for oneself" };
const lexicon = buildLexicon([njinzan, gozhewon]);

describe("VAIO cells", () => {
  test("today's cells take an inanimate object; the whole verb adds animate ones", () => {
    const today = cellsOf("vaio").map(cellKey);
    expect(today).toContain("ind 1s>0s");
    expect(today).toContain("conj 3s>0");
    expect(today).toContain("imp 21>0p");
    expect(today).not.toContain("ind 1s>3s");
    const all = cellsOf("vaio", { all: true }).map(cellKey);
    for (const key of ["ind 1s>3s", "ind 3s>3'", "ind 1s>3p prt", "ind 1s dub", "imp 21>3p", "conj 3s>0 chg pcp:3p", "ind 1s>0s pv:gii", "imp-delayed 2s>0s"]) {
      expect(all, key).toContain(key);
    }
  });

  test.each([
    [{ order: "ind", subject: "1s", object: "3s" }, "ndoonjnaznan"],
    [{ order: "ind", subject: "2p", object: "3p" }, "gdoonjnaznaawaag"],
    [{ order: "ind-neg", subject: "3s", object: "3'" }, "doonjnazsiinan"],
    [{ order: "ind", subject: "1s", object: "3s", mode: "prt" }, "ndoonjnaznaabniin"],
    [{ order: "ind", subject: "1p", object: "3p", mode: "dub" }, "ndoonjnazminaadgenag"],
    [{ order: "ind", subject: "1s", mode: "dub" }, "ndoonjnaznaadig"],
    [{ order: "imp", subject: "21", object: "3p" }, "njin'zadaanig"],
    [{ order: "ind", subject: "1s", object: "0s", preverbs: ["gii"] }, "ngii-njin'zan"],
    [{ order: "conj", subject: "3s", object: "0", participle: "3p" }, "njin'zajig"],
  ] as Array<[Cell, string]>)("%o → %s", (cell, form) => {
    const inf = inflect(njinzan, cell)!;
    expect(inf.form).toBe(form);
    expect(inf.confidence).toBe("high");
  });

  test("glosses name the object and the imperative", () => {
    expect(inflect(njinzan, { order: "ind", subject: "1s", object: "3s" })!.gloss).toBe("I fight over him/her");
    expect(inflect(njinzan, { order: "imp", subject: "21", object: "3p" })!.gloss).toBe("let's fight over them!");
  });

  test("cells the reference does not have are null (no 2p/3p modes, no 3s→3s, no dubitative-preterit independent)", () => {
    expect(inflect(njinzan, { order: "ind", subject: "2p", object: "3s", mode: "prt" })).toBeNull();
    expect(inflect(njinzan, { order: "ind", subject: "3s", object: "3s" })).toBeNull();
    expect(inflect(njinzan, { order: "ind", subject: "1s", object: "3s", mode: "dubprt" })).toBeNull();
  });

  test("a stem shape the reference has no VAIO of is not high, and says why", () => {
    const inf = inflect({ name: "nbaan", pos: "vaio", stem: "nibaa", gloss: "sleep on sth." }, { order: "ind", subject: "1s", object: "3s" })!;
    expect(inf.confidence).toBe("medium");
    expect(inf.confidenceNote).toMatch(/no long-vowel VAIO stems in the reference data/);
  });
});

describe("VAIO analysis", () => {
  const readings = (word: string) => analyse(word, lexicon).map((a) => `${a.lexeme.name} ${cellKey(a.cell)}`);
  test.each([
    ["ndoonjnaznan", "njinzan ind 1s>3s"],
    ["Ndoonjnaznaabniig.", "njinzan ind 1s>3p prt"],
    ["njin'zajig", "njinzan conj 3s>0 pcp:3p"],
    ["njinzajig", "njinzan conj 3s>0 pcp:3p"],
    ["ndagzhew'onan", "gozhew'on ind 1s>3s"],
    ["ndagzhewhonan", "gozhew'on ind 1s>3s"],
    ["ngii-gozhewhon", "gozhew'on ind 1s>0s pv:gii"],
    ["ngiigozhew’on", "gozhew'on ind 1s>0s pv:gii"],
    ["ngiinjin’zan", "njinzan ind 1s>0s pv:gii"],
    ["njin'zakan", "njinzan imp-delayed 2s>0s"],
  ])("%s → %s", (word, reading) => {
    expect(readings(word)).toContain(reading);
  });
});

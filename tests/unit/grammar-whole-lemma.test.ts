/**
 * The lemma check on the whole paradigm: a verb or noun whose dictionary lemma the rules spell otherwise is "high"
 * nowhere, in the whole verb's cells (modes, change, participles, preverbs, delayed imperative) and the whole
 * declension's (preterit, vocative, prenouns) as in today's cells, with the same note.
 */
import { describe, expect, test } from "vitest";
import { cellsOf, inflect, nounParadigm, type LexemeInput, type NounLexeme } from "../../app/core/grammar";

const wholeOnly = (lexeme: LexemeInput) => {
  const today = new Set(cellsOf("vai").map((c) => JSON.stringify(c)));
  return cellsOf("vai", { all: true })
    .filter((c) => !today.has(JSON.stringify(c)))
    .flatMap((cell) => {
      const out = inflect(lexeme, cell);
      return out ? [{ cell, out }] : [];
    });
};

describe("the lemma check in whole-paradigm cells", () => {
  const bgiza: LexemeInput = { name: "bgiza", pos: "vai", stem: "bagizVa1", gloss: "swim" };

  test("bgiza (the rules give bgizo): no whole-verb cell is high, each medium one says why as today's cells do", () => {
    const cells = wholeOnly(bgiza);
    expect(cells.length).toBeGreaterThan(300);
    expect(cells.filter(({ out }) => out.confidence === "high").map(({ cell }) => cell)).toEqual([]);
    const today = inflect(bgiza, { order: "ind", subject: "3s" })!;
    expect(today.confidence).toBe("medium");
    for (const { out } of cells.filter(({ out }) => out.confidence === "medium")) expect(out.confidenceNote).toContain(today.confidenceNote);
    // The forms are the rules', unchanged.
    expect(inflect(bgiza, { order: "ind", subject: "3s", mode: "prt" })!.form).toBe(
      inflect({ ...bgiza, name: "bgizo" }, { order: "ind", subject: "3s", mode: "prt" })!.form,
    );
  });

  test("the same stem under the lemma the rules give keeps its high whole-verb cells", () => {
    const bgizo = wholeOnly({ ...bgiza, name: "bgizo" });
    expect(bgizo.filter(({ out }) => out.confidence === "high").length).toBeGreaterThan(300);
  });

  test("a noun whose lemma the rules spell otherwise (pizza, rules: pzza) is medium in every whole-declension cell, with the note", () => {
    const pizza: NounLexeme = { name: "pizza", pos: "na", stem: "pizza", gloss: "pizza" };
    const whole = nounParadigm(pizza, { whole: true });
    expect(whole.some((d) => d.cell.prenoun) && whole.some((d) => d.cell.mode === "prt") && whole.some((d) => d.cell.vocative)).toBe(true);
    expect(whole.filter((d) => d.confidence === "high").map((d) => d.key)).toEqual([]);
    for (const d of whole) expect(d.confidenceNote).toContain('The rules give "pzza" where the dictionary writes the lemma "pizza"');
  });
});

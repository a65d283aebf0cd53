/**
 * The whole verb on the demo lexicon: every cell `cellsOf(cls, { all: true })` lists has a form and a key of its own,
 * cells that cannot exist give null (never a throw), and known forms of the sample verbs.
 */
import { describe, expect, test } from "vitest";
import { cellKey, cellsOf, inflect, verbClassOf, type Cell, type VerbClass } from "../../app/core/grammar";
import { DEMO_LEXEMES, SAMPLE_VERBS } from "../fixtures/grammar/reference";

const verb = (name: string, cls: string) => SAMPLE_VERBS.find((v) => v.lexeme.name === name && v.cls === cls)!.lexeme;
const form = (name: string, cls: string, cell: Cell) => inflect(verb(name, cls), cell)?.form;

describe("whole-verb cells", () => {
  test("today's cells are unchanged without the option; the option adds cells with keys of their own", () => {
    for (const cls of ["vai", "vii", "vti", "vta"] as VerbClass[]) {
      const today = cellsOf(cls);
      const all = cellsOf(cls, { all: true });
      expect(all.slice(0, today.length)).toEqual(today);
      expect(new Set(all.map(cellKey)).size).toBe(all.length);
      expect(cellsOf(cls, "conj", { all: true }).every((c) => c.order === "conj")).toBe(true);
    }
    expect(cellKey({ order: "conj", subject: "3s", mode: "prt", change: true, participle: "3p" })).toBe("conj 3s prt chg pcp:3p");
    expect(cellKey({ order: "ind", subject: "1s", preverbs: ["daa", "gii"] })).toBe("ind 1s pv:daa+gii");
  });

  test("every listed cell of every demo verb has a form, a gloss and a confidence note", () => {
    let n = 0;
    for (const lexeme of DEMO_LEXEMES) {
      const cls = verbClassOf(lexeme.pos);
      if (!cls) continue;
      for (const cell of cellsOf(cls, { all: true })) {
        const inf = inflect(lexeme, cell);
        expect(inf?.form, `${lexeme.name} ${cellKey(cell)}`).toBeTruthy();
        if (inf!.confidence !== "high") expect(inf!.confidenceNote).toMatch(/^(Medium|Low|Unconfirmed): /);
        n++;
      }
    }
    expect(n).toBeGreaterThan(10_000);
  }, 120_000);

  test("impossible combinations give null, never a throw", () => {
    const maajaa = verb("maajaa", "vai");
    expect(inflect(maajaa, { order: "ind", subject: "1s", change: true })).toBeNull();
    expect(inflect(maajaa, { order: "ind", subject: "3s", participle: "3p" })).toBeNull();
    expect(inflect(maajaa, { order: "imp", subject: "2s", mode: "prt" })).toBeNull();
    expect(inflect(maajaa, { order: "ind", subject: "1s", preverbs: ["e"] })).toBeNull();
    expect(inflect(maajaa, { order: "ind", subject: "1s", mode: "dubprt" })).toBeNull();
    expect(inflect(maajaa, { order: "ind", subject: "1s", preverbs: ["Gii!"] })).toBeNull();
  });

  test("sample forms: past and future preverbs, preterit, dubitative, changed conjunct, participle", () => {
    expect(form("maajaa", "vai", { order: "ind", subject: "1s", preverbs: ["gii"] })).toBe("ngii-maajaa");
    expect(form("maajaa", "vai", { order: "ind", subject: "3s", preverbs: ["wii"] })).toBe("wii-maajaa");
    expect(form("boodwe", "vai", { order: "ind", subject: "1s", preverbs: ["gii"] })).toBe("ngii-boodwe");
    expect(form("maajaa", "vai", { order: "conj", subject: "3s", preverbs: ["gaa"] })).toBe("gaa-maajaad");
    expect(form("maajaa", "vai", { order: "ind", subject: "1s", mode: "prt" })).toBe("nmaajaanaaba");
    expect(form("maajaa", "vai", { order: "conj", subject: "3s", participle: "3p" })).toBe("maajaajig");
    expect(form("maajaa", "vai", { order: "conj", subject: "3s", change: true })).toBe("myaajaad");
    expect(form("waabmaa", "vta", { order: "ind", subject: "1s", object: "3s", preverbs: ["gii"] })).toBe("ngii-waabmaa");
    expect(form("waabmaa", "vta", { order: "ind", subject: "1s", object: "3s", mode: "prt" })).toBe("nwaabmaaba");
  });
});

describe("Medler's optional variants", () => {
  test("are labelled apart, never among the variants or primary (dewmaa conj 1s>3s dub: the reference's only regular form is dewmaawgenh)", () => {
    const inf = inflect({ name: "dewmaa", pos: "vta", stem: "dewam", gloss: "t" }, { order: "conj", subject: "1s", object: "3s", mode: "dub" })!;
    expect(inf.form).toBe("dewmaawgenh");
    expect(inf.variants).toEqual([]);
    expect(inf.optionalVariants?.map((v) => v.form)).toContain("dewmaagenh");
    expect(inf.optionalVariants?.every((v) => v.label === "also heard, in some speakers' speech")).toBe(true);
  });
});

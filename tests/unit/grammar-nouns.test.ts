/**
 * Noun engine contract (decline, nounCells, labels, glosses, analyseNoun) on a few nouns: the 7 reference paradigms
 * of tests/fixtures/grammar/otw_noun_paradigms_sample.tsv and nouns of the demo lexicon. The score over all 120
 * development nouns is grammar-nouns-dev.test.ts. Uses the public API (the grammar barrel).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  NOUN_CLASS_NAMES,
  NOUN_POS,
  NOUN_POSSESSORS,
  OPTIONAL_VARIANT_NOTE,
  POSSESSOR_NAMES,
  PRENOUNS,
  analyseNoun,
  buildNounIndex,
  decline,
  nounCellKey,
  nounCellLabel,
  nounCellProblem,
  nounCells,
  nounGloss,
  nounParadigm,
  nounPosOf,
  nounShape,
  nounSpellingKey,
  parseNounCellKey,
  pluralise,
  type Declension,
  type NounAnalysis,
  type NounCell,
  type NounCellOptions,
  type NounConfidence,
  type NounIndex,
  type NounLexeme,
  type NounPos,
  type NounPossessor,
  type NounShape,
} from "../../app/core/grammar";
import { SAMPLE_FILE, foldNoun, readNounRows, siteSpelled } from "./grammar-nouns-reference";

const rows = readNounRows(SAMPLE_FILE)!;
const here = path.dirname(new URL(import.meta.url).pathname);
const DEMO: NounLexeme[] = readFileSync(path.join(here, "../../db/seed/data/lexicon.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => l.split("\t"))
  .filter(([, pos]) => /^n(a|i|ad|id)$/.test(pos!))
  .map(([name, pos, gloss, stem]) => ({ name: name!, pos: pos!, gloss: gloss!, stem: stem || null }));
const demo = (name: string) => DEMO.find((l) => l.name === name)!;

describe("golden: the sample reference paradigms", () => {
  const lemmas = [...new Set(rows.map((r) => r.lexeme))];
  for (const lexeme of lemmas) {
    const mine = rows.filter((r) => r.lexeme === lexeme);
    test(`${lexeme.name} (${lexeme.pos}, ${lexeme.stem}): ${mine.length} cells`, () => {
      const misses: string[] = [];
      for (const r of mine) {
        const d = decline(lexeme, r.cell);
        const got = d ? [d.form, ...d.variants].map(foldNoun).sort() : [];
        const want = [...new Set(r.forms.map(foldNoun))].sort();
        if (got.join("|") !== want.join("|")) misses.push(`${r.analysis}: want ${want.join("|")}, got ${got.join("|")}`);
        // The site spells the glottal stop ', never h (nh, sh, zh, ch are other letters).
        if (d) for (const f of [d.form, ...d.variants]) expect(f).not.toMatch(/(?<![cszn])h/);
      }
      expect(misses).toEqual([]);
    });
  }

  test("every reference cell is one of nounCells, and nounCells has no others", () => {
    for (const lexeme of lemmas) {
      const ref = rows
        .filter((r) => r.lexeme === lexeme)
        .map((r) => nounCellKey(r.cell))
        .sort();
      expect(
        nounCells(lexeme.pos as NounPos)
          .map(nounCellKey)
          .sort(),
      ).toEqual(ref);
    }
  });
});

describe("cells and labels", () => {
  test("cells per class as in the reference (NA 68, NI 60, NAD 52, NID 48)", () => {
    expect(nounCells("na")).toHaveLength(68);
    expect(nounCells("ni")).toHaveLength(60);
    expect(nounCells("nad")).toHaveLength(52);
    expect(nounCells("nid")).toHaveLength(48);
    expect(nounCells("na", { extended: true }).length).toBeGreaterThan(68);
  });

  test("cell keys round-trip", () => {
    for (const pos of ["na", "ni", "nad", "nid"] as const) {
      for (const c of nounCells(pos, { extended: true })) expect(parseNounCellKey(nounCellKey(c))).toEqual(c);
    }
  });

  test("cells that do not exist give null", () => {
    const jiimaan = demo("jiimaan");
    const nimosh = demo("nimosh");
    expect(decline(jiimaan, { obviative: "obv" })).toBeNull(); // inanimates have no obviative
    expect(decline(nimosh, { number: "sg", possessor: "3s" })).toBeNull(); // his/her dog is obviative
    expect(decline(nimosh, { number: "sg", locative: "loc" })).toBeNull(); // one of number/obviative/locative
    expect(decline(nimosh, { number: "sg", poss_theme: "yes" })).toBeNull(); // theme needs a possessor
    const nookmis = rows.find((r) => r.lexeme.name === "nookmis")!.lexeme;
    expect(decline(nookmis, { number: "sg" })).toBeNull(); // dependent nouns are always possessed
    expect(decline({ name: "x", pos: "vai", stem: "x" }, { number: "sg" })).toBeNull();
  });

  test("plain-English names", () => {
    expect(NOUN_CLASS_NAMES.na).toBe("Animate noun");
    expect(nounCellLabel({ number: "pl", possessor: "1s", poss_theme: "yes" })).toBe("my (1s) · plural · with the possessive theme -im");
    expect(nounCellLabel({ locative: "loc", diminutive: "dim" })).toContain("locative");
  });

  test("stem shapes as the reference names them", () => {
    const shapes = new Map(rows.map((r) => [r.lexeme.stem!, r.shape]));
    for (const [stem, shape] of shapes) expect(nounShape(stem), stem).toBe(shape);
  });
});

describe("decline on demo nouns", () => {
  test("jiimaan: forms and glosses", () => {
    const jiimaan = demo("jiimaan");
    expect(decline(jiimaan, { number: "pl" })).toMatchObject({ form: "jiimaanan", gloss: "canoes", confidence: "high" });
    expect(decline(jiimaan, { number: "pl", possessor: "1s" })).toMatchObject({ form: "njiimaanan", gloss: "my canoes" });
    expect(decline(jiimaan, { locative: "loc" })).toMatchObject({ form: "jiimaaning", gloss: "in the canoe" });
    const ours = decline(jiimaan, { number: "sg", possessor: "1p" })!;
    expect([ours.form, ...ours.variants]).toEqual(["njiimaannaa", "njiimaannaan"]);
  });

  test("possessive theme: the form, and a note that it is lexical", () => {
    const d = decline(demo("jiimaan"), { number: "sg", possessor: "1s", poss_theme: "yes" })!;
    expect(d.form).toBe("njiimaanim");
    expect(d.confidence).toBe("medium");
    expect(d.confidenceNote).toMatch(/not every noun/);
  });

  test("his/her little dog (possessed diminutive: checked against the reference's _more paradigms)", () => {
    const d = decline(demo("nimosh"), { obviative: "obv", possessor: "3s", diminutive: "dim" })!;
    expect(d.gloss).toBe("his/her little dog(s)");
    expect(d.confidence).toBe("high");
  });

  test("glottal stop spelled ': mzin'igan", () => {
    const d = decline(demo("mzin'igan"), { number: "pl" })!;
    expect(d.form).toBe("mzin'ignan");
  });

  test("the dictionary's final devoicing is kept where the stem ends the word (gaazhak)", () => {
    const gaazhak = demo("gaazhak");
    expect(decline(gaazhak, { number: "sg" })!.form).toBe("gaazhak");
    expect(decline(gaazhak, { number: "pl" })!.form).toMatch(/g/);
  });

  test("every demo noun declines in every cell, in the site's alphabet", () => {
    for (const lexeme of DEMO) {
      const p = nounParadigm(lexeme);
      expect(p.length, lexeme.name).toBeGreaterThan(0);
      for (const d of p) for (const f of [d.form, ...d.variants]) expect(f, `${lexeme.name} ${d.key}`).toMatch(/^[a-z'-]+$/);
    }
  });

  test("a noun without an underlying stem is still declined, marked low", () => {
    const d = decline({ name: "waawaashkesh", pos: "na", stem: null, gloss: "deer" }, { number: "pl" })!;
    expect(d.form).toBe("waawaashkeshag");
    expect(d.confidence).toBe("low");
  });

  test("pluralise", () => {
    expect(pluralise("box")).toBe("boxes");
    expect(pluralise("piece of wood")).toBe("pieces of wood");
    expect(pluralise("woman")).toBe("women");
    expect(pluralise("moose")).toBe("moose");
  });
});

describe("analyseNoun", () => {
  test("jiimaanan → jiimaan, plural", () => {
    const found = analyseNoun(DEMO, "jiimaanan");
    expect(found.map((a) => `${a.lexeme.name} ${a.key}`)).toContain("jiimaan pl");
  });

  test("glottal stop as h or '", () => {
    for (const w of ["mzin'higan", "mzin'igan", "Mzin’igan"]) {
      expect(
        analyseNoun(DEMO, w).map((a) => `${a.lexeme.name} ${a.key}`),
        w,
      ).toContain("mzin'igan sg");
    }
  });

  test("every sample reference form, spelled either way", () => {
    const index = buildNounIndex([...new Set(rows.map((r) => r.lexeme))]);
    const misses: string[] = [];
    for (const r of rows) {
      for (const w of new Set([...r.forms, ...r.forms.map(siteSpelled)])) {
        const keys = analyseNoun(index, w)
          .filter((a) => a.lexeme === r.lexeme)
          .map((a) => a.key);
        if (!keys.includes(nounCellKey(r.cell))) misses.push(`${w}: ${r.analysis}`);
      }
    }
    expect(misses).toEqual([]);
  });

  test("the lemma is the citation form even where the rules spell it otherwise (pizza, rules: pzza)", () => {
    const pizza: NounLexeme = { name: "pizza", pos: "na", stem: "pizza", gloss: "pizza" };
    const d = decline(pizza, { number: "sg" })!;
    expect(d.form).toBe("pzza"); // what the FST's rules give
    expect(d.confidence).toBe("medium");
    expect(d.confidenceNote).toContain('The rules give "pzza" where the dictionary writes the lemma "pizza"');
    expect(analyseNoun([...DEMO, pizza], "pizza").map((a) => `${a.lexeme.name} ${a.key}`)).toContain("pizza sg");
  });

  test("nouns that share a stem are each found, with their own lemma's spelling and gloss", () => {
    // The analyser matches a stem's forms once for all the nouns that have it; what differs by lemma must not leak.
    const cat: NounLexeme = { name: "gaazhak", pos: "na", stem: "gaazhag", gloss: "cat" };
    const other: NounLexeme = { name: "gaazhag", pos: "na", stem: "gaazhag", gloss: "house cat" };
    const plural = decline(cat, { number: "pl" })!.form;
    expect(decline(other, { number: "pl" })!.form).toBe(plural);
    const index = buildNounIndex([cat, other, ...DEMO]);
    for (const [word, key] of [
      ["gaazhak", "sg"],
      ["gaazhag", "sg"],
      [plural, "pl"],
    ]) {
      const found = analyseNoun(index, word!).filter((a) => a.lexeme === cat || a.lexeme === other);
      expect(
        found.map((a) => `${a.lexeme.gloss}: ${a.key} ${a.form}`),
        word,
      ).toEqual([`cat: ${key} ${key === "sg" ? "gaazhak" : plural}`, `house cat: ${key} ${key === "sg" ? "gaazhag" : plural}`]);
    }
  });

  test("the whole paradigm reads back: preterit, vocative, prenoun; capitalised, curly apostrophes, punctuation", () => {
    const found = (w: string) => analyseNoun(DEMO, w).map((a) => `${a.lexeme.name} ${a.key}`);
    const cases: Array<[NounLexeme, NounCell]> = [
      [demo("nimosh"), { number: "pl", possessor: "1s", mode: "prt" }],
      [demo("nimosh"), { number: "pl", vocative: true }],
      [demo("jiimaan"), { number: "sg", possessor: "1s", prenoun: "zaaw" }],
      [demo("jiimaan"), { locative: "loc", prenoun: "gchi" }],
      [demo("mzin'igan"), { number: "pl", possessor: "1s", mode: "prt" }],
      [demo("n'kaat"), { number: "sg", possessor: "1s", prenoun: "mji" }],
    ];
    for (const [lexeme, cell] of cases) {
      const d = decline(lexeme, cell)!;
      const want = `${lexeme.name} ${nounCellKey(cell)}`;
      for (const f of [d.form, ...d.variants]) {
        const capital = `${f[0]!.toUpperCase()}${f.slice(1)}`;
        for (const w of [f, capital.replace(/'/g, "’"), `${capital}.`, `“${f}”,`, f.replace(/'/g, "h"), f.replace(/n'(?=[gk])/g, "n")]) {
          expect(found(w), w).toContain(want);
        }
      }
    }
  });

  test("every exact reading, from every cell list: a 3rd-person possessed form spelled like an unpossessed one", () => {
    // "loc dim" is a basic cell, "3s loc dim" an extended one: both are readings of the word.
    const found = analyseNoun(DEMO, "gwiiwzensensing").map((a) => `${a.lexeme.name} ${a.key}`);
    expect(found).toEqual(expect.arrayContaining(["gwiiwzens loc dim", "gwiiwzens 3s loc dim"]));
  });

  test("every prenoun the engine declines is read back; the unchecked ones with their confidence", () => {
    const d = decline(demo("jiimaan"), { number: "sg", possessor: "1s", prenoun: "mkade" })!;
    const found = analyseNoun(DEMO, d.form).find((a) => a.key === "1s sg mkade-")!;
    expect(found.lexeme.name).toBe("jiimaan");
    expect(found.confidence).toBe("medium");
    expect(found.confidenceNote).toMatch(/checks only the prenouns/);
    const checked = analyseNoun(DEMO, decline(demo("jiimaan"), { number: "sg", prenoun: "gchi" })!.form);
    expect(checked.map((a) => `${a.key} ${a.confidence}`)).toContain("sg gchi- high");
  });

  test("unknown words give nothing", () => {
    expect(analyseNoun(DEMO, "xyzzy")).toEqual([]);
    expect(analyseNoun(DEMO, "")).toEqual([]);
  });

  test("cells found are real cells", () => {
    for (const a of analyseNoun(DEMO, "njiimaanan")) expect(decline(a.lexeme, a.cell as NounCell)).not.toBeNull();
  });
});

describe("public API", () => {
  test("classes, possessors and the remaining helpers", () => {
    expect(NOUN_POS).toEqual(["na", "ni", "nad", "nid"]);
    expect(NOUN_POSSESSORS.map((p: NounPossessor) => POSSESSOR_NAMES[p])).toContain("your (pl)");
    expect(nounPosOf(" NAD ")).toBe("nad");
    expect(nounPosOf("vai")).toBeNull();
    expect(nounCellProblem("ni", { obviative: "obv" })).toMatch(/animate/);
    expect(nounCellProblem("na", { number: "pl", possessor: "2p" })).toBeNull();
    expect(nounGloss("canoe, boat", "ni", { locative: "loc", possessor: "1p" })).toBe("in our (excl.) canoe");
    const shape: NounShape = nounShape("^gashiw2");
    expect(shape).toBe("w2");
    expect(nounSpellingKey("mzin'higan")).toBe(nounSpellingKey("mzin’igan"));
    const index: NounIndex = buildNounIndex(DEMO);
    const found: NounAnalysis[] = analyseNoun(index, "njiimaanan");
    const d: Declension | null = decline(found[0]!.lexeme, found[0]!.cell);
    const level: NounConfidence | undefined = d?.confidence;
    expect(level).toBe("high");
  });

  test("the whole paradigm's additions: cell options, prenouns, the optional-variant label", () => {
    const opts: NounCellOptions = { whole: true, prenouns: ["mkade"] };
    const cells = nounCells("ni", opts);
    expect(cells.filter((c) => c.prenoun).every((c) => c.prenoun === "mkade")).toBe(true);
    expect(PRENOUNS.get("mkade")?.gloss).toBe("black");
    expect(PRENOUNS.size).toBe(46);
    expect(OPTIONAL_VARIANT_NOTE).toMatch(/^also heard/);
  });
});

describe("a whole paradigm's prenoun cells", () => {
  test("declined as head and tail apart (noun-join.ts) are decline()'s: every demo noun, its whole paradigm", () => {
    let n = 0;
    for (const lexeme of DEMO) {
      const pos = nounPosOf(lexeme.pos);
      if (!pos) continue;
      const whole = nounParadigm(lexeme, { whole: true });
      for (const d of whole) {
        if (!d.cell.prenoun) continue;
        const alone = decline({ ...lexeme }, d.cell)!;
        expect({ ...d, gloss: "" }, d.key).toEqual({ ...alone, gloss: "" });
        n++;
      }
    }
    expect(n).toBeGreaterThan(1_000);
  }, 60_000);
});

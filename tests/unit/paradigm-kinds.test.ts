import { expect, test } from "vitest";
import { cellsOf, nounCells, subjectsOf } from "../../app/core/grammar";
import {
  findSampleWord,
  hasParadigmData,
  keepKind,
  kindsOf,
  nounKindLabel,
  nounKindsOf,
  nounTemplate,
  PARADIGM_CLASSES,
  parseKind,
  parseNounKind,
  SAMPLE_WORDS,
  templateOf,
} from "../../app/core/grammar/paradigm-kinds";

test("docs/product.md §3 kinds: six per verb class, four for vii, inf + n-poss per noun class except VII", () => {
  expect(PARADIGM_CLASSES).toHaveLength(18);
  expect(kindsOf("vai")).toEqual(["vai-ind", "vai-ind-neg", "vai-conj", "vai-conj-neg", "vai-imp", "vai-imp-neg"]);
  expect(kindsOf("vii")).toEqual(["vii-ind", "vii-ind-neg", "vii-conj", "vii-conj-neg"]);
  expect(kindsOf("na_IVb")).toEqual(["na_IVb-inf", "na_IVb-n-poss"]);
  expect(kindsOf("ni_VII")).toEqual(["ni_VII-inf"]);
  expect(PARADIGM_CLASSES.filter(hasParadigmData)).toEqual(["vai", "vii", "vti", "vta"]);
  // The VAIO is not a docs/product.md class, but /paradigms shows it with every order.
  expect(kindsOf("vaio")).toEqual(["vaio-ind", "vaio-ind-neg", "vaio-conj", "vaio-conj-neg", "vaio-imp", "vaio-imp-neg"]);
  expect(parseKind("vaio-conj")).toMatchObject({ cls: "vaio", order: "conj" });
  expect(keepKind("vaio-conj-neg", "vai")).toBe("vai-conj-neg");
  expect(keepKind("vai-imp", "vaio")).toBe("vaio-imp");
});

test("parseKind maps -imp-neg to the prohibitive and rejects vii imperatives, noun kinds and junk", () => {
  expect(parseKind("vta-imp-neg")).toMatchObject({ cls: "vta", order: "imp-pro" });
  for (const k of ["vii-imp", "na_I-inf", "vai", "", null, "vai-ind-x"]) expect(parseKind(k)).toBeNull();
});

test("keepKind keeps the suffix when the new class has it, else the first kind of the class", () => {
  expect(keepKind("vai-conj-neg", "vta")).toBe("vta-conj-neg");
  expect(keepKind("vta-imp", "vii")).toBe("vii-ind");
  expect(keepKind("vti-imp-neg", "vai")).toBe("vai-imp-neg");
  expect(keepKind("na_I-n-poss", "ni_VII")).toBe("ni_VII-inf");
  expect(keepKind("ni_I-n-poss", "na_II")).toBe("na_II-n-poss");
  expect(keepKind("", "vti")).toBe("vti-ind");
});

test("the sample words are the 16 conjugator verbs and two VAIOs; a lemma in two classes gets a class key", () => {
  expect(SAMPLE_WORDS).toHaveLength(18);
  expect(new Set(SAMPLE_WORDS.map((w) => w.key)).size).toBe(18);
  expect(SAMPLE_WORDS.filter((w) => w.cls === "vaio").map((w) => w.name)).toEqual(["daawen", "dnin"]);
  expect(findSampleWord("yaa", "vii-conj")).toMatchObject({ key: "yaa-vii", cls: "vii" });
  expect(findSampleWord("yaa-vai")).toMatchObject({ cls: "vai" });
  expect(findSampleWord("nosuchword")).toBeNull();
});

test("templates: one row per docs/product.md §5 cell, separators between subjects only where a subject has several objects", () => {
  for (const cls of ["vai", "vii", "vti", "vta"] as const) {
    for (const kind of kindsOf(cls)) {
      const { order } = parseKind(kind)!;
      const rows = templateOf(cls, order);
      const cells = cellsOf(cls, order);
      expect(rows.filter((r) => r.cell)).toHaveLength(cells.length);
      const separators = rows.filter((r) => r.label === "").length;
      const grouped = subjectsOf(cls, order).some((s) => cells.filter((c) => c.subject === s).length > 1);
      expect(separators).toBe(grouped ? subjectsOf(cls, order).length - 1 : 0);
      expect(rows[0]!.label).not.toBe("");
      if (cls === "vai" || cls === "vii" || (cls === "vti" && order === "conj")) expect(separators).toBe(0);
      if (cls === "vta") expect(separators).toBeGreaterThan(0);
    }
  }
});

test("noun kinds: class and reference stem shape, unpossessed (not for dependent nouns) and possessed", () => {
  expect(nounKindsOf("na", "w2")).toEqual(["na-w2-inf", "na-w2-n-poss"]);
  expect(nounKindsOf("nid", "vowel")).toEqual(["nid-vowel-n-poss"]);
  expect(parseNounKind("ni-consonant-n-poss")).toEqual({ kind: "ni-consonant-n-poss", pos: "ni", shape: "consonant", part: "n-poss" });
  for (const k of ["nad-w2-inf", "na-lemma-inf", "na_I-inf", "na-w2", "", null]) expect(parseNounKind(k)).toBeNull();
  const inf = nounTemplate(parseNounKind("na-w2-inf")!);
  const poss = nounTemplate(parseNounKind("na-w2-n-poss")!);
  expect(inf.every((c) => !c.possessor) && poss.every((c) => !!c.possessor)).toBe(true);
  expect(inf.length + poss.length).toBe(nounCells("na").length);
  expect(nounKindLabel(parseNounKind("na-w2-n-poss")!)).toBe("Possessed (na-w2-n-poss)");
});

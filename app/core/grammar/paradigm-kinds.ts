/**
 * /paradigms and /conj-data (docs/product.md "Paradigm viewer", §3 paradigm sample words and data files). Pure: the paradigm
 * classes and kinds, the sample words, the kind-keeping rule and the row template (labels, "" = separator row).
 * The product reference's noun classes are listed but carry no data; nouns are shown by the reference's class and
 * stem shape instead (below): docs/decisions/005d-noun-stem-classes-and-pages.md.
 */
import { cellLabel, cellsOf, CONJUGATOR_CLASSES, ORDER_NAMES, type Cell, type Order, type VerbClass } from "./cells";
import { SPEC_VERBS } from "./conj-form";
import { isDependent, nounCells, type NounCell, type NounPos } from "./noun-cells";
import type { NounShape } from "./noun-tables";

/** docs/product.md §3 classes, in the product reference's order. */
export const PARADIGM_CLASSES = [
  "vai",
  "vii",
  "vti",
  "vta",
  "na_I",
  "ni_I",
  "na_II",
  "ni_II",
  "na_III",
  "na_IVa",
  "ni_IVa",
  "na_IVb",
  "na_V",
  "ni_V",
  "na_VI",
  "ni_VI",
  "na_VII",
  "ni_VII",
] as const;
export type ParadigmClass = (typeof PARADIGM_CLASSES)[number];

/** Kind suffixes as docs/product.md names them; -imp-neg is the engine's imp-pro (prohibitive). */
const VERB_SUFFIXES = ["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-neg"] as const;
type VerbSuffix = (typeof VERB_SUFFIXES)[number];

/** The verb classes /paradigms shows: the product reference's four, then the VAIO (issue 37; not a §3 class). */
const isVerbClass = (c: string): c is VerbClass => (CONJUGATOR_CLASSES as string[]).includes(c);

/** Every kind of a class (docs/product.md §3): verbs {cls}-ind … -imp-neg (no imp for vii); nouns {cls}-inf and {cls}-n-poss (not VII). */
export function kindsOf(cls: ParadigmClass | "vaio"): string[] {
  if (isVerbClass(cls)) return VERB_SUFFIXES.filter((s) => cls !== "vii" || !s.startsWith("imp")).map((s) => `${cls}-${s}`);
  return cls.endsWith("_VII") ? [`${cls}-inf`] : [`${cls}-inf`, `${cls}-n-poss`];
}

/** Whether a class has paradigm data the site may show as Nishnaabemwin (verbs only; see ADR 005d). */
export const hasParadigmData = (cls: ParadigmClass): cls is Extract<ParadigmClass, VerbClass> => isVerbClass(cls);

export type VerbKind = { kind: string; cls: VerbClass; suffix: VerbSuffix; order: Order };

/** A verb kind with data, or null (unknown kinds and noun kinds). */
export function parseKind(kind: string | null | undefined): VerbKind | null {
  const m = /^(vai|vii|vti|vta|vaio)-(ind|ind-neg|conj|conj-neg|imp|imp-neg)$/.exec(kind ?? "");
  if (!m) return null;
  const cls = m[1] as VerbClass;
  const suffix = m[2] as VerbSuffix;
  if (cls === "vii" && suffix.startsWith("imp")) return null;
  return { kind: `${cls}-${suffix}`, cls, suffix, order: suffix === "imp-neg" ? "imp-pro" : suffix };
}

export function kindLabel(kind: string): string {
  const k = parseKind(kind);
  return k ? `${ORDER_NAMES[k.order]} (${k.kind})` : kind;
}

/** docs/product.md "Paradigm viewer": a new word keeps the kind suffix when its class has it, else the first kind of the class. */
export function keepKind(previousKind: string | null | undefined, cls: ParadigmClass | "vaio"): string {
  const kinds = kindsOf(cls);
  const prev = previousKind ?? "";
  const found = [...PARADIGM_CLASSES, "vaio" as const].find((c) => prev.startsWith(`${c}-`));
  const suffix = found ? prev.slice(found.length + 1) : "";
  return kinds.find((k) => k === `${cls}-${suffix}`) ?? kinds[0]!;
}

export type SampleWord = { key: string; name: string; cls: VerbClass };

/** The sample words: the conjugator's 16 verbs, then its VAIO samples. A lemma that occurs in two classes gets the key "name-cls". */
export const SAMPLE_WORDS: SampleWord[] = (() => {
  const all = (["vai", "vii", "vti", "vta", "vaio"] as const).flatMap((cls) => SPEC_VERBS[cls].map((name) => ({ name, cls })));
  return all.map(({ name, cls }) => ({ name, cls, key: all.filter((w) => w.name === name).length > 1 ? `${name}-${cls}` : name }));
})();

/** Finds a sample word by key, or by lemma (preferring the class of `kind`). */
export function findSampleWord(word: string | null | undefined, kind?: string | null): SampleWord | null {
  if (!word) return null;
  const byKey = SAMPLE_WORDS.find((w) => w.key === word);
  if (byKey) return byKey;
  const cls = parseKind(kind)?.cls;
  return SAMPLE_WORDS.find((w) => w.name === word && w.cls === cls) ?? SAMPLE_WORDS.find((w) => w.name === word) ?? null;
}

/** Template row of a paradigm: a cell with its label, or a separator (label ""). */
export type TemplateRow = { label: string; cell: Cell | null };

/** The rows of a kind: one per cell of docs/product.md §5; where a subject has several objects, a separator row between subjects. */
export function templateOf(cls: VerbClass, order: Order): TemplateRow[] {
  const rows: TemplateRow[] = [];
  const cells = cellsOf(cls, order);
  const grouped = cells.some((c, i) => i > 0 && c.object && c.subject === cells[i - 1]!.subject);
  let lastSubject: string | null = null;
  for (const cell of cells) {
    if (grouped && lastSubject !== null && cell.subject !== lastSubject) rows.push({ label: "", cell: null });
    lastSubject = cell.subject;
    rows.push({ label: cellLabel(cell), cell });
  }
  return rows;
}

// ── nouns: the reference's classes and stem shapes (docs/decisions/005d-noun-stem-classes-and-pages.md §2) ──
// The product reference's labels na_I … ni_VII are not used for data: no source we have defines them. A noun's
// paradigm class is its class (na, ni, nad, nid) and the reference's stem shape, e.g. na-w2 (nini, pl ninwag).

/** Sample nouns of /paradigms (db/seed/data/lexicon.tsv): NA and NI nouns of different stem shapes. */
export const SAMPLE_NOUNS: ReadonlyArray<{ name: string; pos: NounPos }> = [
  { name: "gaazhak", pos: "na" },
  { name: "nini", pos: "na" },
  { name: "mik", pos: "na" },
  { name: "pin", pos: "na" },
  { name: "binoojiinh", pos: "na" },
  { name: "mtik", pos: "na" },
  { name: "gimaa", pos: "na" },
  { name: "jiimaan", pos: "ni" },
  { name: "oodenaw", pos: "ni" },
  { name: "nboop", pos: "ni" },
  { name: "waawan", pos: "ni" },
  { name: "zhoonyaa", pos: "ni" },
  { name: "bgoji-mnoomin", pos: "ni" },
];

const NOUN_SHAPES: NounShape[] = ["consonant", "vowel", "w2", "w1", "i1", "a1", "ny", "o", "glide", "special", "compound"];
const NOUN_PARTS = { inf: "Unpossessed", "n-poss": "Possessed" } as const;
export type NounKind = { kind: string; pos: NounPos; shape: NounShape; part: keyof typeof NOUN_PARTS };

/** The kinds of a noun class: {pos}-{shape}-inf (unpossessed; not for dependent nouns) and {pos}-{shape}-n-poss. */
export function nounKindsOf(pos: NounPos, shape: NounShape): string[] {
  return [...(isDependent(pos) ? [] : [`${pos}-${shape}-inf`]), `${pos}-${shape}-n-poss`];
}

/** A noun kind, or null. */
export function parseNounKind(kind: string | null | undefined): NounKind | null {
  const m = /^(na|ni|nad|nid)-([a-z0-9]+)-(inf|n-poss)$/.exec(kind ?? "");
  if (!m || !NOUN_SHAPES.includes(m[2] as NounShape)) return null;
  const k = { kind: m[0], pos: m[1] as NounPos, shape: m[2] as NounShape, part: m[3] as NounKind["part"] };
  return k.part === "inf" && isDependent(k.pos) ? null : k;
}

export function nounKindLabel(kind: NounKind): string {
  return `${NOUN_PARTS[kind.part]} (${kind.kind})`;
}

/** The cells of a noun kind, in the reference's order: without a possessor (inf) or with one (n-poss). */
export function nounTemplate(kind: NounKind): NounCell[] {
  return nounCells(kind.pos).filter((c) => (kind.part === "inf" ? !c.possessor : !!c.possessor));
}

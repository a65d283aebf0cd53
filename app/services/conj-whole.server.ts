/**
 * The whole verb on /conj (issue 37, docs/decisions/018-grammar-whole-verb.md): which tenses, modes, conjunct
 * forms and preverbs a cell has, and how a whole-verb form is built where the rule-by-rule replay (explain.ts) does
 * not cover it yet. On the server only: the page gets option lists and text, never the engine.
 */
import { cellKey, cellsOf, explain, inflect, optionalForms, ORDER_NAMES, type Cell, type Inflection, type LexemeInput, type VerbClass } from "../core/grammar";
import { PREVERB_OPTIONS, SHAPE_OPTIONS, TENSE_OPTIONS, wholeCell, type ConjState, type WholeChoice } from "../core/grammar/conj-form";
import { OPTIONAL_VARIANT_NOTE } from "../core/grammar/noun-inflection";
import type { Built } from "../utils/whole-paradigm";
import { BoundedCache } from "./bounded-cache.server";
import { grammarMemo } from "./grammar-memo.server";

type Option = { value: string; label: string };
export type WholeOffer = { tenses: Option[]; shapes: Option[]; preverbs: Option[] };

/** The keys of every cell the engine lists for a class (today's and the whole verb's), made once per class. */
const listed = new BoundedCache<VerbClass, Set<string>>("cell keys of each verb class", { entries: 8 });
function listedKeys(cls: VerbClass): Set<string> {
  return listed.getOrSet(cls, () => new Set(cellsOf(cls, { all: true }).map(cellKey)));
}

const NONE: WholeChoice = { tense: "", shape: "", preverb: "" };

/**
 * The options of a /conj state: each tense or mode, conjunct form and preverb that the state's cell has on its own
 * (the reference's cells, as `cellsOf(…, { all: true })` lists them). Combinations are left to the engine.
 */
export function wholeOffer(state: ConjState): WholeOffer {
  const keys = listedKeys(state.type);
  const plainKey = cellKey(wholeCell(state, NONE));
  // Offered when the choice changes the cell (a conjunct form does nothing outside the conjunct) and the cell is listed.
  const has = (choice: Partial<WholeChoice>) => {
    const key = cellKey(wholeCell(state, { ...NONE, ...choice }));
    return key !== plainKey && keys.has(key);
  };
  return {
    tenses: TENSE_OPTIONS.filter((o) => o.value === "" || has({ tense: o.value })).map(plain),
    shapes: SHAPE_OPTIONS.filter((o) => o.value === "" || has({ shape: o.value })).map(plain),
    preverbs: PREVERB_OPTIONS.filter((o) => o.value === "" || has({ preverb: o.value })).map(plain),
  };
}
const plain = (o: Option): Option => ({ value: o.value, label: o.label });

/** A form's variants as the page shows them: equals, and those only optional rules give, labelled apart. */
export function labelled(inf: Inflection) {
  const optional = optionalForms(inf);
  return {
    ...inf,
    variants: inf.variants.filter((v) => !optional.includes(v)),
    optionalVariants: optional,
    optionalNote: optional.length ? OPTIONAL_VARIANT_NOTE : null,
  };
}

const PREVERB_MEANINGS: Record<string, string> = {
  gii: "past",
  wii: "will, want to",
  ga: "will",
  da: "would, is to",
  daa: "could, should",
  bi: "come and",
  maajii: "start to",
  ishkwaa: "finish, after",
  e: "as, that",
  gaa: "when … did, the one who did",
};
const MODE_PARTS: Record<string, string> = {
  prt: 'The preterit ending (-ban, -ba: "used to", "back then") comes after the person ending.',
  dub: 'The dubitative ending (-dog, -dig, -wen: "maybe", "must be") comes after the person ending.',
  dubprt: 'The preterit-dubitative ending ("maybe … back then") comes after the person ending.',
};
const HEADS: Record<string, string> = {
  "3p": "the ones who … (3p)",
  "3'": "the one(s) who …, obviative (3')",
  "0p": "the things that … (0p)",
};

/** How a whole-verb form is built, in plain words, with the form it starts from (only the cell's own features). */
export function builtOf(lexeme: LexemeInput, cell: Cell, inf: Inflection): Built {
  const parts: string[] = [];
  const base: Cell = { order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) };
  const baseInf = inflect(lexeme, base, grammarMemo);
  if (cell.change) {
    parts.push("Initial change: the first vowel of the verb changes (ii → aa, aa → yaa, e → ye, oo → waa, i or a → e, o → we).");
  }
  if (cell.participle) parts.push(`The participle's ending makes it name a person or thing: ${HEADS[cell.participle]}.`);
  if (cell.mode) parts.push(MODE_PARTS[cell.mode]!);
  if (cell.preverbs?.length) {
    const names = cell.preverbs.map((p) => `${p}- (${PREVERB_MEANINGS[p] ?? p})`).join(", then ");
    const conj = cell.order === "conj" || cell.order === "conj-neg";
    parts.push(
      `The preverb${cell.preverbs.length > 1 ? "s" : ""} ${names} go${cell.preverbs.length > 1 ? "" : "es"} before the verb, joined by a hyphen` +
        (conj ? "." : "; the person prefix moves onto the first preverb.") +
        (inf.prefix ? ` Here: ${inf.prefix}` : ""),
    );
  }
  return {
    parts,
    base: baseInf ? { label: ORDER_NAMES[cell.order], form: baseInf.form, derivation: explain(lexeme, base, grammarMemo) } : null,
  };
}

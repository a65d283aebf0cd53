import { ORDER_NAMES } from "./grammar/cells";

/** Part-of-speech groups from docs/product.md §3 (vocab entry): names are styled as verb or noun by these lists. */
export const VERB_POS = [
  "vai",
  "vta",
  "vii",
  "vti",
  "vaio",
  "vaip",
  "vaip-recip",
  "vtai",
  "vai-reflex",
  "viip",
  "vai-impersonal",
  "vtap",
  "vai-suff",
  "vti-refl",
  "vta-r",
  "vtip",
] as const;

export const NOUN_POS = ["na", "ni", "ni-place", "ni-time", "na-pt", "ni-pt", "n-measure", "n_suf", "nip", "nad", "nid"] as const;

const verbs = new Set<string>(VERB_POS);
const nouns = new Set<string>(NOUN_POS);

export type PosKind = "verb" | "noun" | "other";

export function posKind(pos: string): PosKind {
  const p = pos.trim().toLowerCase();
  return verbs.has(p) ? "verb" : nouns.has(p) ? "noun" : "other";
}

/** Verb orders as docs/product.md §9 names them (ORDER_NAMES of the grammar engine); unknown codes are shown as they are. */
const ORDER_LABELS: Record<string, string> = ORDER_NAMES;

export function orderLabel(order: string) {
  return ORDER_LABELS[order] ?? order;
}

/**
 * Part-of-speech groups of the /k filter: docs/product.md §3 lexeme filter tags, plus the styled verb and noun
 * lists above (a code in none of them is "other").
 */
export const POS_GROUPS = ["verb", "noun", "adverb", "affix", "other"] as const;
export type PosGroup = (typeof POS_GROUPS)[number];

const GROUP_TAGS: Record<Exclude<PosGroup, "other">, readonly string[]> = {
  verb: ["vai", "vii", "vta", "vti", "vaio", "vaip", "vaip-recip", ...VERB_POS],
  noun: ["ni", "na", "pr-an", "pr-in", "nad", "ni-place", "ni-time", "ni-measure", "ni-pt", "na-pt", "nip", "nm", ...NOUN_POS],
  adverb: ["av"],
  affix: ["pv", "pn", "pa", "n_suf"],
};
const groupOfTag = new Map<string, PosGroup>();
for (const group of ["affix", "adverb", "noun", "verb"] as const) for (const tag of GROUP_TAGS[group]) groupOfTag.set(tag, group);

export function posGroup(pos: string): PosGroup {
  return groupOfTag.get(pos.trim().toLowerCase()) ?? "other";
}

export const POS_GROUP_LABELS: Record<PosGroup, string> = {
  verb: "Verbs",
  noun: "Nouns",
  adverb: "Adverbs",
  affix: "Affixes",
  other: "Other words",
};

/** Parts of speech in plain words (the word page shows the code beside them). */
const POS_NAMES: Record<string, string> = {
  vai: "verb, animate intransitive",
  vii: "verb, inanimate intransitive",
  vta: "verb, transitive animate",
  vti: "verb, transitive inanimate",
  vaio: "verb, animate intransitive with an object",
  vaip: "verb, animate intransitive, plural",
  "vaip-recip": "verb, reciprocal",
  vtai: "verb, transitive animate (intransitive form)",
  "vai-reflex": "verb, reflexive",
  viip: "verb, inanimate intransitive, plural",
  "vai-impersonal": "verb, impersonal",
  vtap: "verb, transitive animate, plural",
  "vai-suff": "verb suffix",
  "vti-refl": "verb, transitive inanimate, reflexive",
  "vta-r": "verb, transitive animate",
  vtip: "verb, transitive inanimate, plural",
  na: "noun, animate",
  ni: "noun, inanimate",
  nad: "noun, animate, dependent",
  nid: "noun, inanimate, dependent",
  "ni-place": "noun, place",
  "ni-time": "noun, time",
  "na-pt": "noun, animate participle",
  "ni-pt": "noun, inanimate participle",
  "n-measure": "noun, measure",
  "ni-measure": "noun, measure",
  n_suf: "noun suffix",
  nip: "noun, inanimate, plural",
  nm: "name",
  "pr-an": "pronoun, animate",
  "pr-in": "pronoun, inanimate",
  av: "adverb",
  pv: "preverb",
  pn: "prenoun",
  pa: "prefix",
  expr: "expression",
  ij: "interjection",
  pt: "particle",
  cj: "conjunction",
  qnt: "quantifier",
};

/** "verb, animate intransitive" for vai; the code itself when it is not known. */
export function posName(pos: string): string {
  return POS_NAMES[pos.trim().toLowerCase()] ?? pos;
}

/**
 * What the abbreviations on the site mean: parts of speech (docs/product.md §3 tags) and person codes. Shown as
 * `<abbr title>` next to words and on the legend page (/legend). Codes not listed here are shown as they are.
 */
import { ORDER_NAMES, PERSON_NAMES } from "./grammar/cells";
import { posKind, type PosKind } from "./pos";

export const POS_NAMES: Readonly<Record<string, string>> = {
  vai: "animate intransitive verb (the subject is a person or other animate being)",
  vii: "inanimate intransitive verb (the subject is inanimate)",
  vta: "transitive animate verb (the object is animate)",
  vti: "transitive inanimate verb (the object is inanimate)",
  vaio: "animate intransitive verb that also takes an object",
  vaip: "animate intransitive verb with a plural subject",
  "vaip-recip": "reciprocal verb: they do it to each other",
  vtai: "transitive verb inflected like an animate intransitive verb",
  "vai-reflex": "reflexive verb: the subject does it to itself",
  viip: "inanimate intransitive verb with a plural subject",
  "vai-impersonal": "impersonal animate intransitive verb",
  vtap: "transitive animate verb with a plural subject",
  "vai-suff": "ending that makes animate intransitive verbs",
  "vti-refl": "reflexive transitive inanimate verb",
  "vta-r": "transitive animate verb of a special stem class",
  vtip: "transitive inanimate verb with a plural subject",
  na: "animate noun",
  ni: "inanimate noun",
  "ni-place": "inanimate noun naming a place",
  "ni-time": "inanimate noun naming a time",
  "na-pt": "animate participle (a verb used as a noun)",
  "ni-pt": "inanimate participle (a verb used as a noun)",
  "n-measure": "noun of measure",
  "ni-measure": "inanimate noun of measure",
  n_suf: "noun ending",
  nip: "inanimate noun used in the plural",
  nad: "dependent animate noun (always has an owner, e.g. a relative)",
  nid: "dependent inanimate noun (always has an owner, e.g. a body part)",
  "pr-an": "animate pronoun",
  "pr-in": "inanimate pronoun",
  nm: "name",
  av: "adverb",
  pv: "preverb (comes before a verb)",
  pn: "prenoun (comes before a noun)",
  pa: "prefix",
  expr: "expression",
  ij: "interjection",
  pt: "particle",
  cj: "conjunction",
  qnt: "quantifier",
};

/** The meaning of a part-of-speech tag, or null for a tag the legend does not list. */
export function posTitle(pos: string): string | null {
  return POS_NAMES[pos.trim().toLowerCase()] ?? null;
}

/** The legend's anchor for a tag, e.g. "pos-vai". */
export function posAnchor(pos: string) {
  return `pos-${pos
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")}`;
}

/** Person codes: 1 = I/we, 2 = you, 3 = he/she/they, 21 = you and I, ' = obviative, 0 = inanimate, s/p = singular/plural. */
export const PERSON_CODES: ReadonlyArray<{ code: string; meaning: string }> = Object.entries(PERSON_NAMES)
  .filter(([code]) => code !== "0" && code !== "0'")
  .map(([code, meaning]) => ({ code: code === "x" ? "X" : code, meaning }));

export const ORDER_CODES: ReadonlyArray<{ code: string; meaning: string }> = Object.entries(ORDER_NAMES).map(([code, meaning]) => ({ code, meaning }));

export const POS_GROUPS: ReadonlyArray<{ kind: PosKind; heading: string; tags: string[] }> = (["verb", "noun", "other"] as const).map((kind) => ({
  kind,
  heading: kind === "verb" ? "Verbs" : kind === "noun" ? "Nouns" : "Other words and parts of words",
  tags: Object.keys(POS_NAMES).filter((tag) => posKind(tag) === kind),
}));

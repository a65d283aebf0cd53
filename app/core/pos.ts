import { ORDER_NAMES } from "./grammar/cells";

/** Part-of-speech groups from docs/product.md §3 (vocab entry): names are styled as verb or noun by these lists. */
export const VERB_POS = [
  "vai", "vta", "vii", "vti", "vaio", "vaip", "vaip-recip", "vtai", "vai-reflex", "viip",
  "vai-impersonal", "vtap", "vai-suff", "vti-refl", "vta-r", "vtip",
] as const;

export const NOUN_POS = [
  "na", "ni", "ni-place", "ni-time", "na-pt", "ni-pt", "n-measure", "n_suf", "nip", "nad", "nid",
] as const;

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

/**
 * A prenoun's noun (gchi-jiimaan, ngchi-jiimaanim) worked out as two pieces: the head (person prefix + prenoun +
 * hyphen) and the tail (the noun and its endings). No rule of the cascade (noun-phonology.ts) reads across the hyphen
 * (syncope, apocope and the vowel rules see it as a word's end or start), so the word's variants are the heads'
 * times the tails': a paradigm declines each tail once for all its prenouns, and each head once for all its cells.
 * The order of the variants is the cascade's: an optional rule tries every subset of its sites, as a number whose
 * bits are the sites left to right, so the word's variants come in the order of their choices step by step, the
 * tail's sites before the head's at each step. Where a step would meet more sites than the cascade tries (6), the
 * word is run whole. Pure.
 */
import { N_APOS_STEP, NOUN_STEPS, type OptionalRule, type RuleUse, type Variant } from "./noun-phonology";

/** A variant before the cascade's last clean-up, with its choice and site count at each optional step. */
export type Path = { text: string; use: RuleUse; masks: number[]; sites: number[] };

/** Most sites an optional step tries (noun-phonology.ts `optional`). */
const MAX_SITES = 6;
const NONE: RuleUse = { initV: [0, 0], wiCoal: [0, 0], n2del: [0, 0], wDel: [0, 0] };

/** The cascade's variants of an underlying string, with their choices (surfaceNoun before it merges them). */
export function pathsOf(underlying: string): Path[] {
  let vs: Path[] = [{ text: underlying, use: NONE, masks: [], sites: [] }];
  for (const step of NOUN_STEPS) {
    if ("rule" in step) {
      for (const v of vs) v.text = step.rule(v.text);
      continue;
    }
    if (step.name === N_APOS_STEP) continue;
    const rule = step.name as OptionalRule;
    const out: Path[] = [];
    for (const v of vs) {
      const at = step.sites(v.text);
      if (at.length === 0) {
        out.push({ text: v.text, use: v.use, masks: [...v.masks, 0], sites: [...v.sites, 0] });
        continue;
      }
      const n = Math.min(at.length, MAX_SITES);
      for (let mask = 0; mask < 1 << n; mask++) {
        const chosen = at.filter((_, k) => k < n && mask & (1 << k));
        const use = { ...v.use, [rule]: [v.use[rule][0] + chosen.length, v.use[rule][1] + at.length] as [number, number] };
        out.push({ text: step.apply(v.text, chosen), use, masks: [...v.masks, mask], sites: [...v.sites, at.length] });
      }
    }
    vs = out;
  }
  return vs;
}

const addUse = (a: RuleUse, b: RuleUse): RuleUse => ({
  initV: [a.initV[0] + b.initV[0], a.initV[1] + b.initV[1]], wiCoal: [a.wiCoal[0] + b.wiCoal[0], a.wiCoal[1] + b.wiCoal[1]],
  n2del: [a.n2del[0] + b.n2del[0], a.n2del[1] + b.n2del[1]], wDel: [a.wDel[0] + b.wDel[0], a.wDel[1] + b.wDel[1]],
});

/**
 * The variants of head + tail as surfaceNoun gives them for the whole word (same texts, uses and order), or null
 * where a step meets more sites in the two than the cascade tries.
 */
export function joinedVariants(heads: Path[], tails: Path[]): Variant[] | null {
  const pairs: Array<[Path, Path]> = [];
  for (const h of heads) {
    for (const t of tails) {
      for (let j = 0; j < h.sites.length; j++) if (h.sites[j]! + t.sites[j]! > MAX_SITES && h.sites[j]! && t.sites[j]!) return null;
      pairs.push([h, t]);
    }
  }
  // The cascade's order: step by step, the choice at the tail's sites, then at the head's.
  pairs.sort(([h1, t1], [h2, t2]) => {
    for (let j = 0; j < h1.masks.length; j++) {
      if (t1.masks[j] !== t2.masks[j]) return t1.masks[j]! - t2.masks[j]!;
      if (h1.masks[j] !== h2.masks[j]) return h1.masks[j]! - h2.masks[j]!;
    }
    return 0;
  });
  const seen = new Map<string, Variant>();
  for (const [h, t] of pairs) {
    const text = (h.text + t.text).replace(/&/g, "");
    if (!seen.has(text)) seen.set(text, { text, use: addUse(h.use, t.use) });
  }
  return [...seen.values()];
}

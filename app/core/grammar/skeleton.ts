/**
 * Consonant skeletons for the analysers' candidate look-up (analysis.ts): a written word's and a stem's, and the stem
 * key verbs are indexed by. Pure.
 */
import type { VerbClass } from "./cells";
import type { Stem } from "./stems";

/** What the candidate look-up reads of a lexicon (analysis.ts `Lexicon`). */
export type CandidateIndex = {
  readonly byKey: Map<string, number[]>;
  readonly maxKeyLength: number;
  readonly unkeyed: number[];
  readonly stemOf: number[];
  readonly stems: Array<{ cls: VerbClass; stem: Stem }>;
};

/**
 * Consonant skeleton: vowels, w, y, the glottal stop (' or a plain h), apostrophes and hyphens dropped; zh, sh, ch
 * as one letter each. Works on encoded stems (N S M T D → n s m d d) and on written words alike.
 */
export function skeletonOf(text: string): string {
  return text
    .replace(/[NSMTD]/g, (c) => ({ N: "n", S: "s", M: "m", T: "d", D: "d" })[c]!)
    .replace(/zh/g, "Z")
    .replace(/sh/g, "X")
    .replace(/ch/g, "C")
    .replace(/[^bdgptkjcCzZsXmnh]/g, "")
    .replace(/(^|[^n])h/g, "$1")
    .replace(/nh/g, "n");
}

/**
 * The stem's key: its skeleton without the last consonant (it may alternate: n1 → zh, m1 → n, d2 lost, or end the
 * word after apocope and be written devoiced).
 */
export function stemKeyOf(encoded: string): string {
  return skeletonOf(encoded.replace(/[1-8QBC]/g, "")).slice(0, -1);
}

/** Skeletons of the person prefixes a word may start with (before a vowel-initial stem: nd, gd, d). */
export const PREFIX_SKELETONS = ["", "n", "g", "nd", "gd", "d"];

/** Candidate verbs of a written string for the whole verb: its stem key after a prefix skeleton, or no key. */
export function wholeCandidates(lexicon: CandidateIndex, text: string): Array<{ li: number; cls: VerbClass; stem: string }> {
  // Initial change may add an n before d or an m before b after its vowel (yaambtoobnig…, nendwaask…).
  const full = skeletonOf(text);
  const skeletons = [full];
  for (let i = 0; i <= 3; i++) if (/[nm]/.test(full[i] ?? "") && /[db]/.test(full[i + 1] ?? "")) skeletons.push(full.slice(0, i) + full.slice(i + 1));
  const found = new Set<number>(lexicon.unkeyed);
  for (const skeleton of skeletons) {
    for (const prefix of PREFIX_SKELETONS) {
      if (!skeleton.startsWith(prefix)) continue;
      const rest = skeleton.slice(prefix.length);
      for (let j = 1; j <= Math.min(rest.length, lexicon.maxKeyLength); j++) for (const li of lexicon.byKey.get(rest.slice(0, j)) ?? []) found.add(li);
    }
  }
  return [...found].map((li) => ({ li, cls: lexicon.stems[lexicon.stemOf[li]!]!.cls, stem: lexicon.stems[lexicon.stemOf[li]!]!.stem.text }));
}

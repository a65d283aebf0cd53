/** Spelling of word forms for lookup: the normalised form and the keys under which it is indexed. Pure. */
import { normalizeText } from "../orthography";

export function normaliseWordform(text: string): string {
  return normalizeText(text).toLowerCase();
}

/**
 * The glottal stop written h (the FST's and many learners' spelling: ndakweghaa) as the site's ': a plain h (not in
 * zh, sh, ch), an h after an apostrophe ('h → '), and an h after n before a stop (aanhkot → aan'kot, nhgamo →
 * n'gamo), where no nasal nh stands: the dictionary writes nh only at a word's end or before a vowel, s, w or y.
 */
function glottalAsApostrophe(text: string): string {
  if (!text.includes("h")) return text;
  const t = text.replace(/'h/g, "'");
  return t.replace(/h/g, (_m, i: number) => {
    const before = t[i - 1] ?? "";
    if (before === "n") return STOPS.includes(t[i + 1] ?? "-") ? "'" : "h";
    return "szc".includes(before) ? "h" : "'";
  });
}
const STOPS = "bdgjkpt";

/** Dictionary final devoicing undone (zhiwebat → zhiwebad). */
const voicedFinal = (plain: string) => plain.replace(/t$/, "d").replace(/k$/, "g").replace(/p$/, "b").replace(/ch$/, "j").replace(/sh$/, "zh");

/**
 * Keys under which a spelling is indexed, so that syncopated and full spellings, apostrophe-less spellings and
 * dictionary final devoicing (zhiwebat ~ zhiwebad) meet: the normalised form, the form without apostrophes and
 * hyphens, and a consonant skeleton (a glottal h read as ') (short vowels a/i/o dropped, long vowels kept, final stops voiced).
 */
export function spellingKeys(text: string): string[] {
  const n = glottalAsApostrophe(normaliseWordform(text));
  const plain = n.replace(/['\-\s]/g, "");
  const voiced = voicedFinal(plain);
  const skeleton = `~${voiced.replace(/aa|ii|oo|[aio]/g, (m) => (m.length === 2 ? m.toUpperCase() : ""))}`;
  return [...new Set([n, plain, voiced, skeleton])];
}

/**
 * One key for two spellings of the same form: glottal h read as ', no apostrophes, hyphens or spaces, final stops
 * voiced (aan'kege = aankege, giizhgat = giizhgad). Spelling conventions meet; different sounds do not (bgiza, bgizo).
 */
export function looseSpellingKey(text: string): string {
  return voicedFinal(glottalAsApostrophe(normaliseWordform(text)).replace(/['\-\s]/g, ""));
}

/**
 * n' before g/k follows the headword: the engine writes n'g/n'k where a stem's first vowel was lost (n'kwetang), but a
 * lemma the dictionary writes nk…/ng… (nkwetam) keeps nk/ng in all its forms, after a preverb's hyphen too.
 */
export function followsHeadword(lemma: string): ((form: string) => string) | null {
  return /^n[gk]/.test(normaliseWordform(lemma)) ? (form) => form.replace(/(^|-)n'(?=[gk])/g, "$1n") : null;
}

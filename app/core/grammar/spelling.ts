/** Spelling of word forms for lookup: the normalised form and the keys under which it is indexed. Pure. */
import { normalizeText } from "../orthography";

export function normaliseWordform(text: string): string {
  return normalizeText(text).toLowerCase();
}

/**
 * Keys under which a spelling is indexed, so that syncopated and full spellings, apostrophe-less spellings and
 * dictionary final devoicing (zhiwebat ~ zhiwebad) meet: the normalised form, the form without apostrophes and
 * hyphens, and a consonant skeleton (short vowels a/i/o dropped, long vowels kept, final stops voiced).
 */
export function spellingKeys(text: string): string[] {
  const n = normaliseWordform(text);
  const plain = n.replace(/['\-\s]/g, "");
  const voiced = plain.replace(/t$/, "d").replace(/k$/, "g").replace(/p$/, "b").replace(/ch$/, "j").replace(/sh$/, "zh");
  const skeleton = `~${voiced.replace(/aa|ii|oo|[aio]/g, (m) => (m.length === 2 ? m.toUpperCase() : ""))}`;
  return [...new Set([n, plain, voiced, skeleton])];
}

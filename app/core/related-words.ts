/**
 * Related words for the word page: entries with the same underlying stem, and compounds (a headword that has this
 * one as a hyphen-separated part, or a part of this one). Pure; one pass over the lexicon, bounded output.
 */
import { toSearchKey } from "./orthography";
import type { LexiconEntry, SearchIndex } from "./word-search";

export type RelatedWord = { id: number; name: string; pos: string; gloss: string; relation: "stem" | "compound" };

const parts = (name: string) =>
  toSearchKey(name)
    .split(/[-\s]+/)
    .filter((p) => p.length >= 2);

export function relatedWords(index: SearchIndex, id: number, max = 12): RelatedWord[] {
  const word = index.byId.get(id);
  if (!word) return [];
  const stem = word.stem?.trim() || null;
  const key = toSearchKey(word.name).replace(/^-+|-+$/g, "");
  const ownParts = new Set(parts(word.name));
  const out: RelatedWord[] = [];
  const add = (e: LexiconEntry, relation: RelatedWord["relation"]) =>
    out.push({ id: e.id, name: e.name, pos: e.pos, gloss: e.gloss, relation });
  for (const e of index.entries) {
    if (e.id === word.id) continue;
    if (stem && e.stem?.trim() === stem) add(e, "stem");
    else if (key.length >= 2 && (parts(e.name).includes(key) || (ownParts.size > 1 && ownParts.has(toSearchKey(e.name).replace(/^-+|-+$/g, ""))))) add(e, "compound");
    if (out.length >= max) break;
  }
  return out;
}

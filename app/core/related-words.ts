/**
 * Related words for the word page: entries with the same underlying stem, and compounds (a headword that has this
 * one as a hyphen-separated part, or a part of this one). Pure; one pass over the lexicon, bounded output.
 */
import { toSearchKey } from "./orthography";
import type { LexiconEntry, SearchIndex } from "./word-search";
import { derivedPart } from "./derived";

export type RelatedWord = { id: number; name: string; pos: string; gloss: string; relation: "stem" | "compound" };

/** A headword's parts and bare key (also stored as its keys: app/core/lexicon-keys.ts). */
export const parts = (name: string) =>
  toSearchKey(name)
    .split(/[-\s]+/)
    .filter((p) => p.length >= 2);
export const bare = (name: string) => toSearchKey(name).replace(/^-+|-+$/g, "");

/** Each entry's trimmed stem, bare key and parts, worked out once per index rather than on every word page. */
type Keys = { stem: string | null; key: string; parts: string[] };
function keysOf(index: SearchIndex): Keys[] {
  return derivedPart(index, "related-word keys", (): Keys[] =>
    index.entries.map((e) => ({ stem: e.stem?.trim() || null, key: bare(e.name), parts: parts(e.name) })),
  );
}

export function relatedWords(index: SearchIndex, id: number, max = 12): RelatedWord[] {
  const word = index.byId.get(id);
  if (!word) return [];
  const stem = word.stem?.trim() || null;
  const key = bare(word.name);
  const ownParts = new Set(parts(word.name));
  const keys = keysOf(index);
  const out: RelatedWord[] = [];
  const add = (e: LexiconEntry, relation: RelatedWord["relation"]) => out.push({ id: e.id, name: e.name, pos: e.pos, gloss: e.gloss, relation });
  for (let i = 0; i < index.entries.length; i++) {
    const e = index.entries[i]!;
    if (e.id === word.id) continue;
    const k = keys[i]!;
    if (stem && k.stem === stem) add(e, "stem");
    else if (key.length >= 2 && (k.parts.includes(key) || (ownParts.size > 1 && ownParts.has(k.key)))) add(e, "compound");
    if (out.length >= max) break;
  }
  return out;
}

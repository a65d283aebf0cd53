/**
 * The /k word list over the whole lexicon's search index, which app/services/lexicon.server.ts uses only while the
 * stored search data cannot be read as current (otherwise /k reads a page of `lexeme_order`, which `listSortKey`
 * fills and which must give this order: docs/search.md): every headword sorted by name, one page at a time,
 * optionally one initial letter (the A–Z bar) and one part-of-speech group. Pure. The sorted order and the letter
 * of each entry are computed once per index, so a page of a 20,000-word lexicon costs one pass over an array.
 */
import { toSearchKey } from "./orthography";
import { posGroup, type PosGroup } from "./pos";
import type { LexiconEntry, SearchIndex } from "./word-search";
import { derivedPart } from "./derived";

/** Words per page of /k. */
export const WORD_PAGE_SIZE = 50;

/** The A–Z bar. */
export const LETTERS = "abcdefghijklmnopqrstuvwxyz".split("");

export type WordListQuery = { letter: string | null; pos: PosGroup | null; page: number };

export type WordListPage = {
  total: number;
  page: number;
  lastPage: number;
  entries: LexiconEntry[];
  /** Words per letter with the current part-of-speech filter (letters without words are not links). */
  letterCounts: Record<string, number>;
};

/** The letter a headword is filed under: the first a–z letter of its folded form, or "" (e.g. a leading digit). */
export function letterOf(name: string): string {
  const first = toSearchKey(name)
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .normalize("NFD")
    .charAt(0);
  return LETTERS.includes(first) ? first : "";
}

/**
 * A headword's word-list key, stored with it (ADR 026): keys compare as strings (code units, as SQLite's binary
 * collation compares them) as `Intl.Collator("en", { sensitivity: "base" })` compares the names: case and accents
 * dropped, digits before letters, the signs before both in the collator's own order.
 */
export function listSortKey(name: string): string {
  let out = "";
  for (const c of name
    .normalize("NFD")
    .toLowerCase()
    .replace(/[\p{M}\p{Cc}\p{Cf}]/gu, "")) {
    const sign = SIGN_RANK.get(c);
    out += sign !== undefined ? String.fromCharCode(1 + sign) : c;
  }
  return out;
}
/** Signs that may start or join a headword, ranked by the collator (all ranks below the digits' code units). */
const SIGNS = [..." _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$’‘ʼ"].sort(new Intl.Collator("en", { sensitivity: "base" }).compare);
const SIGN_RANK = new Map(SIGNS.map((c, i) => [c, i]));

type Sorted = Array<{ entry: LexiconEntry; letter: string; group: PosGroup }>;
function sorted(index: SearchIndex): Sorted {
  return derivedPart(index, "word list", () => {
    const collator = new Intl.Collator("en", { sensitivity: "base" });
    return index.entries
      .map((entry) => ({ entry, letter: letterOf(entry.name), group: posGroup(entry.pos) }))
      .sort((a, b) => collator.compare(a.entry.name, b.entry.name) || a.entry.pos.localeCompare(b.entry.pos) || a.entry.id - b.entry.id);
  });
}

export function clampPage(page: number, total: number, size: number) {
  const lastPage = Math.max(1, Math.ceil(total / size));
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 1;
  return { page: Math.min(Math.max(1, wanted), lastPage), lastPage };
}

export function listWords(index: SearchIndex, query: WordListQuery, size = WORD_PAGE_SIZE): WordListPage {
  const letterCounts: Record<string, number> = Object.fromEntries(LETTERS.map((l) => [l, 0]));
  const matching: LexiconEntry[] = [];
  for (const { entry, letter, group } of sorted(index)) {
    if (query.pos && group !== query.pos) continue;
    if (letter) letterCounts[letter]!++;
    if (query.letter && letter !== query.letter) continue;
    matching.push(entry);
  }
  const { page, lastPage } = clampPage(query.page, matching.length, size);
  return {
    total: matching.length,
    page,
    lastPage,
    entries: matching.slice((page - 1) * size, page * size),
    letterCounts,
  };
}

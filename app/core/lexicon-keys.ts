/**
 * The stored search keys of the lexicon (ADR 026): what each entry is found by, written after the entry changes (a
 * trigger marks it pending until then: docs/search.md), and what a query or a word of a text looks up. A request
 * reads only the entries its keys find and builds a small search index of them (word-search.ts `buildSearchIndex`),
 * which answers as the whole lexicon's would: every way the search reaches an entry goes through one of these keys.
 *
 * The analysers' keys are not a copy of their rules. An entry's come from the functions the engine itself indexes and
 * narrows by (grammar/candidate-keys.ts `verbStemKey`, the analyser's `stemKeyOf`; `projectedVerbCells`;
 * noun-analysis.ts `nounKeysOf`); a word's are the keys the verb analyser asks of an index that records every
 * look-up and holds nothing, the projections it tests the word by (`wordProjections`) and the noun analyser's own
 * look-ups (`nounLookups`). So whatever the engine reads by, the stored keys follow. Pure.
 */
import { analyse, buildLexicon, PROJECTED_KEY_LENGTH, type Lexicon } from "./grammar/analysis";
import { encodeCellHint, JOINED } from "./grammar/cell-hints";
import { encodeTailEndings, verbTails } from "./grammar/tail-endings";
import { joinedVerb, projectedVerbCells, verbStemKey, wordProjections } from "./grammar/candidate-keys";
import type { WholeCaches } from "./grammar/whole-narrowing";
import { nounKeysOf, nounLookups } from "./grammar/noun-analysis";
import { toSearchKey } from "./orthography";
import { phraseWords, queryPhraseWords } from "./phrase-search";
import { posGroup } from "./pos";
import { letterOf, listSortKey } from "./word-list";
import { bare as bareKey, parts as nameParts } from "./related-words";
import { splitWords } from "./split-words";
import { bareWord, cleanQuery, englishWords, odawaKeys, type LexiconEntry } from "./word-search";

/**
 * The eleven kinds of key `entryKeys` writes (docs/search.md has them as a table):
 * - `o` the headword's odawa keys (word-search.ts `odawaKeys`: folded, without apostrophes, the spelling keys);
 * - `h` the headword's prefix key (`headwordKey`), read as a range for headwords starting with a query;
 * - `v` a keyed verb's stem key (`verbStemKey`), noted `JOINED` when the verb joins every ending;
 * - `x` a projected verb's consonant projections (grammar/candidate-keys.ts `projectedVerb`), each noted with the
 *   verb's cells that have it (cell-hints.ts); a verb has `v` or `x` keys, never both;
 * - `n` a noun's stem skeleton, `nl` its lemma skeleton (noun-analysis.ts `nounKeysOf`);
 * - `g` the words of the English gloss (`englishWords`), also read as ranges for a word's start;
 * - `p` the words the English phrase search finds the entry by (phrase-search.ts `phraseWords`);
 * - `r` the parts of a compound headword, `b` its bare key, `s` its trimmed stem (related-words.ts).
 */
export type KeyKind = "o" | "h" | "v" | "x" | "n" | "nl" | "g" | "p" | "r" | "b" | "s";
/**
 * `cells`: the analysers' note (cell-hints.ts): with an `x` key, the verb's cells with that projection; with a `v`
 * key, `JOINED` when the verb joins every ending.
 */
export type EntryKey = { kind: KeyKind; key: string; cells?: string };

type Indexed = Pick<LexiconEntry, "id" | "name" | "pos" | "gloss" | "stem">;

/** The headword's prefix key (word-search.ts sorts headwords by it for prefix matches). */
export const headwordKey = (name: string) => toSearchKey(name).replace(/'/g, "");

/** Every key an entry is found by, without repeats. */
/** `caches`: the engine's whole-verb caches, kept by the caller over many entries (`newWholeCaches`). */
export function entryKeys(entry: Indexed, caches: WholeCaches): EntryKey[] {
  const out = new Map<string, EntryKey>();
  const add = (kind: KeyKind, key: string, cells?: string) => out.set(`${kind}\u0000${key}`, cells === undefined ? { kind, key } : { kind, key, cells });
  for (const k of odawaKeys(entry.name)) add("o", k);
  add("h", headwordKey(entry.name));
  const lexeme = { id: entry.id, name: entry.name, pos: entry.pos, stem: entry.stem ?? undefined, gloss: entry.gloss };
  const stemKey = verbStemKey(lexeme);
  const projected = projectedVerbCells(lexeme, caches);
  if (projected) for (const [p, hint] of projected) add("x", p, encodeCellHint(hint));
  else if (stemKey !== null) add("v", stemKey, joinedVerb(lexeme, caches) ? JOINED : undefined);
  const noun = nounKeysOf({ ...lexeme, stem: entry.stem });
  if (noun) {
    add("n", noun.stem);
    add("nl", noun.lemma);
  }
  for (const w of englishWords(entry.gloss)) add("g", w);
  for (const w of phraseWords(entry)) add("p", w);
  for (const p of nameParts(entry.name)) add("r", p);
  add("b", bareKey(entry.name));
  const stem = entry.stem?.trim();
  if (stem) add("s", stem);
  return [...out.values()];
}

/** A map that holds nothing and remembers every key asked of it. */
class Recording extends Map<string, number[]> {
  readonly asked = new Set<string>();
  override get(key: string): number[] | undefined {
    this.asked.add(key);
    return undefined;
  }
}

/**
 * The keys the verb and noun analysers look a written word up by: `verb` (`v` keys), `short` (the projections the
 * analyser tests the word by: `x` keys), `nounStems` (`n`) and `nounLemma` (`nl`).
 */
export function analyserKeys(word: string, caches: WholeCaches): { verb: string[]; short: string[]; nounStems: string[]; nounLemma: string[] } {
  const byKey = new Recording();
  const empty = buildLexicon([], caches.memo, { caches: { forms: new Map(), wholeCaches: caches } });
  const lexicon: Lexicon = { ...empty, byKey, maxKeyLength: Number.MAX_SAFE_INTEGER };
  try {
    analyse(word, lexicon);
  } catch {
    // A word the engine cannot read has no verb keys beyond those asked so far.
  }
  const nouns = nounLookups(word);
  const verb = [...byKey.asked].filter((k) => k.length > PROJECTED_KEY_LENGTH);
  return { verb, short: wordProjections(word, caches), nounStems: nouns.stems, nounLemma: nouns.lemma === null ? [] : [nouns.lemma] };
}

/** What a search for `query` looks up (word-search.ts `searchWords` reaches no entry any other way). */
export type QueryKeys = {
  /** Exact keys by kind. */
  exact: EntryKey[];
  /** Headword prefix (`h` keys starting with it), or null. */
  prefix: string | null;
  /** English words each of which an entry's gloss must have (`g`; from 3 letters on, or a word starting with it). */
  english: Array<{ word: string; prefix: boolean }>;
};

export function searchKeys(rawQuery: string, caches: WholeCaches): QueryKeys {
  const query = cleanQuery(rawQuery);
  if (!query) return { exact: [], prefix: null, english: [] };
  const exact: EntryKey[] = odawaKeys(query).map((key) => ({ kind: "o", key }));
  if (!query.includes(" ")) exact.push(...wordAnalyserKeys(query, caches));
  for (const key of queryPhraseWords(query)) exact.push({ kind: "p", key });
  const prefix = headwordKey(query);
  return {
    exact,
    prefix: prefix.length >= 2 ? prefix : null,
    english: englishWords(query).map((word) => ({ word, prefix: word.length >= 3 })),
  };
}

function wordAnalyserKeys(word: string, caches: WholeCaches): EntryKey[] {
  const { verb, short, nounStems, nounLemma } = analyserKeys(word, caches);
  return [
    ...verb.map((key) => ({ kind: "v" as const, key })),
    ...short.map((key) => ({ kind: "x" as const, key })),
    ...nounStems.map((key) => ({ kind: "n" as const, key })),
    ...nounLemma.map((key) => ({ kind: "nl" as const, key })),
  ];
}

/** What tap-a-word looks up for a word of a text (word-search.ts `lookupWord`). */
export function wordKeys(word: string, caches: WholeCaches): EntryKey[] {
  if (!word) return [];
  return [...odawaKeys(word).map((key) => ({ kind: "o" as const, key })), ...wordAnalyserKeys(word, caches)];
}

/**
 * The stored rows of some entries: their keys (kind, key, id, the analysers' note or null), their places in the word
 * list (id, key, letter, group), and the tail projections of the keyed verbs' tail texts (id, text: tail-endings.ts).
 */
export type IndexRows = {
  keys: Array<[string, string, number, string | null]>;
  order: Array<[number, string, string, string]>;
  tails: Array<[string, string]>;
};

export function indexRows(entries: readonly Indexed[], caches: WholeCaches): IndexRows {
  const out: IndexRows = { keys: [], order: [], tails: [] };
  const tails = new Set<string>();
  for (const entry of entries) {
    for (const { kind, key, cells } of entryKeys(entry, caches)) {
      out.keys.push([kind, key, entry.id, cells ?? null]);
      if (kind !== "v") continue;
      for (const t of verbTails({ name: entry.name, pos: entry.pos, gloss: entry.gloss, stem: entry.stem }, caches.memo)) {
        if (tails.has(t.id)) continue;
        tails.add(t.id);
        out.tails.push([t.id, encodeTailEndings(t.cls, t.stem, t.tailText, caches)]);
      }
    }
    out.order.push([entry.id, listSortKey(entry.name), letterOf(entry.name), posGroup(entry.pos)]);
  }
  return out;
}

/** What tap-a-word looks up for every distinct word of some texts (word-search.ts `lookupWords`). */
export function textKeys(texts: readonly string[], caches: WholeCaches): EntryKey[] {
  const words = new Set<string>();
  for (const text of texts) for (const part of splitWords(text)) if ("word" in part) words.add(bareWord(part.word));
  return [...words].flatMap((w) => wordKeys(w, caches));
}

/** What related-words.ts reads of other entries for a word: same stem, compounds with it, its own parts. */
export function relatedKeys(word: { name: string; stem: string | null }): EntryKey[] {
  const key = bareKey(word.name);
  const out: EntryKey[] = [
    { kind: "b", key },
    { kind: "r", key },
  ];
  const stem = word.stem?.trim();
  if (stem) out.push({ kind: "s", key: stem });
  const parts = new Set(nameParts(word.name));
  if (parts.size > 1) for (const p of parts) out.push({ kind: "b", key: p });
  return out;
}

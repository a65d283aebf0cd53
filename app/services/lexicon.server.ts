/**
 * The lexicon for a request (ADR 026): the entries a query, the words of some texts or a word's relations can reach,
 * found by their stored keys (db/queries/lexicon-keys.ts) in one round trip and indexed as a small search index of
 * their own (word-search.ts `buildSearchIndex`), on which the pure search, tap-a-word and related words answer as
 * over the whole lexicon. The word list is a page read in its stored order.
 *
 * While some lexeme's keys are pending (a write not yet followed by its keys: a fresh database, rows a test wrote,
 * the moment between an import batch and its keys, a migration or a new engine version that marked every lexeme), or
 * the stored search data is of another version than the code's (ADR 034), the lexicon is read whole and indexed in
 * memory, once per isolate and lexicon version (ADR 009's path): a request never reads keys that lag behind the
 * lexicon or the engine. How it all fits: docs/search.md.
 */
import type { Db } from "../../db/client";
import { entriesByKeys, pendingLexemes, tailEndingsByIds, writeKeys, wordListPage, type EntryRow } from "../../db/queries/lexicon-keys";
import { audioUrl, lexiconVersion, listLexiconEntries } from "../../db/queries/lexemes";
import { bringSearchDataCurrent, noteIndexed } from "../../db/queries/search-data";
import { newAnalysisCaches, type AnalysisCaches } from "../core/grammar/analysis";
import { hintsOf } from "../core/grammar/cell-hints";
import { useTailEndings, verbTails } from "../core/grammar/tail-endings";
import { indexRows, relatedKeys, searchKeys, textKeys, type EntryKey } from "../core/lexicon-keys";
import { askedEnglish, useVocabulary } from "../core/phrase-search";
import { clampPage, listWords, LETTERS, type WordListPage, type WordListQuery, WORD_PAGE_SIZE } from "../core/word-list";
import { buildSearchIndex, cleanQuery, lookupWord, lookupWords, type LexiconEntry, type SearchIndex, type WordInfo } from "../core/word-search";
import { BoundedCache } from "./bounded-cache.server";
import type { Config } from "./config.server";
import { grammarMemo } from "./grammar-memo.server";
import { newGrammarMemo, type GrammarMemo } from "../core/grammar/memo";

type Source = { db: Db; config: Pick<Config, "environment"> };

/**
 * The analyser's generated forms and whole-verb caches, keyed by class and stem, shared by the small lexicons of
 * every request (the engine bounds what they hold).
 */
const analysisCaches = new BoundedCache<string, AnalysisCaches>("the analyser's forms, shared by request lexicons", { entries: 1 });
const sharedCaches = () => analysisCaches.getOrSet("engine", () => newAnalysisCaches(grammarMemo));

const toEntry = (r: EntryRow): LexiconEntry => ({
  id: r.id,
  name: r.name,
  pos: r.pos,
  gloss: r.gloss,
  stem: r.stem,
  corpusCount: r.corpus_count,
  audioUrl: audioUrl(r.audio_key),
});

/**
 * A search index of the entries some keys find, or the whole lexicon's while keys are pending or of another version;
 * with `tails`, the stored tail projections its keyed verbs need read first (`readTails`).
 */
async function indexOf(
  source: Source,
  keys: { exact: EntryKey[]; prefix?: string | null; english?: Array<{ word: string; prefix: boolean }> },
  vocabulary: string[] = [],
  tails = false,
): Promise<SearchIndex> {
  const found = await entriesByKeys(source.db, { exact: keys.exact, prefix: keys.prefix ?? null, english: keys.english ?? [] }, vocabulary);
  if (found.pending) return getSearchIndex(source.db, source.config);
  const hints = hintsOf(found.cells);
  if (tails)
    await readTails(
      source.db,
      found.rows.filter((r) => hints.get(r.id)?.joined),
    );
  const index = buildSearchIndex(found.rows.map(toEntry), grammarMemo, { projected: false, caches: sharedCaches(), hints });
  useVocabulary(index, found.known);
  return index;
}

/**
 * The stored tail projections (ADR 030) of the tail texts of some keyed verbs that this isolate's memo lacks, put in
 * the memo: one more read, only when one is missing. A search asks for them; the words of a text (tap-a-word, a
 * fallback of the stored page words) can reach hundreds of verbs, whose rows would outweigh the work they save.
 */
async function readTails(db: Db, verbs: readonly EntryRow[]): Promise<void> {
  const ids = new Set<string>();
  for (const v of verbs)
    for (const { id } of verbTails({ name: v.name, pos: v.pos, gloss: v.gloss, stem: v.stem }, grammarMemo)) if (!grammarMemo.tailEndings.has(id)) ids.add(id);
  if (ids.size) useTailEndings(grammarMemo, await tailEndingsByIds(db, [...ids]));
}

/** The index a search for `query` needs (word-search.ts `searchWords` over it answers as over the whole lexicon). */
export async function indexForSearch(source: Source, query: string): Promise<SearchIndex> {
  return indexOf(source, searchKeys(query, sharedCaches().wholeCaches), askedEnglish(cleanQuery(query)), true);
}

/** The index tap-a-word needs for some texts and, with `word`, related-words.ts for that word. */
export async function indexForTexts(source: Source, texts: readonly string[], word?: { name: string; stem: string | null }): Promise<SearchIndex> {
  const exact = textKeys(texts, sharedCaches().wholeCaches);
  if (word) exact.push(...relatedKeys(word));
  return indexOf(source, { exact });
}

/** A page of the word list (/k), read in its stored order. */
export async function wordList(source: Source, query: WordListQuery, size = WORD_PAGE_SIZE): Promise<WordListPage> {
  const filter = { letter: query.letter, group: query.pos };
  const read = (page: number) => wordListPage(source.db, filter, (page - 1) * size, size);
  let found = await read(Math.max(1, Math.trunc(query.page) || 1));
  if (found.pending) return listWords(await getSearchIndex(source.db, source.config), query, size);
  const letterCounts: Record<string, number> = Object.fromEntries(LETTERS.map((l) => [l, 0]));
  let total = 0;
  for (const { letter, n } of found.counts) {
    if (letter) letterCounts[letter] = n;
    if (!query.letter || letter === query.letter) total += n;
  }
  const { page, lastPage } = clampPage(query.page, total, size);
  if (page !== query.page) found = await read(page);
  return { total, page, lastPage, entries: found.rows.map(toEntry), letterCounts };
}

/**
 * Writes the keys of lexemes written since their keys were (up to `limit`), each batch in one transaction with the
 * marks it settles; returns how many were written. The admin's import batches call it after their write (the import
 * command and the seed write the same rows from scripts/import/write-keys.ts); the scheduled work
 * (search-data.server.ts) writes what is left. Stored data of an older version is marked pending first (ADR 034).
 */
export async function indexPendingLexemes(db: Db, limit = 20_000): Promise<number> {
  await bringSearchDataCurrent(db);
  let done = 0;
  // A mark written again, or one this code may not settle (a newer version is stored), is read again: not rewritten.
  const written = new Set<number>();
  while (done < limit) {
    const pending = (await pendingLexemes(db, Math.min(PENDING_READ, limit - done))).filter((p) => !written.has(p.id));
    if (pending.length === 0) break;
    await writeKeys(db, indexRows(pending, sharedCaches().wholeCaches), pending);
    for (const p of pending) written.add(p.id);
    done += pending.length;
  }
  if (done > 0) await noteIndexed(db);
  return done;
}
const PENDING_READ = 1_000;

// ------------------------------------------- the whole lexicon, while keys are pending or of another version (ADR 009)

let cached: { version: string; index: SearchIndex } | null = null;
let building: { version: string; promise: Promise<SearchIndex> } | null = null;

let trusted: { version: string; at: number } | null = null;
const VERSION_TTL_MS = 30_000;

/**
 * The lexicon version (one row read, ADR 034) this isolate trusts for VERSION_TTL_MS (every call under test, where
 * tests write rows and look at once): the whole-lexicon path stays within a page's two D1 round trips (ADR 015).
 */
async function trustedLexiconVersion(db: Db, config: Pick<Config, "environment">): Promise<string> {
  const now = Date.now();
  if (trusted && now - trusted.at < (config.environment === "test" ? 0 : VERSION_TTL_MS)) return trusted.version;
  trusted = { version: await lexiconVersion(db), at: now };
  return trusted.version;
}

/** Requests of this isolate that read the lexicon whole because the stored keys were pending or of another version. */
let fallbacks = 0;

/**
 * The whole lexicon indexed in memory, once per isolate and lexicon version (ADR 009's path): only while the stored
 * keys cannot be read as current. Each such read is counted, and each build logged with the count (ADR 034).
 */
export async function getSearchIndex(db: Db, config: Pick<Config, "environment">): Promise<SearchIndex> {
  fallbacks++;
  const version = await trustedLexiconVersion(db, config);
  if (cached?.version === version) return cached.index;
  if (building?.version === version) return building.promise;
  console.warn("search-whole-lexicon", { version, fallbacks });

  const promise = indexAll(db, grammarMemo);
  building = { version, promise };
  try {
    const index = await promise;
    cached = { version, index };
    return index;
  } finally {
    if (building?.promise === promise) building = null;
  }
}

/** Every entry, read and indexed with `memo`. */
async function indexAll(db: Db, memo: GrammarMemo): Promise<SearchIndex> {
  const rows = await listLexiconEntries(db);
  return buildSearchIndex(
    rows.map((r) => ({ id: r.id, name: r.name, pos: r.pos, gloss: r.gloss, stem: r.stem, corpusCount: r.corpusCount, audioUrl: audioUrl(r.audioKey) })),
    memo,
  );
}

/**
 * The whole lexicon indexed for one queue job (the stored page words): with a memo of its own and kept nowhere, so
 * it goes when the job is done. A consumer may run in an isolate that also serves pages, whose memory is the pages'.
 */
export const wholeIndexForJob = (db: Db): Promise<SearchIndex> => indexAll(db, newGrammarMemo());

/**
 * The words of sentences and stories already looked up in the whole lexicon (a new lexicon version starts afresh):
 * a request's own small index is looked up directly.
 */
const lookups = new BoundedCache<string, WordInfo>("tap-a-word answers of the whole lexicon", { entries: 20_000 });

/** Tap-a-word data for every distinct word of some texts. */
export function tapAWord(index: SearchIndex, texts: readonly string[]): Record<string, WordInfo> {
  if (cached?.index !== index) return lookupWords(index, [...texts]);
  const kept = lookups.keepFor(cached.version);
  return lookupWords(index, [...texts], (word) => kept.getOrSet(word, () => lookupWord(index, word)));
}

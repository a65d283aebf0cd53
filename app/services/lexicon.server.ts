/**
 * The lexicon in memory, once per isolate: search and tap-a-word need every entry and the grammar
 * engine's analyser Lexicon, which are too costly to build per request. The cache is keyed by
 * `lexiconVersion` (row count, max id, max updated/created time, attached audio), re-read at most every
 * VERSION_TTL_MS (on every request under ENVIRONMENT=test).
 * @see docs/decisions/009-in-memory-lexicon-search.md
 */
import type { Db } from "../../db/client";
import { audioUrl, lexiconVersion, listLexiconEntries } from "../../db/queries/lexemes";
import { buildSearchIndex, lookupWord, lookupWords, type SearchIndex, type WordInfo } from "../core/word-search";
import { BoundedCache } from "./bounded-cache.server";
import type { Config } from "./config.server";
import { grammarMemo } from "./grammar-memo.server";

const VERSION_TTL_MS = 30_000;

let cached: { version: string; index: SearchIndex } | null = null;
let building: { version: string; promise: Promise<SearchIndex> } | null = null;

let trusted: { version: string; at: number } | null = null;

/**
 * The lexicon version this isolate trusts: read again after VERSION_TTL_MS (at every call under ENVIRONMENT=test,
 * where tests insert rows and look at once).
 */
export async function trustedLexiconVersion(db: Db, config: Pick<Config, "environment">): Promise<string> {
  const now = Date.now();
  const ttl = config.environment === "test" ? 0 : VERSION_TTL_MS;
  if (trusted && now - trusted.at < ttl) return trusted.version;
  trusted = { version: await lexiconVersion(db), at: now };
  return trusted.version;
}

export async function getSearchIndex(db: Db, config: Pick<Config, "environment">): Promise<SearchIndex> {
  const version = await trustedLexiconVersion(db, config);
  if (cached?.version === version) return cached.index;
  if (building?.version === version) return building.promise;

  const promise = listLexiconEntries(db).then((rows) =>
    buildSearchIndex(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        pos: r.pos,
        gloss: r.gloss,
        stem: r.stem,
        corpusCount: r.corpusCount,
        audioUrl: audioUrl(r.audioKey),
      })),
      grammarMemo,
    ),
  );
  building = { version, promise };
  try {
    const index = await promise;
    cached = { version, index };
    return index;
  } finally {
    if (building?.promise === promise) building = null;
  }
}

/**
 * The words of sentences and stories already looked up, for the current index (a new lexicon version starts
 * afresh): a page shows the same sentences to every reader, and the analyser's noun readings are not kept elsewhere.
 */
const lookups = new BoundedCache<string, WordInfo>("tap-a-word answers of the current lexicon", { entries: 20_000 });

/** Tap-a-word data for every distinct word of some texts, kept while `index` is the current one. */
export function tapAWord(index: SearchIndex, texts: string[]): Record<string, WordInfo> {
  if (cached?.index !== index) return lookupWords(index, texts);
  const kept = lookups.keepFor(cached.version);
  return lookupWords(index, texts, (word) => kept.getOrSet(word, () => lookupWord(index, word)));
}

/**
 * Stored page words (issue 40, ADR 029). A story's tap-a-word data and a word page's (its sentences' words and its
 * related words) need the whole lexicon indexed in memory, which an isolate's first such request paid for (ADR 009:
 * seconds with the full dictionary). A queue job works them out once per change instead, into `page_words`, and a
 * page reads its row: when the rows are complete for the lexicon version the request sees and the row is of the
 * page's texts. Otherwise (never built, a change not yet worked out, a draft) the page works them out as before, so a
 * reader never sees words of another lexicon or of other texts.
 *
 * A cron trigger asks for the job every 5 minutes when the rows lag behind the lexicon or the editors' changes
 * (the content version: stories, sentences), whoever wrote them (an editor, an admin's import, the import command).
 * The job rewrites only rows whose content changed, then records the versions: an editor's save rewrites a few rows.
 */
import { contentVersion } from "../../db/queries/content-version";
import { lexiconVersion, listLexemeIds } from "../../db/queries/lexemes";
import {
  pageWordsVersion,
  pageWordsVersions,
  publicStoryTexts,
  readPageWords,
  sentenceTextsByLexeme,
  storedPageHashes,
  writePageWords,
  type PageRow,
} from "../../db/queries/page-words";
import { relatedWords, type RelatedWord } from "../core/related-words";
import type { WordInfo } from "../core/word-search";
import type { Bindings } from "./bindings.server";
import type { JobMessage } from "./job-messages.server";
import { BoundedCache } from "./bounded-cache.server";
import { sha256Hex } from "../utils/sha256";
import { indexForTexts, tapAWord, wholeIndexForJob } from "./lexicon.server";

export type PageWords = { words: Record<string, WordInfo>; related: RelatedWord[] };

export const storyPageKey = (id: string) => `story:${id}`;
export const wordPageKey = (id: number) => `word:${id}`;

/** The hash a page's texts are stored under (each text followed by a newline, in the page's order). */
export const textsHash = (texts: readonly string[]) => sha256Hex(texts.map((t) => `${t}\n`).join(""));

/** Rows this isolate read, for the lexicon version they are complete for (an older version's are dropped). */
const rows = new BoundedCache<string, { textsHash: string; page: PageWords; weight: number }>("stored page words of the current lexicon", {
  entries: 2_000,
  weight: 8_000_000,
  weigh: (row) => row.weight,
});

/**
 * A page's stored words, or null when they cannot be taken as they are: rows not complete for the lexicon version
 * this request sees, no row, or a row of other texts. `tag` names what they were worked out from. The versions are
 * one row read (ADR 034) at most every VERSIONS_TTL_MS per isolate, a page's row once per lexicon version and isolate.
 */
/** The lexicon version and the page-words state, as this isolate last read them. */
let versionsRead: { versions: Awaited<ReturnType<typeof pageWordsVersions>>; at: number } | null = null;
const VERSIONS_TTL_MS = 30_000;

export async function storedPageWords(
  bindings: Pick<Bindings, "db" | "config">,
  pageKey: string,
  texts: readonly string[],
): Promise<{ tag: string; page: PageWords } | null> {
  const { db, config } = bindings;
  const now = Date.now();
  // One row read, trusted for VERSIONS_TTL_MS per isolate (every time under test): a page stays within two D1 round
  // trips (ADR 015) while its words are worked out, and a change is taken within seconds.
  if (!versionsRead || now - versionsRead.at >= (config.environment === "test" ? 0 : VERSIONS_TTL_MS)) {
    versionsRead = { versions: await pageWordsVersions(db), at: now };
  }
  const { versions } = versionsRead;
  const hash = await textsHash(texts);
  const version = versions.lexicon;
  if (versions.stored?.lexicon !== version) return null;
  const kept = rows.keepFor(version);
  let row = kept.get(pageKey);
  // A row of other texts may have been rewritten since it was read (an edited story): read it again.
  if (!row || row.textsHash !== hash) {
    const stored = await readPageWords(db, pageKey);
    if (!stored?.body || stored.version !== version) return null;
    row = kept.set(pageKey, { textsHash: stored.textsHash!, page: JSON.parse(stored.body) as PageWords, weight: stored.body.length });
  }
  return row.textsHash === hash ? { tag: `${version}\u0000${hash}`, page: row.page } : null;
}

/**
 * A page's words: the stored ones when they can be taken, else worked out from the entries the texts (and the
 * related keys of `word`, if given) reach (lexicon.server.ts `indexForTexts`). `source` is what they came from, for
 * a caller's cache.
 */
export async function pageWordsOf(
  bindings: Pick<Bindings, "db" | "config">,
  pageKey: string,
  texts: readonly string[],
  word?: { id: number; name: string; stem: string | null },
): Promise<{ source: unknown; page: PageWords }> {
  const stored = await storedPageWords(bindings, pageKey, texts);
  if (stored) return { source: stored.tag, page: stored.page };
  const index = await indexForTexts(bindings, texts, word);
  return { source: index, page: { words: texts.length ? tapAWord(index, texts) : {}, related: word ? relatedWords(index, word.id) : [] } };
}

/** The cron's check: asks for the job when the stored rows are not of the current lexicon and content. */
export async function askForPageWordsIfBehind({ db, jobs }: Pick<Bindings, "db" | "jobs">): Promise<boolean> {
  const [stored, lexicon, content] = await Promise.all([pageWordsVersion(db), lexiconVersion(db), contentVersion(db)]);
  if (stored?.lexicon === lexicon && stored.content === content) return false;
  const message: JobMessage = { version: 1, type: "page-words", lexiconVersion: lexicon };
  await jobs.send(message);
  return true;
}

/**
 * The job: every public story's and every word's page words for `version`, written where they changed. A message
 * for a version the lexicon has left is dropped (the cron asks again for the new one).
 */
export async function buildPageWords(bindings: Pick<Bindings, "db">, version: string): Promise<{ outcome: "stale" | "built"; pages: number; written: number }> {
  const { db } = bindings;
  // Read before the rows: what the rows are worked out from is at least as new as the versions recorded.
  const [lexicon, content] = await Promise.all([lexiconVersion(db), contentVersion(db)]);
  if (lexicon !== version) return { outcome: "stale", pages: 0, written: 0 };
  const index = await wholeIndexForJob(db);
  const [storyTexts, sentenceTexts, ids, stored] = await Promise.all([
    publicStoryTexts(db),
    sentenceTextsByLexeme(db),
    listLexemeIds(db),
    storedPageHashes(db),
  ]);
  const pages: Array<{ key: string; texts: string[]; related: RelatedWord[] }> = [
    ...storyTexts.map((s) => ({ key: storyPageKey(s.id), texts: s.texts, related: [] })),
    ...ids.map((id) => ({ key: wordPageKey(id), texts: sentenceTexts.get(id) ?? [], related: relatedWords(index, id) })),
  ];
  const changed: PageRow[] = [];
  for (const page of pages) {
    const body = JSON.stringify({ words: page.texts.length ? tapAWord(index, page.texts) : {}, related: page.related } satisfies PageWords);
    const [hash, bodyHash] = await Promise.all([textsHash(page.texts), sha256Hex(body)]);
    const before = stored.get(page.key);
    if (before?.textsHash !== hash || before.bodyHash !== bodyHash) changed.push({ pageKey: page.key, textsHash: hash, bodyHash, body });
  }
  const keys = new Set(pages.map((p) => p.key));
  const gone = [...stored.keys()].filter((key) => !keys.has(key));
  await writePageWords(db, changed, gone, { lexicon, content }, pages.length);
  return { outcome: "built", pages: pages.length, written: changed.length + gone.length };
}

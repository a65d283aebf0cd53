/**
 * Stored page words (app/services/page-words.server.ts, ADR 029): a page's row and the version its rows are
 * complete for, read together; the job's reads (every page's texts, the stored hashes) and its writes.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { lexiconVersionOf } from "./lexemes";
import { pageWords, pageWordsState, sentenceLexemes, sentences, stories } from "../schema";

/** A page's stored row and the lexicon version the rows are complete for (null: never built). */
export async function readPageWords(db: Db, pageKey: string): Promise<{ version: string; textsHash: string | null; body: string | null } | null> {
  const row = await db.get<{ version: string; textsHash: string | null; body: string | null }>(sql`
    SELECT s.lexicon_version AS version, p.texts_hash AS textsHash, p.body AS body
    FROM page_words_state s LEFT JOIN page_words p ON p.page_key = ${pageKey}
    WHERE s.id = 1`);
  return row ?? null;
}

/**
 * In one read: the lexicon version now, and the lexicon and content versions the stored rows were worked out for
 * (null before the first build).
 */
export async function pageWordsVersions(db: Db): Promise<{ lexicon: string; stored: { lexicon: string; content: number } | null }> {
  const row = await db.get<{ writes: number; lexicon: string | null; content: number | null } | undefined>(sql`
    SELECT d.lexicon_writes AS writes, s.lexicon_version AS lexicon, s.content_version AS content
    FROM search_data d LEFT JOIN page_words_state s ON s.id = 1 WHERE d.id = 1`);
  const stored = row?.lexicon != null && row.content != null ? { lexicon: row.lexicon, content: row.content } : null;
  return { lexicon: lexiconVersionOf(row?.writes ?? 0), stored };
}

/** The lexicon and content versions the stored rows were worked out for, or null before the first build. */
export async function pageWordsVersion(db: Db): Promise<{ lexicon: string; content: number } | null> {
  const row = await db
    .select({ lexicon: pageWordsState.lexiconVersion, content: pageWordsState.contentVersion })
    .from(pageWordsState)
    .where(eq(pageWordsState.id, 1))
    .get();
  return row ?? null;
}

/** Every stored row's key and hashes (the job compares before it writes). */
export async function storedPageHashes(db: Db): Promise<Map<string, { textsHash: string; bodyHash: string }>> {
  const rows = await db.select({ key: pageWords.pageKey, textsHash: pageWords.textsHash, bodyHash: pageWords.bodyHash }).from(pageWords);
  return new Map(rows.map((r) => [r.key, { textsHash: r.textsHash, bodyHash: r.bodyHash }]));
}

/** The texts of every story a reader may open, by story id (the story page's tap-a-word). */
export async function publicStoryTexts(db: Db): Promise<Array<{ id: string; texts: string[] }>> {
  const rows = await db.select({ id: stories.id, data: stories.data, completed: stories.completed }).from(stories).orderBy(asc(stories.id));
  return rows.filter((r) => r.completed && r.data.length > 0).map((r) => ({ id: r.id, texts: r.data.flatMap((p) => p.map((s) => s.text)) }));
}

/** The texts of every word's sentences as its page shows them (the first `limit` by id), by lexeme id. */
export async function sentenceTextsByLexeme(db: Db, limit = 50): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ lexemeId: sentenceLexemes.lexemeId, text: sentences.text })
    .from(sentenceLexemes)
    .innerJoin(sentences, eq(sentences.id, sentenceLexemes.sentenceId))
    .orderBy(asc(sentenceLexemes.lexemeId), asc(sentences.id));
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const list = out.get(r.lexemeId) ?? [];
    if (list.length < limit) list.push(r.text);
    out.set(r.lexemeId, list);
  }
  return out;
}

export type PageRow = { pageKey: string; textsHash: string; bodyHash: string; body: string };

/**
 * Writes the changed rows and removes those of pages that are gone, in batches; the state row last, so a reader
 * never takes rows as complete for `version` before they all are.
 */
export async function writePageWords(
  db: Db,
  changed: PageRow[],
  gone: string[],
  versions: { lexicon: string; content: number },
  pages: number,
  batchSize = 50,
): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [
    ...changed.map((r) =>
      db
        .insert(pageWords)
        .values(r)
        .onConflictDoUpdate({ target: pageWords.pageKey, set: { textsHash: r.textsHash, bodyHash: r.bodyHash, body: r.body } }),
    ),
    ...gone.map((key) => db.delete(pageWords).where(eq(pageWords.pageKey, key))),
  ];
  for (let i = 0; i < statements.length; i += batchSize) {
    const chunk = statements.slice(i, i + batchSize);
    await db.batch(chunk as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  const state = { lexiconVersion: versions.lexicon, contentVersion: versions.content, pages, builtAt: Date.now() };
  await db
    .insert(pageWordsState)
    .values({ id: 1, ...state })
    .onConflictDoUpdate({ target: pageWordsState.id, set: state });
}

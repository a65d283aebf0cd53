import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, lexemes, sentenceLexemes, sentences } from "../schema";
import { SEARCH_DATA_VERSION } from "../../app/core/search-data-version";

export async function listVocab(db: Db) {
  return db.select({ id: lexemes.id, name: lexemes.name, gloss: lexemes.gloss, pos: lexemes.pos }).from(lexemes).orderBy(asc(lexemes.name));
}

/** Public URL of a stored recording, or null when the key is not served at /audio/{file}. */
export function audioUrl(key: string | null | undefined): string | null {
  if (!key || !/^audio\/[A-Za-z0-9_-]+\.(mp3|ogg|opus|webm|m4a|wav)$/.test(key)) return null;
  return `/${key}`;
}

/** /k/{id}: the entry with its recording (if any), its speaker and the day it was recorded (when known). */
export async function getLexeme(db: Db, id: number) {
  return lexemeOf(await lexemeQuery(db, id).get());
}

/** The entry (as getLexeme) and its example sentences (as sentencesForLexeme) in one round trip: the word page's first. */
export async function getLexemeWithSentences(db: Db, id: number) {
  const [rows, sentenceRows] = await db.batch([lexemeQuery(db, id), sentencesQuery(db, id, 50)]);
  return { word: lexemeOf(rows[0]), sentences: sentenceRows.map(({ audioKey, ...s }) => ({ ...s, audio: audioUrl(audioKey) })) };
}

function lexemeQuery(db: Db, id: number) {
  return db
    .select({
      id: lexemes.id,
      name: lexemes.name,
      pos: lexemes.pos,
      gloss: lexemes.gloss,
      stem: lexemes.stem,
      audioKey: audioObjects.key,
      audioType: audioObjects.contentType,
      speaker: audioObjects.speaker,
      recordedAt: audioObjects.recordedAt,
    })
    .from(lexemes)
    .leftJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
    .where(eq(lexemes.id, id));
}

function lexemeOf(row: Awaited<ReturnType<ReturnType<typeof lexemeQuery>["get"]>>) {
  if (!row) return null;
  const { audioKey, audioType, speaker, recordedAt, ...rest } = row;
  const url = audioUrl(audioKey);
  return {
    ...rest,
    audio: url
      ? { url, type: audioType ?? "audio/mpeg", speaker: speaker ?? null, recordedAt: recordedAt ? recordedAt.toISOString().slice(0, 10) : null }
      : null,
  };
}

/** Example sentence ids of a word (docs/product.md §7 wotd?lex_id → {sentence_ids}). */
export async function sentenceIdsForLexeme(db: Db, lexemeId: number) {
  const rows = await db
    .select({ id: sentenceLexemes.sentenceId })
    .from(sentenceLexemes)
    .where(eq(sentenceLexemes.lexemeId, lexemeId))
    .orderBy(asc(sentenceLexemes.sentenceId));
  return rows.map((r) => r.id);
}

/** Example sentences of a word, for /k/{id}, each with its recording's public URL (or null). */
export async function sentencesForLexeme(db: Db, lexemeId: number, limit = 50) {
  const rows = await sentencesQuery(db, lexemeId, limit);
  return rows.map(({ audioKey, ...s }) => ({ ...s, audio: audioUrl(audioKey) }));
}

function sentencesQuery(db: Db, lexemeId: number, limit: number) {
  return db
    .select({ id: sentences.id, text: sentences.text, trans: sentences.trans, source: sentences.source, audioKey: audioObjects.key })
    .from(sentenceLexemes)
    .innerJoin(sentences, eq(sentences.id, sentenceLexemes.sentenceId))
    .leftJoin(audioObjects, eq(audioObjects.id, sentences.audioId))
    .where(eq(sentenceLexemes.lexemeId, lexemeId))
    .orderBy(asc(sentences.id))
    .limit(limit);
}

/** Every entry's id, in order (the page words job: app/services/page-words.server.ts). */
export async function listLexemeIds(db: Db): Promise<number[]> {
  return (await db.select({ id: lexemes.id }).from(lexemes).orderBy(asc(lexemes.id))).map((r) => r.id);
}

/**
 * Every entry with what search and the analyser need: read whole only while the stored search keys cannot be read
 * (once per isolate and lexicon version, app/services/lexicon.server.ts) and by the page-words and offline jobs.
 */
export async function listLexiconEntries(db: Db) {
  return db
    .select({
      id: lexemes.id,
      name: lexemes.name,
      pos: lexemes.pos,
      gloss: lexemes.gloss,
      stem: lexemes.stem,
      searchKey: lexemes.searchKey,
      corpusCount: lexemes.corpusCount,
      audioKey: audioObjects.key,
    })
    .from(lexemes)
    .leftJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
    .orderBy(asc(lexemes.id));
}

/**
 * The lexicon version: which engine derives data from the lexicon (ADR 034) and how many writes that change what is
 * derived from a lexeme it has had (insert, delete, name/pos/gloss/stem: counted by migration 0018's triggers). One
 * row read. A recording or a corpus count does not change it: nothing derived holds them.
 */
export async function lexiconVersion(db: Db): Promise<string> {
  const row = await db.get<{ writes: number } | undefined>(sql`SELECT lexicon_writes AS writes FROM search_data WHERE id = 1`);
  return lexiconVersionOf(row?.writes ?? 0);
}

/** The lexicon version of a count of lexicon writes (for a query that reads the count with other rows). */
export const lexiconVersionOf = (writes: number): string => `e${SEARCH_DATA_VERSION}:${writes}`;

/**
 * The recording queues of /DEV_editor/record (issue 38): what still needs a recording, one item at a time.
 * Every queue holds only items without audio, so a saved item leaves it and the same position shows the next; a
 * skip moves the position on. Database first.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { audioObjects, lessons, lexemes, lexemeUses, reports, stories } from "../schema";

export type RecordItem =
  | { kind: "word"; id: number; name: string; pos: string; gloss: string; views: number; asks: number }
  | { kind: "sentence"; storyId: string; position: number; text: string; trans: string };

export type QueueSlice = { item: RecordItem | null; total: number };

const views = sql<number>`coalesce(${lexemeUses.views}, 0)`;
/** Open "Ask for a recording" reports of a word (sent from its page /k/{id}). */
const asks = sql<number>`(SELECT count(*) FROM ${reports} WHERE ${reports.kind} = 'recording' AND ${reports.status} = 'open' AND ${reports.page} = '/k/' || ${lexemes.id})`;

const wordColumns = { id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, views, asks };

/** Words without audio, most viewed (then most searched, then most frequent in the texts) first. */
export async function mostViewedWithoutAudio(db: Db, at: number): Promise<QueueSlice> {
  const where = isNull(lexemes.audioId);
  const [rows, total] = await db.batch([
    db
      .select(wordColumns)
      .from(lexemes)
      .leftJoin(lexemeUses, eq(lexemeUses.lexemeId, lexemes.id))
      .where(where)
      .orderBy(desc(views), desc(sql`coalesce(${lexemeUses.searches}, 0)`), desc(lexemes.corpusCount), asc(lexemes.id))
      .limit(1)
      .offset(at),
    db
      .select({ n: sql<number>`count(*)` })
      .from(lexemes)
      .where(where),
  ]);
  return { item: rows[0] ? { kind: "word", ...rows[0] } : null, total: total[0]?.n ?? 0 };
}

/** Words without audio that learners asked a recording for, most asked (then oldest ask) first. */
export async function askedWithoutAudio(db: Db, at: number): Promise<QueueSlice> {
  const where = and(isNull(lexemes.audioId), sql`${asks} > 0`);
  const [rows, total] = await db.batch([
    db
      .select(wordColumns)
      .from(lexemes)
      .leftJoin(lexemeUses, eq(lexemeUses.lexemeId, lexemes.id))
      .where(where)
      .orderBy(desc(asks), desc(views), asc(lexemes.id))
      .limit(1)
      .offset(at),
    db
      .select({ n: sql<number>`count(*)` })
      .from(lexemes)
      .where(where),
  ]);
  return { item: rows[0] ? { kind: "word", ...rows[0] } : null, total: total[0]?.n ?? 0 };
}

/** A lesson's words (its spec, in order) that have no recording yet. */
export async function lessonWordsWithoutAudio(db: Db, lessonId: number, at: number): Promise<QueueSlice> {
  const lesson = await db.select({ spec: lessons.spec }).from(lessons).where(eq(lessons.id, lessonId)).get();
  const wanted = lesson?.spec?.words ?? [];
  if (wanted.length === 0) return { item: null, total: 0 };
  const found = await db
    .select(wordColumns)
    .from(lexemes)
    .leftJoin(lexemeUses, eq(lexemeUses.lexemeId, lexemes.id))
    .where(and(isNull(lexemes.audioId), inArray(lexemes.name, [...new Set(wanted.map((w) => w.name))].slice(0, 90))));
  const list = wanted.flatMap((w) => found.filter((f) => f.name === w.name && f.pos === w.pos));
  const item = list[at];
  return { item: item ? { kind: "word", ...item } : null, total: list.length };
}

/** A story's sentences (numbered through the story from 1, as its recording calls are) without a recording. */
export async function storySentencesWithoutAudio(db: Db, storyId: string, at: number): Promise<QueueSlice> {
  const story = await db.select({ data: stories.data }).from(stories).where(eq(stories.id, storyId)).get();
  const list: Array<Extract<RecordItem, { kind: "sentence" }>> = [];
  let position = 0;
  for (const paragraph of story?.data ?? []) {
    for (const sentence of paragraph) {
      position++;
      if (!sentence.audio) list.push({ kind: "sentence", storyId, position, text: sentence.text, trans: sentence.trans });
    }
  }
  return { item: list[at] ?? null, total: list.length };
}

/** The lessons and stories an editor can pick a queue from. */
export async function queueSources(db: Db) {
  const [lessonRows, storyRows] = await db.batch([
    db.select({ id: lessons.id, title: lessons.title }).from(lessons).orderBy(asc(lessons.position), asc(lessons.id)),
    db.select({ id: stories.id, title: stories.title }).from(stories).orderBy(asc(stories.title), asc(stories.id)),
  ]);
  return { lessons: lessonRows, stories: storyRows };
}

/** A word about to get its recording: its name and current clip (to restore if the upload fails). */
export async function getWordForRecording(db: Db, id: number) {
  return (await db.select({ id: lexemes.id, name: lexemes.name, audioId: lexemes.audioId }).from(lexemes).where(eq(lexemes.id, id)).get()) ?? null;
}

/** Points a word at the clip stored under `key` (in the clip's own batch: row, audit entry and use together). */
export function setWordAudio(db: Db, wordId: number, key: string): BatchItem<"sqlite"> {
  return db
    .update(lexemes)
    .set({ audioId: sql`(SELECT ${audioObjects.id} FROM ${audioObjects} WHERE ${audioObjects.key} = ${key})`, updatedAt: new Date() })
    .where(eq(lexemes.id, wordId));
}

/** Undoes setWordAudio when the clip could not be stored: the word gets its earlier clip (or none) back. */
export function restoreWordAudio(db: Db, word: { id: number; audioId: number | null }): BatchItem<"sqlite"> {
  return db.update(lexemes).set({ audioId: word.audioId }).where(eq(lexemes.id, word.id));
}

/**
 * Closes learners' open "Ask for a recording" reports of a word with a note; answers how many. Written after the
 * clip is stored (a failed upload leaves them open).
 */
export async function answerRecordingAsks(db: Db, input: { wordId: number; userId: number; note: string; now?: Date }) {
  const rows = await db
    .update(reports)
    .set({ status: "resolved", resolutionNote: input.note, resolvedBy: input.userId, resolvedAt: input.now ?? new Date() })
    .where(and(eq(reports.kind, "recording"), eq(reports.status, "open"), eq(reports.page, `/k/${input.wordId}`)))
    .returning({ id: reports.id });
  return rows.length;
}

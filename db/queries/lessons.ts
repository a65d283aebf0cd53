/** Lessons of /aambe/learn/{num} and the audio of the forms the learn pages show. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, forms, lessonItems, lessons, lexemes, sentences, stories } from "../schema";

export type LessonItem = {
  position: number;
  type: "word" | "sent";
  value: string;
  pos: string | null;
  trans: string;
  /** Path of the recording on this site (/audio/…), or null when there is none. */
  audio: string | null;
};

/** `/audio/{file}` serves R2 keys under `audio/` only; any other key has no public URL. */
export function audioPathForKey(key: string | null | undefined): string | null {
  if (!key || !key.startsWith("audio/")) return null;
  const file = key.slice("audio/".length);
  return /^[A-Za-z0-9_-]{1,200}\.(mp3|ogg|opus|webm|m4a|wav)$/.test(file) ? `/${key}` : null;
}

const LESSON_COLUMNS = {
  id: lessons.id,
  title: lessons.title,
  position: lessons.position,
  status: lessons.status,
  summary: lessons.summary,
  explanation: lessons.explanation,
  spec: lessons.spec,
};

function courseQuery(db: Db, opts: { drafts?: boolean }) {
  return db
    .select(LESSON_COLUMNS)
    .from(lessons)
    .where(opts.drafts ? undefined : eq(lessons.status, "published"))
    .orderBy(asc(lessons.position), asc(lessons.id));
}

/** The course path as a lesson page links it (previous / next, its number): no explanations or specs. */
function coursePathQuery(db: Db, opts: { drafts?: boolean }) {
  return db
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .where(opts.drafts ? undefined : eq(lessons.status, "published"))
    .orderBy(asc(lessons.position), asc(lessons.id));
}

/** Dictionary entries by headword (any of the names), for the course's word lists. */
export async function getLexemesByNames(db: Db, names: readonly string[]) {
  const unique = [...new Set(names)].filter(Boolean);
  if (unique.length === 0) return [];
  const out = [];
  for (let i = 0; i < unique.length; i += 90) {
    out.push(
      ...(await db
        .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem, audioKey: audioObjects.key })
        .from(lexemes)
        .leftJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
        .where(inArray(lexemes.name, unique.slice(i, i + 90)))
        .orderBy(asc(lexemes.id))),
    );
  }
  return out.map(({ audioKey, ...l }) => ({ ...l, audio: audioPathForKey(audioKey) }));
}

/** Items (sentences, and words of older lessons) of several lessons, for resolving practice cards. */
export async function getLessonItemsByKeys(db: Db, keys: ReadonlyArray<{ lessonId: number; position: number }>) {
  const ids = [...new Set(keys.map((k) => k.lessonId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ lessonId: lessonItems.lessonId, position: lessonItems.position, value: lessonItems.value, trans: lessonItems.trans })
    .from(lessonItems)
    .where(inArray(lessonItems.lessonId, ids.slice(0, 90)));
  return rows.filter((r) => keys.some((k) => k.lessonId === r.lessonId && k.position === r.position));
}

/**
 * A lesson with its items in order (item audio, else the linked word's audio) and the course path around it, in one
 * D1 round trip (a batch); `lesson` is null when there is no such lesson.
 */
export async function getLessonAndCourse(db: Db, id: number, opts: { drafts?: boolean } = {}) {
  const [lessonRows, rows, course, words] = await db.batch([
    db.select(LESSON_COLUMNS).from(lessons).where(eq(lessons.id, id)),
    db
      .select({
        position: lessonItems.position,
        type: lessonItems.type,
        value: lessonItems.value,
        pos: lessonItems.pos,
        trans: lessonItems.trans,
        audioKey: audioObjects.key,
      })
      .from(lessonItems)
      .leftJoin(lexemes, eq(lexemes.id, lessonItems.lexemeId))
      .leftJoin(audioObjects, eq(audioObjects.id, sql`coalesce(${lessonItems.audioId}, ${lexemes.audioId})`))
      .where(eq(lessonItems.lessonId, id))
      .orderBy(asc(lessonItems.position)),
    coursePathQuery(db, opts),
    // The dictionary entries of the lesson's words (its spec's names), in id order: as getLexemesByNames reads them.
    db
      .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem, audioKey: audioObjects.key })
      .from(lexemes)
      .leftJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
      .where(
        sql`${lexemes.name} IN (SELECT json_extract(w.value, '$.name') FROM ${lessons}, json_each(${lessons.spec}, '$.words') AS w WHERE ${lessons.id} = ${id})`,
      )
      .orderBy(asc(lexemes.id)),
  ]);
  const lesson = lessonRows[0];
  if (!lesson) return { lesson: null, course, words: [] };
  const items: LessonItem[] = rows.map(({ audioKey, ...r }) => ({ ...r, audio: audioPathForKey(audioKey) }));
  return { lesson: { ...lesson, items }, course, words: words.map(({ audioKey, ...l }) => ({ ...l, audio: audioPathForKey(audioKey) })) };
}

/** The published course path and every lesson's item positions (its sentences' card keys), in one round trip. */
export async function getCourseWithPositions(db: Db) {
  const [course, positions] = await db.batch([
    courseQuery(db, {}),
    db
      .select({ lessonId: lessonItems.lessonId, position: lessonItems.position })
      .from(lessonItems)
      .orderBy(asc(lessonItems.lessonId), asc(lessonItems.position)),
  ]);
  return { course, positions };
}

/** A dictionary entry by headword (or numeric id) and part of speech (first match), with its audio path. */
export async function getLexemeByName(db: Db, name: string, pos?: readonly string[]) {
  const match = /^\d{1,12}$/.test(name) ? eq(lexemes.id, Number(name)) : eq(lexemes.name, name);
  const where = pos && pos.length > 0 ? and(match, inArray(lexemes.pos, [...pos])) : match;
  const row = await db
    .select({
      id: lexemes.id,
      name: lexemes.name,
      pos: lexemes.pos,
      gloss: lexemes.gloss,
      stem: lexemes.stem,
      audioKey: audioObjects.key,
    })
    .from(lexemes)
    .leftJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
    .where(where)
    .orderBy(asc(lexemes.id))
    .get();
  if (!row) return null;
  const { audioKey, ...lexeme } = row;
  return { ...lexeme, audio: audioPathForKey(audioKey) };
}

/**
 * Recordings of word forms (editor clips linked to a form row, else a headword's recording of the same spelling),
 * keyed by form; with `examples`, in the same round trip, the sentences and stories that may use the forms.
 */
export async function getFormAudio(db: Db, wordforms: readonly string[]): Promise<Record<string, string>>;
export async function getFormAudio(
  db: Db,
  wordforms: readonly string[],
  opts: { examples: true },
): Promise<{ audio: Record<string, string>; examples: ExampleCandidates }>;
export async function getFormAudio(db: Db, wordforms: readonly string[], opts: { examples?: boolean } = {}) {
  const unique = [...new Set(wordforms)].filter(Boolean);
  if (unique.length === 0) return opts.examples ? { audio: {}, examples: { sentences: [], stories: [] } } : {};
  // A dictionary headword spelled exactly like the form is a recording of that same word.
  const audioQueries = [
    db
      .select({ form: forms.form, key: audioObjects.key })
      .from(audioObjects)
      .innerJoin(forms, eq(forms.id, audioObjects.formId))
      .where(inArray(forms.form, unique))
      .orderBy(asc(audioObjects.id)),
    db
      .select({ form: lexemes.name, key: audioObjects.key })
      .from(lexemes)
      .innerJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
      .where(inArray(lexemes.name, unique.slice(0, 90)))
      .orderBy(asc(lexemes.id)),
  ] as const;
  const audioOf = (rows: ReadonlyArray<{ form: string; key: string }>) => {
    const out: Record<string, string> = {};
    for (const row of rows) {
      const path = audioPathForKey(row.key);
      if (path && !out[row.form]) out[row.form] = path;
    }
    return out;
  };
  if (!opts.examples) {
    const [rows, headwords] = await db.batch(audioQueries);
    return audioOf([...rows, ...headwords]);
  }
  const [rows, headwords, sentenceRows, storyRows] = await db.batch([...audioQueries, ...exampleQueries(db, unique)]);
  return { audio: audioOf([...rows, ...headwords]), examples: { sentences: sentenceRows, stories: storyRows } };
}

/** At most this many rows of each kind are looked at for a lesson's examples. */
const EXAMPLE_CANDIDATES = 100;

export type ExampleCandidates = {
  sentences: Array<{ id: number; text: string; trans: string }>;
  stories: Array<{ id: string; title: string; data: Array<Array<{ text: string; trans: string; audio?: string }>> }>;
};

/**
 * The two queries of a lesson's example candidates: sentences and completed stories whose text holds one of the
 * forms (case-insensitive substring; the forms travel as one JSON parameter, so there is no limit on how many).
 * The caller keeps those that have a form as a whole word.
 */
function exampleQueries(db: Db, wordforms: readonly string[]) {
  const wanted = JSON.stringify([...new Set(wordforms.map((f) => f.trim().toLowerCase()).filter((f) => f.length >= 2))]);
  const holds = (column: unknown) => sql`exists (select 1 from json_each(${wanted}) w where instr(lower(${column}), w.value) > 0)`;
  return [
    db
      .select({ id: sentences.id, text: sentences.text, trans: sentences.trans })
      .from(sentences)
      .where(holds(sentences.text))
      .orderBy(asc(sentences.id))
      .limit(EXAMPLE_CANDIDATES),
    db
      .select({ id: stories.id, title: stories.title, data: stories.data })
      .from(stories)
      .where(and(eq(stories.completed, true), holds(stories.data)))
      .orderBy(asc(stories.id))
      .limit(10),
  ] as const;
}

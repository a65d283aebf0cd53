/**
 * Sentences in the editor (issue 38, /DEV_editor/sentences/{id}): text and translation, the words a sentence is an
 * example of, and its recording. Each change is written with its edit_log row in one D1 batch (ADR 010); the new
 * edit_log id is also the public pages' content version, so the word pages show the change at the next request.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { audioObjects, editLog, lexemes, sentenceLexemes, sentences } from "../schema";

export async function getSentenceForEditor(db: Db, id: number) {
  const sentence = await db
    .select({
      id: sentences.id,
      text: sentences.text,
      trans: sentences.trans,
      source: sentences.source,
      audioId: sentences.audioId,
      audioKey: audioObjects.key,
      speaker: audioObjects.speaker,
    })
    .from(sentences)
    .leftJoin(audioObjects, eq(audioObjects.id, sentences.audioId))
    .where(eq(sentences.id, id))
    .get();
  if (!sentence) return null;
  const words = await db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss })
    .from(sentenceLexemes)
    .innerJoin(lexemes, eq(lexemes.id, sentenceLexemes.lexemeId))
    .where(eq(sentenceLexemes.sentenceId, id))
    .orderBy(asc(lexemes.name), asc(lexemes.id));
  return { ...sentence, words };
}

const audit = (userId: number, id: number, action: string, before: unknown, after: unknown) => ({
  userId,
  entity: "sentences",
  entityId: String(id),
  action,
  before,
  after,
});

/** New text and translation; false when there is no such sentence. Unchanged text writes nothing. */
export async function updateSentenceText(db: Db, input: { id: number; text: string; trans: string; userId: number }) {
  const before = await db.select({ text: sentences.text, trans: sentences.trans }).from(sentences).where(eq(sentences.id, input.id)).get();
  if (!before) return false;
  if (before.text === input.text && before.trans === input.trans) return true;
  await db.batch([
    db.update(sentences).set({ text: input.text, trans: input.trans, updatedAt: new Date() }).where(eq(sentences.id, input.id)),
    db.insert(editLog).values(audit(input.userId, input.id, "set_text", before, { text: input.text, trans: input.trans })),
  ]);
  return true;
}

/** Links (or unlinks) a word the sentence is an example of; answers whether the sentence and word exist. */
export async function setSentenceWord(db: Db, input: { id: number; lexemeId: number; linked: boolean; userId: number }) {
  const [sentence, word] = await db.batch([
    db.select({ id: sentences.id }).from(sentences).where(eq(sentences.id, input.id)),
    db.select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos }).from(lexemes).where(eq(lexemes.id, input.lexemeId)),
  ]);
  if (!sentence[0] || !word[0]) return false;
  const link = { lexemeId: word[0].id, name: word[0].name, pos: word[0].pos };
  await db.batch([
    input.linked
      ? db.insert(sentenceLexemes).values({ sentenceId: input.id, lexemeId: input.lexemeId }).onConflictDoNothing()
      : db.delete(sentenceLexemes).where(and(eq(sentenceLexemes.sentenceId, input.id), eq(sentenceLexemes.lexemeId, input.lexemeId))),
    db
      .insert(editLog)
      .values(audit(input.userId, input.id, input.linked ? "link_word" : "unlink_word", input.linked ? null : link, input.linked ? link : null)),
  ]);
  return true;
}

/** The sentence's current recording, to give back if a new upload fails. */
export async function getSentenceForRecording(db: Db, id: number) {
  return (await db.select({ id: sentences.id, audioId: sentences.audioId }).from(sentences).where(eq(sentences.id, id)).get()) ?? null;
}

/** Points a sentence at the clip stored under `key` (in the clip's own batch). */
export function setSentenceAudio(db: Db, id: number, key: string): BatchItem<"sqlite"> {
  return db
    .update(sentences)
    .set({ audioId: sql`(SELECT ${audioObjects.id} FROM ${audioObjects} WHERE ${audioObjects.key} = ${key})`, updatedAt: new Date() })
    .where(eq(sentences.id, id));
}

/** Undoes setSentenceAudio when the clip could not be stored. */
export function restoreSentenceAudio(db: Db, sentence: { id: number; audioId: number | null }): BatchItem<"sqlite"> {
  return db.update(sentences).set({ audioId: sentence.audioId }).where(eq(sentences.id, sentence.id));
}

/** Lessons in the editor (/DEV_editor/lessons): create and save, each change written with its edit_log row (one batch). */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { audioObjects, editLog, lessonItems, lessons, users, type LessonEdit } from "../schema";

export type LessonFields = LessonEdit & { status: "draft" | "review" | "published" };

/** The course's lessons in path order, drafts too, and whether an edit waits for review (the editor's list). */
export async function listLessonsForEditor(db: Db) {
  return db
    .select({ id: lessons.id, title: lessons.title, status: lessons.status, editInReview: sql<boolean>`${lessons.pending} IS NOT NULL`.mapWith(Boolean) })
    .from(lessons)
    .orderBy(asc(lessons.position), asc(lessons.id));
}

export async function createLesson(db: Db, input: { title: string; userId: number }) {
  const next = await db
    .select({ id: sql<number>`coalesce(max(${lessons.id}), 0) + 1`, position: sql<number>`coalesce(max(${lessons.position}), 0) + 1` })
    .from(lessons)
    .get();
  const id = next?.id ?? 1;
  await db.batch([
    db.insert(lessons).values({ id, title: input.title, position: next?.position ?? 1, status: "draft", updatedAt: new Date() }),
    db.insert(editLog).values({ userId: input.userId, entity: "lessons", entityId: String(id), action: "create", before: null, after: { title: input.title } }),
  ]);
  return id;
}

export async function getLessonForEditor(db: Db, id: number) {
  const lesson = await db.select().from(lessons).where(eq(lessons.id, id)).get();
  if (!lesson) return null;
  const items = await db
    .select({ position: lessonItems.position, type: lessonItems.type, value: lessonItems.value, trans: lessonItems.trans, audioId: lessonItems.audioId })
    .from(lessonItems)
    .where(eq(lessonItems.lessonId, id))
    .orderBy(asc(lessonItems.position));
  return { ...lesson, items };
}

/**
 * Saves a lesson; its sentences replace the old ones (a sentence kept word for word keeps its recording). It replaces
 * any edit in review: the save is the lesson now.
 */
export async function saveLesson(db: Db, id: number, fields: LessonFields, userId: number) {
  const before = await getLessonForEditor(db, id);
  if (!before) return false;
  const audioByText = new Map(before.items.filter((i) => i.type === "sent").map((i) => [i.value, i.audioId]));
  const published = (status: string) => status === "published";
  const action =
    published(before.status) !== published(fields.status)
      ? published(fields.status)
        ? "publish"
        : "unpublish"
      : before.pending && published(fields.status)
        ? "publish_edit"
        : fields.status === "review" && before.status !== "review"
          ? "send_for_review"
          : "update";
  const { sentences, ...rest } = fields;
  // In review: who sent it (the first sender, while it stays in review).
  const lesson = { ...rest, reviewBy: fields.status === "review" ? (before.reviewBy ?? userId) : null, pending: null };
  // Sentences come after any older word items of the lesson.
  const first = Math.max(0, ...before.items.filter((i) => i.type !== "sent").map((i) => i.position)) + 1;
  await db.batch([
    db
      .update(lessons)
      .set({ ...lesson, updatedAt: new Date() })
      .where(eq(lessons.id, id)),
    db.delete(lessonItems).where(and(eq(lessonItems.lessonId, id), eq(lessonItems.type, "sent"))),
    ...sentences.map((s, i) =>
      db.insert(lessonItems).values({
        lessonId: id,
        position: first + i,
        type: "sent",
        value: s.text,
        trans: s.trans,
        audioId: audioByText.get(s.text) ?? null,
      }),
    ),
    db.insert(editLog).values({
      userId,
      entity: "lessons",
      entityId: String(id),
      action,
      before: {
        title: before.title,
        status: before.status,
        summary: before.summary,
        explanation: before.explanation,
        spec: before.spec,
        sentences: before.items,
        pending: before.pending,
      },
      after: fields,
    }),
  ]);
  return true;
}

/**
 * An edit of a published lesson, sent for review by `userId` (ADR 032): kept in `pending` while learners keep the
 * lesson as it is; a reviewer's save (saveLesson) makes it the lesson.
 */
export async function proposeLessonEdit(db: Db, id: number, edit: LessonEdit, userId: number) {
  const before = await db.select({ title: lessons.title, pending: lessons.pending }).from(lessons).where(eq(lessons.id, id)).get();
  if (!before) return false;
  await db.batch([
    db.update(lessons).set({ pending: edit, reviewBy: userId, updatedAt: new Date() }).where(eq(lessons.id, id)),
    db.insert(editLog).values({ userId, entity: "lessons", entityId: String(id), action: "send_for_review", before, after: { pending: edit } }),
  ]);
  return true;
}

export async function lessonHistory(db: Db, id: number) {
  return db
    .select({ id: editLog.id, action: editLog.action, createdAt: editLog.createdAt, username: users.username })
    .from(editLog)
    .leftJoin(users, eq(users.id, editLog.userId))
    .where(and(eq(editLog.entity, "lessons"), eq(editLog.entityId, String(id))))
    .orderBy(desc(editLog.id))
    .limit(20);
}

export async function getLessonSentence(db: Db, lessonId: number, position: number) {
  return (
    (await db
      .select({ id: lessonItems.id, value: lessonItems.value, audioId: lessonItems.audioId })
      .from(lessonItems)
      .where(and(eq(lessonItems.lessonId, lessonId), eq(lessonItems.position, position), eq(lessonItems.type, "sent")))
      .get()) ?? null
  );
}

type LessonSentence = NonNullable<Awaited<ReturnType<typeof getLessonSentence>>>;

/**
 * Points a lesson sentence at its new recording, by the clip's key (for insertAudioObject's batch, so it lands with
 * the clip's row and its edit_log row, as a story sentence's does); nothing changes if the sentence was edited
 * meanwhile.
 */
export function setLessonSentenceAudio(db: Db, sentence: LessonSentence, key: string): BatchItem<"sqlite"> {
  return db
    .update(lessonItems)
    .set({ audioId: sql`(SELECT ${audioObjects.id} FROM ${audioObjects} WHERE ${audioObjects.key} = ${key})` })
    .where(and(eq(lessonItems.id, sentence.id), eq(lessonItems.value, sentence.value)));
}

/**
 * Undoes setLessonSentenceAudio when the clip could not be stored: the sentence gets its earlier recording back
 * (deleting the clip's row has just cleared the pointer, ON DELETE SET NULL).
 */
export function restoreLessonSentenceAudio(db: Db, sentence: LessonSentence): BatchItem<"sqlite"> {
  return db
    .update(lessonItems)
    .set({ audioId: sentence.audioId })
    .where(and(eq(lessonItems.id, sentence.id), isNull(lessonItems.audioId)));
}

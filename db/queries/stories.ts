import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { editLog, STORY_SOURCES, stories, users, type StoryEdit } from "../schema";

export type StorySource = (typeof STORY_SOURCES)[number];

/** What everyone may see: published stories and those the editor lists as coming (never a draft). */
const isPublic = or(eq(stories.completed, true), eq(stories.listed, true));

/** The states an editor chooses between (the editor's story form); "review" is a draft sent for review (issue 38). */
export const STORY_STATES = ["draft", "review", "coming", "published"] as const;
export type StoryState = (typeof STORY_STATES)[number];

export function storyState(story: { completed: boolean; listed: boolean; reviewBy?: number | null }): StoryState {
  return story.completed ? "published" : story.listed ? "coming" : story.reviewBy ? "review" : "draft";
}

/** docs/product.md §3 story index item: id, title, completed (drafts are not listed). */
export async function listStoryIndex(db: Db) {
  return db
    .select({ id: stories.id, title: stories.title, completed: stories.completed })
    .from(stories)
    .where(isPublic)
    .orderBy(asc(stories.title), asc(stories.id));
}

/** A story everyone may see (published or listed as coming), or null: a draft is not found. */
export async function getPublicStory(db: Db, id: string) {
  const story = await getStory(db, id);
  return story && (story.completed || story.listed) ? story : null;
}

/** Any story, drafts included (the editor's view). */
export async function getStory(db: Db, id: string) {
  return (
    (await db
      .select({
        id: stories.id,
        source: stories.source,
        title: stories.title,
        completed: stories.completed,
        listed: stories.listed,
        reviewBy: stories.reviewBy,
        data: stories.data,
      })
      .from(stories)
      .where(eq(stories.id, id))
      .get()) ?? null
  );
}

/** Any story with its edit in review, if any (the editor's view; ADR 032). */
export async function getStoryForEditor(db: Db, id: string) {
  return (
    (await db
      .select({
        id: stories.id,
        title: stories.title,
        completed: stories.completed,
        listed: stories.listed,
        reviewBy: stories.reviewBy,
        data: stories.data,
        pending: stories.pending,
      })
      .from(stories)
      .where(eq(stories.id, id))
      .get()) ?? null
  );
}

/** Every story of one source (the old /bloomfield, /olp, /misc lists that clients search by id). */
export async function listStoriesBySource(db: Db, source: StorySource) {
  return db
    .select({ id: stories.id, title: stories.title, completed: stories.completed, data: stories.data })
    .from(stories)
    .where(and(eq(stories.source, source), isPublic))
    .orderBy(asc(stories.id));
}

export type StoryData = Array<Array<{ text: string; trans: string; audio?: string }>>;

/** Every story, drafts included, newest edits first (the editor's list). */
export async function listStoriesForEditor(db: Db) {
  return db
    .select({
      id: stories.id,
      title: stories.title,
      completed: stories.completed,
      listed: stories.listed,
      reviewBy: stories.reviewBy,
      editInReview: sql<boolean>`${stories.pending} IS NOT NULL`.mapWith(Boolean),
    })
    .from(stories)
    .orderBy(desc(stories.updatedAt), asc(stories.id));
}

/** A new draft story, written together with its edit_log row (one D1 batch). */
export async function createStory(db: Db, input: { id: string; title: string; userId: number }) {
  const now = new Date();
  await db.batch([
    db.insert(stories).values({ id: input.id, source: "misc", title: input.title, completed: false, data: [], updatedAt: now }),
    db.insert(editLog).values({
      userId: input.userId,
      entity: "stories",
      entityId: input.id,
      action: "create",
      before: null,
      after: { title: input.title, completed: false },
    }),
  ]);
}

/**
 * Saves a story's title, sentences and status with an edit_log row holding what it was and what it became
 * (a sentence kept word for word keeps its recording). It replaces any edit in review: the save is the story now.
 */
export async function updateStory(db: Db, input: { id: string; title: string; state: StoryState; data: StoryData; userId: number }) {
  const before = await getStoryForEditor(db, input.id);
  if (!before) return false;
  const audioByText = new Map(before.data.flat().flatMap((s) => (s.audio ? [[s.text, s.audio] as const] : [])));
  const data = input.data.map((p) => p.map((s) => ({ ...s, ...(audioByText.has(s.text) ? { audio: audioByText.get(s.text) } : {}) })));
  const completed = input.state === "published";
  // In review: who sent it (the first sender, while it stays in review).
  const reviewBy = input.state === "review" ? (before.reviewBy ?? input.userId) : null;
  const after = { title: input.title, completed, listed: input.state === "coming", reviewBy, data, pending: null };
  const action =
    before.completed !== completed
      ? completed
        ? "publish"
        : "unpublish"
      : before.pending && (completed || after.listed)
        ? "publish_edit"
        : reviewBy && !before.reviewBy
          ? "send_for_review"
          : "update";
  await db.batch([
    db
      .update(stories)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(stories.id, input.id)),
    db.insert(editLog).values({
      userId: input.userId,
      entity: "stories",
      entityId: input.id,
      action,
      before: {
        title: before.title,
        completed: before.completed,
        listed: before.listed,
        reviewBy: before.reviewBy,
        data: before.data,
        pending: before.pending,
      },
      after,
    }),
  ]);
  return true;
}

/**
 * An edit of a published or coming story, sent for review by `userId` (ADR 032): kept in `pending` while the public
 * columns stay; a reviewer's save (updateStory) makes it the story.
 */
export async function proposeStoryEdit(db: Db, input: { id: string; edit: StoryEdit; userId: number }) {
  const before = await getStoryForEditor(db, input.id);
  if (!before) return false;
  await db.batch([
    db.update(stories).set({ pending: input.edit, reviewBy: input.userId, updatedAt: new Date() }).where(eq(stories.id, input.id)),
    db.insert(editLog).values({
      userId: input.userId,
      entity: "stories",
      entityId: input.id,
      action: "send_for_review",
      before: { title: before.title, completed: before.completed, listed: before.listed, data: before.data, pending: before.pending },
      after: { pending: input.edit },
    }),
  ]);
  return true;
}

/** The story's audit trail, newest first. */
export async function storyHistory(db: Db, id: string) {
  return db
    .select({ id: editLog.id, action: editLog.action, createdAt: editLog.createdAt, username: users.username })
    .from(editLog)
    .leftJoin(users, eq(users.id, editLog.userId))
    .where(and(eq(editLog.entity, "stories"), eq(editLog.entityId, id)))
    .orderBy(desc(editLog.id))
    .limit(20);
}

/** Sentence `position` (1-based, counted across paragraphs) of a story, with its JSON path in `data`; null if none. */
export async function getStorySentence(db: Db, id: string, position: number) {
  const story = await db.select({ data: stories.data }).from(stories).where(eq(stories.id, id)).get();
  let n = 0;
  for (const [p, paragraph] of (story?.data ?? []).entries()) {
    for (const [i, sentence] of paragraph.entries()) {
      if (++n === position) return { id, text: sentence.text, path: `$[${p}][${i}]`, audio: sentence.audio ?? null };
    }
  }
  return null;
}

type StorySentence = NonNullable<Awaited<ReturnType<typeof getStorySentence>>>;

/**
 * Points a story sentence at its recording (for insertAudioObject's batch, so it lands with the clip's row and its
 * edit_log row); nothing changes if the sentence was edited meanwhile.
 */
export function setStorySentenceAudio(db: Db, sentence: StorySentence, key: string): BatchItem<"sqlite"> {
  return db
    .update(stories)
    .set({ data: sql`json_set(${stories.data}, ${`${sentence.path}.audio`}, ${key})`, updatedAt: new Date() })
    .where(and(eq(stories.id, sentence.id), sql`json_extract(${stories.data}, ${`${sentence.path}.text`}) = ${sentence.text}`));
}

/** Undoes setStorySentenceAudio when the clip could not be stored: the sentence gets its earlier recording back. */
export function clearStorySentenceAudio(db: Db, sentence: StorySentence, key: string): BatchItem<"sqlite"> {
  const path = `${sentence.path}.audio`;
  return db
    .update(stories)
    .set({ data: sentence.audio ? sql`json_set(${stories.data}, ${path}, ${sentence.audio})` : sql`json_remove(${stories.data}, ${path})` })
    .where(and(eq(stories.id, sentence.id), sql`json_extract(${stories.data}, ${`${sentence.path}.audio`}) = ${key}`));
}

import { asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { STORY_SOURCES, stories } from "../schema";

export type StorySource = (typeof STORY_SOURCES)[number];


/** docs/product.md §3 story index item: id, title, completed. */
export async function listStoryIndex(db: Db) {
  return db
    .select({ id: stories.id, title: stories.title, completed: stories.completed })
    .from(stories)
    .orderBy(asc(stories.title), asc(stories.id));
}

export async function getStory(db: Db, id: string) {
  return (
    (await db
      .select({
        id: stories.id,
        source: stories.source,
        title: stories.title,
        completed: stories.completed,
        data: stories.data,
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
    .where(eq(stories.source, source))
    .orderBy(asc(stories.id));
}

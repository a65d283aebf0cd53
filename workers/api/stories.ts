import { Hono } from "hono";
import { createDb } from "../../db/client";
import { listStoriesBySource, listStoryIndex, type StorySource } from "../../db/queries/stories";
import type { ApiEnv } from "./types";

const CACHE = { "Cache-Control": "public, max-age=300" };

/** GET /api/story-index — docs/product.md §7: list of `{ id, title, completed }`. */
export const storyIndex = new Hono<ApiEnv>().get("/", async (c) =>
  c.json(await listStoryIndex(createDb(c.env.DB)), 200, CACHE),
);

/**
 * GET /api/bloomfield, /api/olp, /api/misc — the old story sources (docs/product.md §7 story fetch): the list a
 * client searches for a matching id. Only completed stories carry their paragraphs.
 */
export function storySource(source: StorySource) {
  return new Hono<ApiEnv>().get("/", async (c) => {
    const rows = await listStoriesBySource(createDb(c.env.DB), source);
    return c.json(
      rows.map((s) => ({ id: s.id, title: s.title, completed: s.completed, data: s.completed ? s.data : [] })),
      200,
      CACHE,
    );
  });
}

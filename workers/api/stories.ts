import { listStoriesBySource, listStoryIndex, type StorySource } from "../../db/queries/stories";
import { apiRoutes, createRoute, jsonResponse, z } from "./openapi";

const CACHE = { "Cache-Control": "public, max-age=300" };

const StoryIndexItemSchema = z.object({ id: z.string(), title: z.string(), completed: z.boolean() }).openapi("StoryIndexItem");

const StorySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    completed: z.boolean(),
    data: z
      .array(z.array(z.object({ text: z.string(), trans: z.string(), audio: z.string().optional() })))
      .meta({ description: "paragraphs, each a list of sentences" }),
  })
  .openapi("Story");

/** GET /api/story-index — docs/product.md §7: list of `{ id, title, completed }`. */
export const storyIndex = apiRoutes().openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "Every story's id, title and whether it is ready to view",
    responses: { 200: jsonResponse(z.array(StoryIndexItemSchema)) },
  }),
  async (c) => c.json(await listStoryIndex(c.env.db), 200, CACHE),
);

const SOURCE_IDS: Record<StorySource, string> = { bloomfield: "AM…", olp: "OLP…", misc: "with other prefixes" };

/**
 * GET /api/bloomfield, /api/olp, /api/misc — the old story sources (docs/product.md §7 story fetch): the list a
 * client searches for a matching id. Only completed stories carry their paragraphs.
 */
export function storySource(source: StorySource) {
  return apiRoutes().openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: `Stories of the ${source} source (ids ${SOURCE_IDS[source]}); incomplete ones have no paragraphs`,
      responses: { 200: jsonResponse(z.array(StorySchema)) },
    }),
    async (c) => {
      const rows = await listStoriesBySource(c.env.db, source);
      return c.json(
        rows.map((s) => ({ id: s.id, title: s.title, completed: s.completed, data: s.completed ? s.data : [] })),
        200,
        CACHE,
      );
    },
  );
}

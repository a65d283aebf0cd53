import { indexForSearch } from "../../app/services/lexicon.server";
import { noteSearchHits } from "../../app/services/word-uses.server";
import { MAX_QUERY_LENGTH, searchWords } from "../../app/core/word-search";
import { apiRoutes, createRoute, errorResponses, jsonResponse, z } from "./openapi";
import { validationHook } from "./validation";

const SearchHitSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    pos: z.string(),
    gloss: z.string(),
    audio: z.string().nullable().meta({ description: "URL of the recording" }),
    match: z.enum(["odawa", "prefix", "form", "english", "phrase"]),
    analysis: z
      .object({ form: z.string(), lemma: z.string(), gloss: z.string(), cell: z.string(), explanation: z.string() })
      .nullable()
      .meta({ description: "For an inflected form: nmaajaa → maajaa, I leave" }),
  })
  .openapi("SearchHit");

const route = createRoute({
  method: "get",
  path: "/",
  summary: `Search words by Odawa (any spelling or inflected form) or English; at most 100 hits`,
  request: {
    query: z.object({ q: z.string().trim().min(1).max(MAX_QUERY_LENGTH).meta({ example: "maajaa" }) }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        query: z.string(),
        total: z.number().int(),
        more: z.number().int().meta({ description: "hits beyond the first 100" }),
        data: z.array(SearchHitSchema),
      }),
    ),
    ...errorResponses({ VALIDATION: "Missing or too long q" }),
  },
});

/** GET /api/search?q= — the word search of /k?q= as JSON (at most 100 hits, then `more`). */
export const search = apiRoutes().openapi(
  route,
  async (c) => {
    const q = c.req.valid("query").q;
    const result = searchWords(await indexForSearch(c.env, q), q);
    noteSearchHits(new URL(c.req.url), result.hits);
    return c.json(
      {
        query: result.query,
        total: result.total,
        more: result.more,
        data: result.hits.map(({ entry, match, analysis }) => ({
          id: entry.id,
          name: entry.name,
          pos: entry.pos,
          gloss: entry.gloss,
          audio: entry.audioUrl,
          match,
          analysis,
        })),
      },
      200,
    );
  },
  validationHook({ message: `q must be 1 to ${MAX_QUERY_LENGTH} characters.` }),
);

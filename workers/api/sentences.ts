import { sentenceIdsForLexeme } from "../../db/queries/lexemes";
import { getSentence } from "../../db/queries/sentences";
import { apiError } from "./errors";
import { apiRoutes, createRoute, errorResponses, jsonOrFormBody, jsonResponse, z } from "./openapi";
import { bodyKind, readableBody, validationHook } from "./validation";

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const SentenceSchema = z.object({ id: z.number().int(), text: z.string(), trans: z.string(), source: z.string() }).openapi("Sentence");

const SentenceBody = z.object({ id: Id }).meta({ example: { id: 1 } });
const invalidSentence = validationHook({ message: "Send a JSON body with a sentence id." });

/** POST /api/sentence — docs/product.md §7: JSON `{ id }` → `{ data: sentence }`. */
export const sentence = apiRoutes().openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "One sentence by id",
    middleware: readableBody(SentenceBody, invalidSentence),
    request: { body: jsonOrFormBody(SentenceBody) },
    responses: {
      200: jsonResponse(z.object({ data: SentenceSchema })),
      ...errorResponses({ VALIDATION: "Invalid id", NOT_FOUND: "No such sentence" }),
    },
  }),
  async (c) => {
    const data = await getSentence(c.env.db, c.req.valid(bodyKind(c)).id);
    if (!data) return apiError(c, "NOT_FOUND", "No sentence with that id.");
    return c.json({ data }, 200);
  },
  invalidSentence,
);

/** GET /api/wotd?lex_id= — docs/product.md §7: the example sentence ids of a word, `{ sentence_ids }`. */
export const wotdSentences = apiRoutes().openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "Example sentence ids of a word",
    request: { query: z.object({ lex_id: Id.meta({ example: 1 }) }) },
    responses: {
      200: jsonResponse(z.object({ sentence_ids: z.array(z.number().int()) })),
      ...errorResponses({ VALIDATION: "Invalid lex_id" }),
    },
  }),
  async (c) => {
    const ids = await sentenceIdsForLexeme(c.env.db, c.req.valid("query").lex_id);
    return c.json({ sentence_ids: ids }, 200, { "Cache-Control": "public, max-age=300" });
  },
  validationHook({ message: "lex_id must be a word id." }),
);

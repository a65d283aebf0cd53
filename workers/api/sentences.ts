import { Hono } from "hono";
import { z } from "zod";
import { createDb } from "../../db/client";
import { sentenceIdsForLexeme } from "../../db/queries/lexemes";
import { getSentence } from "../../db/queries/sentences";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { invalid, readBody } from "./validation";

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST /api/sentence — docs/product.md §7: JSON `{ id }` → `{ data: sentence }`. */
export const sentence = new Hono<ApiEnv>().post("/", async (c) => {
  const parsed = z.object({ id: Id }).safeParse(await readBody(c));
  if (!parsed.success) return invalid(c, parsed.error, "Send a JSON body with a sentence id.");
  const data = await getSentence(createDb(c.env.DB), parsed.data.id);
  if (!data) return apiError(c, "NOT_FOUND", "No sentence with that id.");
  return c.json({ data });
});

/** GET /api/wotd?lex_id= — docs/product.md §7: the example sentence ids of a word, `{ sentence_ids }`. */
export const wotdSentences = new Hono<ApiEnv>().get("/", async (c) => {
  const parsed = Id.safeParse(c.req.query("lex_id"));
  if (!parsed.success) return invalid(c, parsed.error, "lex_id must be a word id.");
  const ids = await sentenceIdsForLexeme(createDb(c.env.DB), parsed.data);
  return c.json({ sentence_ids: ids }, 200, { "Cache-Control": "public, max-age=300" });
});

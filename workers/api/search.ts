import { Hono } from "hono";
import { z } from "zod";
import { createDb } from "../../db/client";
import { getSearchIndex } from "../../app/services/lexicon.server";
import { MAX_QUERY_LENGTH, searchWords } from "../../app/core/word-search";
import type { ApiEnv } from "./types";
import { invalid } from "./validation";

/** GET /api/search?q= — the word search of /k?q= as JSON (at most 100 hits, then `more`). */
export const search = new Hono<ApiEnv>().get("/", async (c) => {
  const parsed = z.string().trim().min(1).max(MAX_QUERY_LENGTH).safeParse(c.req.query("q") ?? "");
  if (!parsed.success) return invalid(c, parsed.error, `q must be 1 to ${MAX_QUERY_LENGTH} characters.`);
  const index = await getSearchIndex(createDb(c.env.DB), c.env);
  const result = searchWords(index, parsed.data);
  return c.json({
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
  });
});

import { Hono } from "hono";
import { createDb } from "../../db/client";
import { listVocab } from "../../db/queries/lexemes";
import type { ApiEnv } from "./types";

/** GET /api/vocab — docs/product.md §7: `{ data: vocab entries }` (id, name, gloss, pos). */
export const vocab = new Hono<ApiEnv>().get("/", async (c) => {
  const data = await listVocab(createDb(c.env.DB));
  return c.json({ data }, 200, { "Cache-Control": "public, max-age=300" });
});

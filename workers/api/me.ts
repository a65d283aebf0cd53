import { Hono } from "hono";
import { createDb } from "../../db/client";
import { getSessionUser } from "../../app/services/session.server";
import type { ApiEnv } from "./types";

/** GET /api/wenesh — docs/product.md §7: `{ username }` of the signed-in user, `null` when anonymous. */
export const me = new Hono<ApiEnv>().get("/", async (c) => {
  const user = await getSessionUser(c.req.raw, c.env, createDb(c.env.DB));
  return c.json({ username: user?.username ?? null }, 200, { "Cache-Control": "private, no-store" });
});

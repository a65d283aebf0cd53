import { Hono } from "hono";
import { createDb } from "../../db/client";
import { recordClick } from "../../app/services/clicks.server";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { invalid, readBody } from "./validation";

/** POST /api/click — docs/product.md §7 `POST /click` (form: email, page). Only logged; capped per client (429 + Retry-After). */
export const clicks = new Hono<ApiEnv>().post("/", async (c) => {
  const result = await recordClick({ env: c.env, db: createDb(c.env.DB) }, c.req.raw, await readBody(c));
  if (result.status === "invalid") return invalid(c, result.error);
  if (result.status === "rate-limited") {
    c.header("Retry-After", String(result.retryAfter));
    return apiError(c, "RATE_LIMITED", result.message);
  }
  return c.json({ success: true });
});

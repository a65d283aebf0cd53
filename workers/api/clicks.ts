import { Hono } from "hono";
import { createDb } from "../../db/client";
import { logClick } from "../../db/queries/clicks";
import { ClickSchema } from "../../app/utils/validation";
import type { ApiEnv } from "./types";
import { invalid, readBody } from "./validation";

/** POST /api/click — SPEC §7 `POST /click` (form: email, page). Only logged. */
export const clicks = new Hono<ApiEnv>().post("/", async (c) => {
  const parsed = ClickSchema.safeParse(await readBody(c));
  if (!parsed.success) return invalid(c, parsed.error);
  await logClick(createDb(c.env.DB), parsed.data);
  return c.json({ success: true });
});

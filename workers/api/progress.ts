/**
 * GET/PUT /api/progress — the spaced-repetition schedule of the signed-in learner, so practice
 * follows them across devices. Identity comes only from the session cookie.
 * @see docs/decisions/008-practice-schedule-with-ts-fsrs.md
 */
import { Hono } from "hono";
import { createDb } from "../../db/client";
import { listSrsCards, saveSrsCards } from "../../db/queries/srs";
import { RATE_LIMIT_TEXT, takeClientCap } from "../../app/services/rate-limit.server";
import { getSessionUser } from "../../app/services/session.server";
import { ProgressPutSchema } from "../../app/utils/progress";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { invalid } from "./validation";

const NOT_SIGNED_IN = "Please sign in to save your progress.";

/** A review stamped more than a day ahead of the server clock is refused (it would win every later sync). */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export const progress = new Hono<ApiEnv>()
  .use(async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    await next();
  })
  .get("/", async (c) => {
    const db = createDb(c.env.DB);
    const user = await getSessionUser(c.req.raw, c.env, db);
    if (!user) return apiError(c, "UNAUTHORIZED", NOT_SIGNED_IN);
    return c.json({ cards: await listSrsCards(db, user.id) });
  })
  .put("/", async (c) => {
    const db = createDb(c.env.DB);
    const user = await getSessionUser(c.req.raw, c.env, db);
    if (!user) return apiError(c, "UNAUTHORIZED", NOT_SIGNED_IN);
    // Every write attempt counts, before the body is read (RATE_RULES.progressWrite).
    const refusal = await takeClientCap(db, "progressWrite", c.req.raw);
    if (refusal) {
      c.header("Retry-After", String(refusal.retryAfter));
      return apiError(c, "RATE_LIMITED", RATE_LIMIT_TEXT.progressWrite);
    }
    // JSON only: a cross-site form cannot send it without a CORS preflight.
    if (!(c.req.header("content-type") ?? "").includes("application/json")) {
      return invalid(c, null, "Send the progress as JSON.");
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return invalid(c, null, "The request body is not valid JSON.");
    }
    const parsed = ProgressPutSchema.superRefine((value, ctx) => {
      const latest = Date.now() + MAX_CLOCK_SKEW_MS;
      value.cards.forEach((card, i) => {
        if (Date.parse(card.state.due) !== card.due) {
          ctx.addIssue({ code: "custom", path: ["cards", i, "due"], message: "due must equal state.due." });
        }
        if (card.updatedAt > latest) {
          ctx.addIssue({ code: "custom", path: ["cards", i, "updatedAt"], message: "updatedAt is in the future." });
        }
      });
    }).safeParse(body);
    if (!parsed.success) return invalid(c, parsed.error);
    const saved = await saveSrsCards(db, user.id, parsed.data.cards);
    return c.json({ saved });
  });

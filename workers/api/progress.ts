/**
 * GET/PUT /api/progress — the spaced-repetition schedule of the signed-in learner, so practice
 * follows them across devices; GET/POST /api/progress/reviews — the learner's answers, and the answers given
 * offline (each once, by its id). Identity comes only from the session cookie.
 * @see docs/decisions/008-practice-schedule-with-ts-fsrs.md, docs/decisions/017-offline-service-worker.md
 */
import { Hono, type Context } from "hono";
import { createDb } from "../../db/client";
import { listReviews, listSrsCards, saveSrsCards } from "../../db/queries/srs";
import { RATE_LIMIT_TEXT, takeClientCap } from "../../app/services/rate-limit.server";
import { getSessionUser } from "../../app/services/session.server";
import { recordOfflineReviews } from "../../app/services/practice.server";
import { ProgressPutSchema, ReviewsPostSchema } from "../../app/utils/progress";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { invalid } from "./validation";

const NOT_SIGNED_IN = "Please sign in to save your progress.";

/** A review stamped more than a day ahead of the server clock is refused (it would win every later sync). */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/** The JSON body of a write, or the answer that refuses it (rate limit first, then JSON only: a cross-site form
 * cannot send JSON without a CORS preflight). */
async function readJsonWrite(c: Context<ApiEnv>, db: ReturnType<typeof createDb>): Promise<{ body: unknown } | { refused: Response }> {
  // Every write attempt counts, before the body is read (RATE_RULES.progressWrite).
  const refusal = await takeClientCap(db, "progressWrite", c.req.raw);
  if (refusal) {
    c.header("Retry-After", String(refusal.retryAfter));
    return { refused: apiError(c, "RATE_LIMITED", RATE_LIMIT_TEXT.progressWrite) };
  }
  if (!(c.req.header("content-type") ?? "").includes("application/json")) {
    return { refused: invalid(c, null, "Send the progress as JSON.") };
  }
  try {
    return { body: await c.req.json() };
  } catch {
    return { refused: invalid(c, null, "The request body is not valid JSON.") };
  }
}

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
    const read = await readJsonWrite(c, db);
    if ("refused" in read) return read.refused;
    const body = read.body;
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
  })
  .get("/reviews", async (c) => {
    const db = createDb(c.env.DB);
    const user = await getSessionUser(c.req.raw, c.env, db);
    if (!user) return apiError(c, "UNAUTHORIZED", NOT_SIGNED_IN);
    return c.json({ reviews: await listReviews(db, user.id, 200) });
  })
  .post("/reviews", async (c) => {
    const db = createDb(c.env.DB);
    const user = await getSessionUser(c.req.raw, c.env, db);
    if (!user) return apiError(c, "UNAUTHORIZED", NOT_SIGNED_IN);
    const read = await readJsonWrite(c, db);
    if ("refused" in read) return read.refused;
    const parsed = ReviewsPostSchema.safeParse(read.body);
    if (!parsed.success) return invalid(c, parsed.error);
    return c.json({ results: await recordOfflineReviews(db, user.id, parsed.data.reviews) });
  });

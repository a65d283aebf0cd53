/**
 * GET/PUT /api/progress — the spaced-repetition schedule of the signed-in learner, so practice
 * follows them across devices; GET/POST /api/progress/reviews — the learner's answers, and the answers given
 * offline (each once, by its id). Identity comes only from the session cookie.
 * @see docs/decisions/008-practice-schedule-with-ts-fsrs.md, docs/decisions/017-offline-service-worker.md
 */
import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/client";
import { listReviews, listSrsCards, saveSrsCards } from "../../db/queries/srs";
import { RATE_LIMIT_TEXT, takeClientCap } from "../../app/services/rate-limit.server";
import { getSessionUser, type SessionUser } from "../../app/services/session.server";
import { recordOfflineReviews } from "../../app/services/practice.server";
import { ProgressCardSchema, ProgressPutSchema, ReviewsPostSchema } from "../../app/utils/progress";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { apiRoutes, createRoute, errorResponses, jsonBody, jsonResponse, z } from "./openapi";
import { invalid } from "./validation";

const NOT_SIGNED_IN = "Please sign in to save your progress.";

/** A review stamped more than a day ahead of the server clock is refused (it would win every later sync). */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

type ProgressEnv = ApiEnv & { Variables: { user: SessionUser; db: Db } };

/** 401 without a session; sets `c.var.user` and `c.var.db`. */
const signedIn: MiddlewareHandler<ProgressEnv> = async (c, next) => {
  const db = c.env.db;
  const user = await getSessionUser(c.req.raw, c.env.config, db);
  if (!user) return apiError(c, "UNAUTHORIZED", NOT_SIGNED_IN);
  c.set("user", user);
  c.set("db", db);
  await next();
};

/**
 * Before the body is validated: every write attempt counts (RATE_RULES.progressWrite), then JSON only (a
 * cross-site form cannot send JSON without a CORS preflight) and readable.
 */
const writeGate: MiddlewareHandler<ProgressEnv> = async (c, next) => {
  const refusal = await takeClientCap(c.var.db, "progressWrite", c.req.raw);
  if (refusal) {
    c.header("Retry-After", String(refusal.retryAfter));
    return apiError(c, "RATE_LIMITED", RATE_LIMIT_TEXT.progressWrite);
  }
  if (!(c.req.header("content-type") ?? "").includes("application/json")) return invalid(c, null, "Send the progress as JSON.");
  try {
    await c.req.json();
  } catch {
    return invalid(c, null, "The request body is not valid JSON.");
  }
  await next();
};

/** The cards of a PUT, and what the server clock checks: `due` is `state.due`, no `updatedAt` from the future. */
const ProgressPut = ProgressPutSchema.superRefine((value, ctx) => {
  const latest = Date.now() + MAX_CLOCK_SKEW_MS;
  value.cards.forEach((card, i) => {
    if (Date.parse(card.state.due) !== card.due) {
      ctx.addIssue({ code: "custom", path: ["cards", i, "due"], message: "due must equal state.due." });
    }
    if (card.updatedAt > latest) {
      ctx.addIssue({ code: "custom", path: ["cards", i, "updatedAt"], message: "updatedAt is in the future." });
    }
  });
}).meta({ example: { cards: [] } });

const READ_ERRORS = errorResponses({ UNAUTHORIZED: "Not signed in" });
const WRITE_ERRORS = errorResponses({
  VALIDATION: "Not JSON, or a card or answer was refused",
  UNAUTHORIZED: "Not signed in",
  RATE_LIMITED: "Too many writes from this client",
});

export const progress = apiRoutes<ProgressEnv>();

progress.use(async (c, next) => {
  c.header("Cache-Control", "private, no-store");
  await next();
});

progress
  .openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: "The learner's practice schedule",
      middleware: signedIn,
      responses: { 200: jsonResponse(z.object({ cards: z.array(ProgressCardSchema.extend({ state: z.unknown() })) })), ...READ_ERRORS },
    }),
    async (c) => c.json({ cards: await listSrsCards(c.var.db, c.var.user.id) }, 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/",
      summary: "Save cards of the schedule (the later review of a card wins)",
      middleware: [signedIn, writeGate] as const,
      request: { body: jsonBody(ProgressPut) },
      responses: { 200: jsonResponse(z.object({ saved: z.number().int() })), ...WRITE_ERRORS },
    }),
    async (c) => c.json({ saved: await saveSrsCards(c.var.db, c.var.user.id, c.req.valid("json").cards) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/reviews",
      summary: "The learner's latest answers (at most 200)",
      middleware: signedIn,
      responses: {
        200: jsonResponse(z.object({ reviews: z.array(z.object({ id: z.string(), key: z.string(), correct: z.boolean(), answeredAt: z.number() })) })),
        ...READ_ERRORS,
      },
    }),
    async (c) => c.json({ reviews: await listReviews(c.var.db, c.var.user.id, 200) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/reviews",
      summary: "Answers given offline, each recorded once by its id",
      middleware: [signedIn, writeGate] as const,
      request: {
        body: jsonBody(
          ReviewsPostSchema.meta({
            example: {
              reviews: [{ id: "00000000-0000-4000-8000-000000000000", key: "lesson:1:1", kind: "choose", given: "x", askedAt: 0, answeredAt: 1 }],
            },
          }),
        ),
      },
      responses: {
        200: jsonResponse(z.object({ results: z.array(z.object({ id: z.string(), status: z.enum(["recorded", "duplicate", "unknown"]) })) })),
        ...WRITE_ERRORS,
      },
    }),
    async (c) => c.json({ results: await recordOfflineReviews(c.var.db, c.var.user.id, c.req.valid("json").reviews) }, 200),
  );

/**
 * The old Word of the Day JSON calls (docs/product.md §7), kept for existing clients:
 * POST /api/signup-wotd {name, email, source} → {success} or {success: false, error: {code, message}}
 *   (an address that is already confirmed answers {success: true} like a new one, and its owner gets an email:
 *   the old API's SQLITE_CONSTRAINT_UNIQUE answer told anyone who was subscribed)
 * POST /api/verify-unsubscribe-token {token} → {valid}; POST /api/unsubscribe {token} → {success};
 * POST /api/confirm-email {token} → {success}.
 */
import { Hono, type Context } from "hono";
import type { z } from "zod";
import { createDb } from "../../db/client";
import { TokenBodySchema, WOTD_TEXT, WotdSignupSchema } from "../../app/utils/email-forms";
import { isProduction } from "../../app/services/config.server";
import { getRecordedMailStats } from "../../app/services/mail.server";
import { confirmEmail, signUpForWotd, unsubscribe, verifyUnsubscribeToken } from "../../app/services/wotd.server";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { issuesOf, readBody } from "./validation";

const FAILED = { success: false };

/** 400 VALIDATION in the old `{ success: false, error }` shape, with the first issue as the message. */
function invalidBody(c: Context, error: z.ZodError | null) {
  return apiError(c, "VALIDATION", { message: error?.issues[0]?.message, issues: issuesOf(error), fields: FAILED });
}

export const wotd = new Hono<ApiEnv>()
  .post("/signup-wotd", async (c) => {
    const parsed = WotdSignupSchema.safeParse(await readBody(c));
    if (!parsed.success) return invalidBody(c, parsed.error);
    const result = await signUpForWotd({ env: c.env, db: createDb(c.env.DB) }, parsed.data, c.req.raw);
    switch (result.status) {
      case "subscribed":
        return c.json({ success: true });
      case "rate-limited":
        c.header("Retry-After", String(result.retryAfter));
        return apiError(c, "RATE_LIMITED", { message: WOTD_TEXT.rateLimited, fields: FAILED });
      case "error":
        return apiError(c, "INTERNAL", { message: WOTD_TEXT.error, fields: FAILED });
    }
  })
  .post("/verify-unsubscribe-token", async (c) => {
    const parsed = TokenBodySchema.safeParse(await readBody(c));
    if (!parsed.success) return invalidBody(c, parsed.error);
    return c.json({ valid: await verifyUnsubscribeToken(createDb(c.env.DB), parsed.data.token) });
  })
  .post("/unsubscribe", async (c) => {
    const parsed = TokenBodySchema.safeParse(await readBody(c));
    if (!parsed.success) return invalidBody(c, parsed.error);
    return c.json({ success: await unsubscribe(createDb(c.env.DB), parsed.data.token) });
  })
  .post("/confirm-email", async (c) => {
    const parsed = TokenBodySchema.safeParse(await readBody(c));
    if (!parsed.success) return invalidBody(c, parsed.error);
    const state = await confirmEmail(createDb(c.env.DB), parsed.data.token);
    return c.json({ success: state !== "invalid", ...(state === "already-confirmed" ? { alreadyConfirmed: true } : {}) });
  })
  // Test-only (never in production, only with MAIL_TRANSPORT=record): what the recording mailer took, for the bench.
  .get("/_test/recorded-mail", (c) => {
    if (isProduction(c.env) || c.env.MAIL_TRANSPORT !== "record") {
      return apiError(c, "NOT_FOUND");
    }
    return c.json(getRecordedMailStats(c.req.query("subject") ?? ""));
  });

/**
 * The old Word of the Day JSON calls (docs/product.md §7), kept for existing clients:
 * POST /api/signup-wotd {name, email, source} → {success} or {success: false, error: {code, message}}
 *   (an address that is already confirmed answers {success: true} like a new one, and its owner gets an email:
 *   the old API's SQLITE_CONSTRAINT_UNIQUE answer told anyone who was subscribed)
 * POST /api/verify-unsubscribe-token {token} → {valid}; POST /api/unsubscribe {token} → {success};
 * POST /api/confirm-email {token} → {success}.
 */
import { TokenBodySchema, WOTD_TEXT, WotdSignupSchema } from "../../app/utils/email-forms";
import { getRecordedMailStats } from "../../app/services/mail.server";
import { confirmEmail, signUpForWotd, unsubscribe, verifyUnsubscribeToken } from "../../app/services/wotd.server";
import { apiError } from "./errors";
import { apiRoutes, createRoute, errorResponses, jsonOrFormBody, jsonResponse, z } from "./openapi";
import { bodyKind, readableBody, validationHook } from "./validation";

const FAILED = { success: false };

/** 400 VALIDATION in the old `{ success: false, error }` shape, with the first issue as the message. */
const invalidBody = validationHook({ message: "first-issue", fields: FAILED });

const SignupBody = WotdSignupSchema.meta({ example: { email: "reader@example.org", source: "wotd-signup" } });
const TokenBody = TokenBodySchema.meta({ example: { token: "not-a-token" } });

/** A POST call of these: a JSON or form body checked by `body`, refused in the old shape. */
function oldCall<B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, body: B, ok: R) {
  return createRoute({
    method: "post",
    path,
    summary,
    middleware: readableBody(body, invalidBody),
    request: { body: jsonOrFormBody(body) },
    responses: { 200: jsonResponse(ok), ...errorResponses({ VALIDATION: "The body was refused; the message is the first issue's" }) },
  });
}

export const wotd = apiRoutes()
  .openapi(
    createRoute({
      method: "post",
      path: "/signup-wotd",
      summary: "Subscribe an address to the Word of the Day (a confirmation email is sent)",
      middleware: readableBody(SignupBody, invalidBody),
      request: { body: jsonOrFormBody(SignupBody) },
      responses: {
        200: jsonResponse(z.object({ success: z.literal(true) })),
        ...errorResponses({
          VALIDATION: "The body was refused; the message is the first issue's",
          RATE_LIMITED: "Too many sign-ups from this network",
          INTERNAL: "The subscription could not be saved",
        }),
      },
    }),
    async (c) => {
      const result = await signUpForWotd(c.env, c.req.valid(bodyKind(c)), c.req.raw);
      switch (result.status) {
        case "subscribed":
          return c.json({ success: true as const }, 200);
        case "rate-limited":
          c.header("Retry-After", String(result.retryAfter));
          return apiError(c, "RATE_LIMITED", { message: WOTD_TEXT.rateLimited, fields: FAILED });
        case "error":
          return apiError(c, "INTERNAL", { message: WOTD_TEXT.error, fields: FAILED });
      }
    },
    invalidBody,
  )
  .openapi(
    oldCall("/verify-unsubscribe-token", "Whether an unsubscribe token is valid", TokenBody, z.object({ valid: z.boolean() })),
    async (c) => c.json({ valid: await verifyUnsubscribeToken(c.env.db, c.req.valid(bodyKind(c)).token) }, 200),
    invalidBody,
  )
  .openapi(
    oldCall("/unsubscribe", "Unsubscribe the address of a token", TokenBody, z.object({ success: z.boolean() })),
    async (c) => c.json({ success: await unsubscribe(c.env.db, c.req.valid(bodyKind(c)).token) }, 200),
    invalidBody,
  )
  .openapi(
    oldCall(
      "/confirm-email",
      "Confirm a subscription with the token of its email",
      TokenBody,
      z.object({ success: z.boolean(), alreadyConfirmed: z.literal(true).optional() }),
    ),
    async (c) => {
      const state = await confirmEmail(c.env.db, c.req.valid(bodyKind(c)).token);
      return c.json({ success: state !== "invalid", ...(state === "already-confirmed" ? { alreadyConfirmed: true as const } : {}) }, 200);
    },
    invalidBody,
  );

// Test-only (never in production, only with MAIL_TRANSPORT=record; not in the document): what the recording
// mailer took, for the bench.
wotd.get("/_test/recorded-mail", (c) => {
  if (c.env.config.isProduction || c.env.config.mail.transport !== "record") {
    return apiError(c, "NOT_FOUND");
  }
  return c.json(getRecordedMailStats(c.req.query("subject") ?? ""));
});

/**
 * docs/product.md §7 compatibility calls for accounts (form bodies, `{ success }` answers). They share
 * every rule with the pages (app/services/account-access.server.ts): rate limits, equal-time failures,
 * the session cookie. Mounted under /api: /api/login, /api/join, /api/reset,
 * /api/restore-access, /api/logout.
 */
import type { Context } from "hono";
import { logIn, logOut, requestPasswordReset, restoreAccess, signUp } from "../../app/services/account-access.server";
import { clearSessionCookie, getSessionUser } from "../../app/services/session.server";
import { ForgotSchema, LoginSchema, NewPasswordSchema, ResetCodeSchema, SignupFieldsSchema } from "../../app/utils/account-validation";
import type { ApiEnv } from "./types";
import { API_ERRORS, type ApiErrorCode } from "./errors";
import { apiRoutes, createRoute, documentedBody, jsonResponse, z, type ResponseDoc } from "./openapi";
import { readBody } from "./validation";

const noStore = { "Cache-Control": "no-store" };

export const accounts = apiRoutes();

const Success = z.object({ success: z.literal(true) });
const SuccessWithMessage = z.object({ success: z.literal(true), message: z.string() });
/** The docs/product.md §7 failure: no code field. */
const Failure = z.object({ success: z.literal(false), message: z.string() }).openapi("AccountFailure");
const failed = (when: string): ResponseDoc => jsonResponse(Failure, when);

/** The bodies are checked by the account services (the pages share their rules), so they are documented only. */
const body = <T extends z.ZodType>(schema: T, example: z.input<T>) => documentedBody(schema.meta({ example }));

/** docs/product.md §7 failures are `{ success: false, message }` (no code field); the status is the code's in ./errors.ts. */
function failure(c: Context<ApiEnv>, code: ApiErrorCode, message: string, headers?: Record<string, string>): Response {
  return c.json({ success: false, message }, API_ERRORS[code].status, headers);
}

const login = async (c: Context<ApiEnv>) => {
  const result = await logIn(c.env, c.req.raw, (await readBody(c)) ?? {});
  if (result.status === "ok") {
    c.header("Set-Cookie", result.setCookie);
    c.header("Set-Cookie", result.deviceCookie, { append: true });
    return c.json({ success: true as const }, 200, noStore);
  }
  if (result.status === "limited") return failure(c, "RATE_LIMITED", result.message, { ...noStore, "Retry-After": String(result.retryAfter) });
  return failure(c, "UNAUTHORIZED", result.message, noStore);
};
const loginRoute = {
  method: "post",
  summary: "Sign in (sets the session cookie)",
  request: { body: body(LoginSchema, { username: "reader", password: "a-good-password" }) },
  responses: {
    200: jsonResponse(Success),
    401: failed("Wrong username or password"),
    429: failed("Too many attempts; Retry-After says when to try again"),
  },
} as const;
accounts.openapi(createRoute({ ...loginRoute, path: "/login" }), login);
accounts.openapi(createRoute({ ...loginRoute, path: "/login/", hide: true }), login);

accounts.openapi(
  createRoute({
    method: "post",
    path: "/join",
    summary: "Create an account and sign in",
    request: { body: body(SignupFieldsSchema, { username: "newreader", email: "newreader@example.org", password: "a-good-password" }) },
    responses: { 200: jsonResponse(SuccessWithMessage), 400: failed("A field was refused"), 429: failed("Too many sign-ups") },
  }),
  async (c) => {
    const result = await signUp(c.env, c.req.raw, (await readBody(c)) ?? {}, false);
    if (result.status === "ok") {
      for (const cookie of result.cookies) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ success: true as const, message: `Welcome, ${result.username}!` }, 200, noStore);
    }
    if (result.status === "decoy") return c.json({ success: true as const, message: "Welcome!" }, 200, noStore);
    if (result.status === "limited") return failure(c, "RATE_LIMITED", result.message, { ...noStore, "Retry-After": String(result.retryAfter) });
    return failure(c, "VALIDATION", result.message, noStore);
  },
);

accounts.openapi(
  createRoute({
    method: "post",
    path: "/reset",
    summary: "Email a link that restores access (the same answer whether or not the account exists)",
    request: { body: body(ForgotSchema, { username: "reader", email: "reader@example.org" }) },
    responses: { 200: jsonResponse(SuccessWithMessage), 400: failed("A field was refused"), 429: failed("Too many requests") },
  }),
  async (c) => {
    const result = await requestPasswordReset(c.env, c.req.raw, (await readBody(c)) ?? {});
    if (result.status === "done") return c.json({ success: true as const, message: result.message }, 200, noStore);
    if (result.status === "limited") return failure(c, "RATE_LIMITED", result.message, { ...noStore, "Retry-After": String(result.retryAfter) });
    return failure(c, "VALIDATION", result.message, noStore);
  },
);

const RestoreBody = z.object({ code: ResetCodeSchema, password: NewPasswordSchema });

accounts.openapi(
  createRoute({
    method: "post",
    path: "/restore-access",
    summary: "Set a new password with the code of a restore-access email",
    request: { body: body(RestoreBody, { code: "A".repeat(43), password: "a-new-good-password" }) },
    responses: { 200: jsonResponse(SuccessWithMessage), 400: failed("An unknown or used code, or a refused password") },
  }),
  async (c) => {
    const body = ((await readBody(c)) ?? {}) as Record<string, unknown>;
    const code = typeof body.code === "string" ? body.code : null;
    // The old call has no retype field: the password is its own repeat.
    const result = await restoreAccess(c.env, code, { password: body.password, passwordRepeat: body.password });
    if (result.status === "ok") return c.json({ success: true as const, message: result.message }, 200, noStore);
    return failure(c, "VALIDATION", result.message, noStore);
  },
);

/** Logging out changes state, so it is a POST; a GET is answered 405 (GET never changes state). */
accounts.get("/logout", (c) => c.json({ success: false, message: "Use POST to log out." }, 405, { Allow: "POST" }));
accounts.openapi(
  createRoute({
    method: "post",
    path: "/logout",
    summary: "Sign out everywhere (ends every session of the account) and clear the cookie",
    responses: { 200: jsonResponse(Success) },
  }),
  async (c) => {
    const { config, db } = c.env;
    const user = await getSessionUser(c.req.raw, config, db);
    if (user) await logOut(db, user.id);
    return c.json({ success: true as const }, 200, { ...noStore, "Set-Cookie": clearSessionCookie() });
  },
);

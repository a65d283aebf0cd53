/**
 * docs/product.md §7 compatibility calls for accounts (form bodies, `{ success }` answers). They share
 * every rule with the pages (app/services/accounts.server.ts): rate limits, equal-time failures,
 * the session cookie. Mounted under /api: /api/login, /api/join, /api/reset,
 * /api/restore-access, /api/logout.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { createDb } from "../../db/client";
import {
  logIn,
  logOut,
  requestPasswordReset,
  restoreAccess,
  signUp,
} from "../../app/services/accounts.server";
import { clearSessionCookie, getSessionUser } from "../../app/services/session.server";
import type { ApiEnv } from "./types";
import { API_ERRORS, type ApiErrorCode } from "./errors";
import { readBody } from "./validation";

function bindings(c: Context<ApiEnv>) {
  return { env: c.env, db: createDb(c.env.DB), ctx: c.executionCtx };
}

const noStore = { "Cache-Control": "no-store" };

export const accounts = new Hono<ApiEnv>();

/** docs/product.md §7 failures are `{ success: false, message }` (no code field); the status is the code's in ./errors.ts. */
function failure(c: Context<ApiEnv>, code: ApiErrorCode, message: string, headers?: Record<string, string>) {
  return c.json({ success: false, message }, API_ERRORS[code].status, headers);
}

const login = async (c: Context<ApiEnv>) => {
  const result = await logIn(bindings(c), c.req.raw, (await readBody(c)) ?? {});
  if (result.status === "ok") {
    c.header("Set-Cookie", result.setCookie);
    c.header("Set-Cookie", result.deviceCookie, { append: true });
    return c.json({ success: true }, 200, noStore);
  }
  if (result.status === "limited") return failure(c, "RATE_LIMITED", result.message, { ...noStore, "Retry-After": String(result.retryAfter) });
  return failure(c, "UNAUTHORIZED", result.message, noStore);
};
accounts.post("/login", login);
accounts.post("/login/", login);

accounts.post("/join", async (c) => {
  const result = await signUp(bindings(c), c.req.raw, (await readBody(c)) ?? {}, false);
  if (result.status === "ok") {
    return c.json({ success: true, message: `Welcome, ${result.username}!` }, 200, { ...noStore, "Set-Cookie": result.setCookie });
  }
  if (result.status === "decoy") return c.json({ success: true, message: "Welcome!" }, 200, noStore);
  if (result.status === "limited") return failure(c, "RATE_LIMITED", result.message, { ...noStore, "Retry-After": String(result.retryAfter) });
  return failure(c, "VALIDATION", result.message, noStore);
});

accounts.post("/reset", async (c) => {
  const result = await requestPasswordReset(bindings(c), c.req.raw, (await readBody(c)) ?? {});
  if (result.status === "done") return c.json({ success: true, message: result.message }, 200, noStore);
  if (result.status === "limited") return failure(c, "RATE_LIMITED", result.message, { ...noStore, "Retry-After": String(result.retryAfter) });
  return failure(c, "VALIDATION", result.message, noStore);
});

accounts.post("/restore-access", async (c) => {
  const body = ((await readBody(c)) ?? {}) as Record<string, unknown>;
  const code = typeof body.code === "string" ? body.code : null;
  // The old call has no retype field: the password is its own repeat.
  const result = await restoreAccess(bindings(c), code, { password: body.password, passwordRepeat: body.password });
  if (result.status === "ok") return c.json({ success: true, message: result.message }, 200, noStore);
  return failure(c, "VALIDATION", result.message, noStore);
});

/** Logging out changes state, so it is a POST; a GET is answered 405 (GET never changes state). */
accounts.get("/logout", (c) => c.json({ success: false, message: "Use POST to log out." }, 405, { Allow: "POST" }));
accounts.post("/logout", async (c) => {
  const { env, db } = bindings(c);
  const user = await getSessionUser(c.req.raw, env, db);
  if (user) await logOut(db, user.id);
  return c.json({ success: true }, 200, { ...noStore, "Set-Cookie": clearSessionCookie() });
});

/**
 * SPEC §7 compatibility calls for accounts (form bodies, `{ success }` answers). They share
 * every rule with the pages (app/utils/accounts.server.ts): rate limits, equal-time failures,
 * the session cookie. Mounted under /api: /api/login, /api/join, /api/reset,
 * /api/restore-access, /api/logout.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { createDb } from "../../db/client";
import {
  isSameOrigin,
  logIn,
  logOut,
  requestPasswordReset,
  restoreAccess,
  signUp,
} from "../../app/services/accounts.server";
import { clearSessionCookie, getSessionUser } from "../../app/services/session.server";
import type { ApiEnv } from "./types";
import { readBody } from "./validation";

function bindings(c: Context<ApiEnv>) {
  return { env: c.env, db: createDb(c.env.DB), ctx: c.executionCtx };
}

const noStore = { "Cache-Control": "no-store" };

export const accounts = new Hono<ApiEnv>();

/** Only this site's pages may post here (stops log-in CSRF from other sites). */
const forbidden = (c: Context<ApiEnv>) => c.json({ success: false, message: "Forbidden." }, 403);

const login = async (c: Context<ApiEnv>) => {
  if (!isSameOrigin(c.req.raw)) return forbidden(c);
  const result = await logIn(bindings(c), c.req.raw, (await readBody(c)) ?? {});
  if (result.status === "ok") return c.json({ success: true }, 200, { ...noStore, "Set-Cookie": result.setCookie });
  return c.json({ success: false, message: result.message }, result.status === "limited" ? 429 : 401, noStore);
};
accounts.post("/login", login);
accounts.post("/login/", login);

accounts.post("/join", async (c) => {
  if (!isSameOrigin(c.req.raw)) return forbidden(c);
  const result = await signUp(bindings(c), c.req.raw, (await readBody(c)) ?? {}, false);
  if (result.status === "ok") {
    return c.json({ success: true, message: `Welcome, ${result.username}!` }, 200, { ...noStore, "Set-Cookie": result.setCookie });
  }
  if (result.status === "decoy") return c.json({ success: true, message: "Welcome!" }, 200, noStore);
  return c.json({ success: false, message: result.message }, result.status === "limited" ? 429 : 400, noStore);
});

accounts.post("/reset", async (c) => {
  if (!isSameOrigin(c.req.raw)) return forbidden(c);
  const result = await requestPasswordReset(bindings(c), c.req.raw, (await readBody(c)) ?? {});
  if (result.status === "done") return c.json({ success: true, message: result.message }, 200, noStore);
  return c.json({ success: false, message: result.message }, result.status === "limited" ? 429 : 400, noStore);
});

accounts.post("/restore-access", async (c) => {
  if (!isSameOrigin(c.req.raw)) return forbidden(c);
  const body = ((await readBody(c)) ?? {}) as Record<string, unknown>;
  const code = typeof body.code === "string" ? body.code : null;
  // The old call has no retype field: the password is its own repeat.
  const result = await restoreAccess(bindings(c), code, { password: body.password, passwordRepeat: body.password });
  if (result.status === "ok") return c.json({ success: true, message: result.message }, 200, noStore);
  return c.json({ success: false, message: result.message }, 400, noStore);
});

accounts.get("/logout", async (c) => {
  const { env, db } = bindings(c);
  const user = await getSessionUser(c.req.raw, env, db);
  if (user) await logOut(db, user.id);
  return c.json({ success: true }, 200, { ...noStore, "Set-Cookie": clearSessionCookie() });
});

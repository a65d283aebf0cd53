/**
 * Session cookie: a JWT (HS256, jose) in a __Host- cookie, plus the page guards requireUser and
 * requireAnonymous (they throw redirects). Roles are declared as middleware (app/middleware/guard.server.ts).
 * @see docs/decisions/003-jwt-sessions.md
 * @see docs/decisions/006-accounts-abuse-limits-and-guards.md
 */
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../../db/client";
import { ROLES, users } from "../../db/schema";
import type { Config } from "./config.server";
import { safeRedirect } from "./safe-redirect.server";

export const SESSION_COOKIE = "__Host-session";
export const SESSION_ISSUER = "nishnaabemwin";
export const SESSION_AUDIENCE = "nishnaabemwin-web";

/** Absolute session lifetime: 30 days. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionUser = {
  id: number;
  username: string;
  usernameColor: string;
  role: "learner" | "editor" | "admin";
};

export function getSessionKey(config: Pick<Config, "sessionSecret">): Uint8Array {
  const secret = config.sessionSecret;
  if (secret.length < 32) {
    throw new Error("SESSION_SECRET is missing or shorter than 32 characters.");
  }
  return new TextEncoder().encode(secret);
}

/**
 * The one cookie parser of the site: every check of a cookie (the session, the page cache, the request guard)
 * reads it here, so none can see a cookie another does not (names are trimmed, as browsers and this parser agree).
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Whether the request carries a session cookie at all (valid or not): such a request is never a shared page's. */
export function hasSessionCookie(request: Request): boolean {
  return readCookie(request, SESSION_COOKIE) !== null;
}

/** The signed-in user, or null. Checks signature, issuer, audience, expiry and session version. */
export async function getSessionUser(request: Request, config: Config, db: Db): Promise<SessionUser | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, getSessionKey(config), {
      issuer: SESSION_ISSUER,
      audience: SESSION_AUDIENCE,
      algorithms: ["HS256"],
    }));
  } catch {
    return null;
  }
  const id = Number(payload.sub);
  if (!Number.isInteger(id)) return null;
  const user = await db
    .select({
      id: users.id,
      username: users.username,
      usernameColor: users.usernameColor,
      role: users.role,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, id))
    .get();
  if (!user || user.sessionVersion !== payload.sv) return null;
  return { id: user.id, username: user.username, usernameColor: user.usernameColor, role: user.role };
}

/** Signs a session for a user; `sessionVersion` must be the user's current users.session_version. */
export async function createSessionToken(config: Config, user: { id: number; sessionVersion: number }) {
  return (
    new SignJWT({ sv: user.sessionVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt()
      // Each log-in its own token, even two in one second: a session's own rate budget is keyed on it.
      .setJti(crypto.randomUUID())
      .setExpirationTime(`${SESSION_MAX_AGE_SECONDS}s`)
      .sign(getSessionKey(config))
  );
}

/** The Set-Cookie value for a session token. */
export function sessionCookie(token: string) {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SECONDS}`;
}

export function clearSessionCookie() {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

// ---------------------------------------------------------------- guards

/** docs/product.md §2: /biindge?from=… takes a path without its leading slash. */
function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const from = `${url.pathname}${url.search}`.replace(/^\/+/, "");
  return redirect(from ? `/biindge?from=${encodeURIComponent(from)}` : "/biindge");
}

/** The signed-in user; otherwise throws a redirect to /biindge?from=<this page>. */
export async function requireUser(request: Request, config: Config, db: Db): Promise<SessionUser> {
  const user = await getSessionUser(request, config, db);
  if (!user) throw loginRedirect(request);
  return user;
}

/**
 * For pages only anonymous visitors see (/biindge, /wiijiiwe, /forgot, /restore): throws a redirect to `to` when
 * signed in (`to` may come from the request, so only a path on this site is followed: safeRedirect).
 */
export async function requireAnonymous(request: Request, config: Config, db: Db, to = "/"): Promise<void> {
  const user = await getSessionUser(request, config, db);
  if (user) throw safeRedirect(to);
}

export type Role = SessionUser["role"];

/** Roles are ordered: admin can do what an editor can, an editor what a learner can. */
export function hasRole(user: Pick<SessionUser, "role"> | null | undefined, role: Role): boolean {
  return Boolean(user) && ROLES.indexOf(user!.role) >= ROLES.indexOf(role);
}

/**
 * D1 read replication through the Sessions API (ADR 015). Every request runs in one D1 session:
 * - a request that changes state starts at the primary ("first-primary");
 * - a read by a visitor who has written recently carries the bookmark of that write (cookie `__Host-d1b`), so a
 *   signed-in learner always sees their own writes, even from a replica;
 * - any other read may use the nearest replica ("first-unconstrained").
 * After a state change by a signed-in visitor the session's bookmark is stored in the cookie (10 minutes). The cookie
 * comes from the client: only a value of a bookmark's shape is passed to D1; anything else is ignored (as if absent).
 * Locally and when replication is off, D1 answers every session from the primary: behaviour is the same.
 */
import { readCookie, SESSION_COOKIE } from "./session.server";
import { isSafeMethod } from "./request-guard.server";

export const BOOKMARK_COOKIE = "__Host-d1b";
const BOOKMARK_MAX_AGE_S = 600;
/** D1's bookmarks (a Durable Object storage bookmark): four groups of hex digits, 8-8-8-32. */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

/** The client's bookmark cookie when it has a bookmark's shape; null otherwise. */
function readBookmark(request: Request): string | null {
  const value = readCookie(request, BOOKMARK_COOKIE);
  return value !== null && BOOKMARK_SHAPE.test(value) ? value : null;
}

export type D1Session = { db: D1Database; finish(response: Response): Response };

/** This request's D1 session (`db`), and `finish` to hand the bookmark back. */
export function openD1Session(env: Env, request: Request): D1Session {
  if (typeof env.DB.withSession !== "function") return { db: env.DB, finish: (response) => response };
  const write = !isSafeMethod(request.method);
  const bookmark = readBookmark(request);
  const session = env.DB.withSession(write ? "first-primary" : (bookmark ?? "first-unconstrained"));
  return {
    db: session as unknown as D1Database,
    finish(response) {
      if (!write || !readCookie(request, SESSION_COOKIE)) return response;
      const latest = session.getBookmark();
      if (!latest || latest === bookmark || !BOOKMARK_SHAPE.test(latest)) return response;
      const out = new Response(response.body, response);
      out.headers.append("Set-Cookie", `${BOOKMARK_COOKIE}=${latest}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_S}; HttpOnly; Secure; SameSite=Lax`);
      return out;
    },
  };
}

/**
 * The request checks every state-changing request passes, for the pages (app/middleware/guard.server.ts)
 * and the JSON API (workers/api/guard.ts) alike:
 * - same origin: a POST/PUT/PATCH/DELETE from another site is refused (403), so no other site can post a form
 *   with the visitor's cookies (the session cookie is also SameSite=Lax). The Origin header decides; without
 *   it, the browser's Sec-Fetch-Site; without either (a client that is not a browser), a request that carries
 *   our cookies is refused, one without cookies (curl, a mail provider) may pass;
 * - readable form (pages only): the body must be a URL-encoded or multipart form the actions can read;
 *   anything else is answered 400/415 with a plain message before any action runs, so malformed input
 *   can never reach `request.formData()` and become a 500. JSON belongs to the Hono API under /api.
 */
import { data } from "react-router";
import { DEVICE_COOKIE } from "./device-cookie.server";
import { readCookie, SESSION_COOKIE } from "./session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Addresses other sites may post to by design: RFC 8058 one-click unsubscribe, sent by mail providers. */
export const CROSS_SITE_POST_PATHS: readonly string[] = ["/unsubscribe/one-click"];

export function isSafeMethod(method: string) {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** Whether the request carries a cookie that speaks for a user: the session or the device cookie. */
const carriesCredentials = (request: Request) => readCookie(request, SESSION_COOKIE) !== null || readCookie(request, DEVICE_COOKIE) !== null;

/** True unless the request changes state and does not come from this site (see the rules above). */
export function isSameOrigin(request: Request): boolean {
  if (isSafeMethod(request.method)) return true;
  const url = new URL(request.url);
  if (CROSS_SITE_POST_PATHS.includes(url.pathname)) return true;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === url.origin;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin" || site === "none";
  return !carriesCredentials(request);
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export async function assertReadableForm(request: Request) {
  if (isSafeMethod(request.method)) return;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    throw data("This address only accepts web forms. Please use the form on the page.", { status: 415 });
  }
  try {
    await request.clone().formData();
  } catch {
    throw data("The form could not be read. Please try again.", { status: 400 });
  }
}

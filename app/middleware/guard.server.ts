/**
 * The pages' middleware. `requestGuard` runs (from app/root.tsx) before every loader and action of every
 * route: same-origin and readable-form checks on anything that changes state, then the session made
 * available to the rest of the request; whatever is rendered for a signed-in user is marked
 * `Cache-Control: private, no-store` on the way out. Routes declare what they need instead of checking by hand:
 *
 *   export const middleware = [requireRole("editor")];
 *
 * on a layout covers its child routes too. The JSON API has the twin of these in workers/api/guard.ts.
 */
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { RoleGateData } from "../components/role-gate";
import { getBindings } from "../context";
import { assertReadableForm, isSameOrigin } from "../services/request-guard.server";
import { getSessionUser, hasRole, type SessionUser } from "../services/session.server";

type Context = Readonly<RouterContextProvider>;

/** The signed-in user of this request, read from the session cookie on first use. */
const sessionContext = createContext<() => Promise<SessionUser | null>>();

const plain = { "Content-Type": "text/plain; charset=utf-8" };

export const requestGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!isSameOrigin(request)) throw new Response("Forbidden", { status: 403, headers: plain });
  await assertReadableForm(request);
  const { config, db } = getBindings(context);
  let user: Promise<SessionUser | null> | undefined;
  context.set(sessionContext, () => (user ??= getSessionUser(request, config, db)));
  const response = await next();
  // Recordings are the same for everyone (and cached long); everything else shown to a user stays private.
  const media = /^audio\//.test(response.headers.get("Content-Type") ?? "");
  // The render knows whom it rendered for: the user the session cookie names (read by the one cookie parser).
  if (!media && (await getUser(context))) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};

/** The signed-in user, or null. */
export function getUser(context: Context): Promise<SessionUser | null> {
  return context.get(sessionContext)();
}

/**
 * A route's declaration that it (and its children) need `role`: anonymous visitors get 401 (a login
 * link back to the page), signed-in users without the role 403. Errors thrown by middleware render in
 * the root error boundary (no loader ran), which shows them with <RoleGate> (components/role-gate.tsx).
 */
export function requireRole(role: RoleGateData["requiredRole"]): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    const user = await getUser(context);
    const gate: RoleGateData = { requiredRole: role };
    if (!user) throw data(gate, { status: 401 });
    if (!hasRole(user, role)) throw data(gate, { status: 403 });
    return next();
  };
}

/** In a loader or action behind `requireRole`: the user the middleware let through. */
export async function getRoleUser(context: Context): Promise<SessionUser> {
  const user = await getUser(context);
  if (!user) throw new Response("Please log in.", { status: 401, headers: plain });
  return user;
}

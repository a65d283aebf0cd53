/**
 * Log out: POST (the button on /niin) and docs/product.md §7 `GET {base}logout` for compatibility.
 * Bumps the session version, so every session of the user ends (all devices).
 */
import { redirect } from "react-router";
import { getBindings } from "../context";
import { logOut } from "../services/accounts.server";
import { clearSessionCookie, getSessionUser } from "../services/session.server";
import type { Route } from "./+types/logout";

async function endSession(request: Request, bindings: ReturnType<typeof getBindings>) {
  const user = await getSessionUser(request, bindings.env, bindings.db);
  if (user) await logOut(bindings.db, user.id);
}

function wantsJson(request: Request) {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** GET /logout: `{ success: true }` for JSON callers; browsers go to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await endSession(request, getBindings(context));
  const headers = { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" };
  if (wantsJson(request)) return Response.json({ success: true }, { headers });
  return redirect("/", { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  await endSession(request, getBindings(context));
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie() } });
}

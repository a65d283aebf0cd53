/**
 * RFC 8058 one-click unsubscribe: the `List-Unsubscribe` URL of every daily email. Mail providers POST
 * `List-Unsubscribe=One-Click` here without cookies. A resource route, so React Router's action origin
 * check does not apply. GET changes nothing and points people to the confirmation page.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/unsubscribe-one-click";
import { getBindings } from "../../context";
import { unsubscribe } from "../../services/wotd.server";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  return redirect(`/unsubscribe?t=${encodeURIComponent(token)}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  // The root middleware has already checked that the body is a readable form (RFC 8058 allows
  // URL-encoded or multipart).
  const body = await request.formData();
  if (body.get("List-Unsubscribe") !== "One-Click") {
    return Response.json({ success: false, error: "Expected List-Unsubscribe=One-Click." }, { status: 400 });
  }
  const token = new URL(request.url).searchParams.get("t");
  const done = await unsubscribe(getBindings(context).db, token);
  return Response.json({ success: done }, { status: done ? 200 : 404 });
}

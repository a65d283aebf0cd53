/**
 * /offline-dictionary (ADR 027): GET tells the browser the current offline dictionary pack (version, whether it is
 * built, its size, its address); POST (a form post from the word list's "Keep the dictionary" button, or the
 * background update) asks for it to be built when it is not there yet, and answers the same.
 */
import { getBindings } from "../../context";
import { packStatus, requestPack } from "../../services/offline-dictionary.server";
import type { Route } from "./+types/offline-dictionary";

const headers = { "Cache-Control": "no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await packStatus(getBindings(context)), { headers });
}

export async function action({ context }: Route.ActionArgs) {
  return Response.json(await requestPack(getBindings(context)), { headers });
}

/** GET /offline-dictionary/{version}: the offline dictionary pack of that version, gzip bytes (ADR 027). */
import { getBindings } from "../../context";
import { servePack } from "../../services/offline-dictionary.server";
import type { Route } from "./+types/offline-dictionary-pack";

export async function loader({ params, context }: Route.LoaderArgs) {
  return servePack(getBindings(context), params.version ?? "");
}

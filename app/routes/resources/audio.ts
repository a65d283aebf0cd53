import { getBindings } from "../../context";
import { servePublicAudio } from "../../services/audio-storage.server";
import type { Route } from "./+types/audio";

/** GET/HEAD /audio/{id}.mp3 — recordings from R2, their key, type and size from D1 (one R2 read). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return servePublicAudio(request, getBindings(context), params.file);
}

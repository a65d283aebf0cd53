import { getBindings } from "../../context";
import { parseAudioFileName, serveAudio } from "../../services/audio-storage.server";
import type { Route } from "./+types/audio";

/** GET/HEAD /audio/{id}.mp3 — recordings from R2. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = parseAudioFileName(params.file);
  if (!file) {
    return new Response("Sorry, there is no audio at this URL.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return serveAudio(request, getBindings(context).audio, file.key, file.contentType);
}

/**
 * Recordings in R2 (binding AUDIO), each with its row in D1 (`audio_objects`: key, content type, size). Keys:
 * `audio/<id>.mp3` for word recordings (docs/product.md §9 "Audio path audio/{id}.mp3"), `forms/<name>.ogg` for
 * editor clips.
 *
 * Serving reads the key, type and size from D1 and answers with one R2 read: a `get` (with the range of a Range
 * request), or a `head` for a HEAD request; never a `head` before a `get`.
 */
import type { Db } from "../../db/client";
import { getAudioObjectByKey } from "../../db/queries/editor-audio";
import { AUDIO_TYPES, CONTENT_TYPE_BY_EXTENSION, type AudioExtension } from "../utils/audio-types";

/** What this module needs of the Worker's bindings. */
type AudioStore = { db: Db; audio: R2Bucket };

/** Safe file names only: letters, digits, _ and - with one known extension (app/utils/audio-types.ts). */
const FILE_RE = new RegExp(`^([A-Za-z0-9_-]{1,200})\\.(${AUDIO_TYPES.map((t) => t.extension).join("|")})$`);

export function parseAudioFileName(file: string): { key: string; contentType: string } | null {
  const match = FILE_RE.exec(file);
  if (!match) return null;
  return { key: `audio/${file}`, contentType: CONTENT_TYPE_BY_EXTENSION[match[2] as AudioExtension] };
}

type ByteRange = { offset: number; length: number };

/** Parses a single `bytes=` range against a known size. Returns "invalid" for unsatisfiable ranges. */
export function parseRange(header: string | null, size: number): ByteRange | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "invalid";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "invalid";
  return { offset: start, length: end - start + 1 };
}

const NO_AUDIO = "Sorry, there is no audio at this URL.";

const BASE_HEADERS = {
  "Accept-Ranges": "bytes",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "public, max-age=31536000, immutable",
};

function noAudio() {
  return new Response(NO_AUDIO, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
}

function unsatisfiable(size: number) {
  return new Response(null, { status: 416, headers: { ...BASE_HEADERS, "Content-Range": `bytes */${size}` } });
}

/** A recording as D1 records it. Without a `size` (an object D1 has no row for), R2's answer tells the size and type. */
type Clip = { key: string; contentType: string; size?: number };

/**
 * Serves a recording with Range (206), HEAD and long cache headers, in one R2 read. With the size from D1 the range
 * is worked out first (416 without asking R2) and R2 reads only those bytes; without it, the whole object is read
 * and the range cut from it.
 */
export async function serveAudio(request: Request, bucket: R2Bucket, clip: Clip): Promise<Response> {
  const header = request.headers.get("Range");
  const planned = clip.size === undefined ? null : parseRange(header, clip.size);
  if (planned === "invalid") return unsatisfiable(clip.size!);
  const object = request.method === "HEAD" ? await bucket.head(clip.key) : await bucket.get(clip.key, planned ? { range: planned } : undefined);
  if (!object) return noAudio();
  const size = object.size;
  const range = clip.size === undefined ? parseRange(header, size) : planned;
  let body = "body" in object ? (object as R2ObjectBody).body : null;
  if (range === "invalid") {
    await body?.cancel();
    return unsatisfiable(size);
  }
  const type = (clip.size === undefined && object.httpMetadata?.contentType) || clip.contentType;
  const headers = new Headers({ ...BASE_HEADERS, "Content-Type": type, ETag: object.httpEtag, "Content-Length": String(range ? range.length : size) });
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  if (body && range && !planned) {
    // Rare (no row in D1): the object is small enough to hold, and this keeps it to one read.
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    return new Response(bytes.subarray(range.offset, range.offset + range.length), { status: 206, headers });
  }
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** GET/HEAD /audio/{file}: a public recording, its key, type and size from D1. */
export async function servePublicAudio(request: Request, store: AudioStore, file: string): Promise<Response> {
  const named = parseAudioFileName(file);
  if (!named) return new Response(NO_AUDIO, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const row = await getAudioObjectByKey(store.db, named.key);
  return serveAudio(request, store.audio, row ?? named);
}

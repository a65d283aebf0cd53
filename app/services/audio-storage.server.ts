/**
 * Audio in R2 (binding AUDIO). Keys: `audio/<id>.mp3` for word recordings
 * (docs/product.md §9 "Audio path audio/{id}.mp3"), `forms/<name>.ogg` for editor clips.
 */
import { AUDIO_TYPES, CONTENT_TYPE_BY_EXTENSION, type AudioExtension } from "../utils/audio-types";

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

const BASE_HEADERS = {
  "Accept-Ranges": "bytes",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "public, max-age=31536000, immutable",
};

/** Serves an R2 object with HEAD, Range (206) and long cache headers. */
export async function serveAudio(request: Request, bucket: R2Bucket, key: string, contentType: string) {
  const head = await bucket.head(key);
  if (!head) {
    return new Response("Sorry, there is no audio at this URL.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  const size = head.size;
  const type = head.httpMetadata?.contentType || contentType;
  const range = parseRange(request.headers.get("Range"), size);
  if (range === "invalid") {
    return new Response(null, { status: 416, headers: { ...BASE_HEADERS, "Content-Range": `bytes */${size}` } });
  }
  const headers = new Headers({ ...BASE_HEADERS, "Content-Type": type, ETag: head.httpEtag });
  if (request.method === "HEAD") {
    headers.set("Content-Length", String(range ? range.length : size));
    if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) return new Response("Sorry, there is no audio at this URL.", { status: 404 });
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(object.body, { status: 200, headers });
}

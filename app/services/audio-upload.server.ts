/**
 * Audio uploads (issue #8): the request body is read through a byte counter that stops at the cap
 * (no unbounded buffering), and the audio type is decided from the file's first bytes, never from
 * its name or the declared type. The types themselves: app/utils/audio-types.ts.
 */
import { audioContentType, type UploadAudioKind } from "../utils/audio-types";

/** docs/product.md has no size limit; ours: 10 MB of audio per file (a minute of opus is well under 1 MB). */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
/** Room for multipart boundaries and the small text fields around the file(s). */
const MULTIPART_SLACK = 64 * 1024;
/** The body limit of an upload request (app/services/body-limit.server.ts): one file and its fields. */
export const MAX_AUDIO_REQUEST_BYTES = MAX_AUDIO_BYTES + MULTIPART_SLACK;

export type SniffedAudio = { kind: UploadAudioKind; contentType: string };

const sniffed = (kind: UploadAudioKind): SniffedAudio => ({ kind, contentType: audioContentType(kind) });

const M4A_BRANDS = new Set(["M4A ", "M4B ", "mp41", "mp42", "isom", "iso2", "iso5", "iso6", "dash"]);

/** webm (EBML with DocType webm), ogg (OggS), mp3 (ID3 tag or MPEG audio frame sync), m4a (ftyp box). */
export function sniffAudio(bytes: Uint8Array): SniffedAudio | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    if (ascii(4, Math.min(bytes.length, 64)).includes("webm")) return sniffed("webm");
    return null;
  }
  if (bytes.length >= 4 && ascii(0, 4) === "OggS") return sniffed("ogg");
  if (bytes.length >= 3 && ascii(0, 3) === "ID3") return sniffed("mp3");
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) !== 0) {
    return sniffed("mp3");
  }
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && M4A_BRANDS.has(ascii(8, 12))) {
    return sniffed("m4a");
  }
  return null;
}

export class UploadTooLarge extends Error {}

/**
 * Parses a multipart body while counting bytes: more than `files × 10 MB` plus slack stops the read.
 * A Content-Length over the limit is refused before reading anything.
 */
export async function readCappedFormData(request: Request, maxFiles = 1): Promise<FormData> {
  const limit = maxFiles * MAX_AUDIO_BYTES + MULTIPART_SLACK;
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw new UploadTooLarge();
  if (!request.body) throw new TypeError("No body");
  let seen = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new UploadTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(counted, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch (error) {
    if (seen > limit) throw new UploadTooLarge();
    throw error;
  }
}

/** Reads a File entry, checks its size and sniffs its type. */
export async function checkAudioFile(file: File): Promise<{ ok: true; bytes: Uint8Array; audio: SniffedAudio } | { ok: false; reason: "size" | "type" }> {
  if (file.size > MAX_AUDIO_BYTES) return { ok: false, reason: "size" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const audio = sniffAudio(bytes);
  if (!audio) return { ok: false, reason: "type" };
  return { ok: true, bytes, audio };
}

/**
 * Recordings: the one module that stores them and serves them. Each is an object in R2 (binding AUDIO) with its row
 * in D1 (`audio_objects`: key, content type, size, who uploaded it and who speaks). Keys:
 * - `audio/<name>`: public, served at /audio/<name>: word recordings `audio/<id>.mp3` (imported; docs/product.md §9
 *   "Audio path audio/{id}.mp3") and the editor's recordings of words and sentences `audio/<base>_<stamp><n>.ogg`;
 * - `forms/<form><n>.ogg`: the editor's clips of a form (docs/product.md §5), played through the editor's API only;
 * - `uploads/<destination>.<ext>`: the admin test page's uploads.
 *
 * Serving reads the key, type and size from D1 and answers with one R2 read: a `get` (with the range of a Range
 * request), or a `head` for a HEAD request; never a `head` before a `get`.
 * Storing: the body is read with a cap and the file sniffed (./audio-upload.server.ts), its bytes are charged to the
 * uploader's daily budget, its row claims the first free key of its candidates (in one D1 batch with its audit row
 * and the statements that point its entity at it), then it is put in R2; when R2 fails, the row goes again.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { getAudioObjectByKey, insertAudioObject, removeAudioObject } from "../../db/queries/editor-audio";
import { AUDIO_TYPES, CONTENT_TYPE_BY_EXTENSION, type AudioExtension } from "../utils/audio-types";
import { formClipBase, uploadFileName } from "../utils/clip-names";
import { SpeakerSchema } from "../utils/editor-schemas";
import { checkAudioFile, readCappedFormData, UploadTooLarge } from "./audio-upload.server";
import { takeUploadBudget } from "./rate-limit.server";

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
  const body = "body" in object ? (object as R2ObjectBody).body : null;
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

/** Why an upload was refused; the API words each one (workers/api/editor-audio.ts). `message`: a more exact one. */
export type UploadRefusal = {
  refused: "nothing" | "tooLarge" | "oneFile" | "speaker" | "notAudio" | "budget" | "failed";
  message?: string;
  retryAfter?: number;
};

const refuse = (refused: UploadRefusal["refused"], more: Omit<UploadRefusal, "refused"> = {}): UploadRefusal => ({ refused, ...more });

/** The file a request carries, with its uploader's fields (and who is speaking, when it says). */
type Picked = { file: File; speaker?: string | null };

type Audit = { entity: string; entityId?: string; action: string };

/**
 * Where a recording goes: its candidate keys (the first free one is taken), the form it is a clip of, its audit row,
 * and the statements that point its entity at it (`attach`, in the row's batch) and undo that if R2 fails (`detach`).
 */
type Placement = {
  keys: string[];
  formId?: number;
  audit: Audit;
  attach?: (key: string) => BatchItem<"sqlite">[];
  detach?: (key: string) => BatchItem<"sqlite">[];
};

/** The editor's uploads: one recording (`audio`) and optionally its speaker's name (`speaker`). */
export function clipWithSpeaker(body: FormData): Picked | UploadRefusal {
  const files = body.getAll("audio").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.length === 0) return refuse("nothing");
  // One recording per request (the recorder sends a pending list clip by clip).
  if (files.length > 1) return refuse("oneFile");
  const speaker = SpeakerSchema.safeParse(body.get("speaker") ?? "");
  if (!speaker.success) return refuse("speaker", { message: speaker.error.issues[0]?.message });
  return { file: files[0]!, speaker: speaker.data || null };
}

const candidates = (n: number, key: (i: number) => string) => Array.from({ length: n }, (_, i) => key(i));

/** A form's next clips: the form without punctuation, then a running index, then '.ogg' (docs/product.md §5). */
export function formClipKeys(form: { id: number; form: string; clipCount: number }): string[] {
  const base = formClipBase(form.form, form.id);
  return candidates(20, (i) => `forms/${base}${form.clipCount + 1 + i}.ogg`);
}

/** A public recording of a word or sentence: audio/{base}_{stamp}{n}.ogg. */
export function publicClipKeys(base: string): string[] {
  const stamp = Date.now().toString(36);
  return candidates(20, (i) => `audio/${base}_${stamp}${i}.ogg`);
}

/** An admin test upload: uploads/{destination}.{ext} (the sniffed type's), then _2, _3, … never overwriting. */
export function uploadKeys(destination: string, contentType: string): string[] {
  const name = uploadFileName(destination, contentType);
  const dot = name.lastIndexOf(".");
  return [`uploads/${name}`, ...candidates(50, (i) => `uploads/${name.slice(0, dot)}_${i + 2}${name.slice(dot)}`)];
}

/** The stored name a caller is told: the key without its folder. */
export function clipFileName(key: string): string {
  return key.slice(key.indexOf("/") + 1);
}

/**
 * Stores the one recording of an upload request by `userId`: reads the body (capped), takes the file and the
 * uploader's fields with `pick`, checks the file's size and sniffs its type, charges the daily budget, then records
 * and puts it where `place` says (given the sniffed type). Answers the stored key and id with the picked fields, or
 * why it was refused.
 */
export async function storeUpload<P extends Picked>(
  request: Request,
  store: AudioStore,
  userId: number,
  pick: (body: FormData) => P | UploadRefusal,
  place: (picked: P, contentType: string) => Placement,
): Promise<(P & { id: number; key: string }) | UploadRefusal> {
  let body: FormData;
  try {
    body = await readCappedFormData(request, 1);
  } catch (error) {
    return refuse(error instanceof UploadTooLarge ? "tooLarge" : "nothing");
  }
  const picked = pick(body);
  if ("refused" in picked) return picked;
  const checked = await checkAudioFile(picked.file);
  if (!checked.ok) return refuse(checked.reason === "size" ? "tooLarge" : "notAudio");
  const overBudget = await takeUploadBudget(store.db, userId, checked.bytes.length);
  if (overBudget) return refuse("budget", { retryAfter: overBudget.retryAfter });
  const { contentType } = checked.audio;
  const stored = await storeClip(store, userId, { bytes: checked.bytes, contentType, speaker: picked.speaker }, place(picked, contentType));
  return stored ? { ...picked, ...stored } : refuse("failed");
}

/** D1 row first (claims the key, with its audit row), then R2; the row is removed again if R2 fails. */
async function storeClip(store: AudioStore, userId: number, clip: { bytes: Uint8Array; contentType: string; speaker?: string | null }, place: Placement) {
  const stored = await insertAudioObject(store.db, {
    keys: place.keys,
    contentType: clip.contentType,
    size: clip.bytes.byteLength,
    userId,
    formId: place.formId ?? null,
    speaker: clip.speaker,
    audit: place.audit,
    attach: place.attach,
  });
  if (!stored) return null;
  try {
    await store.audio.put(stored.key, clip.bytes, { httpMetadata: { contentType: clip.contentType } });
  } catch (error) {
    console.error("audio-upload-failed", { key: stored.key, error: String(error) });
    await removeAudioObject(store.db, { id: stored.id, key: stored.key, userId, audit: place.audit, detach: place.detach?.(stored.key) });
    return null;
  }
  return stored;
}

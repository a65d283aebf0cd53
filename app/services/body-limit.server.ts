/**
 * The size limit of every request body (ADR 031), checked at the Worker's door (workers/app.ts) before anything
 * reads or parses the body: a declared Content-Length over the limit is refused without reading a byte, and any other
 * body (no Content-Length, or one that lies) is read through a counter that stops at the limit. A body within its
 * limit is handed on as bytes, so the guards, the route actions and the API read a body of known, bounded size.
 * Over the limit the answer is 413 with the limit in the message (workers/app.ts: plain text for pages, the API's
 * JSON error for /api).
 *
 * The limits, by address (the first match; matched without regard to case, as the router matches pages):
 */
import { MAX_AUDIO_REQUEST_BYTES } from "./audio-upload.server";
import { MAX_IMPORT_FILE_BYTES } from "./import-jobs.server";
import { pagePath } from "./page-address.server";

const KB = 1024;
const MB = 1024 * KB;
/** Room for multipart boundaries and the small fields beside an uploaded file. */
const FORM_SLACK = 64 * KB;

type BodyLimit = { path: RegExp; bytes: number };

const BODY_LIMITS: readonly BodyLimit[] = [
  // An admin's dictionary or stems file (app/routes/admin-import.tsx).
  { path: /^\/admin\/import\/?$/i, bytes: MAX_IMPORT_FILE_BYTES + FORM_SLACK },
  // An editor's recording: one file per request (app/services/audio-upload.server.ts).
  { path: /^\/api\/(upload-audio|editor\/.+\/audio)\/?$/i, bytes: MAX_AUDIO_REQUEST_BYTES },
  // The editor's pages: a story's sentences are up to 200,000 characters (app/utils/story-editor.ts), URL-encoded.
  { path: /^\/DEV_editor(\/|$)/i, bytes: 2 * MB },
  // JSON calls: the largest is a progress sync of 500 cards (app/utils/progress.ts), well under 256 KB.
  { path: /^\/api(\/|$)/i, bytes: 512 * KB },
  // Every other form: the longest field is a 5,000-character contact message (app/utils/email-forms.ts).
  { path: /^/, bytes: 64 * KB },
];

/** The body limit of a request to `pathname`, in bytes. */
export function bodyLimitFor(pathname: string): number {
  // With JavaScript a form posts to its page's data address (`/admin/import.data`): the page's limit.
  const page = pagePath(pathname);
  return BODY_LIMITS.find((limit) => limit.path.test(page))!.bytes;
}

/** "64 KB", "8.1 MB": a limit as the refusal says it. */
function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.floor(bytes / KB)} KB`;
  return `${Number((bytes / MB).toFixed(1))} MB`;
}

export function tooLargeMessage(limit: number): string {
  return `The request is too large (at most ${formatBytes(limit)}).`;
}

/**
 * The request with its body read, when the body is at most `limit` bytes; null when it is larger (the read stops at
 * the first byte over the limit, and the rest is never read). A request without a body, or a GET or HEAD, is
 * returned as it is.
 */
export async function readBoundedBody(request: Request, limit: number): Promise<Request | null> {
  const body = request.body;
  // A GET or HEAD is never read for a body (and a Request of those methods cannot be given one).
  if (body === null || request.method === "GET" || request.method === "HEAD") return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    await body.cancel().catch(() => undefined);
    return null;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.set("Content-Length", String(size));
  return new Request(request, { body: bytes, headers });
}

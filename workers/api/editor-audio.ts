/**
 * The recording calls of the editor's API (mounted in ./editor.ts under /api/editor, behind its role check) and the
 * admin test upload at /api/upload-audio. Each route finds its own entity and words its own answer; reading, checking,
 * naming, storing, auditing and cleaning up a recording, and playing one, are app/services/audio-storage.server.ts.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { getAudioObject, getFormForUpload } from "../../db/queries/editor-audio";
import { getLessonSentence, restoreLessonSentenceAudio, setLessonSentenceAudio } from "../../db/queries/lesson-editor";
import { clearStorySentenceAudio, getStorySentence, setStorySentenceAudio } from "../../db/queries/stories";
import { getSentenceForRecording, restoreSentenceAudio, setSentenceAudio } from "../../db/queries/sentence-editor";
import { answerRecordingAsks, getWordForRecording, restoreWordAudio, setWordAudio } from "../../db/queries/record-queue";
import { UPLOAD_KINDS_TEXT } from "../../app/utils/audio-types";
import {
  clipFileName,
  clipWithSpeaker,
  formClipKeys,
  publicClipKeys,
  serveAudio,
  storeUpload,
  uploadKeys,
  type UploadRefusal,
} from "../../app/services/audio-storage.server";
import { MAX_AUDIO_BYTES } from "../../app/services/audio-upload.server";
import { RATE_RULES } from "../../app/services/rate-limit.server";
import { requireRoleApi, type RoleEnv } from "./guard";
import { API_ERRORS } from "./errors";
import { FormParams, IdParam, ROLE_ERRORS } from "./editor-params";
import { apiRoutes, createRoute, documentedBody, errorResponses, jsonResponse, z, type ResponseDoc } from "./openapi";

export const NOTHING_TO_UPLOAD = "Nothing to upload (missing audio or destination).";

/**
 * The upload calls answer the product reference's `{ success: false, error: "message" }` (a string, no code; the
 * recorder shows it as is), so their failures are listed here rather than in ./errors.ts.
 */
const UPLOAD_FAILURES = {
  nothing: { status: API_ERRORS.VALIDATION.status, message: NOTHING_TO_UPLOAD },
  tooLarge: { status: 413, message: `The recording is too large (the limit is ${MAX_AUDIO_BYTES / 1024 / 1024} MB).` },
  oneFile: { status: 413, message: "Upload one recording at a time." },
  budget: {
    status: API_ERRORS.RATE_LIMITED.status,
    message: `Daily upload limit reached (${RATE_RULES.uploadBytes.limit / 1024 / 1024} MB per editor per day). Please try again tomorrow.`,
  },
  speaker: { status: API_ERRORS.VALIDATION.status, message: "Enter the speaker's name as plain text, at most 100 characters." },
  notAudio: { status: 415, message: `That file is not a recording we accept (${UPLOAD_KINDS_TEXT}).` },
  failed: { status: API_ERRORS.INTERNAL.status, message: "Upload failed. The server did not indicate success." },
} as const satisfies Record<UploadRefusal["refused"], unknown>;

/** `said`: the schema's own message, when it says more than the list's. */
function uploadFailure(c: Context, failure: keyof typeof UPLOAD_FAILURES, fields: Record<string, unknown> = {}, said?: string): Response {
  const { status, message } = UPLOAD_FAILURES[failure];
  return c.json({ success: false, error: said ?? message, ...fields }, status);
}

/** A refused upload; the editor's calls list what was stored before a failure (`uploaded`, always none now). */
function refusedUpload(c: Context, { refused, message, retryAfter }: UploadRefusal, listUploaded = true): Response {
  if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
  return uploadFailure(c, refused, refused === "failed" && listUploaded ? { uploaded: [] } : {}, message);
}

/** A positive whole number from a path parameter, or 0. */
function positionParam(value: string) {
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : 0;
}

const SentenceParams = z.object({ id: z.string().meta({ example: "1" }), position: z.string().meta({ example: "1" }) });
const RecordParams = z.object({ id: z.string().meta({ example: "1" }) });
const Uploaded = jsonResponse(z.object({ success: z.literal(true), files: z.array(z.string()) }));
const WordUploaded = jsonResponse(z.object({ success: z.literal(true), files: z.array(z.string()), answered: z.number().int() }));
const UploadFailure = z.object({ success: z.literal(false), error: z.string(), uploaded: z.array(z.string()).optional() }).openapi("UploadFailure");
/** The upload failures (UPLOAD_FAILURES): `{ success: false, error: "message" }`, no code. */
const uploadFailed = (when: string): ResponseDoc => jsonResponse(UploadFailure, when);
const UPLOAD_RESPONSES = {
  400: uploadFailed("Nothing to upload, or no such destination"),
  413: uploadFailed("Too large, or more than one recording"),
  415: uploadFailed("Not a recording we accept"),
  429: uploadFailed("Daily upload limit reached"),
  500: uploadFailed("The recording could not be stored"),
};
/**
 * One clip, and optionally who is speaking in it (credited on the public page); multipart, read by the storage
 * module with a size cap before parsing, so documented only.
 */
const ClipBody = documentedBody(z.object({ audio: z.file(), speaker: z.string().max(100).optional() }), ["multipart/form-data"]);

type Audit = { entity: string; entityId: string; action: string };
type Statements = (key: string) => BatchItem<"sqlite">[];

/**
 * A public recording of a word or sentence (audio/{base}_{stamp}{n}.ogg); `attach`/`detach` are the statements
 * that point the entity at it (in the clip's own batch) and undo that.
 */
function storePublicClip(c: Context<RoleEnv>, base: string, audit: Audit, attach: Statements, detach: Statements) {
  return storeUpload(c.req.raw, c.env, c.var.user.id, clipWithSpeaker, () => ({ keys: publicClipKeys(base), audit, attach, detach }));
}

export const editorAudio = apiRoutes<RoleEnv>();
editorAudio
  .openapi(
    createRoute({
      method: "post",
      path: "/forms/{id}/audio",
      summary: "Add a recording to a form",
      request: { params: FormParams, body: ClipBody },
      responses: { 200: Uploaded, ...UPLOAD_RESPONSES, ...ROLE_ERRORS },
    }),
    async (c) => {
      const form = await getFormForUpload(c.var.db, c.req.valid("param").id);
      if (!form) return uploadFailure(c, "nothing");
      const audit = { entity: "forms", entityId: String(form.id), action: "add_audio" };
      const stored = await storeUpload(c.req.raw, c.env, c.var.user.id, clipWithSpeaker, () => ({ keys: formClipKeys(form), formId: form.id, audit }));
      if ("refused" in stored) return refusedUpload(c, stored);
      return c.json({ success: true as const, files: [clipFileName(stored.key)] }, 200);
    },
    (result, c) => (result.success ? undefined : uploadFailure(c, "nothing")),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/lessons/{id}/sentences/{position}/audio",
      summary: "Add a recording to a lesson sentence",
      request: { params: SentenceParams, body: ClipBody },
      responses: { 200: Uploaded, ...UPLOAD_RESPONSES, ...ROLE_ERRORS },
    }),
    async (c) => {
      // A recording of one lesson sentence (ADR 016), public under audio/ like the words' recordings.
      const [lessonId, position] = [positionParam(c.req.param("id")), positionParam(c.req.param("position"))];
      const sentence = lessonId && position ? await getLessonSentence(c.var.db, lessonId, position) : null;
      if (!sentence) return uploadFailure(c, "nothing");
      const stored = await storePublicClip(
        c,
        `lesson${lessonId}_${position}`,
        { entity: "lesson_items", entityId: `${lessonId}:${position}`, action: "add_audio" },
        (key) => [setLessonSentenceAudio(c.var.db, sentence, key)],
        () => [restoreLessonSentenceAudio(c.var.db, sentence)],
      );
      if ("refused" in stored) return refusedUpload(c, stored);
      return c.json({ success: true as const, files: [clipFileName(stored.key)] }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/lexemes/{id}/audio",
      summary: "Add a word's own recording (the recording queue), credited to its speaker",
      request: { params: RecordParams, body: ClipBody },
      responses: { 200: WordUploaded, ...UPLOAD_RESPONSES, ...ROLE_ERRORS },
    }),
    async (c) => {
      // A word's own recording (the recording queue, issue 38): public under audio/, credited to its speaker; it
      // answers the learners' "Ask for a recording" reports of the word.
      const id = positionParam(c.req.param("id"));
      const word = id ? await getWordForRecording(c.var.db, id) : null;
      if (!word) return uploadFailure(c, "nothing");
      const stored = await storePublicClip(
        c,
        `word${word.id}`,
        { entity: "lexemes", entityId: String(word.id), action: "add_audio" },
        (key) => [setWordAudio(c.var.db, word.id, key)],
        () => [restoreWordAudio(c.var.db, word)],
      );
      if ("refused" in stored) return refusedUpload(c, stored);
      const note = stored.speaker ? `Recorded by ${stored.speaker}.` : "Recorded.";
      const answered = await answerRecordingAsks(c.var.db, { wordId: word.id, userId: c.var.user.id, note });
      return c.json({ success: true as const, files: [clipFileName(stored.key)], answered }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/sentences/{id}/audio",
      summary: "Add a recording to a dictionary sentence",
      request: { params: RecordParams, body: ClipBody },
      responses: { 200: Uploaded, ...UPLOAD_RESPONSES, ...ROLE_ERRORS },
    }),
    async (c) => {
      // A dictionary sentence's recording (the editor's sentence view, issue 38), public under audio/.
      const id = positionParam(c.req.param("id"));
      const sentence = id ? await getSentenceForRecording(c.var.db, id) : null;
      if (!sentence) return uploadFailure(c, "nothing");
      const stored = await storePublicClip(
        c,
        `sentence${sentence.id}`,
        { entity: "sentences", entityId: String(sentence.id), action: "add_audio" },
        (key) => [setSentenceAudio(c.var.db, sentence.id, key)],
        () => [restoreSentenceAudio(c.var.db, sentence)],
      );
      if ("refused" in stored) return refusedUpload(c, stored);
      return c.json({ success: true as const, files: [clipFileName(stored.key)] }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/stories/{id}/sentences/{position}/audio",
      summary: "Add a recording to a story sentence",
      request: { params: SentenceParams, body: ClipBody },
      responses: { 200: Uploaded, ...UPLOAD_RESPONSES, ...ROLE_ERRORS },
    }),
    async (c) => {
      // A recording of one story sentence: its key goes into that sentence of the story's data in the clip's own batch.
      const id = c.req.param("id");
      const position = positionParam(c.req.param("position"));
      const sentence = id.length <= 200 && position ? await getStorySentence(c.var.db, id, position) : null;
      if (!sentence) return uploadFailure(c, "nothing");
      const stored = await storePublicClip(
        c,
        `story${id.replace(/[^A-Za-z0-9]/g, "")}_${position}`,
        { entity: "stories", entityId: id, action: "add_audio" },
        (key) => [setStorySentenceAudio(c.var.db, sentence, key)],
        (key) => [clearStorySentenceAudio(c.var.db, sentence, key)],
      );
      if ("refused" in stored) return refusedUpload(c, stored);
      return c.json({ success: true as const, files: [clipFileName(stored.key)] }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/audio/{id}",
      summary: "A stored recording (public or not); supports Range",
      request: { params: z.object({ id: z.string().meta({ example: "1" }) }) },
      responses: {
        200: { description: "The audio", content: { "audio/ogg": { schema: z.string().meta({ format: "binary" }) } } },
        404: { description: "Sorry, there is no audio at this URL." },
        ...ROLE_ERRORS,
      },
    }),
    async (c) => {
      const parsed = IdParam.safeParse(c.req.param("id"));
      const object = parsed.success ? await getAudioObject(c.var.db, parsed.data) : null;
      if (!object) return c.text("Sorry, there is no audio at this URL.", 404);
      const response = await serveAudio(c.req.raw, c.env.audio, object);
      const headers = new Headers(response.headers);
      headers.set("Cache-Control", "private, no-store");
      return new Response(response.body, { status: response.status, headers });
    },
  );

const DestinationSchema = z.string().trim().min(1).max(100);

/** The admin test upload's fields: the recording, a file name (required, unused) and its word or id. */
function clipWithDestination(body: FormData): { file: File; destination: string } | UploadRefusal {
  const audio = body.get("audio");
  const filename = body.get("filename");
  const destination = DestinationSchema.safeParse(body.get("word") || body.get("id"));
  if (!(audio instanceof File) || audio.size === 0 || typeof filename !== "string" || !filename.trim() || !destination.success) {
    return { refused: "nothing" };
  }
  if (body.getAll("audio").length > 1) return { refused: "oneFile" };
  return { file: audio, destination: destination.data };
}

/**
 * POST /api/upload-audio (the /admin test page; docs/product.md §7): multipart filetype, filename, word or id, audio.
 * Answers `{ success, error? }`. The stored name is made here from the destination and the sniffed type.
 */
export const uploadAudio = apiRoutes<RoleEnv>();
uploadAudio.use("*", requireRoleApi("admin"));
uploadAudio.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Upload a recording to uploads/ (the /admin test page)",
    request: {
      body: documentedBody(
        z
          .object({ filetype: z.string().optional(), filename: z.string(), word: z.string().optional(), id: z.string().optional(), audio: z.file() })
          .meta({ example: { filename: "contract.ogg", word: "contract" } }),
        ["multipart/form-data"],
      ),
    },
    responses: {
      200: jsonResponse(z.object({ success: z.literal(true), filename: z.string() })),
      ...UPLOAD_RESPONSES,
      ...errorResponses({ UNAUTHORIZED: "Not signed in", FORBIDDEN: "Not an admin" }),
    },
  }),
  async (c) => {
    const audit = { entity: "audio_objects", action: "upload" };
    const stored = await storeUpload(c.req.raw, c.env, c.var.user.id, clipWithDestination, (picked, contentType) => ({
      keys: uploadKeys(picked.destination, contentType),
      audit,
    }));
    if ("refused" in stored) return refusedUpload(c, stored, false);
    return c.json({ success: true as const, filename: clipFileName(stored.key) }, 200);
  },
);

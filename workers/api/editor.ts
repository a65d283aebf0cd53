/**
 * The editor tool's JSON API (issue #8), mounted at /api/editor, and the admin test upload at
 * /api/upload-audio. Every call checks the role from the session cookie (never a username in the
 * body) and every change writes an edit_log row (db/queries/editor-forms.ts).
 * long-file: one sub-app, each route declared with its zod schemas beside its handler (./openapi.ts), and the
 * upload steps those routes share.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { Context, MiddlewareHandler } from "hono";
import { getAudioObject, getFormForUpload, insertAudioObject, removeAudioObject } from "../../db/queries/editor-audio";
import { listCounts } from "../../db/queries/editor-counts";
import { getLessonSentence, restoreLessonSentenceAudio, setLessonSentenceAudio } from "../../db/queries/lesson-editor";
import { clearStorySentenceAudio, getStorySentence, setStorySentenceAudio } from "../../db/queries/stories";
import { getSentenceForRecording, restoreSentenceAudio, setSentenceAudio } from "../../db/queries/sentence-editor";
import { answerRecordingAsks, getWordForRecording, restoreWordAudio, setWordAudio } from "../../db/queries/record-queue";
import {
  findLexemesByName,
  getFormDetail,
  getHistory,
  setFormEmoji,
  setFormLexemes,
  setFormMorphSide,
  type EditResult,
} from "../../db/queries/editor-forms";
import { listRankPage } from "../../db/queries/editor-ranks";
import { searchEditorSentences, searchEditorWords } from "../../db/queries/editor-search";
import { EmojiSchema, LexIdsSchema, MorphSideSchema, SpeakerSchema } from "../../app/utils/editor-schemas";
import { formClipBase, uploadFileName } from "../../app/utils/clip-names";
import { UPLOAD_KINDS_TEXT } from "../../app/utils/audio-types";
import { serveAudio } from "../../app/services/audio-storage.server";
import { checkAudioFile, MAX_AUDIO_BYTES, readCappedFormData, UploadTooLarge } from "../../app/services/audio-upload.server";
import { RATE_RULES, takeUploadBudget } from "../../app/services/rate-limit.server";
import { requireRoleApi, type RoleEnv } from "./guard";
import { API_ERRORS, apiError } from "./errors";
import { apiRoutes, createRoute, documentedBody, errorResponses, jsonOrFormBody, jsonResponse, z, type ResponseDoc } from "./openapi";
import { bodyKind, readableBody, validationHook } from "./validation";

type EditorEnv = RoleEnv;

const FAILED = { success: false };
const NO_FORM = "No form found!";


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
} as const;

/** `said`: the schema's own message, when it says more than the list's. */
function uploadFailure(c: Context, failure: keyof typeof UPLOAD_FAILURES, fields: Record<string, unknown> = {}, said?: string): Response {
  const { status, message } = UPLOAD_FAILURES[failure];
  return c.json({ success: false, error: said ?? message, ...fields }, status);
}

function editResponse(c: Context, result: EditResult): Response {
  switch (result.status) {
    case "not_found":
      return apiError(c, "NOT_FOUND", { message: NO_FORM, fields: FAILED });
    case "invalid":
      return apiError(c, "VALIDATION", { message: result.reason, fields: FAILED });
    case "ignored":
      return apiError(c, "IGNORED", { message: result.reason, fields: { ...FAILED, ignored: true } });
    default:
      return c.json({ success: true, status: result.status });
  }
}

const IdParam = z.coerce.number().int().positive();
/** A page number; anything else is page 1. */
const PageNumber = z.coerce.number().int().catch(1).default(1).openapi({ type: "integer", default: 1 });
const POS_FILTERS = ["all", "verb", "noun", "adverb", "affix", "other"] as const;
const RankQuery = z.object({ q: z.string().max(200).default(""), page: PageNumber });
const CountQuery = z.object({
  pos: z.enum(POS_FILTERS).catch("all").default("all").openapi({ type: "string", enum: [...POS_FILTERS], default: "all" }),
  page: PageNumber,
});
const FormParams = z.object({ id: IdParam.meta({ example: 1 }) });
const SentenceParams = z.object({ id: z.string().meta({ example: "1" }), position: z.string().meta({ example: "1" }) });
const NameQuery = z.object({ name: z.string().default("").meta({ example: "maajaa" }) });
const TextQuery = z.object({ q: z.string().default("").meta({ example: "maa" }) });

const Lexeme = z.object({ id: z.number().int(), name: z.string(), pos: z.string(), gloss: z.string() });
/** A row as the editor pages show it (db/queries/editor-*.ts). */
const Row = z.looseObject({ id: z.number().int() });
const Page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), page: z.number().int(), lastPage: z.number().int(), total: z.number().int() });
const Found = <T extends z.ZodType>(row: T) => z.object({ query: z.string(), rows: z.array(row), more: z.number().int() });

const Edited = jsonResponse(z.object({ success: z.literal(true), status: z.string() }));
const EDIT_ERRORS = errorResponses({
  VALIDATION: "The change was refused",
  NOT_FOUND: "No such form",
  IGNORED: "The change would change nothing or conflicts with the current data",
});
const Uploaded = jsonResponse(z.object({ success: z.literal(true), files: z.array(z.string()) }));
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
/** One recording, multipart; read by readCappedFormData (size cap before parsing), so documented only. */
/** One clip, and optionally who is speaking in it (credited on the public page). */
const ClipBody = documentedBody(z.object({ audio: z.file(), speaker: z.string().max(100).optional() }), ["multipart/form-data"]);
const WordUploaded = jsonResponse(z.object({ success: z.literal(true), files: z.array(z.string()), answered: z.number().int() }));
const RecordParams = z.object({ id: z.string().meta({ example: "1" }) });
const ROLE_ERRORS = errorResponses({ UNAUTHORIZED: "Not signed in", FORBIDDEN: "Not an editor" });

/** A form id that is not a positive whole number answers like an unknown form. */
const unknownForm = (result: { success: boolean }, c: Context) => (result.success ? undefined : apiError(c, "NOT_FOUND", NO_FORM));

/** The id of an edit is checked before its body (an unknown form is 404 whatever the body). */
const editedForm: MiddlewareHandler = async (c, next) => {
  if (!FormParams.safeParse(c.req.param()).success) return editResponse(c, { status: "not_found" });
  await next();
};

/** An edit of a form: its id, then a JSON or form body checked by `body` (refused by `hook`). */
function editRoute<B extends z.ZodType>(path: string, summary: string, body: B, hook: ReturnType<typeof validationHook>) {
  return createRoute({
    method: "post",
    path,
    summary,
    middleware: [editedForm, readableBody(body, hook)] as const,
    request: { params: FormParams, body: jsonOrFormBody(body) },
    responses: { 200: Edited, ...EDIT_ERRORS, ...ROLE_ERRORS },
  });
}

const LexIdsBody = LexIdsSchema.meta({ example: { lexIds: [1] } });
const MorphSideBody = MorphSideSchema.meta({ example: { morphSide: "right" } });
const EmojiBody = EmojiSchema.meta({ example: { emoji: "🌲" } });
const invalidLexIds = validationHook();
const invalidMorphSide = validationHook({ message: "Choose a morph side before submitting." });
const invalidEmoji = validationHook({ message: "first-issue" });

export const editor = apiRoutes<EditorEnv>();
editor.use("*", requireRoleApi("editor"));
editor
  .openapi(
    createRoute({
      method: "get",
      path: "/forms",
      summary: "A page of the forms by rank, filtered",
      request: { query: RankQuery },
      responses: {
        200: jsonResponse(z.object({ data: Page(Row).extend({ filter: z.string() }) })),
        ...errorResponses({ VALIDATION: "Refused filter" }),
        ...ROLE_ERRORS,
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return c.json({ data: await listRankPage(c.var.db, { filter: query.q, page: query.page }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/forms/{id}",
      summary: "One form with its lexemes, clips and history",
      request: { params: FormParams },
      responses: {
        200: jsonResponse(z.object({ data: z.tuple([Row.extend({ form: z.string() })]) })),
        ...errorResponses({ NOT_FOUND: "No such form" }),
        ...ROLE_ERRORS,
      },
    }),
    async (c) => {
      const row = await getFormDetail(c.var.db, c.req.valid("param").id);
      if (!row) return apiError(c, "NOT_FOUND", NO_FORM);
      return c.json({ data: [row] }, 200);
    },
    unknownForm,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/forms/{id}/history",
      summary: "The edit log of a form",
      request: { params: FormParams },
      responses: {
        200: jsonResponse(
          z.object({
            data: z.array(
              z.object({ id: z.number().int(), action: z.string(), username: z.string().nullable(), before: z.unknown(), after: z.unknown(), createdAt: z.string() }),
            ),
          }),
        ),
        ...errorResponses({ NOT_FOUND: "No such form" }),
        ...ROLE_ERRORS,
      },
    }),
    async (c) => c.json({ data: await getHistory(c.var.db, "forms", String(c.req.valid("param").id)) }, 200),
    unknownForm,
  )
  .openapi(
    editRoute("/forms/{id}/lexemes", "Link a form to lexemes", LexIdsBody, invalidLexIds),
    async (c) => {
      const { lexIds } = c.req.valid(bodyKind(c));
      return editResponse(c, await setFormLexemes(c.var.db, { formId: c.req.valid("param").id, lexIds, userId: c.var.user.id }));
    },
    invalidLexIds,
  )
  .openapi(
    editRoute("/forms/{id}/morph-side", "Set a form's morph side", MorphSideBody, invalidMorphSide),
    async (c) => {
      const { morphSide } = c.req.valid(bodyKind(c));
      return editResponse(c, await setFormMorphSide(c.var.db, { formId: c.req.valid("param").id, morphSide, userId: c.var.user.id }));
    },
    invalidMorphSide,
  )
  .openapi(
    editRoute("/forms/{id}/emoji", "Set a form's emoji", EmojiBody, invalidEmoji),
    async (c) => {
      const { emoji } = c.req.valid(bodyKind(c));
      return editResponse(c, await setFormEmoji(c.var.db, { formId: c.req.valid("param").id, emoji, userId: c.var.user.id }));
    },
    invalidEmoji,
  )
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
      const received = await receiveOneClip(c);
      if (received instanceof Response) return received;
      const checked = [received];
      // Server-made names: form without punctuation + running index + '.ogg' (docs/product.md §5); the content type is the sniffed one.
      const base = formClipBase(form.form, form.id);
      const names: string[] = [];
      let next = form.clipCount + 1;
      for (const file of checked) {
        const keys = Array.from({ length: 20 }, (_, i) => `forms/${base}${next + i}.ogg`);
        const stored = await storeAudio(c, file, keys, form.id, { entity: "forms", entityId: String(form.id), action: "add_audio" });
        if (!stored) return uploadFailure(c, "failed", { uploaded: names });
        names.push(stored.key.slice("forms/".length));
        next = Number(/(\d+)\.ogg$/.exec(stored.key)![1]) + 1;
      }
      return c.json({ success: true as const, files: names }, 200);
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
      // Its pointer goes into the clip's own batch, as a story sentence's does.
      const stored = await storeSentenceClip(
        c,
        `lesson${lessonId}_${position}`,
        { entity: "lesson_items", entityId: `${lessonId}:${position}`, action: "add_audio" },
        (key) => [setLessonSentenceAudio(c.var.db, sentence, key)],
        () => [restoreLessonSentenceAudio(c.var.db, sentence)],
      );
      if (stored instanceof Response) return stored;
      return c.json({ success: true as const, files: [stored.key.slice("audio/".length)] }, 200);
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
      const stored = await storeSentenceClip(
        c,
        `word${word.id}`,
        { entity: "lexemes", entityId: String(word.id), action: "add_audio" },
        (key) => [setWordAudio(c.var.db, word.id, key)],
        () => [restoreWordAudio(c.var.db, word)],
      );
      if (stored instanceof Response) return stored;
      const note = stored.speaker ? `Recorded by ${stored.speaker}.` : "Recorded.";
      const answered = await answerRecordingAsks(c.var.db, { wordId: word.id, userId: c.var.user.id, note });
      return c.json({ success: true as const, files: [stored.key.slice("audio/".length)], answered }, 200);
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
      const stored = await storeSentenceClip(
        c,
        `sentence${sentence.id}`,
        { entity: "sentences", entityId: String(sentence.id), action: "add_audio" },
        (key) => [setSentenceAudio(c.var.db, sentence.id, key)],
        () => [restoreSentenceAudio(c.var.db, sentence)],
      );
      if (stored instanceof Response) return stored;
      return c.json({ success: true as const, files: [stored.key.slice("audio/".length)] }, 200);
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
      const stored = await storeSentenceClip(
        c,
        `story${id.replace(/[^A-Za-z0-9]/g, "")}_${position}`,
        { entity: "stories", entityId: id, action: "add_audio" },
        (key) => [setStorySentenceAudio(c.var.db, sentence, key)],
        (key) => [clearStorySentenceAudio(c.var.db, sentence, key)],
      );
      if (stored instanceof Response) return stored;
      return c.json({ success: true as const, files: [stored.key.slice("audio/".length)] }, 200);
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
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/lexemes",
      summary: "The lexemes of a name (exact search key)",
      request: { query: NameQuery },
      responses: { 200: jsonResponse(z.object({ data: z.array(Lexeme) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await findLexemesByName(c.var.db, c.req.valid("query").name) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/words",
      summary: "Lexemes whose name or gloss contains q",
      request: { query: TextQuery },
      responses: { 200: jsonResponse(z.object({ data: Found(Lexeme) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await searchEditorWords(c.var.db, c.req.valid("query").q) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/sentences",
      summary: "Sentences whose text or translation contains q",
      request: { query: TextQuery },
      responses: { 200: jsonResponse(z.object({ data: Found(Row) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await searchEditorSentences(c.var.db, c.req.valid("query").q) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/counts",
      summary: "A page of the lexemes by corpus count, by part of speech",
      request: { query: CountQuery },
      responses: { 200: jsonResponse(z.object({ data: Page(Row) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await listCounts(c.var.db, c.req.valid("query")) }, 200),
  );

/** The one checked recording of an upload request, or the failure response (size, type, count, daily budget). */
async function receiveOneClip(c: Context<EditorEnv>) {
  let body: FormData;
  try {
    body = await readCappedFormData(c.req.raw, 1);
  } catch (error) {
    if (error instanceof UploadTooLarge) return uploadFailure(c, "tooLarge");
    return uploadFailure(c, "nothing");
  }
  const files = body.getAll("audio").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (files.length === 0) return uploadFailure(c, "nothing");
  // One recording per request (the recorder sends a pending list clip by clip).
  if (files.length > 1) return uploadFailure(c, "oneFile");
  const speaker = SpeakerSchema.safeParse(body.get("speaker") ?? "");
  if (!speaker.success) return uploadFailure(c, "speaker", {}, speaker.error.issues[0]?.message);
  const result = await checkAudioFile(files[0]!);
  if (!result.ok) return uploadFailure(c, result.reason === "size" ? "tooLarge" : "notAudio");
  const refusal = await takeUploadBudget(c.var.db, c.var.user.id, result.bytes.length);
  if (refusal) {
    c.header("Retry-After", String(refusal.retryAfter));
    return uploadFailure(c, "budget");
  }
  return { ...result, speaker: speaker.data || null };
}

/** A positive whole number from a path parameter, or 0. */
function positionParam(value: string) {
  return /^[1-9]\d{0,8}$/.test(value) ? Number(value) : 0;
}

type Audit = { entity: string; entityId?: string; action: string };

/**
 * A sentence's recording (lessons, stories): the one checked clip of the request, stored public as
 * audio/{base}_{stamp}{n}.ogg; `attach`/`detach` are the statements that point the sentence at it (and undo that).
 * Answers the stored row or the failure response.
 */
async function storeSentenceClip(
  c: Context<EditorEnv>,
  base: string,
  audit: Audit,
  attach?: (key: string) => BatchItem<"sqlite">[],
  detach?: (key: string) => BatchItem<"sqlite">[],
) {
  const received = await receiveOneClip(c);
  if (received instanceof Response) return received;
  const stamp = Date.now().toString(36);
  const keys = Array.from({ length: 20 }, (_, i) => `audio/${base}_${stamp}${i}.ogg`);
  const stored = await storeAudio(c, received, keys, null, audit, attach, detach);
  return stored ? { ...stored, speaker: received.speaker } : uploadFailure(c, "failed", { uploaded: [] });
}

/** D1 row first (claims the key), then R2; the row is removed again if R2 fails. */
async function storeAudio(
  c: Context<EditorEnv>,
  file: { bytes: Uint8Array; audio: { contentType: string }; speaker?: string | null },
  keys: string[],
  formIdValue: number | null,
  audit: Audit,
  attach?: (key: string) => BatchItem<"sqlite">[],
  detach?: (key: string) => BatchItem<"sqlite">[],
) {
  const stored = await insertAudioObject(c.var.db, {
    keys,
    contentType: file.audio.contentType,
    size: file.bytes.byteLength,
    userId: c.var.user.id,
    formId: formIdValue,
    speaker: file.speaker,
    audit,
    attach,
  });
  if (!stored) return null;
  try {
    await c.env.audio.put(stored.key, file.bytes, { httpMetadata: { contentType: file.audio.contentType } });
  } catch (error) {
    console.error("audio-upload-failed", { key: stored.key, error: String(error) });
    await removeAudioObject(c.var.db, { id: stored.id, key: stored.key, userId: c.var.user.id, audit, detach: detach?.(stored.key) });
    return null;
  }
  return stored;
}

const DestinationSchema = z.string().trim().min(1).max(100);

/**
 * POST /api/upload-audio (the /admin test page; docs/product.md §7): multipart filetype, filename, word or id, audio.
 * Answers `{ success, error? }`. The stored name is made here from the destination and the sniffed type.
 */
export const uploadAudio = apiRoutes<EditorEnv>();
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
  let body: FormData;
  try {
    body = await readCappedFormData(c.req.raw, 1);
  } catch (error) {
    if (error instanceof UploadTooLarge) return uploadFailure(c, "tooLarge");
    return uploadFailure(c, "nothing");
  }
  const audio = body.get("audio");
  const filename = body.get("filename");
  const destination = DestinationSchema.safeParse(body.get("word") || body.get("id"));
  if (!(audio instanceof File) || audio.size === 0 || typeof filename !== "string" || !filename.trim() || !destination.success) {
    return uploadFailure(c, "nothing");
  }
  if (body.getAll("audio").length > 1) return uploadFailure(c, "oneFile");
  const checked = await checkAudioFile(audio);
  if (!checked.ok) {
    return uploadFailure(c, checked.reason === "size" ? "tooLarge" : "notAudio");
  }
  const refusal = await takeUploadBudget(c.var.db, c.var.user.id, checked.bytes.length);
  if (refusal) {
    c.header("Retry-After", String(refusal.retryAfter));
    return uploadFailure(c, "budget");
  }
  const name = uploadFileName(destination.data, checked.audio.contentType);
  const dot = name.lastIndexOf(".");
  const keys = [`uploads/${name}`, ...Array.from({ length: 50 }, (_, i) => `uploads/${name.slice(0, dot)}_${i + 2}${name.slice(dot)}`)];
  const stored = await storeAudio(c, checked, keys, null, { entity: "audio_objects", action: "upload" });
  if (!stored) return uploadFailure(c, "failed");
  return c.json({ success: true as const, filename: stored.key.slice("uploads/".length) }, 200);
  },
);

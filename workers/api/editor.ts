/**
 * The editor tool's JSON API (issue #8), mounted at /api/editor, and the admin test upload at
 * /api/upload-audio. Every call checks the role from the session cookie (never a username in the
 * body) and every change writes an edit_log row (db/queries/editor-forms.ts).
 * long-file: one Hono chain for the editor's calls (its route list is the API's), with the upload checks they share.
 */
import type { BatchItem } from "drizzle-orm/batch";
import { Hono, type Context } from "hono";
import { z } from "zod";
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
import { invalid, readBody } from "./validation";

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

function uploadFailure(c: Context, failure: keyof typeof UPLOAD_FAILURES, fields: Record<string, unknown> = {}) {
  const { status, message } = UPLOAD_FAILURES[failure];
  return c.json({ success: false, error: message, ...fields }, status);
}

const IdParam = z.coerce.number().int().positive();
const RankQuery = z.object({ q: z.string().max(200).default(""), page: z.coerce.number().int().catch(1).default(1) });
const CountQuery = z.object({
  pos: z.enum(["all", "verb", "noun", "adverb", "affix", "other"]).catch("all").default("all"),
  page: z.coerce.number().int().catch(1).default(1),
});

function formId(c: Context) {
  const parsed = IdParam.safeParse(c.req.param("id"));
  return parsed.success ? parsed.data : null;
}

function editResponse(c: Context, result: EditResult) {
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

export const editor = new Hono<EditorEnv>()
  .use("*", requireRoleApi("editor"))
  .get("/forms", async (c) => {
    const query = RankQuery.safeParse(c.req.query());
    if (!query.success) return invalid(c, query.error);
    return c.json({ data: await listRankPage(c.var.db, { filter: query.data.q, page: query.data.page }) });
  })
  .get("/forms/:id", async (c) => {
    const id = formId(c);
    const row = id ? await getFormDetail(c.var.db, id) : null;
    if (!row) return apiError(c, "NOT_FOUND", NO_FORM);
    return c.json({ data: [row] });
  })
  .get("/forms/:id/history", async (c) => {
    const id = formId(c);
    if (!id) return apiError(c, "NOT_FOUND", NO_FORM);
    return c.json({ data: await getHistory(c.var.db, "forms", String(id)) });
  })
  .post("/forms/:id/lexemes", async (c) => {
    const id = formId(c);
    const body = LexIdsSchema.safeParse(await readJson(c));
    if (!id) return editResponse(c, { status: "not_found" });
    if (!body.success) return invalid(c, body.error);
    return editResponse(c, await setFormLexemes(c.var.db, { formId: id, lexIds: body.data.lexIds, userId: c.var.user.id }));
  })
  .post("/forms/:id/morph-side", async (c) => {
    const id = formId(c);
    const body = MorphSideSchema.safeParse(await readBody(c));
    if (!id) return editResponse(c, { status: "not_found" });
    if (!body.success) return invalid(c, body.error, "Choose a morph side before submitting.");
    return editResponse(c, await setFormMorphSide(c.var.db, { formId: id, morphSide: body.data.morphSide, userId: c.var.user.id }));
  })
  .post("/forms/:id/emoji", async (c) => {
    const id = formId(c);
    const body = EmojiSchema.safeParse(await readBody(c));
    if (!id) return editResponse(c, { status: "not_found" });
    if (!body.success) return invalid(c, body.error, body.error.issues[0]?.message);
    return editResponse(c, await setFormEmoji(c.var.db, { formId: id, emoji: body.data.emoji, userId: c.var.user.id }));
  })
  .post("/forms/:id/audio", async (c) => {
    const id = formId(c);
    const form = id ? await getFormForUpload(c.var.db, id) : null;
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
    return c.json({ success: true, files: names });
  })
  .post("/lessons/:id/sentences/:position/audio", async (c) => {
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
    return c.json({ success: true, files: [stored.key.slice("audio/".length)] });
  })
  .post("/lexemes/:id/audio", async (c) => {
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
    return c.json({ success: true, files: [stored.key.slice("audio/".length)], answered });
  })
  .post("/sentences/:id/audio", async (c) => {
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
    return c.json({ success: true, files: [stored.key.slice("audio/".length)] });
  })
  .post("/stories/:id/sentences/:position/audio", async (c) => {
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
    return c.json({ success: true, files: [stored.key.slice("audio/".length)] });
  })
  .get("/audio/:id", async (c) => {
    const parsed = IdParam.safeParse(c.req.param("id"));
    const object = parsed.success ? await getAudioObject(c.var.db, parsed.data) : null;
    if (!object) return c.text("Sorry, there is no audio at this URL.", 404);
    const response = await serveAudio(c.req.raw, c.env.AUDIO, object.key, object.contentType);
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "private, no-store");
    return new Response(response.body, { status: response.status, headers });
  })
  .get("/lexemes", async (c) => c.json({ data: await findLexemesByName(c.var.db, c.req.query("name") ?? "") }))
  .get("/words", async (c) => c.json({ data: await searchEditorWords(c.var.db, c.req.query("q") ?? "") }))
  .get("/sentences", async (c) => c.json({ data: await searchEditorSentences(c.var.db, c.req.query("q") ?? "") }))
  .get("/counts", async (c) => {
    const query = CountQuery.parse(c.req.query());
    return c.json({ data: await listCounts(c.var.db, query) });
  });

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

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
  if (!speaker.success) return uploadFailure(c, "speaker");
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
    await c.env.AUDIO.put(stored.key, file.bytes, { httpMetadata: { contentType: file.audio.contentType } });
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
export const uploadAudio = new Hono<EditorEnv>().use("*", requireRoleApi("admin")).post("/", async (c) => {
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
  return c.json({ success: true, filename: stored.key.slice("uploads/".length) });
});

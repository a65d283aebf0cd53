/**
 * The recording queue (issue 38): /DEV_editor/record and POST /api/editor/lexemes/:id/audio are for editors only;
 * a word's recording is public, credited to its speaker, audited, answers the learners' "Ask for a recording"
 * reports, and the word page shows it at once (the page cache is on).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import worker from "../../workers/app";
import { insertUser, sessionCookieHeader } from "../factories/users";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;
const incoming = (url: string, init: RequestInit = {}) => new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;

async function call(path: string, init: RequestInit = {}, cookie?: string) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  if (init.method && init.method !== "GET") headers.set("Origin", "http://localhost");
  const ctx = createExecutionContext();
  const response = await worker.fetch(incoming(`http://localhost${path}`, { ...init, headers, redirect: "manual" }), cachedEnv, ctx);
  const text = /text|json/.test(response.headers.get("Content-Type") ?? "") ? await response.text() : (await response.arrayBuffer(), "");
  await waitOnExecutionContext(ctx);
  return { response, text };
}

function clipBody(speaker?: string) {
  const bytes = new Uint8Array(256);
  bytes.set(new TextEncoder().encode("OggS"), 0);
  const body = new FormData();
  body.append("audio", new Blob([bytes]), "clip.ogg");
  if (speaker !== undefined) body.append("speaker", speaker);
  return body;
}

async function insertWord() {
  const name = `recword${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is recorded') RETURNING id")
    .bind(name, name)
    .first<{ id: number }>();
  return { id: row!.id, name };
}

test("the recording queue and its upload: 401 without a session, 403 for a learner", async () => {
  const word = await insertWord();
  const learner = await sessionCookieHeader(env, await insertUser(env, { role: "learner" }));
  expect((await call("/DEV_editor/record?queue=viewed")).response.status).toBe(401);
  expect((await call("/DEV_editor/record?queue=viewed", {}, learner)).response.status).toBe(403);
  const upload = `/api/editor/lexemes/${word.id}/audio`;
  expect((await call(upload, { method: "POST", body: clipBody("Anyone") })).response.status).toBe(401);
  expect((await call(upload, { method: "POST", body: clipBody("Anyone") }, learner)).response.status).toBe(403);
  const row = await env.DB.prepare("SELECT audio_id FROM lexemes WHERE id = ?").bind(word.id).first<{ audio_id: number | null }>();
  expect(row!.audio_id).toBeNull();
});

test("a word's recording is credited, audited, answers the asks for it and shows on the word page at once", async () => {
  const word = await insertWord();
  const editor = await insertUser(env, { role: "editor" });
  const cookie = await sessionCookieHeader(env, editor);
  // A learner asked for a recording; the word page (cached) offers to ask.
  const learner = await insertUser(env, { role: "learner" });
  await env.DB.prepare("INSERT INTO reports (kind, page, subject, message, user_id) VALUES ('recording', ?, ?, '', ?)")
    .bind(`/k/${word.id}`, word.name, learner.id)
    .run();
  const before = await call(`/k/${word.id}`);
  expect(before.text).toContain("Ask for a recording");
  await call(`/k/${word.id}`);

  // The asked queue offers the word; its page for the editor names it.
  const queue = await call("/DEV_editor/record?queue=asked", {}, cookie);
  expect(queue.response.status).toBe(200);
  expect(queue.text).toContain(word.name);

  expect((await call(`/api/editor/lexemes/${word.id}/audio`, { method: "POST", body: clipBody("<b>x</b>") }, cookie)).response.status).toBe(400);
  const saved = await call(`/api/editor/lexemes/${word.id}/audio`, { method: "POST", body: clipBody(" Maajaa Speaker ") }, cookie);
  expect(saved.response.status).toBe(200);
  const result = JSON.parse(saved.text) as { success: boolean; files: string[]; answered: number };
  expect(result).toMatchObject({ success: true, answered: 1 });
  expect(result.files[0]).toMatch(new RegExp(`^word${word.id}_\\w+\\.ogg$`));

  const audio = await env.DB.prepare("SELECT a.key, a.speaker, a.uploaded_by FROM lexemes l JOIN audio_objects a ON a.id = l.audio_id WHERE l.id = ?")
    .bind(word.id)
    .first<{ key: string; speaker: string; uploaded_by: number }>();
  expect(audio).toEqual({ key: `audio/${result.files[0]}`, speaker: "Maajaa Speaker", uploaded_by: editor.id });
  expect(await env.AUDIO.head(audio!.key)).not.toBeNull();
  const log = await env.DB.prepare("SELECT user_id, action FROM edit_log WHERE entity = 'lexemes' AND entity_id = ?").bind(String(word.id)).all();
  expect(log.results).toEqual([{ user_id: editor.id, action: "add_audio" }]);
  const report = await env.DB.prepare("SELECT status, resolution_note, resolved_by FROM reports WHERE page = ?").bind(`/k/${word.id}`).first();
  expect(report).toEqual({ status: "resolved", resolution_note: "Recorded by Maajaa Speaker.", resolved_by: editor.id });

  // The public page shows the clip and its speaker at once, though its earlier copy was cached.
  const after = await call(`/k/${word.id}`);
  expect(after.text).toContain(`/audio/${result.files[0]}`);
  expect(after.text).toContain("Recorded by Maajaa Speaker");
  const clip = await call(`/audio/${result.files[0]}`);
  expect(clip.response.status).toBe(200);

  // The word has left the queues of words without audio.
  expect((await call("/DEV_editor/record?queue=asked", {}, cookie)).text).not.toContain(word.name);
});

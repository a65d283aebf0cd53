import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { createDb } from "../../db/client";
import { insertAudioObject, removeAudioObject } from "../../db/queries/editor-audio";
import { getLessonSentence, restoreLessonSentenceAudio, setLessonSentenceAudio } from "../../db/queries/lesson-editor";
import { clearStorySentenceAudio, getStorySentence, setStorySentenceAudio } from "../../db/queries/stories";

const worker = exports.default;

function post(path: string, fields: Record<string, string>, cookie: string) {
  return worker.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    }),
  );
}

const clip = new Uint8Array(256);
clip.set(new TextEncoder().encode("OggS"), 0);

/** One recording posted to an editor upload call, signed in with `cookie` (or not), from `origin`. */
function uploadClip(path: string, cookie: string | null, origin = "http://localhost") {
  const body = new FormData();
  body.append("audio", new Blob([clip]), "clip.ogg");
  return worker.fetch(new Request(`http://localhost${path}`, { method: "POST", headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) }, body }));
}

test("editors create, edit and publish stories; every change is in edit_log; learners cannot", async () => {
  const editor = await insertUser(env, { role: "editor" });
  const cookie = await sessionCookieHeader(env, editor);
  const learner = await sessionCookieHeader(env, await insertUser(env));

  expect((await post("/DEV_editor/stories", { title: "Nope" }, learner)).status).toBe(403);
  const created = await post("/DEV_editor/stories", { title: "  A  test story " }, cookie);
  expect(created.status).toBe(302);
  const id = created.headers.get("location")!.split("/").at(-1)!;
  expect(id).toMatch(/^ED[0-9A-Z]{6}$/);

  const bad = await post(`/DEV_editor/stories/${id}`, { title: "A test story", status: "published", sentences: "Nmaajaa." }, cookie);
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("Line 1: write the sentence, a | and its English translation.");
  const empty = await post(`/DEV_editor/stories/${id}`, { title: "A test story", status: "published", sentences: "" }, cookie);
  expect(await empty.text()).toContain("A published story needs at least one sentence.");

  // Review before publish: its author cannot publish it, sent for review or not; another editor can.
  const story = { title: "A test story", status: "published", sentences: "Nmaajaa. | I leave.\n\nMaajaa. | S/he leaves." };
  const own = await post(`/DEV_editor/stories/${id}`, story, cookie);
  expect(own.status).toBe(403);
  expect(await own.text()).toContain("Send it for review: another editor or an admin publishes it.");
  expect((await post(`/DEV_editor/stories/${id}`, { ...story, status: "review" }, cookie)).status).toBe(200);
  expect((await post(`/DEV_editor/stories/${id}`, story, cookie)).status).toBe(403);
  expect(await (await worker.fetch(`http://localhost/d/${id}`)).status).toBe(404);
  const reviewer = await insertUser(env, { role: "editor" });
  const saved = await post(`/DEV_editor/stories/${id}`, story, await sessionCookieHeader(env, reviewer));
  expect(saved.status).toBe(200);
  const row = await env.DB.prepare("SELECT title, completed, data FROM stories WHERE id = ?")
    .bind(id)
    .first<{ title: string; completed: number; data: string }>();
  expect(row).toEqual({
    title: "A test story",
    completed: 1,
    data: JSON.stringify([[{ text: "Nmaajaa.", trans: "I leave." }], [{ text: "Maajaa.", trans: "S/he leaves." }]]),
  });
  const log = await env.DB.prepare("SELECT action, user_id FROM edit_log WHERE entity = 'stories' AND entity_id = ? ORDER BY id").bind(id).all();
  expect(log.results).toEqual([
    { action: "create", user_id: editor.id },
    { action: "send_for_review", user_id: editor.id },
    { action: "publish", user_id: reviewer.id },
  ]);
  // Published, it stays so when its author edits it.
  expect((await post(`/DEV_editor/stories/${id}`, { ...story, title: "A test story, edited" }, cookie)).status).toBe(200);
  expect((await post(`/DEV_editor/stories/${id}`, { title: "x", status: "draft", sentences: "" }, learner)).status).toBe(403);
});

test("editors create a lesson, give it dictionary words and cells, publish it; unknown words are refused; edit_log records it", async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem, source) VALUES ('maajaa', 'maajaa', 'vai', 'go away, leave', 'maajaa', 'test')",
  ).run();
  const editor = await insertUser(env, { role: "editor" });
  const cookie = await sessionCookieHeader(env, editor);
  const created = await post("/DEV_editor/lessons", { title: "Editor lesson" }, cookie);
  expect(created.status).toBe(302);
  const id = Number(created.headers.get("location")!.split("/").at(-1));
  const fields = {
    title: "Editor lesson",
    summary: "A summary.",
    explanation: "Plain English.",
    words: "maajaa vai",
    cells: "ind 1s\nind 3s",
    sentences: "Nmaajaa. | I leave.",
    status: "published",
  };
  const unknown = await post(`/DEV_editor/lessons/${id}`, { ...fields, words: "maajaa vai\nzzzz vai" }, cookie);
  expect(unknown.status).toBe(400);
  expect(await unknown.text()).toContain("Not in the dictionary: zzzz (vai).");
  const badCell = await post(`/DEV_editor/lessons/${id}`, { ...fields, cells: "nonsense" }, cookie);
  expect(await badCell.text()).toContain("is not a cell");
  // Review before publish: the author sends it for review; an admin publishes it.
  expect((await post(`/DEV_editor/lessons/${id}`, fields, cookie)).status).toBe(403);
  expect((await post(`/DEV_editor/lessons/${id}`, { ...fields, status: "review" }, cookie)).status).toBe(200);
  // In review it is not on the course (the address leads to /aambe).
  expect(await (await worker.fetch(`http://localhost/aambe/learn/${id}`)).text()).not.toContain("Nmaajaa.");
  const admin = await sessionCookieHeader(env, await insertUser(env, { role: "admin" }));
  const ok = await post(`/DEV_editor/lessons/${id}`, fields, admin);
  expect(ok.status).toBe(200);
  const page = await (await worker.fetch(`http://localhost/aambe/learn/${id}`)).text();
  expect(page).toContain("Editor lesson");
  expect(page).toContain("nmaajaa");
  expect(page).toContain("Nmaajaa.");
  const log = await env.DB.prepare("SELECT action FROM edit_log WHERE entity = 'lessons' AND entity_id = ? ORDER BY id").bind(String(id)).all();
  expect(log.results.map((r) => r.action)).toEqual(["create", "send_for_review", "publish"]);
});

test("a lesson sentence gets its recording from the editor's recorder; it is public and plays in the lesson", async () => {
  const editor = await insertUser(env, { role: "admin" });
  const cookie = await sessionCookieHeader(env, editor);
  const created = await post("/DEV_editor/lessons", { title: "Lesson with audio" }, cookie);
  const id = Number(created.headers.get("location")!.split("/").at(-1));
  await post(
    `/DEV_editor/lessons/${id}`,
    { title: "Lesson with audio", words: "maajaa vai", cells: "ind 1s", sentences: "Nmaajaa. | I leave.", status: "published" },
    cookie,
  );
  const upload = (c: string | null, position = 1) => uploadClip(`/api/editor/lessons/${id}/sentences/${position}/audio`, c);
  expect((await upload(null)).status).toBe(401);
  expect((await upload(cookie, 9)).status).toBe(400);
  const ok = await upload(cookie);
  expect(ok.status).toBe(200);
  const { files } = await ok.json<{ files: string[] }>();
  expect(files[0]).toMatch(new RegExp(`^lesson${id}_1_\\w+\\.ogg$`));
  const page = await (await worker.fetch(`http://localhost/aambe/learn/${id}`)).text();
  expect(page).toContain(`/audio/${files[0]}`);
  const log = await env.DB.prepare("SELECT action FROM edit_log WHERE entity = 'lesson_items' AND entity_id = ?").bind(`${id}:1`).all();
  expect(log.results).toEqual([{ action: "add_audio" }]);
});

test("a story sentence gets its recording from the editor's recorder; it is in the story's data, logged, and plays on /d/{id}", async () => {
  const editor = await insertUser(env, { role: "admin" });
  const cookie = await sessionCookieHeader(env, editor);
  const learner = await sessionCookieHeader(env, await insertUser(env));
  const created = await post("/DEV_editor/stories", { title: "Story with audio" }, cookie);
  const id = created.headers.get("location")!.split("/").at(-1)!;
  await post(
    `/DEV_editor/stories/${id}`,
    { title: "Story with audio", status: "published", sentences: "Nmaajaa. | I leave.\n\nMaajaa. | S/he leaves." },
    cookie,
  );
  const upload = (c: string | null, position: number | string = 1, origin?: string) =>
    uploadClip(`/api/editor/stories/${id}/sentences/${position}/audio`, c, origin);
  const data = async () =>
    JSON.parse((await env.DB.prepare("SELECT data FROM stories WHERE id = ?").bind(id).first<{ data: string }>())!.data) as Array<
      Array<{ text: string; trans: string; audio?: string }>
    >;
  expect((await upload(null)).status).toBe(401);
  expect((await upload(learner)).status).toBe(403);
  expect((await upload(cookie, 3)).status).toBe(400);
  expect((await upload(cookie, "0")).status).toBe(400);
  expect((await upload(cookie, 1, "https://evil.example")).status).toBe(403);
  expect((await data()).flat().some((s) => s.audio)).toBe(false);

  const ok = await upload(cookie);
  expect(ok.status).toBe(200);
  const { files } = await ok.json<{ files: string[] }>();
  expect(files[0]).toMatch(new RegExp(`^story${id}_1_\\w+\\.ogg$`));
  expect(await data()).toEqual([[{ text: "Nmaajaa.", trans: "I leave.", audio: `audio/${files[0]}` }], [{ text: "Maajaa.", trans: "S/he leaves." }]]);
  expect(await env.AUDIO.head(`audio/${files[0]}`)).not.toBeNull();
  const log = await env.DB.prepare("SELECT action, user_id FROM edit_log WHERE entity = 'stories' AND entity_id = ? ORDER BY id").bind(id).all();
  expect(log.results.map((r) => r.action)).toEqual(["create", "publish", "add_audio"]);

  // The public page plays it for that sentence only; the clip itself is public.
  const page = await (await worker.fetch(`http://localhost/d/${id}`)).text();
  expect(page).toContain(`href="/audio/${files[0]}"`);
  expect(page.match(/class="audio-button"/g)).toHaveLength(1);
  expect((await worker.fetch(`http://localhost/audio/${files[0]}`)).status).toBe(200);

  // A save that keeps the sentence word for word keeps its recording; a changed sentence loses it.
  await post(
    `/DEV_editor/stories/${id}`,
    { title: "Story with audio", status: "published", sentences: "Nmaajaa. | I am leaving.\nMaajaa. | S/he leaves." },
    cookie,
  );
  expect((await data())[0]![0]!.audio).toBe(`audio/${files[0]}`);
  await post(`/DEV_editor/stories/${id}`, { title: "Story with audio", status: "published", sentences: "Ngii-maajaa. | I left." }, cookie);
  expect(await data()).toEqual([[{ text: "Ngii-maajaa.", trans: "I left." }]]);
});

test("a sentence's recording lands in the clip's own batch, and an undone clip (R2 failed) gives the sentence its earlier recording back", async () => {
  const editor = await insertUser(env, { role: "admin" });
  const cookie = await sessionCookieHeader(env, editor);
  const db = createDb(env.DB);
  const clipKey = async (key: string) => (await env.DB.prepare("SELECT id FROM audio_objects WHERE key = ?").bind(key).first<{ id: number }>())?.id ?? null;
  const audit = { entity: "test", action: "add_audio" };

  // A lesson sentence with a recording: a second one replaces it in the same batch as the clip's row...
  const created = await post("/DEV_editor/lessons", { title: "Lesson re-recorded" }, cookie);
  const lessonId = Number(created.headers.get("location")!.split("/").at(-1));
  await post(
    `/DEV_editor/lessons/${lessonId}`,
    { title: "Lesson re-recorded", words: "maajaa vai", cells: "ind 1s", sentences: "Nmaajaa. | I leave.", status: "published" },
    cookie,
  );
  const first = await (await uploadClip(`/api/editor/lessons/${lessonId}/sentences/1/audio`, cookie)).json<{ files: string[] }>();
  const lessonSentence = (await getLessonSentence(db, lessonId, 1))!;
  expect(lessonSentence.audioId).toBe(await clipKey(`audio/${first.files[0]}`));
  const second = await insertAudioObject(db, {
    keys: [`audio/test-lesson-${lessonId}.ogg`],
    contentType: "audio/ogg",
    size: 4,
    userId: editor.id,
    formId: null,
    audit,
    attach: (key) => [setLessonSentenceAudio(db, lessonSentence, key)],
  });
  expect((await getLessonSentence(db, lessonId, 1))!.audioId).toBe(second!.id);
  // ...and when the clip cannot be stored its row goes and the sentence points at the earlier recording again.
  await removeAudioObject(db, { id: second!.id, key: second!.key, userId: editor.id, audit, detach: [restoreLessonSentenceAudio(db, lessonSentence)] });
  expect((await getLessonSentence(db, lessonId, 1))!.audioId).toBe(lessonSentence.audioId);
  expect(await clipKey(second!.key)).toBeNull();

  // The same for a story sentence (its recording is a key in the story's data).
  const story = await post("/DEV_editor/stories", { title: "Story re-recorded" }, cookie);
  const storyId = story.headers.get("location")!.split("/").at(-1)!;
  await post(`/DEV_editor/stories/${storyId}`, { title: "Story re-recorded", status: "published", sentences: "Nmaajaa. | I leave." }, cookie);
  const recorded = await (await uploadClip(`/api/editor/stories/${storyId}/sentences/1/audio`, cookie)).json<{ files: string[] }>();
  const storySentence = (await getStorySentence(db, storyId, 1))!;
  expect(storySentence.audio).toBe(`audio/${recorded.files[0]}`);
  const again = await insertAudioObject(db, {
    keys: [`audio/test-story-${storyId}.ogg`],
    contentType: "audio/ogg",
    size: 4,
    userId: editor.id,
    formId: null,
    audit,
    attach: (key) => [setStorySentenceAudio(db, storySentence, key)],
  });
  expect((await getStorySentence(db, storyId, 1))!.audio).toBe(again!.key);
  await removeAudioObject(db, { id: again!.id, key: again!.key, userId: editor.id, audit, detach: [clearStorySentenceAudio(db, storySentence, again!.key)] });
  expect((await getStorySentence(db, storyId, 1))!.audio).toBe(`audio/${recorded.files[0]}`);
});

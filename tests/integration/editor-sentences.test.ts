/**
 * Sentences in the editor (issue 38): text and translation, linked words and a recording, each validated and
 * audited; the public word page shows a change at once (page cache on); editors only.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import worker from "../../workers/app";
import { insertUser, sessionCookieHeader } from "../factories/users";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;

async function call(path: string, init: RequestInit = {}, cookie?: string) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  if (init.method && init.method !== "GET") headers.set("Origin", "http://localhost");
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { ...init, headers, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, cachedEnv, ctx);
  const text = /text|json/.test(response.headers.get("Content-Type") ?? "") ? await response.text() : (await response.arrayBuffer(), "");
  await waitOnExecutionContext(ctx);
  return { response, text };
}

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

async function setUp() {
  const tag = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => String.fromCharCode(97 + (b % 26))).join("");
  const word = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is in a sentence') RETURNING id")
    .bind(`sentword${tag}`, `sentword${tag}`)
    .first<{ id: number }>();
  const other = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is linked later') RETURNING id")
    .bind(`linkword${tag}`, `linkword${tag}`)
    .first<{ id: number }>();
  const sentence = await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES (?, 'A typo here.', 'DEMO') RETURNING id")
    .bind(`Sentword${tag} tpyo.`)
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO sentence_lexemes (sentence_id, lexeme_id) VALUES (?, ?)").bind(sentence!.id, word!.id).run();
  return { tag, wordId: word!.id, otherId: other!.id, otherName: `linkword${tag}`, id: sentence!.id };
}

test("the sentence view and its calls: 401 without a session, 403 for a learner", async () => {
  const { id } = await setUp();
  const learner = await sessionCookieHeader(env, await insertUser(env, { role: "learner" }));
  for (const cookie of [undefined, learner]) {
    const status = cookie ? 403 : 401;
    expect((await call(`/DEV_editor/sentences/${id}`, {}, cookie)).response.status).toBe(status);
    expect((await call(`/DEV_editor/sentences/${id}`, form({ intent: "text", text: "X", trans: "Y" }), cookie)).response.status).toBe(status);
    const body = new FormData();
    body.append("audio", new Blob([new TextEncoder().encode("OggS").buffer as ArrayBuffer]), "a.ogg");
    expect((await call(`/api/editor/sentences/${id}/audio`, { method: "POST", body }, cookie)).response.status).toBe(status);
  }
  const row = await env.DB.prepare("SELECT text FROM sentences WHERE id = ?").bind(id).first<{ text: string }>();
  expect(row!.text).toMatch(/tpyo/);
});

test("an edited sentence is validated, audited and on the public word page at once; words link; a recording plays", async () => {
  const s = await setUp();
  const editor = await insertUser(env, { role: "editor" });
  const cookie = await sessionCookieHeader(env, editor);
  // The word page is cached with the old text.
  expect((await call(`/k/${s.wordId}`)).text).toContain("tpyo");
  expect((await call(`/k/${s.wordId}`)).response.headers.get("X-Page-Cache")).toBe("hit");

  const page = await call(`/DEV_editor/sentences/${s.id}`, {}, cookie);
  expect(page.response.status).toBe(200);
  expect(page.text).toContain("tpyo");

  // Validation as for words: required, plain text, one line.
  const empty = await call(`/DEV_editor/sentences/${s.id}`, form({ intent: "text", text: " ", trans: "x" }), cookie);
  expect(empty.response.status).toBe(400);
  const markup = await call(`/DEV_editor/sentences/${s.id}`, form({ intent: "text", text: "<b>x</b>", trans: "x" }), cookie);
  expect(markup.response.status).toBe(400);

  const saved = await call(`/DEV_editor/sentences/${s.id}`, form({ intent: "text", text: `Sentword${s.tag} typo.`, trans: "No typo here." }), cookie);
  expect(saved.response.status).toBe(200);
  const log = await env.DB.prepare("SELECT user_id, action, before, after FROM edit_log WHERE entity = 'sentences' AND entity_id = ?")
    .bind(String(s.id))
    .all<{ user_id: number; action: string; before: string; after: string }>();
  expect(log.results).toHaveLength(1);
  expect(log.results[0]).toMatchObject({ user_id: editor.id, action: "set_text" });
  expect(JSON.parse(log.results[0]!.before)).toEqual({ text: `Sentword${s.tag} tpyo.`, trans: "A typo here." });
  const after = await call(`/k/${s.wordId}`);
  expect(after.text).toContain(`Sentword${s.tag} typo.`);
  expect(after.text).toContain("No typo here.");
  expect(after.text).not.toContain("tpyo");

  // Link a second word: found by exact name, linked, audited; the sentence shows on its page too.
  const found = await call(`/DEV_editor/sentences/${s.id}?find=${s.otherName}`, {}, cookie);
  expect(found.text).toContain(`name="lexemeId" value="${s.otherId}"`);
  expect((await call(`/DEV_editor/sentences/${s.id}`, form({ intent: "word", lexemeId: String(s.otherId), linked: "1" }), cookie)).response.status).toBe(200);
  expect((await call(`/k/${s.otherId}`)).text).toContain("No typo here.");
  expect((await call(`/DEV_editor/sentences/${s.id}`, form({ intent: "word", lexemeId: "999999999", linked: "1" }), cookie)).response.status).toBe(404);

  // A recording: stored public, audited, and played from the word page.
  const bytes = new Uint8Array(256);
  bytes.set(new TextEncoder().encode("OggS"), 0);
  const body = new FormData();
  body.append("audio", new Blob([bytes]), "a.ogg");
  const upload = await call(`/api/editor/sentences/${s.id}/audio`, { method: "POST", body }, cookie);
  expect(upload.response.status).toBe(200);
  const { files } = JSON.parse(upload.text) as { files: string[] };
  expect((await call(`/k/${s.wordId}`)).text).toContain(`/audio/${files[0]}`);
  const actions = await env.DB.prepare("SELECT action FROM edit_log WHERE entity = 'sentences' AND entity_id = ? ORDER BY id")
    .bind(String(s.id))
    .all<{ action: string }>();
  expect(actions.results.map((r) => r.action)).toEqual(["set_text", "link_word", "add_audio"]);
});

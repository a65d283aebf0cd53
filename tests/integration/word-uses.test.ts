/**
 * Word uses (issue 38): views of /k/{id} (cached pages too) and search hits count per lexeme, in batches, and show
 * in the editor's Counts view; the API's counts and the Counts page are for editors only.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import worker from "../../workers/app";
import { insertUser, sessionCookieHeader } from "../factories/users";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;
const incoming = (url: string, init: RequestInit = {}) => new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(incoming(`http://localhost${path}`, { headers }), cachedEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

async function insertWord() {
  const name = `usesword${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is counted') RETURNING id")
    .bind(name, name)
    .first<{ id: number }>();
  return { id: row!.id, name };
}

test("views of a word page (cache hits included) and searches count, and show in Counts ordered by views", async () => {
  const word = await insertWord();
  const other = await insertWord();
  for (let i = 0; i < 3; i++) {
    const { response } = await fetchPage(`/k/${word.id}`);
    expect(response.status).toBe(200);
    if (i > 0) expect(response.headers.get("X-Page-Cache")).toBe("hit");
  }
  await fetchPage(`/k/${other.id}`);
  await fetchPage(`/k?q=${word.name}`);
  // Nothing is written per view: the counts wait in the isolate until a batch is due.
  const before = await env.DB.prepare("SELECT views FROM lexeme_uses WHERE lexeme_id = ?").bind(word.id).first<{ views: number }>();
  expect(before?.views ?? 0).toBeLessThan(3);

  const editor = await insertUser(env, { role: "editor" });
  const { text } = await fetchPage("/DEV_editor/counts?sort=views", { Cookie: await sessionCookieHeader(env, editor) });
  const row = await env.DB.prepare("SELECT views, searches FROM lexeme_uses WHERE lexeme_id = ?").bind(word.id).first<{ views: number; searches: number }>();
  expect(row).toEqual({ views: 3, searches: 1 });
  // Most viewed first: the word's row comes before the other's, with its numbers.
  const at = text.indexOf(word.name);
  expect(at).toBeGreaterThan(0);
  expect(text.indexOf(other.name)).toBeGreaterThan(at);
  expect(text.slice(at, at + 400)).toMatch(/<td>3<\/td><td>1<\/td>/);
});

test("a search counts the words it found when it ran: the batch does not search again", async () => {
  const word = await insertWord();
  await fetchPage(`/k?q=${word.name}`);
  await fetchPage(`/api/search?q=${word.name}`);
  // Renamed before the batch is written: searching again then would find nothing.
  await env.DB.prepare("UPDATE lexemes SET name = ?, search_key = ?, updated_at = ? WHERE id = ?")
    .bind(`moved${word.id}`, `moved${word.id}`, Date.now(), word.id)
    .run();
  const editor = await insertUser(env, { role: "editor" });
  await fetchPage("/DEV_editor/counts?sort=views", { Cookie: await sessionCookieHeader(env, editor) });
  const row = await env.DB.prepare("SELECT searches FROM lexeme_uses WHERE lexeme_id = ?").bind(word.id).first<{ searches: number }>();
  expect(row).toEqual({ searches: 2 });
});

test("the Counts page: 401 without a session, 403 for a learner", async () => {
  expect((await fetchPage("/DEV_editor/counts")).response.status).toBe(401);
  const learner = await insertUser(env, { role: "learner" });
  expect((await fetchPage("/DEV_editor/counts", { Cookie: await sessionCookieHeader(env, learner) })).response.status).toBe(403);
});

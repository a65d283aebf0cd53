/**
 * Stored page words (issue 40, ADR 029) in workerd with the real local D1 and queue: the job works out every public
 * story's and word page's tap-a-word and related words for a lexicon version; the pages take them only while they
 * are of the lexicon and texts the request sees; after an editor's save the five-minute cron asks for the job again; a
 * message for a version the lexicon has left does nothing; a run that finds nothing changed writes nothing.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { createDb } from "../../db/client";
import { lexiconVersion } from "../../db/queries/lexemes";
import { pageWordsVersion } from "../../db/queries/page-words";
import { getConfig } from "../../app/services/config.server";
import { getSearchIndex, tapAWord } from "../../app/services/lexicon.server";
import { buildPageWords, storedPageWords, storyPageKey, wordPageKey } from "../../app/services/page-words.server";
import { relatedWords } from "../../app/core/related-words";
import { CATCH_UP_CRON, runScheduled } from "../../app/services/wotd-jobs.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import worker from "../../workers/app";

const db = createDb(env.DB);
const config = getConfig(env);
const bindings = { db, config };
const story = `PW${crypto.randomUUID().slice(0, 6)}`;
const texts = ["Nmaajaa.", "Gwaabmin jiimaan."];
let maajaaId = 0;

beforeAll(async () => {
  for (const [name, pos, gloss, stem] of [
    ["maajaa", "vai", "go away, leave", "maajaa"],
    ["waabmaa", "vta", "see smb.; good-bye", "waabam"],
    ["jiimaan", "ni", "canoe, boat", "jiimaan"],
  ]) {
    await env.DB.prepare("INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, ?, ?, ?)").bind(name, name, pos, gloss, stem).run();
  }
  const data = JSON.stringify([texts.map((text) => ({ text, trans: "…" }))]);
  await env.DB.prepare("INSERT INTO stories (id, source, title, completed, listed, data) VALUES (?, 'misc', 'Page words', 1, 0, ?)").bind(story, data).run();
  maajaaId = (await env.DB.prepare("SELECT id FROM lexemes WHERE name = 'maajaa' AND pos = 'vai'").first<{ id: number }>())!.id;
});

test("the job stores a story's and a word's page words; the pages take them while they are current", async () => {
  const version = await lexiconVersion(db);
  const built = await buildPageWords(bindings, version);
  expect(built.outcome).toBe("built");
  expect(await pageWordsVersion(db)).toMatchObject({ lexicon: version });
  // The stored words are the ones the whole index gives.
  const index = await getSearchIndex(db, config);
  const stored = await storedPageWords(bindings, storyPageKey(story), texts);
  expect(stored?.page.words).toEqual(JSON.parse(JSON.stringify(tapAWord(index, texts))));
  expect(Object.keys(stored!.page.words)).toEqual(["Nmaajaa", "Gwaabmin", "jiimaan"]);
  const word = await storedPageWords(bindings, wordPageKey(maajaaId), []);
  expect(word?.page.related).toEqual(JSON.parse(JSON.stringify(relatedWords(index, maajaaId))));
  // Other texts are not these rows' (an edited story before the job ran again).
  expect(await storedPageWords(bindings, storyPageKey(story), [...texts, "Aanii."])).toBeNull();
  // The story page shows the stored words.
  const page = await (await exports.default.fetch(new Request(`http://localhost/d/${story}`))).text();
  expect(page).toContain("Nmaajaa");
  expect(page).toContain("go away");
  // Nothing changed: a second run writes nothing.
  expect((await buildPageWords(bindings, version)).written).toBe(0);
});

test("a new word makes the rows stale until the job has run for the new version", async () => {
  await buildPageWords(bindings, await lexiconVersion(db));
  const before = await lexiconVersion(db);
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('maajaa-zqpw', 'maajaazqpw', 'vai', 'start off zq', NULL)").run();
  const after = await lexiconVersion(db);
  expect(after).not.toBe(before);
  expect(await storedPageWords(bindings, wordPageKey(maajaaId), [])).toBeNull();
  // A message for the version the lexicon has left does nothing.
  expect((await buildPageWords(bindings, before)).outcome).toBe("stale");
  const rebuilt = await buildPageWords(bindings, after);
  expect(rebuilt.written).toBeGreaterThan(0);
  const related = (await storedPageWords(bindings, wordPageKey(maajaaId), []))!.page.related.map((r) => r.name);
  expect(related).toContain("maajaa-zqpw");
});

test("a new recording (an editor's save) changes nothing derived: the rows stay current, the word page plays it", async () => {
  const editor = await sessionCookieHeader(env, await insertUser(env, { role: "editor" }));
  const word = (await env.DB.prepare(
    "INSERT INTO lexemes (name, search_key, pos, gloss) VALUES ('zqpwsave', 'zqpwsave', 'vai', 's/he is recorded') RETURNING id",
  ).first<{ id: number }>())!;
  await buildPageWords(bindings, await lexiconVersion(db));
  const version = await lexiconVersion(db);
  expect(await storedPageWords(bindings, wordPageKey(word.id), [])).not.toBeNull();
  const body = new FormData();
  const clip = new Uint8Array(256);
  clip.set(new TextEncoder().encode("OggS"), 0);
  body.append("audio", new Blob([clip]), "clip.ogg");
  body.append("speaker", "Page Words Speaker");
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost/api/editor/lexemes/${word.id}/audio`, {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", Cookie: editor },
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  expect(response.status).toBeLessThan(300);
  await waitOnExecutionContext(ctx);
  // Page words hold no recording (ADR 034): the lexicon version is the same, and the rows are still taken. Nor a
  // count of uses in the texts.
  await env.DB.prepare("UPDATE lexemes SET corpus_count = corpus_count + 1 WHERE id = ?").bind(word.id).run();
  expect(await lexiconVersion(db)).toBe(version);
  expect(await storedPageWords(bindings, wordPageKey(word.id), [])).not.toBeNull();
  const page = await (await exports.default.fetch(new Request(`http://localhost/k/${word.id}`))).text();
  expect(page).toContain("Page Words Speaker");
  expect(page).toMatch(/(href|src)="\/audio\//);
});

test("the cron asks for the job only when the rows lag behind the lexicon or the editors' changes", async () => {
  // The cron also asks for the search keys of pending lexemes (ADR 034): only its page-words messages are this test's.
  const all: Array<{ type: string }> = [];
  const jobs = { send: async (message: { type: string }) => void all.push(message) } as unknown as Queue;
  const sent = {
    get list() {
      return all.filter((m) => m.type === "page-words");
    },
    clear: () => void (all.length = 0),
  };
  const cron = { cron: CATCH_UP_CRON, scheduledTime: Date.now() };
  await buildPageWords(bindings, await lexiconVersion(db));
  await runScheduled(cron, { ...bindings, queue: env.EMAIL_QUEUE, jobs });
  expect(sent.list).toEqual([]);
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES ('zqpwcron', 'zqpwcron', 'na', 'a word the import wrote')").run();
  await runScheduled(cron, { ...bindings, queue: env.EMAIL_QUEUE, jobs });
  expect(sent.list).toEqual([{ version: 1, type: "page-words", lexiconVersion: await lexiconVersion(db) }]);
  expect(all).toContainEqual({ version: 1, type: "index-pending" });
  // An edited story is an editor's change (edit_log): the lexicon is the same, the texts are not.
  await buildPageWords(bindings, await lexiconVersion(db));
  sent.clear();
  await env.DB.prepare("INSERT INTO edit_log (entity, entity_id, action) VALUES ('story', ?, 'update')").bind(story).run();
  await runScheduled(cron, { ...bindings, queue: env.EMAIL_QUEUE, jobs });
  expect(sent.list).toHaveLength(1);
});

/**
 * One version for the stored search data (issue 52, ADR 034) in workerd with real D1 and the real jobs queue: stored
 * data of another engine version is never read as current (requests read the lexicon whole meanwhile, and answer the
 * same), and the scheduled work alone derives it again in bounded batches (the cron, then the jobs queue, message after
 * message), after which the answers through the stored keys equal the whole lexicon's. Writers of an older deploy
 * settle nothing. The admin page shows the state.
 */
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createDb } from "../../db/client";
import { entriesByKeys, pendingCount, pendingLexemes, writeKeys } from "../../db/queries/lexicon-keys";
import { lexiconVersion } from "../../db/queries/lexemes";
import { pageWordsVersion } from "../../db/queries/page-words";
import { searchDataState } from "../../db/queries/search-data";
import { SEARCH_DATA_VERSION } from "../../app/core/search-data-version";
import { indexRows } from "../../app/core/lexicon-keys";
import { newWholeCaches } from "../../app/core/grammar/whole-narrowing";
import { newGrammarMemo } from "../../app/core/grammar/memo";
import { searchWords } from "../../app/core/word-search";
import { getConfig } from "../../app/services/config.server";
import { getSearchIndex, indexForSearch, indexPendingLexemes } from "../../app/services/lexicon.server";
import { INDEX_BATCH, runIndexJob } from "../../app/services/search-data.server";
import { CATCH_UP_CRON, runScheduled } from "../../app/services/wotd-jobs.server";
import { LEXICON } from "../factories/course";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { waitFor } from "../support/wait-for";

const db = createDb(env.DB);
const config = getConfig(env);
const source = { db, config };

/** Queries by headword, inflected form, English word and English phrase. */
const QUERIES = ["maajaa", "ngii-maajaa", "gwaabmin", "maajaajig", "nbaawdig", "jiimaan", "jiimaanan", "dog", "canoe", "leave", "I see you", "we ate"];

/** A query's answer as a visitor sees it: the entries' names and parts of speech, in order. */
async function answer(q: string, keyed: boolean) {
  const index = keyed ? await indexForSearch(source, q) : await getSearchIndex(db, config);
  return searchWords(index, q).hits.map((h) => `${h.entry.name} (${h.entry.pos})`);
}

const storedVersion = async () => (await searchDataState(db)).version;

beforeAll(async () => {
  // The demo lexicon, and nouns made up for this test so that the entries take more than one batch of the work.
  const made = Array.from({ length: INDEX_BATCH }, (_, i) => ({ name: `zqsdv${i}`, pos: "ni", gloss: `a thing of this test ${i}`, stem: null }));
  const statements = [...LEXICON, ...made].map((e) =>
    env.DB.prepare("INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem, source) VALUES (?, ?, ?, ?, ?, 'test')").bind(
      e.name,
      e.name.toLowerCase(),
      e.pos,
      e.gloss,
      e.stem,
    ),
  );
  await env.DB.batch(statements);
  await indexPendingLexemes(db);
});

// The page-words job the cron asked for runs on the real jobs queue: let it finish before the file's storage goes.
afterAll(async () => {
  await waitFor(async () => (await env.JOBS_QUEUE.metrics()).backlogCount === 0 && (await pageWordsVersion(db)) !== null, {
    timeoutMs: 60_000,
    intervalMs: 200,
    message: "the jobs queue did not drain",
  });
}, 70_000);

test("stored data of another engine version is not read as current, and the scheduled work alone derives it again", async () => {
  const entries = await env.DB.prepare("SELECT count(*) AS n FROM lexemes").first<{ n: number }>();
  expect(entries!.n).toBeGreaterThan(INDEX_BATCH);
  expect(await storedVersion()).toBe(SEARCH_DATA_VERSION);
  expect(await pendingCount(db)).toBe(0);
  const whole: Record<string, string[]> = {};
  for (const q of QUERIES) {
    whole[q] = await answer(q, false);
    expect(await answer(q, true), q).toEqual(whole[q]);
  }
  expect(whole["gwaabmin"]!.length).toBeGreaterThan(0);
  const versionBefore = await lexiconVersion(db);

  // The stored data as an older engine left it: another version, a wrong key, a tail row no engine makes now.
  await env.DB.batch([
    env.DB.prepare("UPDATE search_data SET version = ? WHERE id = 1").bind(SEARCH_DATA_VERSION - 1),
    env.DB.prepare("DELETE FROM lexeme_keys WHERE lexeme_id = (SELECT id FROM lexemes WHERE name = 'maajaa' AND pos = 'vai')"),
    env.DB.prepare("INSERT INTO tail_endings (id, data) VALUES ('from-an-older-engine', '[]')"),
  ]);
  // Not read as current: requests read the lexicon whole, and answer the same.
  expect((await entriesByKeys(db, { exact: [], prefix: null, english: [] })).pending).toBe(true);
  for (const q of QUERIES) expect(await answer(q, true), q).toEqual(whole[q]);
  // Page words and the offline dictionary are of the lexicon version, which names the engine's.
  expect(versionBefore).toMatch(new RegExp(`^e${SEARCH_DATA_VERSION}:`));

  // The cron, then the jobs queue, with no other step.
  await runScheduled({ cron: CATCH_UP_CRON, scheduledTime: Date.now() }, { db, config, queue: env.EMAIL_QUEUE, jobs: env.JOBS_QUEUE });
  expect(await storedVersion()).toBe(SEARCH_DATA_VERSION);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM tail_endings WHERE id = 'from-an-older-engine'").first<{ n: number }>()).toEqual({ n: 0 });
  await waitFor(async () => (await pendingCount(db)) === 0, {
    timeoutMs: 60_000,
    intervalMs: 200,
    message: "the scheduled work did not write every pending entry",
  });
  const state = await searchDataState(db);
  expect(state.rederivedAt).not.toBeNull();
  expect(state.indexedAt).not.toBeNull();
  expect((await entriesByKeys(db, { exact: [], prefix: null, english: [] })).pending).toBe(false);
  for (const q of QUERIES) expect(await answer(q, true), q).toEqual(whole[q]);
  expect(await answer("maajaa", true)).toContain("maajaa (vai)");
});

test("one job message writes one bounded batch and asks for the next while entries are left", async () => {
  await env.DB.prepare("UPDATE lexemes SET gloss = gloss || ' ' WHERE source = 'test'").run();
  const total = await pendingCount(db);
  expect(total).toBeGreaterThan(INDEX_BATCH);
  const sent: unknown[] = [];
  const jobs = { send: async (message: unknown) => void sent.push(message) } as unknown as Queue;
  expect(await runIndexJob({ db, jobs })).toEqual({ written: INDEX_BATCH, left: total - INDEX_BATCH });
  expect(sent).toEqual([{ version: 1, type: "index-pending" }]);
  sent.length = 0;
  expect(await runIndexJob({ db, jobs })).toEqual({ written: total - INDEX_BATCH, left: 0 });
  expect(sent).toEqual([]);
});

test("keys written under an older version settle no mark, and an older deploy never moves the version back", async () => {
  await indexPendingLexemes(db);
  await env.DB.prepare("UPDATE lexemes SET gloss = gloss || ' ' WHERE name = 'jiimaan'").run();
  const pending = await pendingLexemes(db, 10);
  expect(pending.length).toBeGreaterThan(0);
  // The version moved on (a newer deploy) while this writer made its keys: its marks stay for the newer engine.
  await env.DB.prepare("UPDATE search_data SET version = ? WHERE id = 1")
    .bind(SEARCH_DATA_VERSION + 1)
    .run();
  await writeKeys(db, indexRows(pending, newWholeCaches(newGrammarMemo())), pending);
  expect(await pendingCount(db)).toBe(pending.length);
  // Its job writes a batch, settles nothing, and stops instead of asking for the same batch again and again.
  const sent: unknown[] = [];
  const capture = { send: async (message: unknown) => void sent.push(message) } as unknown as Queue;
  expect(await runIndexJob({ db, jobs: capture })).toEqual({ written: pending.length, left: pending.length });
  expect(sent).toEqual([]);
  // This code's cron leaves a newer version alone.
  await runScheduled(
    { cron: CATCH_UP_CRON, scheduledTime: Date.now() },
    { db, config, queue: env.EMAIL_QUEUE, jobs: { send: async () => undefined } as unknown as Queue },
  );
  expect(await storedVersion()).toBe(SEARCH_DATA_VERSION + 1);
  await env.DB.prepare("UPDATE search_data SET version = ? WHERE id = 1").bind(SEARCH_DATA_VERSION).run();
  await indexPendingLexemes(db);
  expect(await pendingCount(db)).toBe(0);
});

test("the admin page shows the search data's version and the entries waiting for their keys", async () => {
  const cookie = await sessionCookieHeader(env, await insertUser(env, { role: "admin" }));
  await env.DB.prepare("UPDATE lexemes SET gloss = gloss || ' ' WHERE name = 'jiimaan'").run();
  const page = await (await exports.default.fetch(new Request("http://localhost/admin", { headers: { Cookie: cookie } }))).text();
  const text = page.replaceAll("<!-- -->", "");
  expect(text).toContain("Search data");
  expect(text).toContain(`${SEARCH_DATA_VERSION} (the site&#x27;s)`);
  expect(text).toMatch(/Entries waiting for their search keys<\/dt><dd>[1-9]/);
  expect(text).toContain("writes the keys by itself every few minutes");
  await indexPendingLexemes(db);
  const after = (await (await exports.default.fetch(new Request("http://localhost/admin", { headers: { Cookie: cookie } }))).text()).replaceAll("<!-- -->", "");
  expect(after).toContain("Entries waiting for their search keys</dt><dd>None");
});

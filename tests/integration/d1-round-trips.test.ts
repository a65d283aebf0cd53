/**
 * At most two D1 round trips per public page (issue "Fast at the edge", ADR 015): the Worker is called with a D1
 * binding that counts what reaches the database (a statement run, or one batch). Steady state: the second request
 * of the isolate, so per-isolate work (the lexicon, the parsed config) is not counted; the page cache is off, and
 * the per-isolate public data (services/public-data.server.ts) is off for the first test and on for the second.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import worker from "../../workers/app";
import { loadCourse } from "../factories/course";
import { createDb } from "../../db/client";
import { lexiconVersion } from "../../db/queries/lexemes";
import { buildPageWords } from "../../app/services/page-words.server";

let trips = 0;

/** A statement whose every way to reach the database counts one trip. */
function countStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === "bind") return (...values: unknown[]) => countStatement(target.bind(...values));
      const value = Reflect.get(target, prop, target);
      if (["first", "all", "run", "raw"].includes(String(prop))) {
        return (...args: unknown[]) => {
          trips++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function countDatabase<T extends D1Database | D1DatabaseSession>(db: T): T {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (sql: string) => countStatement((target as D1Database).prepare(sql));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips++;
          return (target as D1Database).batch(statements);
        };
      }
      if (prop === "withSession") return (...args: unknown[]) => countDatabase((target as D1Database).withSession(...(args as [string])));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// ENVIRONMENT=development: the in-memory lexicon trusts its version for 30 s as in production (tests re-read it).
const countedEnv = { ...env, DB: countDatabase(env.DB), PAGE_CACHE: "off", DATA_CACHE: "off", ENVIRONMENT: "development" } as Env;
const withDataEnv = { ...countedEnv, DATA_CACHE: "on" } as Env;

async function tripsFor(path: string, workerEnv = countedEnv) {
  const fetchOnce = async () => {
    const ctx = createExecutionContext();
    const request = new Request(`http://localhost${path}`) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, workerEnv, ctx);
    await response.text();
    await waitOnExecutionContext(ctx);
    return response.status;
  };
  await fetchOnce();
  trips = 0;
  const status = await fetchOnce();
  return { status, trips };
}

async function publicPages() {
  await loadCourse(env);
  await env.DB.prepare("INSERT OR IGNORE INTO stories (id, source, title, completed, data) VALUES ('TRIPS1', 'misc', 'A story', 1, '[]')").run();
  const lesson = await env.DB.prepare("SELECT id FROM lessons WHERE status = 'published' ORDER BY position LIMIT 1").first<{ id: number }>();
  const word = await env.DB.prepare("SELECT id FROM lexemes ORDER BY id LIMIT 1").first<{ id: number }>();
  const story = await env.DB.prepare("SELECT id FROM stories LIMIT 1").first<{ id: string }>();
  const verb = await env.DB.prepare("SELECT id FROM lexemes WHERE pos = 'vai' ORDER BY id LIMIT 1").first<{ id: number }>();
  const pages = ["/", "/d", "/k", "/conj", "/conj?verb=maajaa", "/paradigms", "/aambe", "/wotd"];
  if (word) pages.push(`/k/${word.id}`);
  expect(verb, "a VAI verb in the lexicon").toBeTruthy();
  pages.push(`/k/${verb!.id}/why?cell=ind%201s`);
  if (story) pages.push(`/d/${story.id}`);
  if (lesson) pages.push(`/aambe/learn/${lesson.id}`);
  return pages;
}

/** Steady-state round trips per page (each page must answer without an error). */
async function countsFor(pages: string[], workerEnv = countedEnv) {
  const counts: Record<string, number> = {};
  for (const page of pages) {
    const { status, trips } = await tripsFor(page, workerEnv);
    expect(status, page).toBeLessThan(400);
    counts[page] = trips;
  }
  return counts;
}

test("every public page makes at most two D1 round trips", async () => {
  const counts = await countsFor(await publicPages());
  for (const [page, n] of Object.entries(counts)) expect(n, `${page}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(2);
}, 60_000);

test("with the public data kept per isolate, an anonymous visitor's public page makes no D1 round trip at all", async () => {
  // /wotd is read every time: its archive grows when the daily job picks a word, which writes no edit_log row.
  const counts = await countsFor(
    (await publicPages()).filter((page) => page !== "/wotd"),
    withDataEnv,
  );
  for (const [page, n] of Object.entries(counts)) expect(n, `${page}: ${JSON.stringify(counts)}`).toBe(0);
}, 60_000);

test("with the stored page words current (ADR 029), a story and a word page keep within the same round trips", async () => {
  const pages = await publicPages();
  const db = createDb(env.DB);
  expect((await buildPageWords({ db }, await lexiconVersion(db))).outcome).toBe("built");
  const stored = pages.filter((page) => /^\/(k\/\d+|d\/[^/]+)$/.test(page));
  expect(stored.length).toBeGreaterThanOrEqual(2);
  const counts = await countsFor(stored);
  for (const [page, n] of Object.entries(counts)) expect(n, `${page}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(2);
  const kept = await countsFor(stored, withDataEnv);
  for (const [page, n] of Object.entries(kept)) expect(n, `${page}: ${JSON.stringify(kept)}`).toBe(0);
}, 60_000);

/**
 * A learner's first week (issue 39): the home page of a signed-in learner says what to do next (the lesson to
 * continue, the cards due, the Word of the Day) and is never stored in the page cache; visitors find Join in the
 * navigation; log-out and account deletion say what happened.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import worker from "../../workers/app";
import { expandLesson } from "../../app/services/course.server";
import { sentenceCardKey } from "../../app/utils/course";
import { COURSE, LEXICON, loadCourse } from "../factories/course";
import { insertUser, sessionCookieHeader } from "../factories/users";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;

async function fetchPage(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`http://localhost${path}`, { headers, redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, cachedEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

const lessonKeys = (lesson: (typeof COURSE)[number]) => [
  ...expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON).forms.map((f) => f.key),
  ...lesson.sentences.map((_, i) => sentenceCardKey(lesson.id, i + 1)),
];

async function addCards(userId: number, keys: string[], due: number) {
  await env.DB.batch(
    keys.map((key) =>
      env.DB.prepare("INSERT INTO srs_cards (user_id, card_key, state, due, updated_at) VALUES (?, ?, '{}', ?, ?)").bind(userId, key, due, Date.now()),
    ),
  );
}

beforeAll(() => loadCourse(env));

test("a visitor finds Join next to Enter in the navigation, and Practice and Paradigms in the menu", async () => {
  const { text } = await fetchPage("/menu");
  expect(text).toMatch(/href="\/wiijiiwe"[^>]*>.*Join/);
  expect(text).toContain('href="/biindge"');
  expect(text).toContain('href="/aambe/practice"');
  expect(text).toContain('href="/paradigms"');
});

test("a new learner's home offers lesson 1; after lesson 1 it offers lesson 2 and the cards due; never from the cache", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const first = await fetchPage("/", { Cookie: cookie });
  expect(first.response.headers.get("X-Page-Cache")).toBeNull();
  expect(first.text).toContain('data-testid="next-steps"');
  expect(first.text).toContain(`Start the course: lesson 1`);
  expect(first.text).toMatch(/data-testid="home-due"[^>]*>No cards due</);
  expect(first.text).toContain("Nothing to practise yet");

  const keys = lessonKeys(COURSE[0]);
  await addCards(user.id, keys.slice(0, 3), Date.now() - 1000);
  await addCards(user.id, keys.slice(3), Date.now() + 86_400_000);
  const after = await fetchPage("/", { Cookie: cookie });
  expect(after.text).toContain(`Continue the course: lesson 2`);
  expect(after.text).toContain(`href="/aambe/learn/${COURSE[1].id}"`);
  // Cards never answered are new cards (at most 20 a day).
  expect(after.text).toMatch(/data-testid="home-due"[^>]*>3 new cards due</);
  expect(after.text).toContain(`(${keys.length} cards in all)`);

  // A visitor right after gets the public page, with no trace of the learner's.
  const anonymous = await fetchPage("/");
  expect(anonymous.text).not.toContain('data-testid="next-steps"');
  expect(anonymous.text).toContain('href="/wiijiiwe"');
  const again = await fetchPage("/", { Cookie: cookie });
  expect(again.response.headers.get("X-Page-Cache")).toBeNull();
  expect(again.text).toMatch(/data-testid="home-due"[^>]*>3 new cards due</);
});

test("the home page shows today's word to a signed-in learner", async () => {
  const user = await insertUser(env);
  const today = new Date().toISOString().slice(0, 10);
  const word = await env.DB.prepare(
    "INSERT INTO lexemes (name, search_key, pos, gloss) VALUES ('homeword', 'homeword', 'vai', 's/he tests the home page') RETURNING id",
  ).first<{ id: number }>();
  await env.DB.prepare("INSERT OR REPLACE INTO wotd_picks (day, lexeme_id) VALUES (?, ?)").bind(today, word!.id).run();
  const { text } = await fetchPage("/", { Cookie: await sessionCookieHeader(env, user) });
  expect(text).toContain("Today’s word: ");
  expect(text).toContain("homeword");
  expect(text).toContain(`href="/wotd/${today}"`);
});

test("logging out says so on the home page", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const out = await fetchPage(
    "/logout",
    { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    { method: "POST", body: "" },
  );
  expect(out.response.status).toBe(302);
  expect(out.response.headers.get("Location")).toBe("/?bye=logout");
  const home = await fetchPage("/?bye=logout");
  expect(home.text).toContain("You are logged out, on every device.");
  expect((await fetchPage("/?bye=deleted")).text).toContain("Your account has been deleted");
});

test("a signed-in learner finds their address filled in on both Word of the Day forms; a visitor finds it empty", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  for (const path of ["/", "/signup-wotd"]) {
    const mine = await fetchPage(path, { Cookie: cookie });
    expect(mine.text, path).toMatch(new RegExp(`name="email"[^>]*value="${user.email.replace(/[.]/g, "\\.")}"`));
    expect(mine.response.headers.get("Cache-Control"), path).toMatch(/private/);
    const visitor = await fetchPage(path);
    expect(visitor.text, path).not.toContain(user.email);
  }
});

/**
 * Honest progress and a sane queue (issue 47): /niin and /aambe count the same lessons — every card (verb and noun
 * forms as well as sentences) counts for the lessons whose items it is — and new cards are limited per learner
 * (a setting on /niin, 20 by default, over any 24 hours), in the home page's count ("12 reviews and 8 new cards
 * due") and in every practice round.
 */
import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { expandLesson } from "../../app/services/course.server";
import { sentenceCardKey } from "../../app/utils/course";
import { COURSE, LEXICON, loadCourse } from "../factories/course";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { get, post } from "./accounts-helpers";

beforeAll(() => loadCourse(env));

const lessonKeys = (lesson: (typeof COURSE)[number]) => [
  ...expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON).forms.map((f) => f.key),
  ...lesson.sentences.map((_, i) => sentenceCardKey(lesson.id, i + 1)),
];

const DAY = 86_400_000;
const state = (reps: number) => JSON.stringify({ reps, due: new Date().toISOString() });

async function addCards(userId: number, keys: string[], { reps, due }: { reps: number; due: number }) {
  const insert = env.DB.prepare("INSERT INTO srs_cards (user_id, card_key, state, due, updated_at) VALUES (?, ?, ?, ?, ?)");
  for (let i = 0; i < keys.length; i += 50) await env.DB.batch(keys.slice(i, i + 50).map((key) => insert.bind(userId, key, state(reps), due, Date.now())));
}

/** `n` cards practised for the first time `ago` ms ago (their first reviews). */
async function firstReviews(userId: number, n: number, ago: number) {
  const insert = env.DB.prepare(
    "INSERT INTO srs_reviews (id, user_id, card_key, correct, answered_at, received_at, first_review) VALUES (?, ?, ?, 1, ?, ?, 1)",
  );
  await env.DB.batch(Array.from({ length: n }, (_, i) => insert.bind(crypto.randomUUID(), userId, `verb:x${i}:ind:1s`, Date.now() - ago, Date.now())));
}

async function signedIn() {
  const user = await insertUser(env);
  return { user, cookie: await sessionCookieHeader(env, user) };
}

const text = async (path: string, cookie: string) => {
  const response = await get(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
};

const homeDue = (html: string) => /data-testid="home-due"[^>]*>([^<]*)</.exec(html)?.[1];

test("/niin lists every lesson practised — forms of lessons 14 and 16–19 too — and counts the lessons /aambe counts", async () => {
  const { user, cookie } = await signedIn();
  const practised = [1, 2, 3, 4, 5, 14, 16, 17, 18, 19];
  // Lessons 1–5 wholly (sentences and forms), then only the forms of 14 and 16–19, and a few of lesson 19.
  for (const n of practised) {
    const keys = lessonKeys(COURSE[n - 1]);
    await addCards(user.id, n <= 5 ? keys : n === 19 ? keys.slice(0, 2) : keys, { reps: 1, due: Date.now() + DAY });
  }
  const niin = await text("/niin", cookie);
  const line = /data-testid="lessons-practised">([\s\S]*?)<\/p>/.exec(niin)?.[1].replace(/<[^>]+>/g, "") ?? "";
  expect(line).toBe(`Lessons practised: ${practised.map((n) => `Lesson ${n}${n === 19 ? " (in progress)" : ""}`).join(", ")}.`);
  expect(niin).toContain(`data-testid="lessons-done">9 of ${COURSE.length}<`);

  const aambe = await text("/aambe", cookie);
  expect(aambe).toContain(`9 of ${COURSE.length} lessons done`);
  const states = [...aambe.matchAll(/data-state="([a-z ]+)"/g)].map((m) => m[1]);
  expect(states.flatMap((s, i) => (s === "new" ? [] : [i + 1]))).toEqual(practised);
  expect(states[18]).toBe("in progress");
});

test("the home page says how many reviews and new cards are due; new cards stop at 20 a day", async () => {
  const { user, cookie } = await signedIn();
  expect(homeDue(await text("/", cookie))).toBe("No cards due");

  // 12 reviews due, 30 new cards ("Practise this word") due, 5 reviews not due yet: forms the deck can ask.
  const all = COURSE.flatMap(lessonKeys).filter((k) => !k.startsWith("lesson:"));
  const [reviews, fresh, later] = [all.slice(0, 12), all.slice(12, 42), all.slice(42, 47)];
  await addCards(user.id, reviews, { reps: 2, due: Date.now() - 60_000 });
  await addCards(user.id, fresh, { reps: 0, due: Date.now() - 1000 });
  await addCards(user.id, later, { reps: 3, due: Date.now() + DAY });
  let home = await text("/", cookie);
  expect(homeDue(home)).toBe("12 reviews and 20 new cards due");
  expect(home).toContain("Practise them now (47 cards in all). 10 more new cards wait for another day (up to 20 new a day).");

  // 12 cards met for the first time in the last 24 hours, 9 more two days ago: 8 new cards left today.
  await firstReviews(user.id, 12, 60_000);
  await firstReviews(user.id, 9, 2 * DAY);
  home = await text("/", cookie);
  expect(homeDue(home)).toBe("12 reviews and 8 new cards due");

  // The deck's start page counts the same, and its round holds 8 new cards at most.
  const deck = await text("/aambe/practice", cookie);
  expect(deck).toContain('data-testid="due-count">20<');
  const start = /<a[^>]*href="([^"]+)"[^>]*>Start/.exec(deck)![1].replaceAll("&amp;", "&");
  const queue = new URL(start, "http://localhost").searchParams.get("q")!.split(" ");
  expect(queue.sort()).toEqual([...reviews].sort());

  // One review and one new card: one of each wording.
  await env.DB.prepare("DELETE FROM srs_cards WHERE user_id = ? AND card_key NOT IN (?, ?)").bind(user.id, reviews[0], fresh[0]).run();
  expect(homeDue(await text("/", cookie))).toBe("1 review and 1 new card due");
  await env.DB.prepare("UPDATE users SET new_cards_per_day = 0 WHERE id = ?").bind(user.id).run();
  home = await text("/", cookie);
  expect(homeDue(home)).toBe("1 review due");
  expect(home).toContain("1 more new card waits for another day (up to 0 new a day).");
});

test("a lesson's round brings in only the new cards left today, and says how many wait", async () => {
  const { user, cookie } = await signedIn();
  await firstReviews(user.id, 17, 60_000);
  const lesson = COURSE[1];
  const keys = lessonKeys(lesson);
  const html = await text(`/aambe/practice?lesson=${lesson.id}`, cookie);
  expect(html).toContain(`data-testid="item-count">${keys.length}<`);
  expect(html).toContain('data-testid="due-count">3<');
  expect(html).toContain(`${keys.length - 3} new items wait for another day: you take up to 20 new cards a day.`);
  const start = /<a[^>]*href="([^"]+)"[^>]*>Start/.exec(html)![1].replaceAll("&amp;", "&");
  expect(new URL(start, "http://localhost").searchParams.get("q")!.split(" ")).toHaveLength(3);

  // Cards practised before are never held back.
  await addCards(user.id, keys.slice(0, 5), { reps: 1, due: Date.now() - 1000 });
  const again = await text(`/aambe/practice?lesson=${lesson.id}`, cookie);
  const round = new URL(/<a[^>]*href="([^"]+)"[^>]*>Start/.exec(again)![1].replaceAll("&amp;", "&"), "http://localhost").searchParams.get("q")!.split(" ");
  expect(round).toHaveLength(8);
  expect(round.slice(0, 5).sort()).toEqual(keys.slice(0, 5).sort());
});

test("answering a card for the first time counts it against the new cards a day; answering it again does not", async () => {
  const { user, cookie } = await signedIn();
  const lesson = COURSE[0];
  const [key] = lessonKeys(lesson);
  const count = async () =>
    (await env.DB.prepare("SELECT count(*) AS n FROM srs_reviews WHERE user_id = ? AND first_review = 1").bind(user.id).first<{ n: number }>())!.n;
  const answer = (round: string, asked: number) =>
    post(
      `/aambe/practice?lesson=${lesson.id}&q=${encodeURIComponent(key)}&t=1&round=${round}`,
      { key, kind: "type", asked: String(asked), answer: "zzz" },
      { cookie },
    );
  expect((await answer("roundaaaa1", Date.now())).status).toBe(200);
  expect(await count()).toBe(1);
  // The same card in a later round: a second review, not a new card.
  expect((await answer("roundbbbb2", Date.now() + 1000)).status).toBe(200);
  expect(await count()).toBe(1);
  const all = await env.DB.prepare("SELECT count(*) AS n FROM srs_reviews WHERE user_id = ?").bind(user.id).first<{ n: number }>();
  expect(all!.n).toBe(2);
  expect((await text("/", cookie)).includes("new card")).toBe(false);
});

test("/niin sets the new cards a day: stored for the learner, checked, and used at once", async () => {
  const { user, cookie } = await signedIn();
  const niin = await text("/niin", cookie);
  expect(niin).toMatch(/<input[^>]*id="newCardsPerDay"[^>]*value="20"/);
  for (const bad of ["-1", "501", "ten", "2.5", ""]) {
    const response = await post("/niin", { intent: "new-cards", newCardsPerDay: bad }, { cookie });
    expect(response.status, bad).toBe(400);
    expect(await response.text()).toContain("Enter a whole number from 0 to 500.");
  }
  const saved = await post("/niin", { intent: "new-cards", newCardsPerDay: "5" }, { cookie });
  expect(saved.status).toBe(200);
  expect(await saved.text()).toContain("Saved: up to 5 new cards a day.");
  const row = await env.DB.prepare("SELECT new_cards_per_day AS n FROM users WHERE id = ?").bind(user.id).first<{ n: number }>();
  expect(row!.n).toBe(5);
  expect(await text("/niin", cookie)).toMatch(/<input[^>]*id="newCardsPerDay"[^>]*value="5"/);
  await addCards(
    user.id,
    Array.from({ length: 9 }, (_, i) => `verb:set${i}:ind:1s`),
    { reps: 0, due: Date.now() - 1000 },
  );
  expect(homeDue(await text("/", cookie))).toBe("5 new cards due");
});

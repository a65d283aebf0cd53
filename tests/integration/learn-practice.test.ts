/**
 * Practice on the server: the round in the URL, a wrong answer asked again, the server's cards as the source of
 * truth across devices, the duplicate guard, anonymous cards and the merge at sign-in — all with plain requests,
 * i.e. exactly what a browser without JavaScript does.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { createDb } from "../../db/client";
import { loadLesson } from "../../app/services/course.server";
import { COURSE, loadCourse } from "../factories/course";
import { ROUND_SIZE } from "../../app/utils/practice";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;
const decode = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&gt;", ">");

beforeAll(() => loadCourse(env));

async function page(path: string, cookie?: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
  expect(response.status, path).toBe(200);
  return response.text();
}

async function post(path: string, fields: Record<string, string>, cookie?: string) {
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
  );
  expect(response.status, path).toBe(200);
  return response.text();
}

const attr = (html: string, name: string) => decode(new RegExp(`${name}="([^"]*)"`).exec(html)?.[1] ?? "");
const link = (html: string, text: RegExp) => {
  const m = new RegExp(`<a[^>]*href="([^"]+)"[^>]*>${text.source}`).exec(html);
  return m ? decode(m[1]) : null;
};

async function lessonItems(id: number) {
  return (await loadLesson(createDb(env.DB), id))!.items;
}

/** Plays a whole round of lesson `id`: the first question wrong, everything else right. Returns the keys asked, in order. */
async function playRound(id: number, cookie?: string) {
  const items = await lessonItems(id);
  const start = await page(`/aambe/practice?lesson=${id}`, cookie);
  let href = link(start, /Start/);
  expect(href).not.toBeNull();
  const asked: string[] = [];
  for (let guard = 0; guard < 40 && href; guard++) {
    const html = await page(href, cookie);
    if (html.includes("Round complete")) return { asked, summary: html };
    const key = attr(html, "data-card");
    const kind = attr(html, "data-kind");
    const item = items.find((i) => i.key === key)!;
    const wrong = asked.length === 0;
    asked.push(key);
    const answer = kind === "choose" ? (wrong ? "nothing at all" : item.english) : wrong ? "zzz" : ` ${item.odawa.toUpperCase()} `;
    const result = await post(href, { key, kind, asked: attr(html, 'name="asked" value'), answer }, cookie);
    expect(result).toContain(wrong ? "Not quite" : "Right!");
    href = link(result, /(Continue|See results)/);
  }
  throw new Error("the round did not end");
}

test("a round asks every due item, asks a missed one again later, and the server schedules it for every device", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const lesson = COURSE[0];
  const items = await lessonItems(lesson.id);
  const before = await page(`/aambe/practice?lesson=${lesson.id}`, cookie);
  expect(before).toContain(`data-testid="item-count">${items.length}<`);
  expect(before).toContain(`data-testid="due-count">${items.length}<`);
  expect(before).toContain("Your schedule is saved to your account.");

  const { asked, summary } = await playRound(lesson.id, cookie);
  // The first (missed) key came back at the end, and was then answered right.
  expect(asked.at(-1)).toBe(asked[0]);
  expect(new Set(asked).size).toBe(asked.length - 1);
  expect(summary).toContain(`You got ${asked.length - 2} of ${asked.length - 1} right.`);

  // "Another device": the same account, nothing but the session cookie.
  const after = await page(`/aambe/practice?lesson=${lesson.id}`, cookie);
  expect(after).toContain(`data-testid="due-count">${Math.max(items.length - ROUND_SIZE, 0)}<`);
  const rows = await env.DB.prepare("SELECT card_key, due FROM srs_cards WHERE user_id = ?").bind(user.id).all<{ card_key: string; due: number }>();
  expect(rows.results.map((r) => r.card_key).sort()).toEqual([...new Set(asked)].sort());
  for (const row of rows.results) expect(row.due).toBeGreaterThan(Date.now());
}, 60_000);

test("the course path shows a lesson as done once every item has been practised", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const lesson = COURSE.find((l) => l.cells.length * l.words.length + l.sentences.length <= ROUND_SIZE)!;
  await playRound(lesson.id, cookie);
  const path = await page("/aambe", cookie);
  const li = path.slice(path.lastIndexOf("<li", path.indexOf(`href="/aambe/learn/${lesson.id}"`)));
  expect(li.slice(0, li.indexOf("</li>"))).toContain('data-state="done"');
  expect(path).toContain(`1 of ${COURSE.length} lessons done`);
}, 60_000);

test("the same answer posted twice (a double submit, an offline replay) is scheduled once", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const items = await lessonItems(COURSE[0].id);
  const key = items[0].key;
  const href = `/aambe/practice?lesson=${COURSE[0].id}&q=${encodeURIComponent(key)}&t=1`;
  const html = await page(href, cookie);
  const fields = { key, kind: "type", asked: attr(html, 'name="asked" value'), answer: items[0].odawa };
  await post(href, fields, cookie);
  await post(href, fields, cookie);
  const row = await env.DB.prepare("SELECT state FROM srs_cards WHERE user_id = ? AND card_key = ?").bind(user.id, key).first<{ state: string }>();
  expect(JSON.parse(row!.state).reps).toBe(1);
});

test("feedback shows the right form split into prefix, stem and ending; letters are strict", async () => {
  const items = await lessonItems(COURSE[0].id);
  const item = items.find((i) => i.parts?.prefix && i.odawa.length > 4)!;
  const href = `/aambe/practice?lesson=${COURSE[0].id}&q=${encodeURIComponent(item.key)}&t=1`;
  const html = await page(href);
  const wrong = await post(href, { key: item.key, kind: "type", asked: attr(html, 'name="asked" value'), answer: item.odawa.slice(0, -1) });
  expect(wrong).toContain("Not quite");
  expect(wrong).toContain(`<span class="form-prefix">${item.parts!.prefix}</span>`);
  expect(wrong).toContain(`<span class="form-root">${item.parts!.root}</span>`);
  // Asked again: the same key is still in the next round link.
  expect(link(wrong, /Continue/)).toContain(`q=${encodeURIComponent(item.key).replaceAll("%20", "+")}`);
  const right = await post(href, { key: item.key, kind: "type", asked: "0", answer: item.odawa.toUpperCase().replace("'", "’") });
  expect(right).toContain("Right!");
});

test("anonymous: the card the page sends is scheduled and handed back; at sign-in local cards merge, newest review wins", async () => {
  const items = await lessonItems(COURSE[0].id);
  const key = items[0].key;
  const href = `/aambe/practice?lesson=${COURSE[0].id}&q=${encodeURIComponent(key)}&t=1`;
  expect(await page(`/aambe/practice?lesson=${COURSE[0].id}`)).toContain("Your schedule is saved on this device.");
  await page(href);
  const result = await post(href, { key, kind: "type", asked: "0", answer: items[0].odawa });
  expect(result).toContain("Right!");
  expect(result).toContain(key);

  // Merge: the account has a newer review of one card; the device has an older one of it and one the account lacks.
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const card = (k: string, at: number) => ({
    key: k,
    due: at + 600_000,
    updatedAt: at,
    state: {
      due: new Date(at + 600_000).toISOString(),
      stability: 2,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 1,
      reps: 1,
      lapses: 0,
      state: 1,
      last_review: new Date(at).toISOString(),
    },
  });
  const put = (cards: unknown[]) =>
    worker.fetch(
      new Request("http://localhost/api/progress", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: "http://localhost", Cookie: cookie },
        body: JSON.stringify({ cards }),
      }),
    );
  const t = Date.now() - 120_000;
  expect((await put([card(items[0].key, t + 60_000)])).status).toBe(200);
  expect((await put([card(items[0].key, t), card(items[1].key, t)])).status).toBe(200);
  const rows = await env.DB.prepare("SELECT card_key, updated_at FROM srs_cards WHERE user_id = ? ORDER BY card_key")
    .bind(user.id)
    .all<{ card_key: string; updated_at: number }>();
  expect(Object.fromEntries(rows.results.map((r) => [r.card_key, r.updated_at]))).toEqual({ [items[0].key]: t + 60_000, [items[1].key]: t });
});

test("the deck: a signed-in learner's due cards from any lesson, resolved on the server", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const empty = await page("/aambe/practice", cookie);
  // A new learner is sent to lesson 1, not told to come back later.
  expect(empty).toContain("Nothing to practise yet");
  expect(empty).toContain('href="/aambe/learn/1"');
  const items = await lessonItems(COURSE[5].id);
  const now = Date.now() - 1000;
  await env.DB.prepare("INSERT INTO srs_cards (user_id, card_key, state, due, updated_at) VALUES (?, ?, '{}', ?, ?)")
    .bind(user.id, items[0].key, now, now)
    .run();
  const later = Date.now() + 86_400_000;
  await env.DB.prepare("INSERT INTO srs_cards (user_id, card_key, state, due, updated_at) VALUES (?, ?, '{}', ?, ?)")
    .bind(user.id, items[1].key, later, now)
    .run();
  const deck = await page("/aambe/practice", cookie);
  // Every card counts, the one due later too; only the due one is asked.
  expect(deck).toContain(`data-testid="item-count">2<`);
  expect(deck).toContain(`data-testid="due-count">1<`);
  const question = await page(link(deck, /Start/)!, cookie);
  expect(attr(question, "data-card")).toBe(items[0].key);
});

test("'Practise this word' adds the verb's core cells to the deck once, without touching existing cards", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const send = (c?: string) =>
    worker.fetch(
      new Request("http://localhost/aambe/deck", {
        method: "POST",
        redirect: "manual",
        headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", ...(c ? { Cookie: c } : {}) },
        body: new URLSearchParams({ verb: "maajaa", pos: "vai" }),
      }),
    );
  const first = await send(cookie);
  expect(first.status).toBe(302);
  expect(first.headers.get("location")).toBe("/aambe/practice?verb=maajaa&pos=vai&added=9");
  const rows = await env.DB.prepare("SELECT card_key, due FROM srs_cards WHERE user_id = ?").bind(user.id).all<{ card_key: string; due: number }>();
  expect(rows.results).toHaveLength(9);
  expect(rows.results.map((r) => r.card_key)).toContain("verb:maajaa:ind:1s");
  for (const r of rows.results) expect(r.due).toBeLessThanOrEqual(Date.now());
  expect((await send(cookie)).headers.get("location")).toContain("added=0");
  const practice = await page("/aambe/practice?verb=maajaa&pos=vai&added=9", cookie);
  expect(practice).toContain("9 forms were added to your practice deck.");
  expect(practice).toContain(`data-testid="due-count">9<`);
  // Anonymous: straight to the verb's practice.
  expect((await send()).headers.get("location")).toBe("/aambe/practice?verb=maajaa&pos=vai");
  // The conjugator offers it.
  expect(await page("/conj?type=vai&verb=maajaa")).toContain('action="/aambe/deck"');
});

/**
 * One review per answer (issue 47): every question of a round has its own name (the round's id `round` in the URL, the
 * step, the card), and the server keeps one answer per question. The same answer posted twice, another answer
 * posted after a reload or Back, a reload's GET, and the outbox sending it again all leave exactly one srs_reviews
 * row; the reload shows the question answered, with its feedback and the next step, and a missed item still comes
 * back in the round. Plain requests, as a browser without JavaScript sends them.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { createDb } from "../../db/client";
import { loadLesson } from "../../app/services/course.server";
import { readSession } from "../../app/utils/practice";
import { COURSE, loadCourse } from "../factories/course";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;
const decode = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&gt;", ">");

beforeAll(() => loadCourse(env));

async function page(path: string, cookie: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));
  expect(response.status, path).toBe(200);
  return response.text();
}

async function post(path: string, fields: Record<string, string>, cookie: string) {
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
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

const reviewRows = async (userId: number, key?: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM srs_reviews WHERE user_id = ?${key ? " AND card_key = ?" : ""}`)
    .bind(...(key ? [userId, key] : [userId]))
    .first<{ n: number }>())!.n;

const reps = async (userId: number, key: string) => {
  const row = await env.DB.prepare("SELECT state FROM srs_cards WHERE user_id = ? AND card_key = ?").bind(userId, key).first<{ state: string }>();
  return row ? (JSON.parse(row.state) as { reps: number }).reps : 0;
};

async function signedIn() {
  const user = await insertUser(env);
  return { user, cookie: await sessionCookieHeader(env, user) };
}

const lessonItems = async () => (await loadLesson(createDb(env.DB), COURSE[0].id))!.items;

test("a wrong answer posted twice, answered again after a reload and Back, and reloaded: one review, the item comes back", async () => {
  const { user, cookie } = await signedIn();
  const items = await lessonItems();
  const start = await page(`/aambe/practice?lesson=${COURSE[0].id}`, cookie);
  const href = link(start, /Start/)!;
  // The round has an id of its own, so each of its questions has a name.
  expect(readSession(new URL(href, "http://localhost").searchParams)?.round).toMatch(/^[0-9a-z]{8,32}$/);

  const question = await page(href, cookie);
  const key = attr(question, "data-card");
  const kind = attr(question, "data-kind");
  const item = items.find((i) => i.key === key)!;
  const wrong = { key, kind, asked: attr(question, 'name="asked" value'), answer: kind === "choose" ? "nothing at all" : "zzz" };
  const first = await post(href, { ...wrong, review: crypto.randomUUID() }, cookie);
  expect(first).toContain("Not quite");
  const next = link(first, /Continue/)!;
  expect(readSession(new URL(next, "http://localhost").searchParams)?.queue.at(-1)).toBe(key);

  // The same post again (a double submit), and another answer to the same question (Back, answer again).
  expect(await post(href, wrong, cookie)).toContain("Not quite");
  const right = { ...wrong, answer: kind === "choose" ? item.english : item.odawa, review: crypto.randomUUID() };
  const again = await post(href, right, cookie);
  expect(again).toContain("Not quite");
  expect(again).not.toContain("Right!");
  expect(link(again, /Continue/)).toBe(next);

  // A reload (or Back) shows the question answered: its feedback, the same next step, and no way to answer again.
  const reload = await page(href, cookie);
  expect(reload).toContain("Not quite");
  expect(reload).toContain('data-testid="answered-before"');
  expect(link(reload, /Continue/)).toBe(next);
  if (kind === "choose") expect(reload.match(/class="button practice-option[^"]*" disabled=""/g)).toHaveLength(4);
  else expect(reload).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Check/);

  expect(await reviewRows(user.id)).toBe(1);
  expect(await reps(user.id, key)).toBe(1);

  // The round goes on; the missed item comes back as a question of its own, and that answer counts.
  let step = next;
  const asked: string[] = [];
  for (let guard = 0; guard < 30; guard++) {
    const html = await page(step, cookie);
    if (html.includes("Round complete")) break;
    const k = attr(html, "data-card");
    const kd = attr(html, "data-kind");
    const it = items.find((i) => i.key === k)!;
    asked.push(k);
    const result = await post(step, { key: k, kind: kd, asked: attr(html, 'name="asked" value'), answer: kd === "choose" ? it.english : it.odawa }, cookie);
    expect(result).toContain("Right!");
    step = link(result, /(Continue|See results)/)!;
  }
  expect(asked.at(-1)).toBe(key);
  expect(asked.filter((k) => k === key)).toHaveLength(1);
  // One row per answer given: the wrong one, and one for every question after it.
  expect(await reviewRows(user.id)).toBe(1 + asked.length);
  expect(await reviewRows(user.id, key)).toBe(2);
  expect(await reps(user.id, key)).toBe(2);
}, 60_000);

test("a question answered on the page and sent again from the offline outbox (another id, same question) counts once", async () => {
  const { user, cookie } = await signedIn();
  const [item] = await lessonItems();
  const round = "abcdefgh1234";
  const href = `/aambe/practice?lesson=${COURSE[0].id}&q=${encodeURIComponent(item.key)}&t=1&round=${round}`;
  await post(href, { key: item.key, kind: "type", asked: String(Date.now() - 1000), answer: item.odawa, review: crypto.randomUUID() }, cookie);
  const question = `${round}:0:${item.key}`;
  const replay = await worker.fetch(
    new Request("http://localhost/api/progress/reviews", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({
        reviews: [
          { id: crypto.randomUUID(), key: item.key, kind: "type", given: "zzz", askedAt: Date.now() - 500, answeredAt: Date.now(), question },
          { id: crypto.randomUUID(), key: item.key, kind: "type", given: item.odawa, askedAt: Date.now() - 500, answeredAt: Date.now(), question },
        ],
      }),
    }),
  );
  expect(replay.status).toBe(200);
  const { results } = (await replay.json()) as { results: Array<{ status: string }> };
  expect(results.map((r) => r.status)).toEqual(["duplicate", "duplicate"]);
  expect(await reviewRows(user.id)).toBe(1);
  expect(await reps(user.id, item.key)).toBe(1);
  // The page shows it answered right, as first answered.
  const reload = await page(href, cookie);
  expect(reload).toContain("Right!");
  expect(link(reload, /See results/)).not.toBeNull();
});

test("two answers to one question from the outbox alone (answered offline, Back, answered again) count once", async () => {
  const { user, cookie } = await signedIn();
  const [item] = await lessonItems();
  const question = `zyxwvuts9876:3:${item.key}`;
  const send = (given: string) =>
    worker.fetch(
      new Request("http://localhost/api/progress/reviews", {
        method: "POST",
        headers: { Origin: "http://localhost", "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({
          reviews: [{ id: crypto.randomUUID(), key: item.key, kind: "type", given, askedAt: Date.now() - 500, answeredAt: Date.now(), question }],
        }),
      }),
    );
  expect((await send("zzz")).status).toBe(200);
  expect((await send(item.odawa)).status).toBe(200);
  expect(await reviewRows(user.id)).toBe(1);
  const row = await env.DB.prepare("SELECT correct, given FROM srs_reviews WHERE user_id = ?").bind(user.id).first<{ correct: number; given: string }>();
  expect(row).toEqual({ correct: 0, given: "zzz" });
});

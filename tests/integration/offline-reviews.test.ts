/**
 * Answers given offline (ADR 017): the browser keeps each answer with its own id and posts them to
 * /api/progress/reviews when the connection returns. The server checks them again, schedules them as of when
 * they were answered, and records each id once: the same answer sent twice is one review.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { createDb } from "../../db/client";
import { loadLesson } from "../../app/services/course.server";
import { COURSE, loadCourse } from "../factories/course";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

beforeAll(() => loadCourse(env));

type Review = { id: string; key: string; kind: "choose" | "type"; given: string; askedAt: number; answeredAt: number };

async function send(reviews: Review[], cookie?: string, init: { origin?: string; contentType?: string } = {}) {
  return worker.fetch(
    new Request("http://localhost/api/progress/reviews", {
      method: "POST",
      headers: {
        Origin: init.origin ?? "http://localhost",
        "Content-Type": init.contentType ?? "application/json",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify({ reviews }),
    }),
  );
}

async function reviewsOf(cookie: string) {
  const response = await worker.fetch(new Request("http://localhost/api/progress/reviews", { headers: { Cookie: cookie } }));
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return ((await response.json()) as { reviews: Array<{ id: string; key: string; correct: boolean; answeredAt: number }> }).reviews;
}

async function signedIn() {
  const user = await insertUser(env);
  return { user, cookie: await sessionCookieHeader(env, user) };
}

const items = async () => (await loadLesson(createDb(env.DB), COURSE[0].id))!.items;

test("the same review id posted twice records one review and schedules the card once", async () => {
  const { user, cookie } = await signedIn();
  const [item] = await items();
  const now = Date.now();
  const review: Review = { id: crypto.randomUUID(), key: item.key, kind: "type", given: item.odawa, askedAt: now - 5000, answeredAt: now - 4000 };

  const first = await send([review], cookie);
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ results: [{ id: review.id, status: "recorded" }] });
  const again = await send([review], cookie);
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ results: [{ id: review.id, status: "duplicate" }] });

  const rows = await env.DB.prepare("SELECT id, correct FROM srs_reviews WHERE user_id = ?").bind(user.id).all<{ id: string; correct: number }>();
  expect(rows.results).toEqual([{ id: review.id, correct: 1 }]);
  const card = await env.DB.prepare("SELECT state, updated_at FROM srs_cards WHERE user_id = ? AND card_key = ?")
    .bind(user.id, item.key)
    .first<{ state: string; updated_at: number }>();
  expect(JSON.parse(card!.state).reps).toBe(1);
  // Scheduled as of when it was answered, not when it arrived.
  expect(card!.updated_at).toBe(review.answeredAt);
});

test("three answers from one offline round: checked again on the server, in the order given, listed back exactly", async () => {
  const { cookie } = await signedIn();
  const [a, b] = await items();
  const t = Date.now() - 60_000;
  const reviews: Review[] = [
    // Sent out of order: the server sorts by answeredAt. The wrong answer then the right one of card a.
    { id: crypto.randomUUID(), key: a.key, kind: "type", given: a.odawa, askedAt: t + 20_000, answeredAt: t + 25_000 },
    { id: crypto.randomUUID(), key: a.key, kind: "type", given: `${a.odawa}x`, askedAt: t, answeredAt: t + 5000 },
    { id: crypto.randomUUID(), key: b.key, kind: "choose", given: b.english, askedAt: t + 10_000, answeredAt: t + 15_000 },
  ];
  const response = await send(reviews, cookie);
  expect(response.status).toBe(200);
  const { results } = (await response.json()) as { results: Array<{ id: string; status: string }> };
  expect(results.map((r) => r.status)).toEqual(["recorded", "recorded", "recorded"]);

  const listed = await reviewsOf(cookie);
  expect(listed.map((r) => r.id).sort()).toEqual(reviews.map((r) => r.id).sort());
  const byId = new Map(listed.map((r) => [r.id, r]));
  expect(byId.get(reviews[1].id)!.correct).toBe(false);
  expect(byId.get(reviews[0].id)!.correct).toBe(true);
  expect(byId.get(reviews[2].id)!.correct).toBe(true);

  // Sending the whole outbox again (the answer to the first send was lost) changes nothing.
  const replay = (await (await send(reviews, cookie)).json()) as { results: Array<{ status: string }> };
  expect(replay.results.map((r) => r.status)).toEqual(["duplicate", "duplicate", "duplicate"]);
  expect(await reviewsOf(cookie)).toHaveLength(3);
});

test("an answer posted by the practice form and then again from the outbox counts once", async () => {
  const { user, cookie } = await signedIn();
  const [item] = await items();
  const href = `/aambe/practice?lesson=${COURSE[0].id}&q=${encodeURIComponent(item.key)}&t=1`;
  const id = crypto.randomUUID();
  const form = await worker.fetch(
    new Request(`http://localhost${href}`, {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ key: item.key, kind: "type", asked: String(Date.now() - 1000), answer: item.odawa, review: id }),
    }),
  );
  expect(form.status).toBe(200);
  const replay = await send([{ id, key: item.key, kind: "type", given: item.odawa, askedAt: 0, answeredAt: Date.now() }], cookie);
  expect(((await replay.json()) as { results: Array<{ status: string }> }).results[0].status).toBe("duplicate");
  const count = await env.DB.prepare("SELECT count(*) AS n FROM srs_reviews WHERE user_id = ?").bind(user.id).first<{ n: number }>();
  expect(count!.n).toBe(1);
});

test("refused: not signed in, another site, not JSON, a malformed review; an unknown card is reported, not recorded", async () => {
  const { user, cookie } = await signedIn();
  const [item] = await items();
  const review: Review = { id: crypto.randomUUID(), key: item.key, kind: "type", given: item.odawa, askedAt: 1, answeredAt: 2 };
  expect((await send([review])).status).toBe(401);
  expect((await send([review], cookie, { origin: "https://evil.example" })).status).toBe(403);
  expect((await send([review], cookie, { contentType: "text/plain" })).status).toBe(400);
  expect((await send([{ ...review, id: "not-a-uuid" }], cookie)).status).toBe(400);
  expect((await send([], cookie)).status).toBe(400);
  const unknown = await send([{ ...review, key: "lesson:99999:1" }], cookie);
  expect(((await unknown.json()) as { results: Array<{ status: string }> }).results[0].status).toBe("unknown");
  const count = await env.DB.prepare("SELECT count(*) AS n FROM srs_reviews WHERE user_id = ?").bind(user.id).first<{ n: number }>();
  expect(count!.n).toBe(0);
});

import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { ERROR_CODES } from "../../workers/api/errors";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

function call(path: string, init: RequestInit = {}) {
  return worker.fetch(new Request(`http://localhost${path}`, init));
}

function card(key: string, updatedAt: number, due = updatedAt + 600_000) {
  return {
    key,
    due,
    updatedAt,
    state: {
      due: new Date(due).toISOString(),
      stability: 2.3,
      difficulty: 5.1,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 1,
      reps: 1,
      lapses: 0,
      state: 1,
      last_review: new Date(updatedAt).toISOString(),
    },
  };
}

function put(cookie: string | null, body: unknown, contentType = "application/json") {
  return call("/api/progress", {
    method: "PUT",
    headers: { "Content-Type": contentType, Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

test("the progress API needs a session", async () => {
  const read = await call("/api/progress");
  expect(read.status).toBe(401);
  expect(await read.json()).toEqual({ error: { code: ERROR_CODES.UNAUTHORIZED, message: "Please sign in to save your progress." } });
  const write = await put(null, { cards: [card("lesson:1:1", Date.now())] });
  expect(write.status).toBe(401);
});

test("a forged session cannot read or write", async () => {
  const response = await put("__Host-session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad", { cards: [] });
  expect(response.status).toBe(401);
});

test("invalid progress is refused with the validation envelope and nothing is stored", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const now = Date.now();
  const bad = [
    { cards: [{ ...card("lesson:1:1", now), key: "not a key" }] },
    { cards: [{ ...card("lesson:1:1", now), due: now + 1 }] },
    { cards: [card("lesson:1:1", now + 3 * 24 * 60 * 60 * 1000)] },
    { cards: [{ ...card("lesson:1:1", now), state: { due: "yesterday" } }] },
    { cards: Array.from({ length: 501 }, (_, i) => card(`lesson:1:${i}`, now)) },
    { nope: true },
  ];
  for (const body of bad) {
    const response = await put(cookie, body);
    expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const json = await response.json<{ error: { code: string; issues: unknown[] } }>();
    expect(json.error.code).toBe(ERROR_CODES.VALIDATION);
  }
  expect((await put(cookie, "{not json")).status).toBe(400);
  expect((await put(cookie, "cards=1", "application/x-www-form-urlencoded")).status).toBe(400);
  const row = await env.DB.prepare("SELECT count(*) AS n FROM srs_cards WHERE user_id = ?").bind(user.id).first();
  expect(row).toEqual({ n: 0 });
});

test("sync round trip: saved cards come back, newest review wins, and users never see each other's cards", async () => {
  const user = await insertUser(env);
  const other = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const t = Date.now() - 60_000;
  const first = await put(cookie, { cards: [card("lesson:1:1", t), card("verb:maajaa:ind:3'", t)] });
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ saved: 2 });

  // An older review of the same card (a device syncing late) does not roll it back.
  const stale = await put(cookie, { cards: [card("lesson:1:1", t - 30_000, t + 1)] });
  expect(await stale.json()).toEqual({ saved: 0 });
  // A newer one replaces it.
  const newer = await put(cookie, { cards: [card("lesson:1:1", t + 30_000, t + 999_000)] });
  expect(await newer.json()).toEqual({ saved: 1 });

  const read = await call("/api/progress", { headers: { Cookie: cookie } });
  expect(read.status).toBe(200);
  expect(read.headers.get("cache-control")).toContain("no-store");
  const { cards } = await read.json<{ cards: Array<ReturnType<typeof card>> }>();
  expect(cards.map((c) => c.key).sort()).toEqual(["lesson:1:1", "verb:maajaa:ind:3'"]);
  const lesson = cards.find((c) => c.key === "lesson:1:1")!;
  expect(lesson).toEqual(card("lesson:1:1", t + 30_000, t + 999_000));

  const theirs = await call("/api/progress", { headers: { Cookie: await sessionCookieHeader(env, other) } });
  expect(await theirs.json()).toEqual({ cards: [] });
});

/** Word of the Day and confirm/unsubscribe (issue #5). long-file: one feature's acceptance cases, sharing the queue helpers. */
import { createBindings } from "../../app/services/bindings.server";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, expect, test } from "vitest";
import { WOTD_TEXT, UNSUBSCRIBE_TEXT, CONFIRM_TEXT, wotdSentMessage } from "../../app/utils/email-forms";
import { handleQueueBatch } from "../../app/services/email-queue.server";
import type { JobMessage } from "../../app/services/job-messages.server";
import { runWordOfTheDay } from "../../app/services/wotd-jobs.server";
import { getRecordedMail, type MailMessage, type MailTransport } from "../../app/services/mail.server";
import { insertSubscriber, insertWordWithExample, pickForDay } from "../factories/subscribers";
import { ERROR_CODES } from "../../workers/api/errors";
import { countRows, waitForEmailQueueDrain } from "../support/email-queue";
import { waitFor } from "../support/wait-for";

const worker = exports.default;

// Sign-ups put confirmation emails on the real local queue (delivered in batches, at most 5 s later). Let them
// drain before this file's storage goes away, or the next test file's run can stall: every sign-up still
// made through the forms (factory rows start with wotd-) with a confirm token has had its email sent (job_runs).
afterAll(async () => {
  await waitForEmailQueueDrain(
    async () =>
      (await countRows(
        `SELECT COUNT(*) AS n FROM wotd_subscribers s WHERE s.confirm_token_hash IS NOT NULL AND s.email NOT LIKE 'wotd-%' AND NOT EXISTS
           (SELECT 1 FROM job_runs j WHERE j.job = 'wotd-confirm-sent' AND j.detail LIKE s.id || ':%')`,
      )) === 0,
  );
}, 20_000);

function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  // Each request gets its own client address so the sign-up rate limit never trips by accident.
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", crypto.randomUUID());
  return worker.fetch(new Request(`http://localhost${path}`, { ...init, headers }));
}

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return call(path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** React Router escapes apostrophes in HTML text. */
function html(text: string) {
  return text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
}

async function subscriber(email: string) {
  return env.DB.prepare("SELECT id, status, source, confirm_token_hash FROM wotd_subscribers WHERE email = ?")
    .bind(email)
    .first<{ id: number; status: string; source: string; confirm_token_hash: string | null }>();
}

async function statusOf(id: number) {
  return (await env.DB.prepare("SELECT status FROM wotd_subscribers WHERE id = ?").bind(id).first<{ status: string }>())?.status;
}

/** A distinct far-future day per test: storage is shared within this file. */
function uniqueDay() {
  const n = crypto.getRandomValues(new Uint32Array(1))[0] % 300_000;
  return new Date(Date.UTC(2200, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

/** A mail transport that keeps what it sent; `failRate` makes a seeded share of sends fail transiently. */
function testMailer(failRate = 0, seed = 42) {
  const sent: MailMessage[] = [];
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const mailer: MailTransport = {
    name: "test",
    async send(message) {
      if (random() < failRate) return { status: "error", transient: true, message: "421 try again later" };
      sent.push(message);
      return { status: "sent", id: String(sent.length) };
    },
  };
  return { mailer, sent };
}

/** Runs the daily job for `day` and returns its queue messages instead of sending them to the queue. */
async function fanOut(day: string) {
  const messages: JobMessage[] = [];
  await runWordOfTheDay(createBindings(env, createExecutionContext()), day, async (batch) => {
    messages.push(...batch.map((m) => m.body));
  });
  return messages;
}

/** Plays the queue: delivers messages, redelivers the retried ones (attempts + 1) until none is left. */
async function drain(messages: JobMessage[], mailer: MailTransport, maxRounds = 12) {
  let pending = messages.map((body, i) => ({ id: `m${i}`, body, attempts: 1 }));
  let rounds = 0;
  while (pending.length && rounds < maxRounds) {
    rounds++;
    const batch = createMessageBatch(
      "nishnaabemwin-email",
      pending.map((m) => ({ ...m, timestamp: new Date() })),
    );
    const ctx = createExecutionContext();
    await handleQueueBatch(batch, createBindings(env, createExecutionContext()), { mailer });
    const result = await getQueueResult(batch, ctx);
    const retried = new Set(result.retryMessages.map((m) => m.msgId));
    pending = pending.filter((m) => retried.has(m.id)).map((m) => ({ ...m, attempts: m.attempts + 1 }));
  }
  return { rounds, left: pending.length };
}

function waitForMail(to: string, timeoutMs = 15_000) {
  return waitFor(() => getRecordedMail().find((m) => m.to === to), { timeoutMs, message: `No email to ${to}` });
}

// ---------------------------------------------------------------- sign-up and double opt-in

test("double opt-in: a sign-up on / stays pending until the emailed confirmation link is used", async () => {
  const email = `Home-${crypto.randomUUID()}@Example.org`;
  // The home page's form posts to /signup-wotd with its source.
  const response = await postForm("/signup-wotd", { source: "index-signup", name: "", email });
  expect(response.status).toBe(200);
  const page = await response.text();
  // It says what happened (a link was sent), not that the address is signed up: it is not, yet.
  expect(page).toContain(wotdSentMessage(email.toLowerCase()));
  expect(page).toContain(html(WOTD_TEXT.confirmPrompt));
  expect(page).not.toContain(WOTD_TEXT.success);

  const row = await subscriber(email.toLowerCase());
  expect(row).toMatchObject({ status: "pending", source: "index-signup" });
  expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);

  // The confirmation email goes through the real local queue to the recording transport.
  const mail = await waitForMail(email.toLowerCase());
  expect(mail.text).toContain("Confirm subscription");
  const link = /\/confirm-email\?t=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  expect(row!.confirm_token_hash).not.toContain(link!); // only the hash is stored

  const wrong = await call(`/confirm-email?t=${"x".repeat(43)}`);
  expect(await wrong.text()).toContain(CONFIRM_TEXT.invalid);
  expect((await subscriber(email.toLowerCase()))!.status).toBe("pending");

  // Opening the link (GET, as a mail scanner or link preview would) only shows a Confirm button.
  for (const method of ["GET", "HEAD"]) expect((await call(`/confirm-email?t=${link}`, { method })).status).toBe(200);
  const opened = await (await call(`/confirm-email?t=${link}`)).text();
  expect(opened).toContain(CONFIRM_TEXT.prompt);
  expect(opened).toMatch(/<button[^>]*type="submit"[^>]*>Confirm<\/button>/);
  expect((await subscriber(email.toLowerCase()))!.status).toBe("pending");

  // The button posts and confirms.
  const confirmed = await postForm(`/confirm-email?t=${link}`, { t: link! }, { Origin: "http://localhost" });
  const confirmedPage = await confirmed.text();
  expect(confirmedPage).toContain(CONFIRM_TEXT.success);
  // Now it is true: docs/product.md's words for a sign-up.
  expect(confirmedPage).toContain(WOTD_TEXT.success);
  expect(await subscriber(email.toLowerCase())).toMatchObject({ status: "confirmed" });

  // Used again, the link says so, whether opened or posted.
  expect(await (await call(`/confirm-email?t=${link}`)).text()).toContain(CONFIRM_TEXT.already);
  expect(await (await postForm(`/confirm-email?t=${link}`, { t: link! })).text()).toContain(CONFIRM_TEXT.already);
  expect(await (await call("/confirm-email")).text()).toContain(CONFIRM_TEXT.invalid);
}, 30_000);

test("a second sign-up for a pending address sends the same link again: the first link keeps working", async () => {
  const email = `twice-${crypto.randomUUID()}@example.org`;
  await postForm("/signup-wotd", { name: "", email });
  const first = /\/confirm-email\?t=([A-Za-z0-9_-]+)/.exec((await waitForMail(email)).text)?.[1];
  const hash = (await subscriber(email))!.confirm_token_hash;
  await postForm("/signup-wotd", { name: "", email });
  await waitFor(() => getRecordedMail().filter((m) => m.to === email).length === 2, { timeoutMs: 15_000, message: "second mail" });
  const second = /\/confirm-email\?t=([A-Za-z0-9_-]+)/.exec(getRecordedMail().filter((m) => m.to === email)[1]!.text)?.[1];
  expect(first).toBeTruthy();
  expect(second).toBe(first);
  expect((await subscriber(email))!.confirm_token_hash).toBe(hash);
  expect(await (await postForm("/confirm-email", { t: first! })).text()).toContain(CONFIRM_TEXT.success);
}, 30_000);

test("/signup-wotd stores source wotd-signup; a filled decoy name gets the success message and stores nothing", async () => {
  const email = `page-${crypto.randomUUID()}@example.org`;
  const ok = await postForm("/signup-wotd", { name: "", email });
  expect(await ok.text()).toContain(wotdSentMessage(email));
  expect(await subscriber(email)).toMatchObject({ status: "pending", source: "wotd-signup" });

  const bot = `bot-${crypto.randomUUID()}@example.org`;
  const botPage = await postForm("/signup-wotd", { name: "Mr Robot", email: bot });
  expect(botPage.status).toBe(200);
  expect(await botPage.text()).toContain(wotdSentMessage(bot));
  expect(await subscriber(bot)).toBeNull();

  const botApi = await postJson("/api/signup-wotd", { name: "Mr Robot", email: bot, source: "index-signup" });
  expect(await botApi.json()).toEqual({ success: true });
  expect(await subscriber(bot)).toBeNull();
});

test("someone who unsubscribed may sign up again (a sign-up of a confirmed address: security-findings.test.ts)", async () => {
  // Someone who unsubscribed may sign up again: back to pending until they confirm.
  const gone = await insertSubscriber(env, "unsubscribed");
  expect(await (await postJson("/api/signup-wotd", { name: "", email: gone.email, source: "wotd-signup" })).json()).toEqual({ success: true });
  expect(await statusOf(gone.id)).toBe("pending");
});

test("bad sign-up input gets a clear message and stores nothing", async () => {
  const page = await postForm("/signup-wotd", { name: "", email: "not-an-email" });
  expect(page.status).toBe(400);
  expect(await page.text()).toContain("Please enter a valid email address.");
  const api = await postJson("/api/signup-wotd", { name: "", email: "nope", source: "wotd-signup" });
  expect(api.status).toBe(400);
  expect(await api.json()).toMatchObject({ success: false, error: { code: ERROR_CODES.VALIDATION } });
  const source = await postJson("/api/signup-wotd", { name: "", email: `x-${crypto.randomUUID()}@example.org`, source: "elsewhere" });
  expect(source.status).toBe(400);
});

test("sign-ups are rate limited per client address", async () => {
  const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const response = await postJson("/api/signup-wotd", { email: `rl-${crypto.randomUUID()}@example.org` }, { "CF-Connecting-IP": ip });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
  expect(statuses[20]).toBe(429);
});

// ---------------------------------------------------------------- unsubscribe

test("GET /unsubscribe changes nothing; its button POSTs and unsubscribes", async () => {
  const sub = await insertSubscriber(env, "confirmed");
  const page = await call(`/unsubscribe?t=${sub.unsubscribeToken}`);
  const body = await page.text();
  expect(body).toContain(">Unsubscribe</button>");
  expect(body).toContain('method="post"');
  expect(await statusOf(sub.id)).toBe("confirmed");

  const done = await postForm(`/unsubscribe?t=${sub.unsubscribeToken}`, { t: sub.unsubscribeToken });
  const doneBody = await done.text();
  expect(doneBody).toContain(UNSUBSCRIBE_TEXT.success);
  expect(doneBody).toContain('href="/signup-wotd"');
  expect(await statusOf(sub.id)).toBe("unsubscribed");

  expect(await (await call(`/unsubscribe?t=${"A".repeat(43)}`)).text()).toContain(UNSUBSCRIBE_TEXT.invalid);
  expect(await (await call("/unsubscribe")).text()).toContain(UNSUBSCRIBE_TEXT.invalid);
});

test("RFC 8058 one-click: a cookie-less POST from the mail provider unsubscribes; GET and other bodies change nothing", async () => {
  const sub = await insertSubscriber(env, "confirmed");
  const url = `/unsubscribe/one-click?t=${sub.unsubscribeToken}`;

  const get = await call(url, { redirect: "manual" });
  expect(get.status).toBe(302);
  expect(await statusOf(sub.id)).toBe("confirmed");

  const wrongBody = await postForm(url, { something: "else" }, { Origin: "https://mail.provider.example" });
  expect(wrongBody.status).toBe(400);
  expect(await statusOf(sub.id)).toBe("confirmed");

  const oneClick = await postForm(url, { "List-Unsubscribe": "One-Click" }, { Origin: "https://mail.provider.example" });
  expect(oneClick.status).toBe(200);
  expect(await oneClick.json()).toEqual({ success: true });
  expect(await statusOf(sub.id)).toBe("unsubscribed");

  const unknown = await postForm(`/unsubscribe/one-click?t=${"B".repeat(43)}`, { "List-Unsubscribe": "One-Click" });
  expect(unknown.status).toBe(404);
});

test("JSON calls: verify-unsubscribe-token, unsubscribe and confirm-email answer the product reference's shapes", async () => {
  const sub = await insertSubscriber(env, "confirmed");
  expect(await (await postJson("/api/verify-unsubscribe-token", { token: sub.unsubscribeToken })).json()).toEqual({ valid: true });
  expect(await (await postJson("/api/verify-unsubscribe-token", { token: "short" })).json()).toEqual({ valid: false });
  expect(await statusOf(sub.id)).toBe("confirmed");
  expect(await (await postJson("/api/unsubscribe", { token: sub.unsubscribeToken })).json()).toEqual({ success: true });
  expect(await statusOf(sub.id)).toBe("unsubscribed");
  expect(await (await postJson("/api/confirm-email", { token: "C".repeat(43) })).json()).toEqual({ success: false });
  const pending = await insertSubscriber(env, "pending");
  expect(await (await postJson("/api/confirm-email", { token: pending.confirmToken })).json()).toEqual({ success: true });
  expect(await (await postJson("/api/confirm-email", { token: pending.confirmToken })).json()).toEqual({ success: true, alreadyConfirmed: true });
  const bad = await postJson("/api/unsubscribe", { nope: 1 });
  expect(bad.status).toBe(400);
});

// ---------------------------------------------------------------- the daily send

test("the daily email has the word, HTML and text bodies, a visible unsubscribe link and RFC 8058 headers", async () => {
  const day = uniqueDay();
  const word = await insertWordWithExample(env, { audio: true });
  await pickForDay(env, day, word.id);
  const sub = await insertSubscriber(env, "confirmed");
  const messages = (await fanOut(day)).filter((m) => m.type === "wotd-send" && m.subscriberIds.includes(sub.id));
  expect(messages).toHaveLength(1);
  const { mailer, sent } = testMailer();
  await drain(messages, mailer);
  const mail = sent.find((m) => m.to === sub.email)!;
  expect(mail.subject).toBe(`Word of the Day: ${word.name}`);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(word.name);
    expect(body).toContain("s/he tests things");
    expect(body).toContain(`${word.name} example`);
    expect(body).toContain("An example translation.");
    expect(body).toContain(`/k/${word.id}`);
    expect(body).toContain(`/audio/${word.name}.mp3`);
    expect(body).toContain(`/unsubscribe?t=${sub.unsubscribeToken}`);
  }
  expect(mail.html).toContain('lang="otw"');
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const listUnsubscribe = /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
  expect(listUnsubscribe).toMatch(/\/unsubscribe\/one-click\?t=/);

  // The header's URL really unsubscribes with a cookie-less one-click POST.
  const path = new URL(listUnsubscribe!).pathname + new URL(listUnsubscribe!).search;
  expect((await postForm(path, { "List-Unsubscribe": "One-Click" })).status).toBe(200);
  expect(await statusOf(sub.id)).toBe("unsubscribed");
});

test("a mailer that fails 30% of the time still ends with every subscriber mailed exactly once", async () => {
  const day = uniqueDay();
  const word = await insertWordWithExample(env);
  await pickForDay(env, day, word.id);
  const subs = [];
  for (let i = 0; i < 230; i++) subs.push(await insertSubscriber(env, "confirmed"));
  const mine = new Set(subs.map((s) => s.id));
  const messages = await fanOut(day);
  for (const m of messages) if (m.type === "wotd-send") expect(m.subscriberIds.length).toBeLessThanOrEqual(100);

  const { mailer, sent } = testMailer(0.3, 7);
  const { rounds, left } = await drain(messages, mailer);
  expect(left).toBe(0);
  expect(rounds).toBeGreaterThan(1); // failures really happened and were retried

  const emails = new Set(subs.map((s) => s.email));
  const perAddress = new Map<string, number>();
  for (const m of sent) if (emails.has(m.to)) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
  expect(perAddress.size).toBe(subs.length);
  expect([...perAddress.values()].every((n) => n === 1)).toBe(true);

  const rows = await env.DB.prepare("SELECT subscriber_id, status, sent_at FROM wotd_deliveries WHERE day = ?")
    .bind(day)
    .all<{ subscriber_id: number; status: string; sent_at: number | null }>();
  const myRows = rows.results.filter((r) => mine.has(r.subscriber_id));
  expect(myRows).toHaveLength(subs.length);
  expect(myRows.every((r) => r.status === "sent" && r.sent_at !== null)).toBe(true);
});

test("the same queue message delivered twice (one after the other, or at once) sends once", async () => {
  const day = uniqueDay();
  const word = await insertWordWithExample(env);
  await pickForDay(env, day, word.id);
  const subs = [await insertSubscriber(env), await insertSubscriber(env), await insertSubscriber(env)];
  const message: JobMessage = { version: 1, type: "wotd-send", day, subscriberIds: subs.map((s) => s.id) };
  const { mailer, sent } = testMailer();
  await drain([message], mailer);
  await drain([message], mailer);
  await Promise.all([drain([message], mailer), drain([message], mailer)]);
  for (const s of subs) expect(sent.filter((m) => m.to === s.email)).toHaveLength(1);

  // Two deliveries of a fresh message racing each other.
  const day2 = uniqueDay();
  await pickForDay(env, day2, word.id);
  const again: JobMessage = { ...message, day: day2 };
  const racing = testMailer();
  await Promise.all([drain([again], racing.mailer), drain([again], racing.mailer)]);
  for (const s of subs) expect(racing.sent.filter((m) => m.to === s.email)).toHaveLength(1);
});

test("unsubscribed and pending addresses get nothing, even when a message names them", async () => {
  const day = uniqueDay();
  const word = await insertWordWithExample(env);
  await pickForDay(env, day, word.id);
  const pending = await insertSubscriber(env, "pending");
  const gone = await insertSubscriber(env, "unsubscribed");
  const confirmed = await insertSubscriber(env, "confirmed");
  const messages = await fanOut(day);
  const named = messages.flatMap((m) => (m.type === "wotd-send" ? m.subscriberIds : []));
  expect(named).toContain(confirmed.id);
  expect(named).not.toContain(pending.id);
  expect(named).not.toContain(gone.id);

  // Someone unsubscribes between the cron run and the send: the consumer checks again.
  const late = await insertSubscriber(env, "confirmed");
  const forced: JobMessage = { version: 1, type: "wotd-send", day, subscriberIds: [pending.id, gone.id, late.id, confirmed.id] };
  await postJson("/api/unsubscribe", { token: late.unsubscribeToken });
  const { mailer, sent } = testMailer();
  await drain([forced], mailer);
  expect(sent.map((m) => m.to)).toEqual([confirmed.email]);
});

test("a permanent failure is recorded and not retried; a missing pick is retried", async () => {
  const day = uniqueDay();
  const word = await insertWordWithExample(env);
  await pickForDay(env, day, word.id);
  const sub = await insertSubscriber(env);
  const rejecting: MailTransport = { name: "reject", send: async () => ({ status: "error", transient: false, message: "550 no such user" }) };
  const { left } = await drain([{ version: 1, type: "wotd-send", day, subscriberIds: [sub.id] }], rejecting);
  expect(left).toBe(0);
  const row = await env.DB.prepare("SELECT status, last_error FROM wotd_deliveries WHERE day = ? AND subscriber_id = ?").bind(day, sub.id).first();
  expect(row).toEqual({ status: "failed", last_error: "permanent: 550 no such user" });

  const noPick = await drain([{ version: 1, type: "wotd-send", day: "2999-12-31", subscriberIds: [sub.id] }], rejecting, 2);
  expect(noPick.left).toBe(1);
});

test("/wotd lists past words by date and each day has its own page", async () => {
  const word = await insertWordWithExample(env);
  const day = "2001-02-03";
  await pickForDay(env, day, word.id);
  const archive = await (await call("/wotd")).text();
  expect(archive).toContain(`href="/wotd/${day}"`);
  expect(archive).toContain(word.name);
  const page = await call(`/wotd/${day}`);
  expect(page.status).toBe(200);
  const body = await page.text();
  expect(body).toContain(word.name);
  expect(body).toContain(`href="/k/${word.id}"`);
  expect((await call("/wotd/2001-02-04")).status).toBe(404);
  expect((await call("/wotd/not-a-day")).status).toBe(404);
});

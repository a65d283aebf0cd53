/**
 * /niin, the account page: progress, Word of the Day subscribe/unsubscribe for the account's email (double opt-in),
 * password change (sign-up rules, other sessions end), account deletion (password-confirmed; progress goes,
 * edit_log stays without the author). Every request is a plain form post, as a browser without JavaScript sends it.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadCourse } from "../factories/course";
import { getRecordedMail } from "../../app/services/mail.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { countRows, waitForEmailQueueDrain } from "../support/email-queue";
import { waitFor } from "../support/wait-for";
import { get, post, sessionFrom } from "./accounts-helpers";

beforeAll(() => loadCourse(env));

afterAll(async () => {
  await waitForEmailQueueDrain(
    async () =>
      (await countRows(
        `SELECT COUNT(*) AS n FROM wotd_subscribers s WHERE s.confirm_token_hash IS NOT NULL AND NOT EXISTS
           (SELECT 1 FROM job_runs j WHERE j.job = 'wotd-confirm-sent' AND j.detail LIKE s.id || ':%')`,
      )) === 0,
  );
}, 20_000);

async function signedIn(overrides: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(env, overrides);
  return { user, cookie: await sessionCookieHeader(env, user) };
}

/** The account has proven its address (a link sent there was opened: security-findings.test.ts, finding 4). */
async function proveAddress(user: { id: number }) {
  await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").bind(Date.now(), user.id).run();
}

const subscriberStatus = async (email: string) =>
  (await env.DB.prepare("SELECT status FROM wotd_subscribers WHERE email = ?").bind(email).first<{ status: string }>())?.status ?? null;

test("/niin shows progress from the saved practice cards", async () => {
  const { user, cookie } = await signedIn();
  const empty = await (await get("/niin", { cookie })).text();
  expect(empty).toContain("No practice saved to your account yet.");

  const state = (reps: number) => JSON.stringify({ reps, due: new Date().toISOString() });
  const insert = env.DB.prepare("INSERT INTO srs_cards (user_id, card_key, state, due, updated_at) VALUES (?, ?, ?, ?, ?)");
  await env.DB.batch([
    insert.bind(user.id, "lesson:1:1", state(2), Date.now() - 1000, Date.now()),
    insert.bind(user.id, "lesson:1:2", state(1), Date.now() + 86_400_000, Date.now()),
    insert.bind(user.id, "verb:maajaa:ind:1s", state(3), Date.now() - 1000, Date.now()),
  ]);
  const html = await (await get("/niin", { cookie })).text();
  expect(html).toMatch(/Cards practised<\/dt><dd>3</);
  expect(html).toMatch(/Due for review<\/dt><dd>2</);
  expect(html).toMatch(/Reviews<\/dt><dd>6</);
  expect(html).toMatch(/Verb forms<\/dt><dd>1</);
  // Lesson 1's two sentences and one of its forms: in progress (learner-progress.test.ts has the whole course).
  const lessons = /data-testid="lessons-practised">([\s\S]*?)<\/p>/.exec(html)![1];
  expect(lessons).toContain('href="/aambe/learn/1"');
  expect(lessons.replace(/<[^>]*>/g, "")).toBe("Lessons practised: Lesson 1 (in progress).");
});

test("Word of the Day: subscribe sends the double opt-in email, unsubscribe ends it; status shows on /niin", async () => {
  const { user, cookie } = await signedIn();
  await proveAddress(user);
  expect(await (await get("/niin", { cookie })).text()).toContain("Your email address is not subscribed to the Word of the Day.");

  const subscribed = await post("/niin", { intent: "wotd-subscribe" }, { cookie });
  expect(subscribed.status).toBe(200);
  expect(await subscribed.text()).toContain("Almost done: open the email we sent you and press");
  expect(await subscriberStatus(user.email)).toBe("pending");
  const mail = await waitFor(() => getRecordedMail().find((m) => m.to === user.email), { timeoutMs: 15_000, message: "no confirmation mail" });
  expect(mail.text).toContain("/confirm-email?t=");
  expect(await (await get("/niin", { cookie })).text()).toContain("Waiting for your confirmation");

  // Confirmed through the emailed link, the page offers Unsubscribe.
  const link = /\/confirm-email\?t=([\w-]+)/.exec(mail.text)!;
  // Opening the link shows a Confirm button (GET changes nothing); the button posts.
  expect(await (await get(link[0])).text()).toContain("Please confirm that you want to receive");
  expect(await (await post(link[0], { t: link[1]! })).text()).toContain("Your email has been confirmed.");
  const page = await (await get("/niin", { cookie })).text();
  expect(page).toContain("You receive the Word of the Day by email.");
  expect(page).toContain('value="wotd-unsubscribe"');

  const unsubscribed = await post("/niin", { intent: "wotd-unsubscribe" }, { cookie });
  expect(await unsubscribed.text()).toContain("You have been unsubscribed from our emails.");
  expect(await subscriberStatus(user.email)).toBe("unsubscribed");

  // Someone else's session cannot touch this address: the action only ever uses the session's own email.
  const other = await signedIn();
  await proveAddress(other.user);
  await post("/niin", { intent: "wotd-subscribe", email: user.email }, { cookie: other.cookie });
  expect(await subscriberStatus(user.email)).toBe("unsubscribed");
  expect(await subscriberStatus(other.user.email)).toBe("pending");
}, 30_000);

test("password change: sign-up rules and messages, wrong current password refused, other sessions end", async () => {
  const { user, cookie } = await signedIn({ password: "old-password-2026" });
  const otherDevice = await sessionCookieHeader(env, user);
  const change = (fields: Record<string, string>) => post("/niin", { intent: "password", ...fields }, { cookie });

  const short = await change({ currentPassword: "old-password-2026", password: "short", passwordRepeat: "short" });
  expect(short.status).toBe(400);
  expect(await short.text()).toContain("Password must be at least 8 characters long.");
  const mismatch = await change({ currentPassword: "old-password-2026", password: "new-password-2026", passwordRepeat: "other-password-2026" });
  expect(await mismatch.text()).toContain("Passwords do not match!");
  const common = await change({ currentPassword: "old-password-2026", password: "password123", passwordRepeat: "password123" });
  expect(await common.text()).toContain("That password is one of the most common passwords.");
  const wrong = await change({ currentPassword: "not-my-password", password: "new-password-2026", passwordRepeat: "new-password-2026" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Your current password is not correct.");

  const ok = await change({ currentPassword: "old-password-2026", password: "new-password-2026", passwordRepeat: "new-password-2026" });
  expect(ok.status).toBe(302);
  expect(ok.headers.get("Location")).toBe("/niin?password=changed");
  const fresh = sessionFrom(ok);
  expect(fresh, String(ok.headers.get("Set-Cookie"))).toBeTruthy();
  // This browser stays logged in with its new cookie; the other device (and the old cookie) are logged out.
  const again = await get("/niin?password=changed", { cookie: fresh! });
  expect(again.status, String(again.headers.get("Location"))).toBe(200);
  expect(await again.text()).toContain("Your password has been changed. Other devices have been logged out.");
  expect((await get("/niin", { cookie: otherDevice })).headers.get("Location")).toBe("/biindge?from=niin");
  expect((await get("/niin", { cookie })).headers.get("Location")).toBe("/biindge?from=niin");

  const login = await post("/biindge", { username: user.username, password: "new-password-2026" });
  expect(login.status).toBe(302);
  expect((await post("/biindge", { username: user.username, password: "old-password-2026" })).status).toBe(401);
});

test("account deletion: needs the password; removes the user and their progress, keeps edit_log anonymised", async () => {
  const { user, cookie } = await signedIn({ role: "editor", password: "delete-me-2026" });
  await env.DB.batch([
    env.DB.prepare("INSERT INTO srs_cards (user_id, card_key, state, due, updated_at) VALUES (?, 'lesson:1:1', '{}', 0, 0)").bind(user.id),
    env.DB.prepare("INSERT INTO edit_log (user_id, entity, entity_id, action) VALUES (?, 'forms', ?, 'emoji')").bind(user.id, `t-${user.id}`),
  ]);

  const wrong = await post("/niin", { intent: "delete", deletePassword: "not-it" }, { cookie });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("That password is not correct. Your account was not deleted.");
  expect(await countRows(`SELECT COUNT(*) AS n FROM users WHERE id = ${user.id}`)).toBe(1);

  const deleted = await post("/niin", { intent: "delete", deletePassword: "delete-me-2026" }, { cookie });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("Location")).toBe("/?bye=deleted");
  expect(deleted.headers.get("Set-Cookie")).toMatch(/^__Host-session=;.*Max-Age=0/);
  expect(await countRows(`SELECT COUNT(*) AS n FROM users WHERE id = ${user.id}`)).toBe(0);
  expect(await countRows(`SELECT COUNT(*) AS n FROM srs_cards WHERE user_id = ${user.id}`)).toBe(0);
  const audit = await env.DB.prepare("SELECT user_id FROM edit_log WHERE entity_id = ?").bind(`t-${user.id}`).first<{ user_id: number | null }>();
  expect(audit).toEqual({ user_id: null });
  expect((await get("/niin", { cookie })).headers.get("Location")).toBe("/biindge?from=niin");
});

test("/niin actions need a session and a same-origin post", async () => {
  const anonymous = await post("/niin", { intent: "wotd-subscribe" });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toBe("/biindge?from=niin");
  const { cookie } = await signedIn();
  // React Router itself refuses a cross-origin page post (400) before the guard's 403 (as in accounts.test.ts).
  const crossSite = await post("/niin", { intent: "wotd-subscribe" }, { cookie, origin: "https://evil.example" });
  expect([400, 403]).toContain(crossSite.status);
  expect((await post("/niin", { intent: "nonsense" }, { cookie })).status).toBe(400);
});

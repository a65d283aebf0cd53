/**
 * Security issue, abuse limits that hold: log-in attempts are reserved atomically before the password check,
 * device cookies keep strangers from locking an account's owner out, IPv6 clients are grouped by /64, and the
 * per-client caps of /click, progress writes, contact messages and Word of the Day sign-ups answer 429 with
 * Retry-After.
 */
// long-file: one attack per test, sharing the request helpers at the top.
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createDb } from "../../db/client";
import { clientKeyOf, hit, LOGIN_BACKOFF, RATE_RULES, reserveLogin } from "../../app/services/rate-limit.server";
import { DEVICE_COOKIE } from "../../app/services/device-cookie.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { post, randomIp, sessionFrom } from "./accounts-helpers";

const worker = exports.default;
const db = createDb(env.DB);
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

/** A JSON call from `ip`. */
function send(path: string, { method = "POST", body, ip, cookie }: { method?: string; body?: unknown; ip: string; cookie?: string }) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip, "Content-Type": "application/json", Origin: "http://localhost" };
  if (cookie) headers.Cookie = cookie;
  return worker.fetch(new Request(`http://localhost${path}`, { method, headers, body: JSON.stringify(body), redirect: "manual" }));
}

/** `name=value` of the device cookie a response sets. */
function deviceFrom(response: Response): string | null {
  const match = /(__Host-device=[^;,]*)/.exec(response.headers.get("Set-Cookie") ?? "");
  return match ? match[1]! : null;
}

/** A sliding window can ask for up to two windows' wait (a full current window becomes the weighted previous one). */
const twoWindows = (rule: { windowMs: number }) => (2 * rule.windowMs) / 1000;

function expectRetryAfter(response: Response, maxSeconds: number) {
  const value = response.headers.get("Retry-After");
  expect(value, `Retry-After on ${response.status}`).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThanOrEqual(1);
  expect(Number(value)).toBeLessThanOrEqual(maxSeconds);
}

const randomHex = () => crypto.getRandomValues(new Uint16Array(1))[0]!.toString(16);

// ---------------------------------------------------------------- atomic log-in reservation

test("150 concurrent wrong guesses for one account (from 150 addresses): at most the limit reach the password check", { timeout: 120_000 }, async () => {
  const user = await insertUser(env);
  const limit = RATE_RULES.loginAccount.limit;
  const responses = await Promise.all(
    Array.from({ length: 150 }, (_, i) => send("/api/login", { body: { username: user.username, password: `wrong-guess-${i}` }, ip: randomIp() })),
  );
  const statuses = responses.map((r) => r.status);
  // 401 is answered only after PBKDF2 said no; 429 before it ran.
  const checked = statuses.filter((s) => s === 401).length;
  expect(checked).toBeGreaterThan(0);
  expect(checked).toBeLessThanOrEqual(limit);
  expect(statuses.filter((s) => s === 429).length).toBe(150 - checked);
  for (const r of responses.filter((r) => r.status === 429)) expectRetryAfter(r, twoWindows(RATE_RULES.loginAccount));
  // The failures that were checked are counted: the right password from an unknown client is refused now.
  const after = await post("/biindge", { username: user.username, password: user.password });
  expect(after.status).toBe(429);
  expectRetryAfter(after, twoWindows(RATE_RULES.loginAccount));
  expect(sessionFrom(after)).toBeNull();
});

test("150 concurrent wrong guesses from one address: only the backoff's free attempts reach the password check", { timeout: 120_000 }, async () => {
  const user = await insertUser(env);
  const ip = randomIp();
  const responses = await Promise.all(
    Array.from({ length: 150 }, (_, i) => send("/api/login", { body: { username: user.username, password: `wrong-guess-${i}` }, ip })),
  );
  const checked = responses.filter((r) => r.status === 401).length;
  expect(checked).toBeGreaterThan(0);
  expect(checked).toBeLessThanOrEqual(LOGIN_BACKOFF.free);
});

test("successes do not count: they give their reservation back", async () => {
  const user = await insertUser(env);
  const limit = RATE_RULES.loginAccount.limit;
  for (let i = 0; i < limit - 1; i++)
    expect((await send("/api/login", { body: { username: user.username, password: `wrong-${i}` }, ip: randomIp() })).status).toBe(401);
  for (let i = 0; i < 3; i++)
    expect((await send("/api/login", { body: { username: user.username, password: user.password }, ip: randomIp() })).status).toBe(200);
  // Still one failure of room, then the account is closed to unknown clients.
  expect((await send("/api/login", { body: { username: user.username, password: "wrong-last" }, ip: randomIp() })).status).toBe(401);
  expect((await send("/api/login", { body: { username: user.username, password: user.password }, ip: randomIp() })).status).toBe(429);

  // People behind one address are not locked out by each other's successes.
  const shared = randomIp();
  const users = await Promise.all(Array.from({ length: 4 }, () => insertUser(env)));
  for (let round = 0; round < RATE_RULES.loginIp.limit / users.length + 1; round++) {
    for (const u of users) expect((await send("/api/login", { body: { username: u.username, password: u.password }, ip: shared })).status).toBe(200);
  }
}, 120_000);

test("per-(account, client) backoff: after the free attempts the next one waits, other clients do not", async () => {
  const user = await insertUser(env);
  const ip = randomIp();
  for (let i = 0; i < LOGIN_BACKOFF.free; i++) {
    expect((await send("/api/login", { body: { username: user.username, password: `wrong-${i}` }, ip })).status).toBe(401);
  }
  const waiting = await send("/api/login", { body: { username: user.username, password: user.password }, ip });
  expect(waiting.status).toBe(429);
  expect(await waiting.json()).toEqual({ success: false, message: TOO_MANY });
  expectRetryAfter(waiting, Math.ceil(LOGIN_BACKOFF.baseMs / 1000));
  // Another client of the same account is not slowed down by this one.
  expect((await send("/api/login", { body: { username: user.username, password: "wrong-elsewhere" }, ip: randomIp() })).status).toBe(401);
  // Once the wait is over (the reservation is asked at a later `now` instead of waiting for it), the attempt is
  // allowed; a success gives it back, which clears the backoff: the next wrong password is checked again (401).
  const pair = { account: user.username, client: clientKeyOf(ip), device: null };
  const reservation = await reserveLogin(db, pair, Date.now() + LOGIN_BACKOFF.baseMs);
  expect("release" in reservation).toBe(true);
  if ("release" in reservation) await reservation.release();
  expect((await send("/api/login", { body: { username: user.username, password: "wrong-again" }, ip })).status).toBe(401);
});

// ---------------------------------------------------------------- device cookies

test("a successful log-in sets a long-lived __Host-device cookie next to the session", async () => {
  const user = await insertUser(env);
  const page = await post("/biindge", { username: user.username, password: user.password });
  expect(page.status).toBe(302);
  const cookies = page.headers.getSetCookie();
  expect(cookies.some((c) => c.startsWith("__Host-session="))).toBe(true);
  const device = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(device).toBeDefined();
  expect(device).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=31536000$/);
  expect(device).not.toContain("Domain=");

  const api = await send("/api/login", { body: { username: user.username, password: user.password }, ip: randomIp() });
  expect(api.status).toBe(200);
  expect(api.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["__Host-session", DEVICE_COOKIE]);
  // The device cookie is not a session.
  const me = await worker.fetch(new Request("http://localhost/api/wenesh", { headers: { Cookie: deviceFrom(api)!, "CF-Connecting-IP": randomIp() } }));
  expect(await me.json()).toEqual({ username: null });
});

test("a stranger's failures do not lock out a device-cookie holder; unknown clients still meet the account limit", async () => {
  const admin = await insertUser(env, { role: "admin" });
  const home = randomIp();
  const first = await send("/api/login", { body: { username: admin.username, password: admin.password }, ip: home });
  expect(first.status).toBe(200);
  const device = deviceFrom(first)!;
  expect(device).toBeTruthy();

  // Someone else guesses from other addresses until the account is closed to unknown clients.
  for (let i = 0; i < RATE_RULES.loginAccount.limit + 5; i++) {
    await send("/api/login", { body: { username: admin.username, password: `stranger-${i}` }, ip: randomIp() });
  }
  const unknown = await post("/biindge", { username: admin.username, password: admin.password });
  expect(unknown.status).toBe(429);
  expectRetryAfter(unknown, twoWindows(RATE_RULES.loginAccount));
  expect(await unknown.text()).toContain(TOO_MANY);
  // Same address as the device, but without the cookie: still an unknown client.
  expect((await send("/api/login", { body: { username: admin.username, password: admin.password }, ip: home })).status).toBe(429);

  // The real admin's browser, even from a new address, gets in.
  const page = await post("/biindge", { username: admin.username, password: admin.password }, { cookie: device, ip: randomIp() });
  expect(page.status).toBe(302);
  expect(sessionFrom(page)).toBeTruthy();
  expect((await send("/api/login", { body: { username: admin.username, password: admin.password }, ip: home, cookie: device })).status).toBe(200);

  // A device cookie only vouches for its own username, and a forged one vouches for nothing.
  const other = await insertUser(env);
  const otherDevice = deviceFrom(await send("/api/login", { body: { username: other.username, password: other.password }, ip: randomIp() }))!;
  expect((await send("/api/login", { body: { username: admin.username, password: admin.password }, ip: randomIp(), cookie: otherDevice })).status).toBe(429);
  const [name, token] = device.split("=") as [string, string];
  const [h, p, s] = token.split(".");
  const forged = `${name}=${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
  expect((await send("/api/login", { body: { username: admin.username, password: admin.password }, ip: randomIp(), cookie: forged })).status).toBe(429);
});

test("a device's own failures are limited by its own budget", async () => {
  const user = await insertUser(env);
  const device = deviceFrom(await send("/api/login", { body: { username: user.username, password: user.password }, ip: randomIp() }))!;
  for (let i = 0; i < RATE_RULES.loginDevice.limit; i++) {
    expect((await send("/api/login", { body: { username: user.username, password: `typo-${i}` }, ip: randomIp(), cookie: device })).status).toBe(401);
  }
  const limited = await send("/api/login", { body: { username: user.username, password: user.password }, ip: randomIp(), cookie: device });
  expect(limited.status).toBe(429);
  expectRetryAfter(limited, twoWindows(RATE_RULES.loginDevice));
  // Those failures were the device's: the account is still open to other clients.
  expect((await send("/api/login", { body: { username: user.username, password: user.password }, ip: randomIp() })).status).toBe(200);
});

// ---------------------------------------------------------------- IPv6 /64

test("clientKeyOf: IPv4 as it is, IPv6 by its /64 in every spelling", () => {
  expect(clientKeyOf("203.0.113.9")).toBe("203.0.113.9");
  for (const spelling of [
    "2001:db8:0:1::1",
    "2001:DB8:0:1:ffff:ffff:ffff:ffff",
    "2001:0db8:0000:0001:0000:0000:0000:0002",
    "[2001:db8::1:0:0:0:3]",
    "2001:db8:0:1::1%eth0",
    "2001:db8:0:1:1:2:192.0.2.1",
  ]) {
    expect(clientKeyOf(spelling), spelling).toBe("2001:db8:0:1::/64");
  }
  expect(clientKeyOf("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
  expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
  expect(clientKeyOf("::ffff:192.0.2.1")).toBe("192.0.2.1");
  expect(clientKeyOf("  unknown ")).toBe("unknown");
  // Not an address: kept as it is (bounded), never merged with a real /64.
  expect(clientKeyOf("2001:db8:::1")).toBe("2001:db8:::1");
});

test("two IPv6 addresses of one /64 share a budget; addresses in another /64 do not", async () => {
  const prefix = `2001:db8:${randomHex()}:${randomHex()}`;
  const limit = RATE_RULES.click.limit;
  for (let i = 0; i < limit; i++) {
    // Every request from another address of the same /64, in different spellings.
    const ip = i % 2 === 0 ? `${prefix}::${(i + 1).toString(16)}` : `${prefix}:${randomHex()}:${randomHex()}:0:${i.toString(16)}`;
    expect((await send("/api/click", { body: { email: `v6-${i}@example.org`, page: "/k" }, ip })).status).toBe(200);
  }
  const over = await send("/api/click", { body: { email: "v6-over@example.org", page: "/k" }, ip: `${prefix}:dead:beef:0:1` });
  expect(over.status).toBe(429);
  expectRetryAfter(over, twoWindows(RATE_RULES.click));
  const otherPrefix = `2001:db8:${randomHex()}:${randomHex()}`;
  expect((await send("/api/click", { body: { email: "v6-next@example.org", page: "/k" }, ip: `${otherPrefix}::1` })).status).toBe(200);

  // The log-in address limit groups the /64 too.
  const loginPrefix = `2001:db8:${randomHex()}:${randomHex()}`;
  for (let i = 0; i < RATE_RULES.loginIp.limit; i++) await hit(db, RATE_RULES.loginIp, clientKeyOf(`${loginPrefix}::1`));
  const user = await insertUser(env);
  const login = await send("/api/login", { body: { username: user.username, password: user.password }, ip: `${loginPrefix}:1234:5678:9abc:def0` });
  expect(login.status).toBe(429);
  expect(
    (await send("/api/login", { body: { username: user.username, password: user.password }, ip: `2001:db8:${randomHex()}:${randomHex()}::1` })).status,
  ).toBe(200);
});

// ---------------------------------------------------------------- per-client caps

test("/click and /api/click share one cap per client: 429 with Retry-After once exceeded", async () => {
  const ip = randomIp();
  const limit = RATE_RULES.click.limit;
  for (let i = 0; i < limit; i++) {
    const path = i % 2 === 0 ? "/click" : "/api/click";
    expect((await post(path, { email: `cap-${i}@example.org`, page: "/k" }, { ip })).status).toBe(200);
  }
  for (const path of ["/click", "/api/click"]) {
    const email = `cap-over-${crypto.randomUUID()}@example.org`;
    const response = await post(path, { email, page: "/k" }, { ip });
    expect(response.status, path).toBe(429);
    expectRetryAfter(response, twoWindows(RATE_RULES.click));
    expect(await response.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many clicks from your network. Please wait a minute and try again." },
    });
    expect(await env.DB.prepare("SELECT 1 FROM click_log WHERE email = ?").bind(email).first()).toBeNull();
  }
  // Old email links (?email=…) never log (GET writes nothing): still redirected, not logged.
  const linked = `cap-link-${crypto.randomUUID()}@example.org`;
  const link = await worker.fetch(
    new Request(`http://localhost/k?email=${encodeURIComponent(linked)}`, { headers: { "CF-Connecting-IP": ip }, redirect: "manual" }),
  );
  expect(link.status).toBe(302);
  expect(link.headers.get("Location")).toBe("/k");
  expect(await env.DB.prepare("SELECT 1 FROM click_log WHERE email = ?").bind(linked).first()).toBeNull();
  // Another client is not affected.
  expect((await post("/click", { email: "cap-other@example.org", page: "/k" })).status).toBe(200);
});

test("progress writes are capped per client: 429 with Retry-After once exceeded", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const ip = randomIp();
  for (let i = 0; i < RATE_RULES.progressWrite.limit; i++) {
    expect((await send("/api/progress", { method: "PUT", body: { cards: [] }, ip, cookie })).status).toBe(200);
  }
  const over = await send("/api/progress", { method: "PUT", body: { cards: [] }, ip, cookie });
  expect(over.status).toBe(429);
  expectRetryAfter(over, twoWindows(RATE_RULES.progressWrite));
  expect(await over.json()).toEqual({
    error: { code: "RATE_LIMITED", message: "Too many progress saves from your network. Please wait a minute and try again." },
  });
  // Reading is not capped, and another client can still write.
  expect((await send("/api/progress", { method: "GET", ip, cookie })).status).toBe(200);
  expect((await send("/api/progress", { method: "PUT", body: { cards: [] }, ip: randomIp(), cookie })).status).toBe(200);
});

test("contact messages and Word of the Day sign-ups are capped per client key on the page and the API: 429 + Retry-After", async () => {
  const contactPrefix = `2001:db8:${randomHex()}:${randomHex()}`;
  for (let i = 0; i < RATE_RULES.contact.limit; i++) await hit(db, RATE_RULES.contact, clientKeyOf(`${contactPrefix}::1`));
  const contact = { honorific: "", name: "Nokomis", email: "nokomis@example.org", subject: "Aanii!", message: "Miigwech." };
  const page = await post("/contact", contact, { ip: `${contactPrefix}::2` });
  expect(page.status).toBe(429);
  expectRetryAfter(page, twoWindows(RATE_RULES.contact));
  expect(await page.text()).toContain("Too many messages from your network.");
  const api = await post("/add-contact-message", contact, { ip: `${contactPrefix}:0:0:0:3` });
  expect(api.status).toBe(429);
  expectRetryAfter(api, twoWindows(RATE_RULES.contact));
  expect(await api.json()).toEqual({ success: false, message: "Too many messages from your network. Please try again in an hour." });

  const wotdIp = randomIp();
  for (let i = 0; i < RATE_RULES.wotdSignup.limit; i++) await hit(db, RATE_RULES.wotdSignup, wotdIp);
  const email = `cap-${crypto.randomUUID()}@example.org`;
  for (const path of ["/signup-wotd", "/"]) {
    const response = await post(path === "/" ? "/?index" : path, { name: "", email }, { ip: wotdIp });
    expect(response.status, path).toBe(429);
    expectRetryAfter(response, twoWindows(RATE_RULES.wotdSignup));
    expect(await response.text()).toContain("Too many sign-ups from your network.");
  }
  const wotdApi = await send("/api/signup-wotd", { body: { name: "", email, source: "wotd-signup" }, ip: wotdIp });
  expect(wotdApi.status).toBe(429);
  expectRetryAfter(wotdApi, twoWindows(RATE_RULES.wotdSignup));
  expect(await wotdApi.json()).toMatchObject({ success: false, error: { code: "RATE_LIMITED" } });
  expect(await env.DB.prepare("SELECT 1 FROM wotd_subscribers WHERE email = ?").bind(email).first()).toBeNull();
});

test("sign-up and forgot 429 answers carry Retry-After too", async () => {
  const ip = randomIp();
  for (let i = 0; i < RATE_RULES.signupIp.limit; i++) await hit(db, RATE_RULES.signupIp, ip);
  const join = await post(
    "/wiijiiwe",
    { username: "nobody", password: "ziibiwan-nibi-2026", passwordRepeat: "ziibiwan-nibi-2026", email: "nobody@example.org" },
    { ip },
  );
  expect(join.status).toBe(429);
  expectRetryAfter(join, twoWindows(RATE_RULES.signupIp));
  const joinApi = await post("/api/join", { username: "nobody", password: "ziibiwan-nibi-2026", email: "nobody@example.org" }, { ip });
  expect(joinApi.status).toBe(429);
  expectRetryAfter(joinApi, twoWindows(RATE_RULES.signupIp));

  const forgotIp = randomIp();
  for (let i = 0; i < RATE_RULES.forgotIp.limit; i++) await hit(db, RATE_RULES.forgotIp, forgotIp);
  for (const path of ["/forgot", "/api/reset"]) {
    const response = await post(path, { username: "nobody", email: "nobody@example.org" }, { ip: forgotIp });
    expect(response.status, path).toBe(429);
    expectRetryAfter(response, twoWindows(RATE_RULES.forgotIp));
  }
});

// ---------------------------------------------------------------- uploads

test("uploads: one recording per request, and a daily byte budget per editor (429 with Retry-After)", async () => {
  const editor = await insertUser(env, { role: "editor" });
  const cookie = await sessionCookieHeader(env, editor);
  const form = await env.DB.prepare("INSERT INTO forms (form, search_key, count, perc) VALUES (?, ?, 1, 0.5) RETURNING id")
    .bind(`cap${randomHex()}`, `cap${randomHex()}`)
    .first<{ id: number }>();
  const ogg = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(new TextEncoder().encode("OggS"), 0);
    return new Blob([bytes]);
  };
  const upload = (files: Blob[]) => {
    const body = new FormData();
    for (const file of files) body.append("audio", file, "clip.ogg");
    return worker.fetch(
      new Request(`http://localhost/api/editor/forms/${form!.id}/audio`, { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost" }, body }),
    );
  };
  const stored = async () => (await env.DB.prepare("SELECT count(*) AS n FROM audio_objects WHERE form_id = ?").bind(form!.id).first<{ n: number }>())!.n;

  const two = await upload([ogg(300), ogg(300)]);
  expect(two.status).toBe(413);
  expect(await two.json()).toEqual({ success: false, error: "Upload one recording at a time." });
  expect(await stored()).toBe(0);

  expect((await upload([ogg(300)])).status).toBe(200);
  expect(await stored()).toBe(1);

  // Use up the day's budget (as if the editor had already uploaded this much), then the next clip is refused.
  await hit(db, { ...RATE_RULES.uploadBytes, limit: Number.MAX_SAFE_INTEGER }, String(editor.id));
  await env.DB.prepare("UPDATE rate_limits SET count = ? WHERE key = ?")
    .bind(RATE_RULES.uploadBytes.limit, `${RATE_RULES.uploadBytes.name}:${editor.id}`)
    .run();
  const over = await upload([ogg(300)]);
  expect(over.status).toBe(429);
  expectRetryAfter(over, twoWindows(RATE_RULES.uploadBytes));
  expect(await over.json()).toEqual({ success: false, error: "Daily upload limit reached (200 MB per editor per day). Please try again tomorrow." });
  expect(await stored()).toBe(1);
});

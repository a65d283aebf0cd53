/**
 * Issue 4, security: session tokens, reset tokens (/forgot, /restore, /api/reset,
 * /api/restore-access), the PBKDF2 iteration guard, rehash-on-login and the abuse limits.
 */
import { getConfig } from "../../app/services/config.server";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { expect, test } from "vitest";
import worker from "../../workers/app";
import { createDb } from "../../db/client";
import { insertResetToken, RESET_TOKEN_TTL_MS } from "../../db/queries/users";
import { getSessionKey, SESSION_AUDIENCE, SESSION_COOKIE, SESSION_ISSUER } from "../../app/services/session.server";
import { hashToken, randomToken } from "../../app/services/email-tokens.server";
import { getRecordedMail } from "../../app/services/mail.server";
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, PBKDF2_MAX_ITERATIONS, verifyPassword } from "../../app/services/password.server";
import { consume, hit, isLimited, RATE_RULES } from "../../app/services/rate-limit.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { get, post, randomIp, sessionFrom, uniqueName } from "./accounts-helpers";

const db = createDb(env.DB);

async function wenesh(cookie: string) {
  return ((await (await get("/api/wenesh", { cookie })).json()) as { username: string | null }).username;
}

const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

// ---------------------------------------------------------------- session tokens

test("a valid session token is accepted (control for the rejections below)", async () => {
  const user = await insertUser(env);
  expect(await wenesh(await sessionCookieHeader(env, user))).toBe(user.username);
});

test("tampered, expired, wrong-audience, wrong-issuer and alg:none tokens are rejected", async () => {
  const user = await insertUser(env);
  const victim = await insertUser(env);
  const key = getSessionKey(getConfig(env));
  const claims = { sv: user.sessionVersion };

  // Tampered: the payload says another user, the signature is the original one.
  const [header, , signature] = (await sessionCookieHeader(env, user)).slice(SESSION_COOKIE.length + 1).split(".");
  const now = Math.floor(Date.now() / 1000);
  const forgedPayload = b64url({ sv: victim.sessionVersion, sub: String(victim.id), iss: SESSION_ISSUER, aud: SESSION_AUDIENCE, iat: now, exp: now + 3600 });
  const tampered = `${header}.${forgedPayload}.${signature}`;

  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(now - 31 * 24 * 3600)
    .setExpirationTime(now - 24 * 3600)
    .sign(key);
  const wrongAudience = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuer(SESSION_ISSUER)
    .setAudience("some-other-app")
    .setExpirationTime("1h")
    .sign(key);
  const wrongIssuer = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuer("someone-else")
    .setAudience(SESSION_AUDIENCE)
    .setExpirationTime("1h")
    .sign(key);
  const wrongKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuer(SESSION_ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("an-attacker-chosen-secret-of-32-characters!"));
  const algNone = `${b64url({ alg: "none", typ: "JWT" })}.${b64url({ sv: user.sessionVersion, sub: String(user.id), iss: SESSION_ISSUER, aud: SESSION_AUDIENCE, exp: now + 3600 })}.`;

  for (const [label, token] of Object.entries({ tampered, expired, wrongAudience, wrongIssuer, wrongKey, algNone })) {
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect(await wenesh(cookie), label).toBeNull();
    expect((await get("/niin", { cookie })).headers.get("Location"), label).toBe("/biindge?from=niin");
  }
});

// ---------------------------------------------------------------- forgot and restore

test("/forgot always gives the same neutral answer; only a matching username + email gets a token and an email", async () => {
  const user = await insertUser(env);
  const recordEnv = { ...env, MAIL_TRANSPORT: "record" };
  const before = getRecordedMail().length;
  const cases = [
    { username: user.username, email: user.email.toUpperCase(), match: true },
    { username: user.username, email: `${uniqueName()}@example.org`, match: false },
    { username: uniqueName("nobody"), email: user.email, match: false },
  ];
  for (const c of cases) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://localhost/forgot", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp() },
        body: new URLSearchParams({ username: c.username, email: c.email }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      recordEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("A reset link will be sent to your email if your information matches.");
  }
  const tokens = await env.DB.prepare("SELECT * FROM password_reset_tokens WHERE user_id = ?").bind(user.id).all<Record<string, number | string>>();
  expect(tokens.results).toHaveLength(1);
  const row = tokens.results[0];
  expect(String(row.token_hash)).toMatch(/^[0-9a-f]{64}$/);
  expect(Number(row.expires_at) - Number(row.created_at)).toBeGreaterThan(RESET_TOKEN_TTL_MS - 5000);
  expect(Number(row.expires_at) - Number(row.created_at)).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS + 5000);

  const mails = getRecordedMail()
    .slice(before)
    .filter((m) => m.to === user.email);
  expect(mails).toHaveLength(1);
  const code = /\/restore\?code=([A-Za-z0-9_-]+)/.exec(mails[0].text)![1];
  expect(code).toHaveLength(43); // 32 random bytes, base64url
  expect(await hashToken(code)).toBe(row.token_hash);
  expect(mails[0].html).toContain(`/restore?code=${code}`);
  // The link works.
  const page = await (await get(`/restore?code=${code}`)).text();
  expect(page).toContain("Choose a new password");
});

async function tokenFor(userId: number, now = Date.now()) {
  const code = randomToken(32);
  await insertResetToken(db, userId, await hashToken(code), now);
  return code;
}

test("/restore without a code, or with an unknown one, shows the invalid-code state", async () => {
  for (const path of ["/restore", "/restore?code=", `/restore?code=${randomToken(32)}`, "/restore?code=<script>"]) {
    const page = await (await get(path)).text();
    expect(page, path).toContain("The reset code was invalid. Please request another.");
    expect(page, path).not.toContain('name="password"');
  }
});

test("restore: validation messages, then success with a login link; the old cookie and password stop working", async () => {
  const user = await insertUser(env);
  const oldCookie = await sessionCookieHeader(env, user);
  const code = await tokenFor(user.id);
  const restore = (fields: Record<string, string>) => post(`/restore?code=${code}`, { code, ...fields });

  expect(await (await restore({ password: "short", passwordRepeat: "short" })).text()).toContain("Password must be at least 8 characters long.");
  expect(await (await restore({ password: "waaseyaa-2026", passwordRepeat: "waaseyaa-2027" })).text()).toContain("Passwords do not match!");
  expect(await (await restore({ password: "qwertyuiop", passwordRepeat: "qwertyuiop" })).text()).toContain("one of the most common passwords");

  const done = await restore({ password: "waaseyaa-2026", passwordRepeat: "waaseyaa-2026" });
  expect(done.status).toBe(200);
  const page = await done.text();
  expect(page).toContain("Your password has been changed.");
  expect(page).toContain('href="/biindge"');

  expect(await wenesh(oldCookie)).toBeNull();
  expect((await post("/biindge", { username: user.username, password: user.password })).status).toBe(401);
  const login = await post("/biindge", { username: user.username, password: "waaseyaa-2026" });
  expect(login.status).toBe(302);
  expect(await wenesh(sessionFrom(login)!)).toBe(user.username);
});

test("a reset code works once; every other outstanding code dies with it; an expired code is refused", async () => {
  const user = await insertUser(env);
  const first = await tokenFor(user.id);
  const second = await tokenFor(user.id);
  const ok = await post("/restore", { code: first, password: "giizhik-2026", passwordRepeat: "giizhik-2026" });
  expect(await ok.text()).toContain("Your password has been changed.");

  const reuse = await post("/restore", { code: first, password: "another-pass-1", passwordRepeat: "another-pass-1" });
  expect(reuse.status).toBe(400);
  expect(await reuse.text()).toContain("The reset code was invalid. Please request another.");
  expect(await (await post("/restore", { code: second, password: "another-pass-1", passwordRepeat: "another-pass-1" })).text()).toContain(
    "The reset code was invalid. Please request another.",
  );
  expect(await (await get(`/restore?code=${second}`)).text()).toContain("The reset code was invalid.");

  const other = await insertUser(env);
  const expired = await tokenFor(other.id, Date.now() - RESET_TOKEN_TTL_MS - 1000);
  expect(await (await get(`/restore?code=${expired}`)).text()).toContain("The reset code was invalid.");
  const late = await post("/restore", { code: expired, password: "giizhik-2026", passwordRepeat: "giizhik-2026" });
  expect(await late.text()).toContain("The reset code was invalid. Please request another.");
  // The password did not change.
  expect((await post("/biindge", { username: other.username, password: other.password })).status).toBe(302);
});

test("POST /api/reset and /api/restore-access (docs/product.md §7) answer { success }", async () => {
  const user = await insertUser(env);
  const reset = await post("/api/reset", { username: uniqueName(), email: "nobody@example.org" });
  expect(await reset.json()).toEqual({ success: true, message: "A reset link will be sent to your email if your information matches." });
  const code = await tokenFor(user.id);
  const bad = await post("/api/restore-access", { code: randomToken(32), password: "mitig-2026-x" });
  expect(await bad.json()).toEqual({ success: false, message: "The reset code was invalid. Please request another." });
  const good = await post("/api/restore-access", { code, password: "mitig-2026-x" });
  expect(await good.json()).toEqual({ success: true, message: "Your password has been changed." });
  expect(await (await post("/api/restore-access", { code, password: "mitig-2026-y" })).json()).toMatchObject({ success: false });
});

// ---------------------------------------------------------------- passwords

test("iteration guard: our count never goes above 100,000, Cloudflare's production maximum", async () => {
  // Deployed Workers refuse PBKDF2 above 100,000 iterations (local workerd does not enforce it),
  // so this constant check is what keeps a raised count from breaking every log-in in production.
  expect(PBKDF2_MAX_ITERATIONS).toBe(100_000);
  expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PBKDF2_MAX_ITERATIONS);
  const stored = await hashPassword("a-good-password");
  expect(stored.split("$")[1]).toBe(String(PBKDF2_ITERATIONS));
  // A stored hash claiming more iterations never verifies (and never reaches the runtime limit).
  expect(await verifyPassword("a-good-password", stored.replace("$100000$", "$100001$"))).toBe(false);
});

test("a hash with older parameters is replaced by a current one at the next log-in", async () => {
  const user = await insertUser(env);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(user.password), "PBKDF2", false, ["deriveBits"]);
  const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256));
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
  const old = `pbkdf2-sha256$1000$${b64(salt)}$${b64(bits)}`;
  expect(needsRehash(old)).toBe(true);
  await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(old, user.id).run();

  expect((await post("/biindge", { username: user.username, password: user.password })).status).toBe(302);
  const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(user.id).first<{ password_hash: string }>();
  expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
  expect(needsRehash(row!.password_hash)).toBe(false);
  expect(await verifyPassword(user.password, row!.password_hash)).toBe(true);
});

// ---------------------------------------------------------------- abuse limits

test("log-in: after 10 failures for one account, the next attempt gets 429 and a plain message (even with the right password)", async () => {
  const user = await insertUser(env);
  for (let i = 0; i < RATE_RULES.loginAccount.limit; i++) {
    expect((await post("/biindge", { username: user.username, password: `wrong-${i}-password` })).status).toBe(401);
  }
  const limited = await post("/biindge", { username: user.username, password: user.password });
  expect(limited.status).toBe(429);
  expect(limited.headers.get("Set-Cookie")).toBeNull();
  expect(await limited.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
  const api = await post("/api/login", { username: user.username, password: user.password });
  expect(api.status).toBe(429);
  expect(await api.json()).toEqual({ success: false, message: "Too many attempts. Please wait a few minutes and try again." });
  // Another account from the same place is not affected.
  const other = await insertUser(env);
  expect((await post("/biindge", { username: other.username, password: other.password })).status).toBe(302);
});

test("log-in is limited per address too", async () => {
  const ip = randomIp();
  for (let i = 0; i < RATE_RULES.loginIp.limit; i++) await hit(db, RATE_RULES.loginIp, ip);
  const user = await insertUser(env);
  const response = await post("/biindge", { username: user.username, password: user.password }, { ip });
  expect(response.status).toBe(429);
  expect(await response.text()).toContain("Too many attempts.");
});

test("sign-up and forgot are limited per address (and forgot per username + email): 429", async () => {
  const ip = randomIp();
  for (let i = 0; i < RATE_RULES.signupIp.limit; i++) await hit(db, RATE_RULES.signupIp, ip);
  const name = uniqueName();
  const join = await post(
    "/wiijiiwe",
    { username: name, password: "ziibiwan-nibi-2026", passwordRepeat: "ziibiwan-nibi-2026", email: `${name}@example.org` },
    { ip },
  );
  expect(join.status).toBe(429);
  expect(await join.text()).toContain("Too many attempts.");
  const row = await env.DB.prepare("SELECT id FROM users WHERE username = ?").bind(name).first();
  expect(row).toBeNull();

  const forgotIp = randomIp();
  for (let i = 0; i < RATE_RULES.forgotIp.limit; i++) await hit(db, RATE_RULES.forgotIp, forgotIp);
  expect((await post("/forgot", { username: uniqueName(), email: "a@example.org" }, { ip: forgotIp })).status).toBe(429);

  const user = await insertUser(env);
  for (let i = 0; i < RATE_RULES.forgotAccount.limit; i++) await hit(db, RATE_RULES.forgotAccount, `${user.username}\n${user.email}`);
  const limited = await post("/api/reset", { username: user.username, email: user.email });
  expect(limited.status).toBe(429);
});

test("limits slide across a window boundary: a burst just before it still counts just after it", async () => {
  const db = createDb(env.DB);
  const rule = RATE_RULES.loginAccount;
  const subject = uniqueName();
  const boundary = Math.ceil(Date.now() / rule.windowMs) * rule.windowMs;
  for (let i = 0; i < rule.limit; i++) await hit(db, rule, subject, boundary - 1_000);
  expect(await isLimited(db, rule, subject, boundary - 500)).toBe(true);
  // One second into the next window the previous one still weighs almost fully.
  expect(await isLimited(db, rule, subject, boundary + 1_000)).toBe(true);
  // A whole window later it has slid out.
  expect(await isLimited(db, rule, subject, boundary + rule.windowMs + 1_000)).toBe(false);

  const other = uniqueName();
  const forgot = RATE_RULES.forgotAccount;
  for (let i = 0; i < forgot.limit; i++) expect(await consume(db, forgot, other, boundary - 1_000)).toBe(false);
  expect(await consume(db, forgot, other, boundary + 1_000)).toBe(true);
});

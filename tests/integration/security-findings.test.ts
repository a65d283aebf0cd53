/**
 * The holes an outside test found (ADR 020 and 020a, "what each finding broke"): one test per finding, by behaviour over HTTP.
 * Pages are fetched through the Worker with the page cache on (tests otherwise run with it off).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import worker from "../../workers/app";
import { getRecordedMail } from "../../app/services/mail.server";
import { LOGIN_BACKOFF, RATE_RULES } from "../../app/services/rate-limit.server";
import { insertSubscriber } from "../factories/subscribers";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { waitFor } from "../support/wait-for";
import { get, post, randomIp, sessionFrom, uniqueName } from "./accounts-helpers";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;
const incoming = (url: string, init: RequestInit) => new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;

async function fetchPage(path: string, headers: Record<string, string> = {}, workerEnv = cachedEnv) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(incoming(`http://localhost${path}`, { headers, redirect: "manual" }), workerEnv, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

const CACHING = ["etag", "cache-control", "vary"];

describe("finding 1: a 304 never contradicts its page", () => {
  test.each(["/", "/k", "/aambe", "/d", "/conj"])("%s: the 304 carries the 200's caching headers and no policy of its own", async (path) => {
    const first = await fetchPage(path);
    expect(first.response.status).toBe(200);
    const etag = first.response.headers.get("ETag");
    expect(etag).toBeTruthy();
    // Twice: the first revalidation may take the full path, the second the isolate's memory.
    for (let i = 0; i < 2; i++) {
      const again = await fetchPage(path, { "If-None-Match": etag! });
      expect(again.response.status).toBe(304);
      for (const name of CACHING) expect(again.response.headers.get(name), name).toBe(first.response.headers.get(name));
      expect(again.response.headers.has("Content-Security-Policy")).toBe(false);
    }
  });
});

describe("finding 2: a signed-in render never reaches the shared page cache", () => {
  test.each(["__Host-session =", "__Host-session\t=", " __Host-session=", "a=b;__Host-session ="])(
    "a session cookie written %j is a session everywhere: rendered private, never stored or served to others",
    async (prefix) => {
      const user = await insertUser(env);
      const token = (await sessionCookieHeader(env, user)).split("=").slice(1).join("=");
      const signedIn = await fetchPage("/aambe", { Cookie: `${prefix}${token}` });
      expect(signedIn.response.headers.get("Cache-Control")).toMatch(/private/);
      const anonymous = await fetchPage("/aambe");
      expect(anonymous.text).not.toContain(user.username);
      const again = await fetchPage("/aambe");
      expect(again.text).not.toContain(user.username);
    },
  );
});

describe("finding 3: log-in sends the user only to a path on this site", () => {
  test.each(["..//evil.example/x", "/..//evil.example/x", "%2e%2e//evil.example/x", "/.//evil.example/x", "/%2e%2e//evil.example/x", "//evil.example/x"])(
    "from=%s lands on this site",
    async (from) => {
      const user = await insertUser(env);
      const response = await post("/biindge", { username: user.username, password: user.password, from }, { ip: randomIp() });
      expect(sessionFrom(response)).toBeTruthy();
      const location = response.headers.get("Location") ?? "";
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, "https://site.example").host).toBe("site.example");
    },
  );

  test("a path on this site survives (control)", async () => {
    const user = await insertUser(env);
    const response = await post("/biindge", { username: user.username, password: user.password, from: "k/13" }, { ip: randomIp() });
    expect(response.headers.get("Location")).toBe("/k/13");
  });
});

/** Every Set-Cookie `name=value` of a response, joined for the next request's Cookie header. */
function cookiesFrom(...responses: Response[]) {
  return responses.flatMap((r) => r.headers.getSetCookie().map((c) => c.split(";")[0])).join("; ");
}

async function logIn(username: string, password: string, cookie = "") {
  return post("/biindge", { username, password, from: "" }, { ip: randomIp(), cookie });
}

async function subscriptionOf(email: string) {
  return env.DB.prepare("SELECT status FROM wotd_subscribers WHERE email = ?").bind(email).first<{ status: string }>();
}

describe("finding 4: /niin shows and changes only a subscription the account has proven it owns", () => {
  test("an account made with someone else's address neither sees nor ends their subscription", async () => {
    const victim = await insertSubscriber(env, "confirmed");
    const attacker = await insertUser(env, { email: victim.email });
    const cookie = await sessionCookieHeader(env, attacker);
    const page = await (await get("/niin", { cookie })).text();
    expect(page).not.toContain("You receive the Word of the Day by email.");
    expect(page).toContain("first confirm that the address is yours");
    const attempt = await post("/niin", { intent: "wotd-unsubscribe" }, { cookie });
    expect(attempt.status).toBe(400);
    expect((await subscriptionOf(victim.email))?.status).toBe("confirmed");
  });

  test("the owner proves the address by the link sent to it, then sees and manages the subscription", async () => {
    const owner = await insertSubscriber(env, "confirmed");
    const user = await insertUser(env, { email: owner.email });
    const cookie = await sessionCookieHeader(env, user);
    const before = getRecordedMail().length;
    expect((await post("/niin", { intent: "address-proof" }, { cookie })).status).toBe(200);
    const mail = getRecordedMail()
      .slice(before)
      .find((m) => m.to === owner.email);
    const code = /\/niin\/address\?code=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
    // Opening the link changes nothing (scanners follow links); the button does, once.
    expect(await (await get(`/niin/address?code=${code}`)).text()).toContain("Confirm my address");
    expect(await get("/niin", { cookie }).then((r) => r.text())).not.toContain("You receive the Word of the Day by email.");
    const confirmed = await post("/niin/address", { code });
    expect(confirmed.headers.get("Location")).toBe("/niin?address=confirmed");
    expect((await post("/niin/address", { code })).status).toBe(200);
    expect(await (await get("/niin", { cookie })).text()).toContain("You receive the Word of the Day by email.");
    expect((await post("/niin", { intent: "wotd-unsubscribe" }, { cookie })).status).toBe(200);
    expect((await subscriptionOf(owner.email))?.status).toBe("unsubscribed");
  });
});

describe("finding 5: the sign-up never tells who is subscribed", () => {
  test("a confirmed address gets the same answer as a new one, on the page and the API; its owner gets an email", async () => {
    const confirmed = await insertSubscriber(env, "confirmed");
    const fresh = `new-${crypto.randomUUID()}@example.org`;
    const json = (email: string) =>
      exports.default.fetch(
        new Request("http://localhost/api/signup-wotd", {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp() },
          body: JSON.stringify({ name: "", email, source: "wotd-signup" }),
        }),
      );
    const [a, b] = [await json(confirmed.email), await json(fresh)];
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
    // The answer names the address the visitor typed; apart from it, both answers are the same.
    const page = async (email: string) => {
      const response = await post("/signup-wotd", { name: "", email }, { ip: randomIp() });
      return [response.status, (await response.text()).match(/<div[^>]*class="alert[^"]*"[\s\S]*?<\/div>/)?.[0]?.replaceAll(email, "{address}")];
    };
    const [pa, pb] = [await page(confirmed.email), await page(`new-${crypto.randomUUID()}@example.org`)];
    expect(pa).toEqual(pb);
    expect(JSON.stringify([pa, pb])).not.toMatch(/SQLITE|constraint/i);
    expect((await subscriptionOf(confirmed.email))?.status).toBe("confirmed");
    const note = await waitFor(() => getRecordedMail().find((m) => m.to === confirmed.email && /already subscribed/.test(m.subject)), {
      timeoutMs: 15_000,
      message: "the owner was not told",
    });
    expect(note.text).toContain("/unsubscribe?t=");
  });
});

describe("finding 6: strangers cannot use up the owner's password-reset allowance", () => {
  test("requests with wrong addresses for a username leave the owner's own request working", async () => {
    const owner = await insertUser(env);
    for (let i = 0; i < RATE_RULES.forgotAccount.limit + 2; i++) {
      const response = await post("/forgot", { username: owner.username, email: `${uniqueName()}@example.org` }, { ip: randomIp() });
      expect(response.status).toBe(200);
    }
    const before = getRecordedMail().length;
    const mine = await post("/forgot", { username: owner.username, email: owner.email }, { ip: randomIp() });
    expect(mine.status).toBe(200);
    await waitFor(
      () =>
        getRecordedMail()
          .slice(before)
          .some((m) => m.to === owner.email),
      { timeoutMs: 10_000, message: "no reset mail" },
    );
  });
});

describe("finding 7: strangers' failed log-ins do not lock the signed-in owner out of their own account", () => {
  test("on the owner's trusted device, the password change and deletion still check the password", async () => {
    const owner = await insertUser(env);
    const login = await logIn(owner.username, owner.password);
    const cookie = cookiesFrom(login);
    expect(cookie).toContain("__Host-device=");
    // Strangers from many addresses use up the account's budget.
    for (let i = 0; i < RATE_RULES.loginAccount.limit + 1; i++) await logIn(owner.username, "wrong-password-guess");
    expect((await logIn(owner.username, owner.password)).status).toBe(429);
    const change = await post(
      "/niin",
      { intent: "password", currentPassword: owner.password, password: "a-new-good-password", passwordRepeat: "a-new-good-password" },
      { cookie },
    );
    expect(change.status).toBe(302);
    expect(change.headers.get("Location")).toBe("/niin?password=changed");
  });
});

describe("finding 8: a device cookie counts only for the account it was given for", () => {
  test("after the account is deleted and the name taken again, the old device cookie gets no allowance of its own", async () => {
    const first = await insertUser(env);
    const device = cookiesFrom(await logIn(first.username, first.password))
      .split("; ")
      .find((c) => c.startsWith("__Host-device="))!;
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(first.id).run();
    const second = await insertUser(env, { username: first.username });
    // The new owner's account budget is used up by strangers; the old device cookie must not get past it.
    for (let i = 0; i < RATE_RULES.loginAccount.limit + 1; i++) await logIn(second.username, "wrong-password-guess");
    const withOldDevice = await logIn(second.username, "another-wrong-guess", device);
    expect(withOldDevice.status).toBe(429);
    expect(LOGIN_BACKOFF.free).toBeGreaterThan(0);
  });

  test("a password reset retires every device cookie of the account", async () => {
    const user = await insertUser(env);
    const device = cookiesFrom(await logIn(user.username, user.password))
      .split("; ")
      .find((c) => c.startsWith("__Host-device="))!;
    await env.DB.prepare("UPDATE users SET device_key = 'changed-by-a-reset' WHERE id = ?").bind(user.id).run();
    for (let i = 0; i < RATE_RULES.loginAccount.limit + 1; i++) await logIn(user.username, "wrong-password-guess");
    expect((await logIn(user.username, user.password, device)).status).toBe(429);
  });
});

describe("finding 9: drafts are the editors' own", () => {
  test("a draft is on no public list and its page is 404 for everyone but editors; a story listed as coming keeps its badge", async () => {
    const editor = await insertUser(env, { role: "editor" });
    const editorCookie = await sessionCookieHeader(env, editor);
    const draft = `DRAFT${crypto.randomUUID().slice(0, 8)}`;
    const coming = `SOON${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO stories (id, source, title, completed, listed, data) VALUES (?, 'misc', ?, 0, 0, '[]'), (?, 'misc', ?, 0, 1, '[]')")
      .bind(draft, `Secret ${draft}`, coming, `Soon ${coming}`)
      .run();
    // The stories were written behind the editor's back (no new content version): read the lists uncached.
    const uncached = env as Env;
    for (const path of ["/d", "/api/story-index", "/api/misc"]) {
      const { text } = await fetchPage(path, {}, uncached);
      expect(text, path).not.toContain(draft);
    }
    const list = await fetchPage("/d", {}, uncached);
    expect(list.text).toContain(`Soon ${coming}`);
    expect(list.text).toContain("Not ready to view");
    for (let i = 0; i < 2; i++) {
      const page = await fetchPage(`/d/${draft}`);
      expect(page.response.status).toBe(404);
      expect(page.text).not.toContain(`Secret ${draft}`);
    }
    const learner = await insertUser(env);
    const asLearner = await get(`/d/${draft}`, { cookie: await sessionCookieHeader(env, learner) });
    expect(asLearner.status).toBe(404);
    const asEditor = await get(`/d/${draft}`, { cookie: editorCookie });
    expect(asEditor.status).toBe(200);
    const preview = await asEditor.text();
    expect(preview).toContain(`Secret ${draft}`);
    expect(preview).toContain("Only editors can see it.");
    expect(asEditor.headers.get("Cache-Control")).toMatch(/private/);
  });
});

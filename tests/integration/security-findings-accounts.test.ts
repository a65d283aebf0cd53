/**
 * The account findings of the third outside test (ADR 020a, "the third test"): one test per finding, by behaviour
 * over HTTP. An open redirect through the `?email=` clean-up and `from=`, a freshly signed-up owner locked out of
 * /niin by strangers, the sign-up telling which addresses have an account, reset codes outliving a password change,
 * and names carrying characters that turn text around.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import worker from "../../workers/app";
import { getRecordedMail } from "../../app/services/mail.server";
import { RATE_RULES } from "../../app/services/rate-limit.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { waitFor } from "../support/wait-for";
import { get, joinFields, post, randomIp, sessionFrom, uniqueName } from "./accounts-helpers";

const SITE = "https://site.example";

/** A redirect stays on this site: one leading slash, also once %2F and %5C are read as the characters they encode. */
function expectOnThisSite(location: string | null, label: string) {
  expect(location, label).toBeTruthy();
  expect(location!, label).toMatch(/^\/(?![/\\])/);
  expect(decodeURIComponent(location!), label).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, SITE).origin, label).toBe(SITE);
}

/** Every Set-Cookie `name=value` of the responses, joined for the next request's Cookie header. */
function cookiesFrom(...responses: Response[]) {
  return responses.flatMap((r) => r.headers.getSetCookie().map((c) => c.split(";")[0])).join("; ");
}

async function userRow(username: string) {
  return env.DB.prepare("SELECT id, email FROM users WHERE username = ?").bind(username).first<{ id: number; email: string }>();
}

/** A JSON call of the docs/product.md §7 API, from a fresh client. */
async function api(path: string, body: Record<string, string>) {
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": randomIp(), Origin: "http://localhost" },
      body: JSON.stringify(body),
    }),
  );
}

/** Strangers from many addresses use up the account's log-in budget; the right password from an unknown client is then refused. */
async function exhaustAccountBudget(username: string, password: string) {
  for (let i = 0; i < RATE_RULES.loginAccount.limit + 1; i++) {
    await post("/biindge", { username, password: "wrong-password-guess", from: "" });
  }
  expect((await post("/biindge", { username, password, from: "" })).status).toBe(429);
}

describe("finding 1: no redirect built from the request leaves the site", () => {
  const OFF_SITE_PATHS = [
    "//evil.example/",
    "//evil.example/k/1",
    "/\\evil.example/",
    "///evil.example",
    "/.//evil.example/",
    "/%2e%2e//evil.example/",
    "/%2F/evil.example",
    "/%2f%2fevil.example/",
    "/%5Cevil.example",
    "/%5c%5cevil.example/x",
  ];

  test.each(OFF_SITE_PATHS)("the ?email= clean-up of %s stays on this site", async (path) => {
    for (const query of ["?email=1", "?email=someone%40example.org&q=x"]) {
      const response = await get(`${path}${query}`);
      expect(response.status, path + query).toBe(302);
      expectOnThisSite(response.headers.get("Location"), path + query);
      expect(response.headers.get("Location"), path + query).not.toContain("email=");
    }
  });

  test("the clean-up keeps a path on this site and the rest of the query (control)", async () => {
    const response = await get("/k/1?email=someone%40example.org&q=maajaa");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/k/1?q=maajaa");
  });

  const OFF_SITE_FROM = [
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "///evil.example",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "%5Cevil.example",
    "/%5c%5cevil.example",
  ];

  test.each(OFF_SITE_FROM)("log-in's from=%s stays on this site, after a log-in and for a signed-in visitor", async (from) => {
    const user = await insertUser(env);
    const login = await post("/biindge", { username: user.username, password: user.password, from });
    expect(sessionFrom(login)).toBeTruthy();
    expectOnThisSite(login.headers.get("Location"), from);
    const cookie = await sessionCookieHeader(env, user);
    const visit = await get(`/biindge?from=${encodeURIComponent(from)}`, { cookie });
    expect(visit.status).toBe(302);
    expectOnThisSite(visit.headers.get("Location"), from);
  });

  test("the /editor alias keeps its path on this site", async () => {
    const editor = await insertUser(env, { role: "editor" });
    const cookie = await sessionCookieHeader(env, editor);
    for (const path of ["/editor//evil.example", "/editor/%2F%2Fevil.example", "/editor?x=1"]) {
      const response = await get(path, { cookie });
      expect(response.status, path).toBe(302);
      expectOnThisSite(response.headers.get("Location"), path);
      expect(response.headers.get("Location"), path).toMatch(/^\/DEV_editor/);
    }
  });
});

describe("finding 2: strangers never spend a freshly signed-up owner's allowance on /niin", () => {
  test("sign-up sets the device cookie; after ten failed log-ins by others the owner still changes the password", async () => {
    const name = uniqueName("owner");
    const joined = await post("/wiijiiwe", joinFields(name));
    expect(joined.status).toBe(302);
    const cookie = cookiesFrom(joined);
    expect(cookie).toContain("__Host-session=");
    expect(cookie).toContain("__Host-device=");
    await exhaustAccountBudget(name, "ziibiwan-nibi-2026");
    const change = await post(
      "/niin",
      { intent: "password", currentPassword: "ziibiwan-nibi-2026", password: "a-new-good-password", passwordRepeat: "a-new-good-password" },
      { cookie },
    );
    expect(change.status).toBe(302);
    expect(change.headers.get("Location")).toBe("/niin?password=changed");
  });

  test("the API's sign-up sets the device cookie too", async () => {
    const name = uniqueName("owner");
    const response = await api("/api/join", { username: name, password: "ziibiwan-nibi-2026", email: `${name}@example.org` });
    expect(response.status).toBe(200);
    const cookie = cookiesFrom(response);
    expect(cookie).toContain("__Host-session=");
    expect(cookie).toContain("__Host-device=");
  });

  test("the owner's session alone (no device cookie) counts as a known device: deletion still works", async () => {
    const name = uniqueName("owner");
    const joined = await post("/wiijiiwe", joinFields(name));
    const session = sessionFrom(joined)!;
    await exhaustAccountBudget(name, "ziibiwan-nibi-2026");
    const deleted = await post("/niin", { intent: "delete", deletePassword: "ziibiwan-nibi-2026" }, { cookie: session });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/?bye=deleted");
    expect(await userRow(name)).toBeNull();
  });

  test("a session still has a budget of its own: it cannot guess the password without end", async () => {
    const user = await insertUser(env);
    const cookie = await sessionCookieHeader(env, user);
    const wrong = () => post("/niin", { intent: "delete", deletePassword: "not-the-password" }, { cookie });
    for (let i = 0; i < RATE_RULES.loginDevice.limit; i++) expect((await wrong()).status).toBe(400);
    const limited = await wrong();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another session of the owner (another browser) has its own budget.
    const other = await post("/niin", { intent: "delete", deletePassword: user.password }, { cookie: await sessionCookieHeader(env, user) });
    expect(other.status).toBe(302);
  });
});

/** The page a sign-up answers: status, where it goes, and the page's alert if any. */
async function joinAnswer(response: Response) {
  const text = await response.text();
  return [response.status, response.headers.get("Location"), text.match(/<div[^>]*class="alert[^"]*"[\s\S]*?<\/div>/)?.[0] ?? null];
}

describe("finding 7: the sign-up never tells whether an address has an account", () => {
  test("an address with an account gets the answer a new one gets; nothing is created, nobody signed in; the owner is told", async () => {
    const owner = await insertUser(env);
    const before = getRecordedMail().length;
    for (const email of [owner.email, owner.email.toUpperCase(), ` ${owner.email} `]) {
      const fresh = await post("/wiijiiwe", joinFields(uniqueName("fresh")));
      const name = uniqueName("taker");
      const taken = await post("/wiijiiwe", joinFields(name, { email }));
      expect(await joinAnswer(taken), email).toEqual(await joinAnswer(fresh));
      expect(taken.headers.getSetCookie().join("\n"), email).not.toMatch(/__Host-session=[^;]/);
      expect(await userRow(name), email).toBeNull();
    }
    const note = await waitFor(
      () =>
        getRecordedMail()
          .slice(before)
          .find((m) => m.to === owner.email),
      {
        timeoutMs: 15_000,
        message: "the owner was not told",
      },
    );
    expect(note.subject).toMatch(/join/i);
    expect(note.text).toContain("/biindge");
    expect(note.text).toContain("/forgot");
    expect(note.text).not.toContain("ziibiwan-nibi-2026");
  });

  test("the API answers an address with an account as it answers a new one", async () => {
    const owner = await insertUser(env);
    const answer = async (email: string) => {
      const name = uniqueName("api");
      const response = await api("/api/join", { username: name, password: "ziibiwan-nibi-2026", email: email || `${name}@example.org` });
      return [response.status, (await response.text()).replaceAll(name, "NAME")];
    };
    expect(await answer(owner.email)).toEqual(await answer(""));
  });

  test("the notes to the owner are capped per address", async () => {
    const owner = await insertUser(env);
    const attempts = RATE_RULES.joinNoticeMail.limit + 2;
    for (let i = 0; i < attempts; i++) {
      const ctx = createExecutionContext();
      const request = new Request("http://localhost/wiijiiwe", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": randomIp(), Origin: "http://localhost" },
        body: new URLSearchParams(joinFields(uniqueName("taker"), { email: owner.email })),
        redirect: "manual",
      }) as Request<unknown, IncomingRequestCfProperties>;
      expect((await worker.fetch(request, env, ctx)).status).toBe(302);
      await waitOnExecutionContext(ctx);
    }
    expect(getRecordedMail().filter((m) => m.to === owner.email)).toHaveLength(RATE_RULES.joinNoticeMail.limit);
  });

  test("a taken username still says so (usernames are public), also when the address has an account", async () => {
    const owner = await insertUser(env);
    for (const email of [`${uniqueName()}@example.org`, owner.email]) {
      const response = await post("/wiijiiwe", joinFields(owner.username, { email }));
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain("That username is already taken. Please choose another.");
      expect(page).not.toContain("email address already");
    }
  });
});

describe("finding 9: a password change ends every outstanding reset code", () => {
  async function resetCode(user: { username: string; email: string }) {
    const before = getRecordedMail().length;
    expect((await post("/forgot", { username: user.username, email: user.email })).status).toBe(200);
    const mail = await waitFor(
      () =>
        getRecordedMail()
          .slice(before)
          .find((m) => m.to === user.email),
      {
        timeoutMs: 10_000,
        message: "no reset mail",
      },
    );
    return /\/restore\?code=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  }

  test("codes sent before a change on /niin no longer work after it; a code sent after it does", async () => {
    const user = await insertUser(env);
    const [first, second] = [await resetCode(user), await resetCode(user)];
    const change = await post(
      "/niin",
      { intent: "password", currentPassword: user.password, password: "a-new-good-password", passwordRepeat: "a-new-good-password" },
      { cookie: await sessionCookieHeader(env, user) },
    );
    expect(change.status).toBe(302);
    for (const code of [first, second]) {
      expect(await (await get(`/restore?code=${code}`)).text()).toContain("The reset code was invalid.");
      const restore = await post(`/restore?code=${code}`, { code, password: "an-attackers-password", passwordRepeat: "an-attackers-password" });
      expect(restore.status).toBe(400);
      expect(await restore.text()).toContain("The reset code was invalid.");
    }
    expect((await post("/biindge", { username: user.username, password: "an-attackers-password" })).status).toBe(401);
    expect((await post("/biindge", { username: user.username, password: "a-new-good-password" })).status).toBe(302);

    const later = await resetCode(user);
    const restored = await post(`/restore?code=${later}`, { code: later, password: "a-third-good-password", passwordRepeat: "a-third-good-password" });
    expect(restored.status).toBe(200);
    expect(await restored.text()).toContain("Your password has been changed.");
  });
});

describe("names never carry characters that turn text around", () => {
  const DIRECTION_CONTROLS = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];
  const MESSAGE = "characters that change the direction of text";

  test("a username or a display name with one is refused with a clear message, and nothing is created", async () => {
    for (const c of DIRECTION_CONTROLS) {
      const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      const name = uniqueName("bidi");
      const byName = await post("/wiijiiwe", joinFields(`${name}${c}exe`, { email: `${name}@example.org` }));
      expect(byName.status, code).toBe(400);
      expect(await byName.text(), code).toContain(MESSAGE);
      const byRealName = await post("/wiijiiwe", joinFields(name, { realName: `Anna${c}gnp.exe` }));
      expect(byRealName.status, code).toBe(400);
      expect(await byRealName.text(), code).toContain(MESSAGE);
      expect(await userRow(name), code).toBeNull();
    }
    const api400 = await api("/api/join", {
      username: uniqueName("bidi"),
      password: "ziibiwan-nibi-2026",
      email: `${uniqueName()}@example.org`,
      realName: "Ann\u202ea",
    });
    expect(api400.status).toBe(400);
    expect(await api400.text()).toContain(MESSAGE);
  });

  test("the editor's speaker field refuses them with a clear message; the same name without them is kept", async () => {
    const editor = await insertUser(env, { role: "editor" });
    const cookie = await sessionCookieHeader(env, editor);
    const word = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he speaks') RETURNING id")
      .bind(uniqueName("bidiword"), uniqueName("bidiword"))
      .first<{ id: number }>();
    const upload = (speaker: string) => {
      const bytes = new Uint8Array(256);
      bytes.set(new TextEncoder().encode("OggS"), 0);
      const body = new FormData();
      body.append("audio", new Blob([bytes]), "clip.ogg");
      body.append("speaker", speaker);
      return exports.default.fetch(
        new Request(`http://localhost/api/editor/lexemes/${word!.id}/audio`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: "http://localhost", "CF-Connecting-IP": randomIp() },
          body,
        }),
      );
    };
    for (const c of DIRECTION_CONTROLS) {
      const refused = await upload(`Maajaa${c} Speaker`);
      expect(refused.status, c.codePointAt(0)!.toString(16)).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toContain(MESSAGE);
    }
    expect((await upload("Maajaa Speaker")).status).toBe(200);
  });
});

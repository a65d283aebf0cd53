/**
 * Issue 4, pages and compatibility calls: /wiijiiwe, /biindge (with `from`), /niin, log-out,
 * /api/wenesh and docs/product.md §7 login/join/logout. Every request is a plain form post (no JavaScript).
 */
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { get, joinFields, post, randomIp, sessionFrom, uniqueName } from "./accounts-helpers";

async function userRow(username: string) {
  return env.DB.prepare("SELECT * FROM users WHERE username = ?").bind(username).first<Record<string, unknown>>();
}

// ---------------------------------------------------------------- sign-up

test("/wiijiiwe shows the form with the username rules and the optional survey", async () => {
  const page = await (await get("/wiijiiwe")).text();
  expect(page).toContain("Wiijiiwe");
  expect(page).toContain("3 to 30 characters: lowercase letters a–z, digits, hyphen (-) or underscore (_)");
  for (const name of ["username", "password", "passwordRepeat", "email", "niijii", "realName", "age", "fluency", "fluencyComment", "tribe", "tribeComment"]) {
    expect(page).toContain(`name="${name}"`);
  }
  for (const value of [
    "child",
    "mid",
    "aged",
    "elder",
    "nothing",
    "beginner",
    "intermediate",
    "fluent",
    "native",
    "gtb",
    "lrb",
    "ltbb",
    "mfn",
    "oto",
    "sfn",
    "wifn",
    "wfn",
    "zfn",
    "oth",
  ]) {
    expect(page).toContain(`value="${value}"`);
  }
});

test("sign-up lowercases the username, stores the survey, signs in and goes to /", async () => {
  const name = uniqueName("Neez");
  const response = await post("/wiijiiwe", joinFields(name, { age: "mid", fluency: "beginner", tribe: "ltbb", realName: "Test Person" }));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/?welcome=joined");
  const setCookie = response.headers.get("Set-Cookie")!;
  expect(setCookie).toMatch(/^__Host-session=/);
  for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", `Max-Age=${30 * 24 * 60 * 60}`]) {
    expect(setCookie).toContain(attribute);
  }
  const row = await userRow(name.toLowerCase());
  expect(row).toMatchObject({ role: "learner", age: "mid", fluency: "beginner", tribe: "ltbb", real_name: "Test Person", username_color: "#825b94" });
  expect(String(row!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);
  const home = await (await get("/", { cookie: sessionFrom(response)! })).text();
  expect(home).toContain(name.toLowerCase());
  expect(home).toContain('href="/niin"');
});

test("sign-up validation messages (docs/product.md §5) and no account is created", async () => {
  const name = uniqueName();
  const short = await post("/wiijiiwe", joinFields(name, { password: "short", passwordRepeat: "short" }));
  expect(short.status).toBe(400);
  expect(await short.text()).toContain("Password must be at least 8 characters long.");
  const mismatch = await post("/wiijiiwe", joinFields(name, { passwordRepeat: "something-else-1" }));
  expect(await mismatch.text()).toContain("Passwords do not match!");
  const common = await post("/wiijiiwe", joinFields(name, { password: "password123", passwordRepeat: "password123" }));
  expect(await common.text()).toContain("one of the most common passwords");
  const long = "x".repeat(257);
  expect(await (await post("/wiijiiwe", joinFields(name, { password: long, passwordRepeat: long }))).text()).toContain(
    "Password must be at most 256 characters long.",
  );
  expect(await (await post("/wiijiiwe", joinFields("ab"))).text()).toContain("A username needs at least 3 characters.");
  expect(await (await post("/wiijiiwe", joinFields("no spaces!"))).text()).toContain("A username cannot contain spaces or “!”");
  expect(await (await post("/wiijiiwe", joinFields(name, { email: "not-an-email" }))).text()).toContain("Please enter a valid email address.");
  expect(await userRow(name)).toBeNull();
});

test("a taken username gets a clear message; a taken email gets a new account's answer and creates nothing", async () => {
  const existing = await insertUser(env);
  const byName = await post("/wiijiiwe", joinFields(existing.username, { email: `${uniqueName()}@example.org` }));
  expect(byName.status).toBe(400);
  expect(await byName.text()).toContain("That username is already taken. Please choose another.");
  // Whether an address has an account is its owner's to know (they get an email: security-findings-accounts.test.ts).
  const name = uniqueName();
  const byEmail = await post("/wiijiiwe", joinFields(name, { email: existing.email }));
  expect(byEmail.status).toBe(302);
  expect(byEmail.headers.get("Location")).toBe("/?welcome=joined");
  expect(byEmail.headers.get("Set-Cookie")).toBeNull();
  expect(await userRow(name)).toBeNull();
});

test("a filled decoy (niijii) looks like success but creates nothing and signs nobody in", async () => {
  const name = uniqueName();
  const response = await post("/wiijiiwe", joinFields(name, { niijii: "I am a bot" }));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/?welcome=joined");
  expect(response.headers.get("Set-Cookie")).toBeNull();
  expect(await userRow(name)).toBeNull();
});

// ---------------------------------------------------------------- log-in

test("log-in: wrong password and unknown user both say 'Invalid login credentials.' with the form marked", async () => {
  const user = await insertUser(env);
  for (const fields of [
    { username: user.username, password: "wrong-password" },
    { username: uniqueName("nobody"), password: "wrong-password" },
  ]) {
    const response = await post("/biindge", fields);
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const page = await response.text();
    expect(page).toContain("Invalid login credentials.");
    expect(page).toMatch(/id="username"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="username"/);
  }
});

test("log-in lowercases the username and succeeds with a full page load of /", async () => {
  const user = await insertUser(env);
  const response = await post("/biindge", { username: user.username.toUpperCase(), password: user.password });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
  const cookie = sessionFrom(response)!;
  const me = await (await get("/api/wenesh", { cookie })).json();
  expect(me).toEqual({ username: user.username });
});

test("the from value returns to /{from} only when it is a path on this site", async () => {
  const user = await insertUser(env);
  const login = (from: string) => post("/biindge", { username: user.username, password: user.password, from });
  expect((await login("niin")).headers.get("Location")).toBe("/niin");
  expect((await login("k/12?x=1")).headers.get("Location")).toBe("/k/12?x=1");
  for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example/", "/%2F/evil.example", "\\\\evil.example", " //evil.example"]) {
    const location = (await login(evil)).headers.get("Location")!;
    expect(location, evil).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, "https://site.example").origin, evil).toBe("https://site.example");
  }
  // Signed-in visitors of /biindge go to /{from} or /.
  const cookie = await sessionCookieHeader(env, user);
  expect((await get("/biindge?from=niin", { cookie })).headers.get("Location")).toBe("/niin");
  expect((await get("/biindge?from=//evil.example", { cookie })).headers.get("Location")).toBe("/");
});

test("signed-in users are sent away from /biindge, /wiijiiwe, /forgot and /restore", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  for (const path of ["/biindge", "/wiijiiwe", "/forgot", "/restore?code=abc"]) {
    const response = await get(path, { cookie });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("Location"), path).toBe("/");
  }
});

test("a post from another site is refused", async () => {
  const user = await insertUser(env);
  // React Router refuses cross-origin page posts (400); the JSON calls refuse them too (403).
  const response = await post("/biindge", { username: user.username, password: user.password }, { origin: "https://evil.example" });
  expect([400, 403]).toContain(response.status);
  expect(response.headers.get("Set-Cookie")).toBeNull();
  const api = await post("/api/login", { username: user.username, password: user.password }, { origin: "https://evil.example" });
  expect(api.status).toBe(403);
  expect(api.headers.get("Set-Cookie")).toBeNull();
  const sameSite = await post("/api/login", { username: user.username, password: user.password }, { origin: "http://localhost" });
  expect(sameSite.status).toBe(200);
});

// ---------------------------------------------------------------- /niin and log-out

test("/niin: anonymous visitors go to /biindge?from=niin; users see a greeting, log-out button and colour picker", async () => {
  const anonymous = await get("/niin");
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toBe("/biindge?from=niin");
  const user = await insertUser(env);
  const page = await (await get("/niin", { cookie: await sessionCookieHeader(env, user) })).text();
  expect(page).toMatch(new RegExp(`<h1>.*Aanii.*${user.username}.*!</h1>`));
  expect(page).toMatch(/type="color"[^>]*value="#825b94"|value="#825b94"[^>]*type="color"/);
  expect(page).toContain('action="/logout"');
  expect(page).toContain("Log out");
});

test("the colour is saved on the account and shows in the navbar; a bad colour is refused", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const saved = await post("/niin", { usernameColor: "#1A7F5A" }, { cookie });
  expect(saved.status).toBe(200);
  expect((await userRow(user.username))!.username_color).toBe("#1a7f5a");
  expect(await (await get("/", { cookie })).text()).toMatch(/href="\/niin"[^>]*>.*background-color:#1a7f5a/);
  const bad = await post("/niin", { usernameColor: "red;background:url(x)" }, { cookie });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain("Please choose a colour.");
  expect((await userRow(user.username))!.username_color).toBe("#1a7f5a");
  // Anonymous posts change nothing.
  expect((await post("/niin", { usernameColor: "#000000" })).status).toBe(302);
});

test("log-out (POST /logout) clears the cookie and the old cookie no longer works, on every device", async () => {
  const user = await insertUser(env);
  const login = await post("/biindge", { username: user.username, password: user.password });
  const cookie = sessionFrom(login)!;
  const otherDevice = sessionFrom(await post("/biindge", { username: user.username, password: user.password }))!;
  const out = await post("/logout", {}, { cookie });
  expect(out.status).toBe(302);
  expect(out.headers.get("Location")).toBe("/?bye=logout");
  expect(out.headers.get("Set-Cookie")).toMatch(/__Host-session=;.*Max-Age=0/);
  for (const old of [cookie, otherDevice]) {
    expect((await get("/niin", { cookie: old })).headers.get("Location")).toBe("/biindge?from=niin");
    expect(await (await get("/api/wenesh", { cookie: old })).json()).toEqual({ username: null });
  }
});

test("GET /logout changes nothing: it shows a one-button page that posts to /logout", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const page = await get("/logout", { cookie });
  expect(page.status).toBe(200);
  expect(page.headers.get("Set-Cookie")).toBeNull();
  const html = await page.text();
  expect(html).toMatch(/<form[^>]*action="\/logout"[^>]*method="post"/);
  expect(await (await get("/api/wenesh", { cookie })).json()).toEqual({ username: user.username });

  const out = await post("/logout", {}, { cookie });
  expect(out.status).toBe(302);
  expect(await (await get("/api/wenesh", { cookie })).json()).toEqual({ username: null });
});

// ---------------------------------------------------------------- docs/product.md §7 compatibility calls

test("POST /api/login, /api/join and /api/logout answer { success } and share the page rules", async () => {
  const ip = randomIp();
  const name = uniqueName();
  const join = await post("/api/join", { username: name, password: "mshkiki-maskwaa", email: `${name}@example.org`, niijii: "" }, { ip });
  expect(join.status).toBe(200);
  expect(await join.json()).toMatchObject({ success: true });
  expect(sessionFrom(join)).not.toBeNull();

  const taken = await post("/api/join", { username: name, password: "mshkiki-maskwaa", email: `${uniqueName()}@example.org` }, { ip });
  expect(taken.status).toBe(400);
  expect(await taken.json()).toEqual({ success: false, message: "That username is already taken. Please choose another." });

  const bad = await post("/api/login/", { username: name, password: "nope-nope-nope" }, { ip });
  expect(bad.status).toBe(401);
  expect(await bad.json()).toEqual({ success: false, message: "Invalid login credentials." });

  const good = await post("/api/login", { username: name, password: "mshkiki-maskwaa" }, { ip });
  expect(await good.json()).toEqual({ success: true });
  const cookie = sessionFrom(good)!;
  expect(await (await get("/api/wenesh", { cookie })).json()).toEqual({ username: name });

  const refused = await get("/api/logout", { cookie });
  expect(refused.status).toBe(405);
  expect(refused.headers.get("Allow")).toBe("POST");
  expect(await (await get("/api/wenesh", { cookie })).json()).toEqual({ username: name });

  const out = await post("/api/logout", {}, { cookie });
  expect(await out.json()).toEqual({ success: true });
  expect(await (await get("/api/wenesh", { cookie })).json()).toEqual({ username: null });
});

test("/api/wenesh is { username: null } for anonymous visitors and is never cached", async () => {
  const response = await get("/api/wenesh");
  expect(await response.json()).toEqual({ username: null });
  expect(response.headers.get("Cache-Control")).toContain("no-store");
});

// ---------------------------------------------------------------- role guard

test("requireRole middleware: ordered roles, read from the database on every request", async () => {
  const learner = await insertUser(env, { role: "learner" });
  const editor = await insertUser(env, { role: "editor" });
  const admin = await insertUser(env, { role: "admin" });
  const status = async (path: string, user?: { id: number; sessionVersion: number }) =>
    (await get(path, user ? { cookie: await sessionCookieHeader(env, user) } : {})).status;

  expect(await status("/DEV_editor/counts")).toBe(401);
  expect(await status("/DEV_editor/counts", learner)).toBe(403);
  expect(await status("/DEV_editor/counts", editor)).toBe(200);
  expect(await status("/DEV_editor/counts", admin)).toBe(200);
  expect(await status("/admin")).toBe(401);
  expect(await status("/admin", editor)).toBe(403);
  expect(await status("/admin", admin)).toBe(200);

  // A role change takes effect on the next request: the role is read from the database, not the token.
  await env.DB.prepare("UPDATE users SET role = 'learner' WHERE id = ?").bind(editor.id).run();
  expect(await status("/DEV_editor/counts", editor)).toBe(403);
});

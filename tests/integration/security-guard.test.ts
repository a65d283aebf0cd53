/**
 * The attack suite of the security issue, driven by the route table itself so a new route is covered without
 * touching this file: every state-changing page route and API call refuses a cross-site post; GET and HEAD of
 * every page change nothing in the database (valid tokens included); unsupported methods answer 405 with
 * `Allow`; every response, HTML or JSON, carries the security headers; signed-in pages are never cached.
 */
import { getConfig } from "../../app/services/config.server";
import { env, exports } from "cloudflare:workers";
import type { ServerBuild } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { clickTokenFor, hashToken } from "../../app/services/email-tokens.server";
import { CROSS_SITE_POST_PATHS } from "../../app/services/request-guard.server";
import { api } from "../../workers/api";
import { insertSubscriber } from "../factories/subscribers";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;
const ORIGIN = "http://localhost";

/** A value for each dynamic segment of a route path. */
const PARAMS: Record<string, string> = { id: "1", num: "1", day: "2026-01-01", file: "1.mp3", "*": "x" };

function fill(path: string) {
  return (
    "/" +
    path
      .split("/")
      .filter(Boolean)
      .map((segment) => (segment === "*" ? PARAMS["*"] : segment.startsWith(":") ? (PARAMS[segment.slice(1).replace(/\?$/, "")] ?? "1") : segment))
      .join("/")
  );
}

let build: ServerBuild;

/** Full paths of the page routes, with whether each has an action and a loader. */
function pageRoutes() {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(build.routes)
    .filter((route) => route && route.id !== "root")
    .map((route) => ({
      id: route!.id,
      path: fill(fullPath(route!.id)) + (route!.index ? "?index" : ""),
      action: Boolean(route!.module.action),
      loader: Boolean(route!.module.loader || route!.module.default),
    }));
}

/** The API's calls that change state (Hono's own route list). */
function apiWrites() {
  return api.routes
    .filter((route) => !["GET", "HEAD", "OPTIONS", "ALL"].includes(route.method))
    .map((route) => ({ method: route.method, path: fill(route.path) }));
}

/**
 * Every row of every table (migrations, abuse counters and word-use counts aside: a GET of a word page or a search
 * counts, by design), to compare before and after.
 */
async function snapshot() {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'rate_limits', 'login_backoff', 'lexeme_uses')",
    ).all<{ name: string }>()
  ).results.map((row) => row.name);
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = (await env.DB.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()).results;
  return out;
}

let adminCookie = "";
let tokens: { confirm: string; unsubscribe: string; reset: string; click: string };

beforeAll(async () => {
  build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  const admin = await insertUser(env, { role: "admin" });
  adminCookie = await sessionCookieHeader(env, admin);
  // Data the GET routes read, and a valid token of each kind.
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES ('maajaa', 'maajaa', 'vai', 's/he leaves')").run();
  await env.DB.prepare("INSERT INTO stories (id, source, title, completed, data) VALUES ('DEMO1', 'misc', 'A story', 1, '[]')").run();
  const pending = await insertSubscriber(env, "pending");
  const confirmed = await insertSubscriber(env, "confirmed");
  const reset = crypto.randomUUID().replaceAll("-", "") + "abcdefghijk";
  await env.DB.prepare("INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES (?, ?, ?)")
    .bind(admin.id, await hashToken(reset), Date.now() + 3_600_000)
    .run();
  tokens = { confirm: pending.confirmToken, unsubscribe: confirmed.unsubscribeToken, reset, click: await clickTokenFor(getConfig(env), confirmed.id) };
}, 60_000);

test("every page route with an action refuses a cross-site post, signed in or not, and nothing changes", async () => {
  // RFC 8058 one-click unsubscribe is posted by mail providers from their own servers: the one documented exception.
  expect(CROSS_SITE_POST_PATHS).toEqual(["/unsubscribe/one-click"]);
  const writes = pageRoutes().filter((route) => route.action && !CROSS_SITE_POST_PATHS.includes(route.path));
  expect(writes.length).toBeGreaterThan(10);
  const before = await snapshot();
  for (const route of writes) {
    for (const cookie of [undefined, adminCookie]) {
      for (const headers of [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }] as Record<string, string>[]) {
        const response = await worker.fetch(
          new Request(`${ORIGIN}${route.path}`, {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
            body: new URLSearchParams({ username: "x", email: "x@example.org", t: tokens.unsubscribe }),
            redirect: "manual",
          }),
        );
        // 403 from our guard; React Router itself answers 400 to a page post with a foreign Origin first.
        expect([400, 403], `${route.path} ${JSON.stringify(headers)} → ${response.status}`).toContain(response.status);
      }
    }
  }
  // Without Origin or Sec-Fetch-Site, a request that carries our session cookie is refused too.
  for (const route of writes) {
    const response = await worker.fetch(
      new Request(`${ORIGIN}${route.path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie },
        body: new URLSearchParams({ x: "1" }),
        redirect: "manual",
      }),
    );
    expect(response.status, route.path).toBe(403);
  }
  expect(await snapshot()).toEqual(before);
}, 60_000);

test("every API call that changes state refuses a cross-site request", async () => {
  const writes = apiWrites();
  expect(writes.length).toBeGreaterThan(10);
  const before = await snapshot();
  for (const call of writes) {
    for (const cookie of [undefined, adminCookie]) {
      const response = await worker.fetch(
        new Request(`${ORIGIN}${call.path}`, {
          method: call.method,
          headers: { Origin: "https://evil.example", "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify({ email: "x@example.org", token: tokens.unsubscribe }),
        }),
      );
      expect(response.status, `${call.method} ${call.path}`).toBe(403);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  }
  expect(await snapshot()).toEqual(before);
}, 60_000);

test("GET and HEAD of every page, anonymous and signed in, with valid tokens, change nothing", async () => {
  const paths = pageRoutes()
    .filter((route) => route.loader && !route.path.includes("?index"))
    .map((route) => route.path);
  const withTokens = [
    `/confirm-email?t=${tokens.confirm}`,
    `/unsubscribe?t=${tokens.unsubscribe}`,
    `/unsubscribe/one-click?t=${tokens.unsubscribe}`,
    `/restore?code=${tokens.reset}`,
    `/k/1?r=${encodeURIComponent(tokens.click)}`,
    "/logout",
  ];
  // The editor ranks are derived data refreshed on first view: view them once before comparing.
  await worker.fetch(new Request(`${ORIGIN}/DEV_editor`, { headers: { Cookie: adminCookie } }));
  const before = await snapshot();
  for (const path of [...paths, ...withTokens]) {
    for (const method of ["GET", "HEAD"]) {
      for (const cookie of [undefined, adminCookie]) {
        const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { method, headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }));
        // /_test/error fails on purpose (it exists outside production to test the error page).
        if (!path.startsWith("/_test/")) expect(response.status, `${method} ${path}`).toBeLessThan(500);
        await response.body?.cancel();
      }
    }
  }
  const after = await snapshot();
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
}, 60_000);

test("a method a route does not answer gets 405 with Allow and a plain message", async () => {
  for (const route of pageRoutes().filter((r) => r.loader && !r.path.includes("?index"))) {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await worker.fetch(
        new Request(`${ORIGIN}${route.path}`, { method, headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }, body: "x=1" }),
      );
      expect(response.status, `${method} ${route.path}`).toBe(405);
      expect(response.headers.get("Allow"), route.path).toMatch(/^(GET, HEAD(, POST)?|POST)$/);
      expect(await response.text()).toMatch(/^Method Not Allowed: this address answers /);
    }
  }
  const api = await worker.fetch(new Request(`${ORIGIN}/api/logout`, { method: "DELETE", headers: { Origin: ORIGIN } }));
  expect(api.status).toBe(405);
  expect(api.headers.get("Allow")).toContain("POST");
  expect(await api.json()).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
  // A call with a parameter (the editor's, so signed in as admin): the methods of its own pattern, not its
  // neighbours' (/forms/:id/history, /forms/:id/audio and the rest).
  const headers = { Origin: ORIGIN, Cookie: adminCookie };
  const param = await worker.fetch(new Request(`${ORIGIN}/api/editor/forms/7`, { method: "DELETE", headers }));
  expect(param.status).toBe(405);
  expect(param.headers.get("Allow")).toBe("GET, HEAD");
  for (const unknown of ["/api/no-such-call", "/api/editor/forms/7/no-such-thing"]) {
    const response = await worker.fetch(new Request(`${ORIGIN}${unknown}`, { headers }));
    expect(response.status, unknown).toBe(404);
    expect(await response.json(), unknown).toMatchObject({ error: { code: "NOT_FOUND" } });
  }
  const post = await worker.fetch(
    new Request(`${ORIGIN}/wiij`, { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }, body: "x=1" }),
  );
  expect(post.status).toBe(405);
  expect(post.headers.get("Allow")).toBe("GET, HEAD");
}, 60_000);

test("a GET of an address with an action alone gets 405, however the path is spelled", async () => {
  const actionOnly = pageRoutes().filter((r) => r.action && !r.loader);
  expect(actionOnly.length).toBeGreaterThan(0);
  for (const { path } of actionOnly) {
    // Every spelling React Router matches to the route is refused, not the plain one alone (http-methods.server.ts
    // matches the path as React Router does).
    const escaped = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
    for (const spelled of [path, `${path}/`, `${path}//`, path.toUpperCase(), `${path}.data`, escaped]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await worker.fetch(new Request(`${ORIGIN}${spelled}`, { method, redirect: "manual" }));
        expect(response.status, `${method} ${spelled}`).toBe(405);
        expect(response.headers.get("Allow"), spelled).toBe("POST");
        await response.body?.cancel();
      }
    }
  }
  // Its neighbours still answer: a GET elsewhere is not refused.
  for (const path of ["/", "/k/1", "/wiij", "/no-such-page"]) {
    const response = await worker.fetch(new Request(`${ORIGIN}${path}`));
    expect(response.status, path).not.toBe(405);
    await response.body?.cancel();
  }
}, 60_000);

test("every page action also answers its client-side (single-fetch) address: /_.data for /, /path.data elsewhere", async () => {
  let ip = 1;
  for (const route of pageRoutes().filter((r) => r.action)) {
    const [pathname, query] = route.path.split("?");
    const dataPath = pathname!.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`;
    const url = `${ORIGIN}${dataPath}${query ? `?${query}` : ""}`;
    const response = await worker.fetch(
      new Request(url, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `203.0.113.${ip++}` },
        body: "x=1",
      }),
    );
    expect(response.status, `POST ${dataPath}`).not.toBe(405);
  }
}, 60_000);

test("the same security headers on HTML and JSON; signed-in pages are private and never stored", async () => {
  for (const path of ["/", "/api/health", "/api/wenesh", "/api/no-such-call", "/no-such-page", "/audio/none.mp3"]) {
    const response = await worker.fetch(new Request(`${ORIGIN}${path}`));
    expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(response.headers.get("strict-transport-security"), path).toMatch(/max-age=\d{7,}/);
    expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
  }
  for (const path of ["/", "/niin", "/k", "/DEV_editor"]) {
    const response = await worker.fetch(new Request(`${ORIGIN}${path}`, { headers: { Cookie: adminCookie } }));
    expect(response.headers.get("cache-control"), path).toBe("private, no-store");
  }
  const anonymous = await worker.fetch(new Request(`${ORIGIN}/k`));
  expect(anonymous.headers.get("cache-control") ?? "").not.toContain("private");
}, 60_000);

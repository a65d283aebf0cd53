/**
 * The security-header rule of ADR 020, checked on every address the route table has (pages from the server build,
 * the API from Hono's own route list), anonymous and signed in, with the page cache on (as the site ships):
 * - an HTML page: the page policy (a nonce, 'strict-dynamic') and the full set;
 * - anything else with a body (JSON, redirects, audio, errors): the baseline policy `default-src 'none'` and the set;
 * - a 304: the caching headers of its 200 and no policy at all (the browser keeps the page's own).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import * as build from "virtual:react-router/server-build";
import worker from "../../workers/app";
import { api } from "../../workers/api";
import { insertUser, sessionCookieHeader } from "../factories/users";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;

/** Every page address of the route table, its parameters filled with a plausible value. */
function pagePaths(): string[] {
  const routes = build.routes as Record<string, { id: string; path?: string; parentId?: string; index?: boolean }>;
  const full = (id: string): string => {
    const route = routes[id];
    const own = route.path ?? "";
    const parent = route.parentId && route.parentId !== "root" ? full(route.parentId) : "";
    return [parent, own].filter(Boolean).join("/");
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    if (id === "root") continue;
    const path = `/${full(id)}`
      .replace(/:day/g, "2026-01-01")
      .replace(/:num/g, "1")
      .replace(/:file/g, "nothing.mp3")
      .replace(/:[A-Za-z]+/g, "1")
      .replace(/\*/g, "no-such-page");
    paths.add(path);
  }
  return [...paths].sort();
}

function apiPaths(): string[] {
  const paths = new Set<string>();
  for (const route of api.routes) {
    if (route.method !== "GET") continue;
    paths.add(route.path.replace(/:[A-Za-z]+/g, "1").replace(/\*/g, "x"));
  }
  return [...paths].sort();
}

async function fetchAs(path: string, headers: Record<string, string>) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, { headers, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>,
    cachedEnv,
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

const SET = {
  "strict-transport-security": /max-age=\d{7,}/,
  "x-content-type-options": /^nosniff$/,
  "referrer-policy": /^strict-origin-when-cross-origin$/,
  "x-frame-options": /^DENY$/,
};

function expectRule(path: string, response: Response) {
  const csp = response.headers.get("content-security-policy");
  const where = `${path} (${response.status}, ${response.headers.get("content-type")})`;
  if (response.status === 304) {
    expect(csp, where).toBeNull();
    return;
  }
  for (const [name, value] of Object.entries(SET)) expect(response.headers.get(name), `${where} ${name}`).toMatch(value);
  if (/^text\/html/.test(response.headers.get("content-type") ?? "")) {
    expect(csp, where).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(csp, where).toContain("frame-ancestors 'none'");
    expect(response.headers.get("cross-origin-opener-policy"), where).toBe("same-origin");
  } else {
    expect(csp, where).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
}

test("every page and API address follows the header rule, anonymous and signed in, and so does its 304", async () => {
  const user = await insertUser(env, { role: "admin" });
  const cookie = await sessionCookieHeader(env, user);
  // Log-out last: it ends the session the other requests sign in with.
  const paths = [...pagePaths(), ...apiPaths()].sort((a, b) => Number(/logout/.test(a)) - Number(/logout/.test(b)));
  expect(paths.length).toBeGreaterThan(40);
  let revalidated = 0;
  for (const path of paths) {
    for (const headers of [{}, { Cookie: cookie }] as Array<Record<string, string>>) {
      const response = await fetchAs(path, headers);
      expectRule(path, response);
      const etag = response.headers.get("etag");
      if (!etag) continue;
      const again = await fetchAs(path, { ...headers, "If-None-Match": etag });
      expectRule(path, again);
      if (again.status === 304) {
        revalidated++;
        for (const name of ["etag", "cache-control", "cdn-cache-control", "vary"])
          expect(again.headers.get(name), `${path} 304 ${name}`).toBe(response.headers.get(name));
      }
    }
  }
  // The public pages answer revalidation with 304 (the case the rule is for).
  expect(revalidated).toBeGreaterThan(5);
});

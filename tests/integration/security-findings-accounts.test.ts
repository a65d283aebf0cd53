/**
 * The account findings of the third outside test (ADR 020): one test per finding, by behaviour over HTTP.
 */
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { get, post, sessionFrom } from "./accounts-helpers";

const SITE = "https://site.example";

/** A redirect stays on this site: one leading slash, also once %2F and %5C are read as the characters they encode. */
function expectOnThisSite(location: string | null, label: string) {
  expect(location, label).toBeTruthy();
  expect(location!, label).toMatch(/^\/(?![/\\])/);
  expect(decodeURIComponent(location!), label).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, SITE).origin, label).toBe(SITE);
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

  const OFF_SITE_FROM = ["//evil.example", "/\\evil.example", "\\\\evil.example", "///evil.example", "%2F%2Fevil.example", "/%2F/evil.example", "%5Cevil.example", "/%5c%5cevil.example"];

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

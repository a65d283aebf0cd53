/**
 * Findings of the third outside test (issue 48) at the Worker's edge, by behaviour over HTTP:
 * - also noticed: a malformed D1 bookmark cookie is ignored; non-HTML responses carry COOP and Permissions-Policy.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import worker from "../../workers/app";
import { BOOKMARK_COOKIE } from "../../app/services/d1-session.server";
import { insertUser, sessionCookieHeader } from "../factories/users";

const FORM = "application/x-www-form-urlencoded";

/** The worker's env with D1's `withSession` recorded (the real local D1 answers every call). */
function recordingSessions() {
  const constraints: string[] = [];
  const DB = new Proxy(env.DB, {
    get(target, name) {
      if (name === "withSession") {
        return (constraint: string) => (constraints.push(constraint), target.withSession(constraint));
      }
      const value = Reflect.get(target, name) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...env, DB } as Env, constraints };
}

async function fetchWith(workerEnv: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>, workerEnv, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

describe("also noticed: the D1 bookmark cookie and the headers of non-HTML responses", () => {
  test("a bookmark the site handed out reaches D1; a malformed one is ignored, never passed on", async () => {
    const cookie = await sessionCookieHeader(env, await insertUser(env));
    const write = await fetchWith(env, "/niin", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": FORM },
      body: new URLSearchParams({ usernameColor: "#2a6f4e" }),
    });
    const bookmark = new RegExp(`${BOOKMARK_COOKIE}=([^;]+)`).exec(write.headers.get("Set-Cookie") ?? "")?.[1];
    expect(bookmark).toBeTruthy();
    const recorded = recordingSessions();
    const read = (value: string) => fetchWith(recorded.env, "/api/wenesh", { headers: { Cookie: `${cookie}; ${BOOKMARK_COOKIE}=${value}` } });
    expect((await read(bookmark!)).status).toBe(200);
    expect(recorded.constraints).toEqual([bookmark]);
    for (const bad of ["not a bookmark", "first-primary", "x".repeat(300), `${bookmark}z`, "a%00b", "../../x"]) {
      recorded.constraints.length = 0;
      expect((await read(bad)).status).toBe(200);
      expect(recorded.constraints, bad).toEqual(["first-unconstrained"]);
    }
  });

  test.each(["/api/health", "/api/no-such-call", "/audio/nothing.mp3", "/editor"])("%s carries COOP and Permissions-Policy", async (path) => {
    const response = await fetchWith(env, path);
    expect(response.headers.get("Content-Type") ?? "").not.toMatch(/text\/html/);
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("Permissions-Policy")).toMatch(/camera=\(\)/);
  });
});

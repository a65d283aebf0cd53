/**
 * Findings of the third outside test (issue 48) at the Worker's edge, by behaviour over HTTP:
 * - finding 6: the admins' import answers any file with a report or a 4xx and its reason, never a 500;
 * - also noticed: a malformed D1 bookmark cookie is ignored; non-HTML responses carry COOP and Permissions-Policy.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import worker from "../../workers/app";
import { BOOKMARK_COOKIE } from "../../app/services/d1-session.server";
import { insertUser, sessionCookieHeader } from "../factories/users";

const FORM = "application/x-www-form-urlencoded";

async function adminPost(fields: Record<string, string>, file: { name: string; text: string }) {
  const cookie = await sessionCookieHeader(env, await insertUser(env, { role: "admin" }));
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append("file", new Blob([file.text]), file.name);
  const response = await exports.default.fetch(
    new Request("http://localhost/admin/import", { method: "POST", body, headers: { Origin: "http://localhost", Cookie: cookie }, redirect: "manual" }),
  );
  return { status: response.status, report: reportOf(await response.text()) };
}

/** The import report the page shows, as text ("" when the page shows none). */
function reportOf(html: string) {
  const shown = /<pre class="import-report"[^>]*>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? "";
  return shown.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

describe("finding 6: any import file gets a report or a 4xx with its reason, never a 500", () => {
  test("a JSON dictionary whose gloss is an object: that line is refused with its reason", async () => {
    const tag = `j${crypto.randomUUID().slice(0, 8)}`;
    const text = JSON.stringify([
      { name: `${tag}a`, pos: "vai", gloss: { toString: "x" } },
      { name: `${tag}b`, pos: ["vai"], gloss: "s/he tests" },
      { name: `${tag}c`, pos: "vai", gloss: "s/he tests", constructor: "kept apart" },
    ]);
    const { status, report } = await adminPost({ intent: "dry-run" }, { name: "objects.json", text });
    expect(status).toBe(200);
    expect(report).toContain("Refused lines, not imported (2):");
    expect(report).toMatch(/objects\.json:1: gloss: is not text \(a JSON object\)/);
    expect(report).toMatch(/objects\.json:1: pos: is not text \(a JSON array\)/);
    expect(report).toContain("Lexicon: 1 added");
  });

  test.each(["lexicon", "stems"])("a %s file of 300,000 refused lines: a report that lists some and counts the rest", async (kind) => {
    const header = kind === "stems" ? "lemma\tunderlying_stem\tlexicon" : "headword\tpos\tgloss";
    const line = kind === "stems" ? "x\ty\tNOPE" : "\tvai\tno headword";
    const text = `${header}\n${`${line}\n`.repeat(300_000)}`;
    const { status, report } = await adminPost({ intent: "dry-run", kind }, { name: "many.tsv", text });
    expect(status).toBe(200);
    expect(report).toContain("(300,000):");
    expect(report).toMatch(/… and 299,\d{3} more/);
    expect(report.length).toBeLessThan(200_000);
  });

  test.each([
    ["U+202E", "\u202E"], ["U+202A", "\u202A"], ["U+2066", "\u2066"], ["U+2069", "\u2069"],
    ["U+200E", "\u200E"], ["U+200F", "\u200F"], ["U+061C", "\u061C"],
  ])("a headword with %s (a control character that changes text direction) is refused with its reason", async (code, char) => {
    const tag = `b${crypto.randomUUID().slice(0, 8)}`;
    const text = `headword\tpos\tgloss\n${tag}${char}gnaa\tvai\ts/he tests\n${tag}ok\tvai\ts/he tests\n`;
    const { status, report } = await adminPost({ intent: "dry-run" }, { name: "bidi.tsv", text });
    expect(status).toBe(200);
    expect(report).toContain(`bidi.tsv:2: name: contains ${code}, a control character that changes the direction of text`);
    expect(report).toContain("Lexicon: 1 added");
  });
});

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

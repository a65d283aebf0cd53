/**
 * Findings of the third outside test (issue 48) at the Worker's edge, by behaviour over HTTP:
 * - finding 3: every request body is size-checked while it is read, before any parse (ADR 031);
 * - finding 6: the admins' import answers any file with a report or a 4xx and its reason, never a 500;
 * - also noticed: a malformed D1 bookmark cookie is ignored; non-HTML responses carry COOP and Permissions-Policy.
 * Body-limit requests go straight to the Worker's fetch (no runtime in between), so the test sees exactly how much
 * of the body the Worker pulled. Memory figures: bench/body-limit.bench.ts.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, test } from "vitest";
import worker from "../../workers/app";
import { BOOKMARK_COOKIE } from "../../app/services/d1-session.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { countRows, waitForEmailQueueDrain } from "../support/email-queue";
import { randomIp } from "./accounts-helpers";

const KB = 1024;
const MB = 1024 * KB;
const CHUNK = 64 * KB;

/**
 * A body of `total` bytes of "a", made as it is pulled; `pulled()` says how much was made (the stream's queue holds
 * a chunk ahead of its reader, hence the tests' room of two chunks).
 */
function countedBody(total: number, prefix = "") {
  let sent = 0;
  const head = new TextEncoder().encode(prefix);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      const chunk = new Uint8Array(size).fill(0x61);
      if (sent === 0) chunk.set(head.subarray(0, size));
      sent += size;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

async function send(path: string, init: { body: BodyInit; type: string; length?: number; cookie?: string }) {
  const headers: Record<string, string> = { Origin: "http://localhost", "CF-Connecting-IP": randomIp() };
  if (init.type) headers["Content-Type"] = init.type;
  if (init.length !== undefined) headers["Content-Length"] = String(init.length);
  if (init.cookie) headers.Cookie = init.cookie;
  const request = new Request(`http://localhost${path}`, { method: "POST", headers, body: init.body, redirect: "manual", duplex: "half" } as RequestInit);
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const TWENTY_MB = 20 * MB;

// A contact message that gets through is queued on the real local queue: let it drain before the file ends.
afterAll(async () => {
  await waitForEmailQueueDrain(
    async () =>
      (await countRows(
        `SELECT COUNT(*) AS n FROM contact_messages c WHERE NOT EXISTS
           (SELECT 1 FROM job_runs j WHERE j.job = 'contact-mail-sent' AND j.detail = CAST(c.id AS TEXT))`,
      )) === 0,
  );
}, 20_000);

describe("finding 3: a body over its limit is refused while it is read, before any parse", () => {
  test.each([
    ["declared by Content-Length", TWENTY_MB],
    ["streamed without Content-Length", undefined],
    ["streamed past a Content-Length that lies", 100],
  ])("a 20 MB form post to /contact, %s: 413 in plain text with the limit; at most the limit is read", async (_, length) => {
    const body = countedBody(TWENTY_MB, "name=x&message=");
    const { response, text } = await send("/contact", { body: body.stream, type: FORM, length });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(text).toBe("The request is too large (at most 64 KB).");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(body.pulled()).toBeLessThanOrEqual(64 * KB + 2 * CHUNK);
  });

  test.each([
    ["declared by Content-Length", TWENTY_MB],
    ["streamed without Content-Length", undefined],
  ])("a 20 MB JSON post to /api, %s: 413 in the API's error shape; at most the limit is read", async (_, length) => {
    const body = countedBody(TWENTY_MB, '{"email":"');
    const { response, text } = await send("/api/signup-wotd", { body: body.stream, type: JSON_TYPE, length });
    expect(response.status).toBe(413);
    expect(JSON.parse(text)).toEqual({ error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large (at most 512 KB)." } });
    expect(body.pulled()).toBeLessThanOrEqual(512 * KB + 2 * CHUNK);
  });

  test("a form post just under the limit still works", async () => {
    const email = `edge-${crypto.randomUUID()}@example.org`;
    const fields = new URLSearchParams({ honorific: "", name: "Nokomis", email, subject: "Aanii!", message: "Miigwech." });
    const form = `${fields}&pad=${"a".repeat(64 * KB - fields.toString().length - 5)}`;
    expect(form.length).toBe(64 * KB);
    const { response, text } = await send("/contact", { body: form, type: FORM });
    expect(response.status).toBe(200);
    expect(text).toContain("Message received!");
    expect(await countRows(`SELECT COUNT(*) AS n FROM contact_messages WHERE email = '${email}'`)).toBe(1);
  });

  test("a JSON call just under the limit still works", async () => {
    const head = JSON.stringify({ email: "reader@example.org", page: "/k" }).slice(0, -1);
    const json = `${head},"pad":"${"a".repeat(512 * KB - head.length - 10)}"}`;
    expect(json.length).toBe(512 * KB);
    const { response, text } = await send("/api/click", { body: json, type: JSON_TYPE });
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ success: true });
  });

  test("limits are per address: the admin import takes a file larger than a form, and refuses one over its own limit", async () => {
    const cookie = await sessionCookieHeader(env, await insertUser(env, { role: "admin" }));
    const lines = ["headword\tpos\tgloss", ...Array.from({ length: 4000 }, (_, i) => `\tvai\tno headword ${i}`)];
    const file = new FormData();
    file.append("intent", "dry-run");
    file.append("file", new Blob([lines.join("\n")]), "big.tsv");
    const size = (await new Response(file).arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(64 * KB);
    const dry = await send("/admin/import", { body: file, type: "", cookie });
    expect(dry.response.status).toBe(200);
    expect(dry.text).toContain("Refused lines, not imported (4,000)");
    // With JavaScript the form posts to the page's data address: the same limit.
    const client = await send("/admin/import.data", { body: file, type: "", cookie });
    expect(client.response.status).toBe(200);
    expect(client.text).toContain("Refused lines, not imported (4,000)");

    const over = countedBody(TWENTY_MB);
    const refused = await send("/admin/import", { body: over.stream, type: "multipart/form-data; boundary=x", cookie });
    expect(refused.response.status).toBe(413);
    expect(refused.text).toBe("The request is too large (at most 8.1 MB).");
    expect(over.pulled()).toBeLessThanOrEqual(8 * MB + 64 * KB + 2 * CHUNK);
  });
});

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
  return shown
    .replaceAll("<!-- -->", "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
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
    ["U+202E", "\u202E"],
    ["U+202A", "\u202A"],
    ["U+2066", "\u2066"],
    ["U+2069", "\u2069"],
    ["U+200E", "\u200E"],
    ["U+200F", "\u200F"],
    ["U+061C", "\u061C"],
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
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>,
    workerEnv,
    ctx,
  );
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

/**
 * Hostile input (issue 9 §5): random and malformed payloads to EVERY React Router action and
 * EVERY /api endpoint, discovered from the server build and the Hono router (so new endpoints
 * are fuzzed without touching this file). For each request: never a 5xx, never a stack trace,
 * a non-empty answer, and when the input is rejected (4xx) the database is unchanged.
 * FUZZ_RUNS (default 1000) payloads per endpoint.
 */
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { expect, test } from "vitest";
import { api } from "../../workers/api";

const RUNS = Number((env as unknown as Record<string, string>).FUZZ_RUNS ?? 1000);
const worker = exports.default;

type Endpoint = { method: string; path: string; kind: "action" | "api" };

async function discoverEndpoints(): Promise<Endpoint[]> {
  const build = (await import("virtual:react-router/server-build")) as unknown as {
    routes: Record<string, { id: string; path?: string; index?: boolean; parentId?: string; module: { action?: unknown } }>;
  };
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const endpoints: Endpoint[] = [];
  for (const route of Object.values(build.routes)) {
    if (typeof route.module.action !== "function") continue;
    const path =
      "/" +
      fullPath(route.id)
        .replace(/:[^/]+\??/g, "fuzz")
        .replace(/\*/g, "fuzz");
    endpoints.push({ method: "POST", path: route.index ? `${path === "/" ? "" : path}/?index` : path, kind: "action" });
  }
  const seen = new Set<string>();
  for (const route of api.routes) {
    if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(route.method)) continue;
    const path = route.path.replace(/:[^/]+/g, "fuzz").replace(/\*$/, "fuzz");
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    endpoints.push({ method: route.method, path, kind: "api" });
  }
  return endpoints;
}

const FIELD_NAMES = [
  "email",
  "name",
  "username",
  "password",
  "passwordRepeat",
  "retype",
  "subject",
  "message",
  "honorific",
  "niijii",
  "token",
  "t",
  "code",
  "id",
  "form",
  "lexIds",
  "morphSide",
  "emoji",
  "q",
  "page",
  "source",
  "from",
  "color",
  "usernameColor",
  "type",
  "verb",
  "order",
  "subject",
  "object",
  "age",
  "fluency",
  "tribe",
  "audio",
  "filename",
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "a@b",
    "x@example.org",
    "\u202e\u0301",
    "%00",
    "NaN",
    "-1",
    "1e309",
    "[]",
    "{}",
    "null",
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);
const fields = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 8 });

type Payload = { contentType: string | null; body: BodyInit | null; query: string };
const payload: fc.Arbitrary<Payload> = fc.oneof(
  fields.map((f) => ({ contentType: "application/json", body: JSON.stringify(f), query: "" })),
  fields.map((f) => ({
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams(Object.entries(f).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString(),
    query: "",
  })),
  fc.string({ maxLength: 200 }).map((s) => ({ contentType: "application/json", body: `{"email": ${s}`, query: "" })),
  fc.string({ maxLength: 200 }).map((s) => ({ contentType: "text/plain", body: s, query: "" })),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ contentType: "multipart/form-data; boundary=xyz", body: b, query: "" })),
  fc.constant({ contentType: null, body: null, query: "" }),
  fields.map((f) => ({ contentType: "application/xml", body: `<a>${JSON.stringify(f)}</a>`, query: "" })),
  fields.map((f) => ({
    contentType: null,
    body: null,
    query: new URLSearchParams(Object.entries(f).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])).toString(),
  })),
);

// Abuse counters (rate_limits, login_backoff) are meant to count rejected attempts, and word-use counts (lexeme_uses)
// count searches and word-page views; every other table must not change.
const TABLES_SQL =
  "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'rate_limits', 'login_backoff', 'lexeme_uses')";

async function fingerprint(tables: string[]) {
  const sql = `SELECT ${tables.map((t) => `(SELECT count(*) || ':' || coalesce(max(rowid), 0) FROM "${t}")`).join(" || ',' || ")} AS f`;
  return (await env.DB.prepare(sql).first<{ f: string }>())!.f;
}

const REQUEST_TIMEOUT_MS = 15_000;

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

const STACK_TRACE = /\bat [^\s()]+ \([^)]*:\d+:\d+\)|\n\s+at [^\n]*:\d+:\d+/;

test("every action and API endpoint survives hostile input", { timeout: 1_800_000 }, async () => {
  const endpoints = await discoverEndpoints();
  expect(endpoints.length).toBeGreaterThan(0);
  const tables = (await env.DB.prepare(TABLES_SQL).all<{ name: string }>()).results.map((r) => r.name);
  const failures: string[] = [];
  for (const endpoint of endpoints) {
    let ip = 0;
    // The state before each request: refreshed only after accepted (2xx/3xx) requests.
    let before = await fingerprint(tables);
    await fc
      .assert(
        fc.asyncProperty(payload, fc.integer({ min: 0, max: 9 }), async (p, dice) => {
          const dataRequest = dice > 0;
          // React Router actions: 9 in 10 as single-fetch (.data) requests, the rest as full documents.
          let path = endpoint.path;
          if (endpoint.kind === "action" && dataRequest) {
            path = path.includes("?index") ? `${path.replace("/?index", "") || ""}/_.data?index` : `${path.replace(/\/$/, "")}.data`;
          }
          const url = `http://localhost${path}${p.query ? (path.includes("?") ? "&" : "?") + p.query : ""}`;
          const headers: Record<string, string> = { "CF-Connecting-IP": `198.51.100.${ip++ % 250}` };
          if (p.contentType) headers["Content-Type"] = p.contentType;
          const hasBody = endpoint.method !== "GET" && endpoint.method !== "HEAD";
          const where0 = `${endpoint.method} ${path} (${p.contentType})`;
          const { response, text } = await withTimeout(
            (async () => {
              const response = await worker.fetch(new Request(url, { method: endpoint.method, headers, body: hasBody ? p.body : null, redirect: "manual" }));
              return { response, text: await response.text() };
            })(),
            REQUEST_TIMEOUT_MS,
            `no answer within ${REQUEST_TIMEOUT_MS} ms: ${where0}`,
          );
          const where = `${endpoint.method} ${path} (${p.contentType}) → ${response.status}`;
          if (response.status >= 500) throw new Error(`5xx: ${where}: ${text.slice(0, 300)}`);
          const trace = STACK_TRACE.exec(text);
          if (trace) throw new Error(`stack trace: ${where}: …${text.slice(Math.max(0, trace.index - 150), trace.index + 150)}…`);
          if (response.status >= 400) {
            if (text.trim() === "" && response.status !== 405 && response.status !== 404) throw new Error(`empty answer: ${where}`);
            if ((await fingerprint(tables)) !== before) throw new Error(`database changed by rejected input: ${where}`);
          } else {
            before = await fingerprint(tables);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      )
      .catch((error: Error) => {
        // Keep the cause, not fast-check's (possibly huge) counterexample dump.
        const cause = error.cause instanceof Error ? error.cause.message : error.message.split("\n")[0];
        failures.push(`${endpoint.method} ${endpoint.path}: ${cause.slice(0, 400)}`);
      });
  }
  console.info("fuzz", { endpoints: endpoints.map((e) => `${e.method} ${e.path}`), runs: RUNS });
  expect(failures).toEqual([]);
});

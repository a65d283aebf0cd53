import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { API_ERRORS, ERROR_CODES } from "../../workers/api/errors";

const worker = exports.default;

function call(path: string, init?: RequestInit) {
  return worker.fetch(new Request(`http://localhost${path}`, init));
}

test("GET /api/health answers ok", async () => {
  const response = await call("/api/health");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});

test("POST /api/click writes a row to D1 through the Worker", async () => {
  const email = `api-${crypto.randomUUID()}@example.org`;
  const response = await call("/api/click", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, page: "/k" }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ success: true });
  const row = await env.DB.prepare("SELECT page FROM click_log WHERE email = ?").bind(email).first();
  expect(row).toEqual({ page: "/k" });
});

test("POST /api/click rejects a page that is not on this site, and stores nothing", async () => {
  const email = `bad-${crypto.randomUUID()}@example.org`;
  const response = await call("/api/click", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, page: "https://evil.example/" }),
  });
  expect(response.status).toBe(400);
  const body = await response.json<{ error: { code: string } }>();
  expect(body.error.code).toBe(ERROR_CODES.VALIDATION);
  const row = await env.DB.prepare("SELECT count(*) AS n FROM click_log WHERE email = ?").bind(email).first();
  expect(row).toEqual({ n: 0 });
});

test("GET /api/vocab reads lexemes from D1", async () => {
  const name = `test-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he tests')").bind(name, name).run();
  const response = await call("/api/vocab");
  const body = await response.json<{ data: Array<{ name: string; pos: string; gloss: string }> }>();
  expect(body.data).toContainEqual(expect.objectContaining({ name, pos: "vai", gloss: "s/he tests" }));
});

test("unknown API paths answer a JSON 404", async () => {
  const response = await call("/api/nope");
  expect(response.status).toBe(API_ERRORS.NOT_FOUND.status);
  expect(await response.json()).toEqual({ error: { code: ERROR_CODES.NOT_FOUND, message: "No such API endpoint." } });
});

test("audio is served from R2 with HEAD, ranges and cache headers", async () => {
  const bytes = new Uint8Array(1000).map((_, i) => i % 256);
  await env.AUDIO.put("audio/9001.mp3", bytes, { httpMetadata: { contentType: "audio/mpeg" } });

  const full = await call("/audio/9001.mp3");
  expect(full.status).toBe(200);
  expect(full.headers.get("content-type")).toBe("audio/mpeg");
  expect(full.headers.get("x-content-type-options")).toBe("nosniff");
  expect(full.headers.get("cache-control")).toContain("max-age=31536000");
  expect(new Uint8Array(await full.arrayBuffer())).toEqual(bytes);

  const head = await call("/audio/9001.mp3", { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.headers.get("content-length")).toBe("1000");

  const part = await call("/audio/9001.mp3", { headers: { Range: "bytes=10-19" } });
  expect(part.status).toBe(206);
  expect(part.headers.get("content-range")).toBe("bytes 10-19/1000");
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(10, 20));

  const beyond = await call("/audio/9001.mp3", { headers: { Range: "bytes=5000-" } });
  expect(beyond.status).toBe(416);

  const missing = await call("/audio/424242.mp3");
  expect(missing.status).toBe(404);
  expect(await missing.text()).toBe("Sorry, there is no audio at this URL.");
});

/**
 * The API answers as its OpenAPI document says (issue 41): every operation of GET /api/openapi.json is called with
 * the document's own examples (path and query parameters, the body's example) against fixtures that make those
 * examples real, and must answer its documented success with a body its zod schema accepts. Then each is called
 * with no input at all and must answer one of its documented statuses, with that status's schema. The schemas are
 * the routes' own (the registry the document is generated from), so a route added to the API is checked here
 * without touching this file.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import type { z } from "zod";
import { api } from "../../workers/api";
import { insertResetToken } from "../../db/queries/users";
import { createDb } from "../../db/client";
import { hashToken, randomToken } from "../../app/services/email-tokens.server";
import { insertUser, sessionCookieHeader, type TestUser } from "../factories/users";

const worker = exports.default;

type Schema = { type?: string | string[]; format?: string; example?: unknown; properties?: Record<string, Schema> };
type Parameter = { name: string; in: "path" | "query"; required?: boolean; example?: unknown; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The zod schemas of each route's answers, from the registry the document is generated from. */
type RouteDefinition = { method: string; path: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
const definitions = (api.openAPIRegistry.definitions as Array<{ type: string; route?: RouteDefinition }>)
  .filter((d) => d.type === "route")
  .map((d) => d.route!);

function zodSchemaOf(method: string, path: string, status: string): z.ZodType | undefined {
  const route = definitions.find((r) => r.method === method && `/api${r.path}`.replace(/(.)\/$/, "$1") === path);
  expect(route, `${method} ${path} is a registered route`).toBeDefined();
  const schema = route!.responses[status]?.content?.["application/json"]?.schema;
  return schema && typeof (schema as z.ZodType).safeParse === "function" ? (schema as z.ZodType) : undefined;
}

const OGG = (() => {
  const bytes = new Uint8Array(256);
  bytes.set(new TextEncoder().encode("OggS"), 0);
  return bytes;
})();

let reader: TestUser;
let admin: TestUser;
let leaver: TestUser;
let resetCode: string;

/** The rows the document's examples name: lexeme, sentence, form, lesson and story sentence, clips, a reader. */
beforeAll(async () => {
  const sql = [
    "INSERT OR IGNORE INTO lexemes (id, name, search_key, pos, gloss, stem) VALUES (1, 'maajaa', 'maajaa', 'vai', 'go away, leave', 'maajaa')",
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('jiimaan', 'jiimaan', 'ni', 'canoe, boat', 'jiimaan')",
    "INSERT OR IGNORE INTO sentences (id, text, trans, source) VALUES (1, 'Nmaajaa.', 'I leave.', 'contract')",
    "INSERT OR IGNORE INTO sentence_lexemes (sentence_id, lexeme_id) VALUES (1, 1)",
    "INSERT OR IGNORE INTO forms (id, form, search_key, count, perc) VALUES (1, 'nmaajaa', 'nmaajaa', 10, 0.5)",
    "INSERT OR IGNORE INTO lessons (id, title) VALUES (1, 'Contract lesson')",
    "INSERT OR IGNORE INTO lesson_items (lesson_id, position, type, value, pos, trans) VALUES (1, 1, 'sent', 'Nmaajaa.', NULL, 'I leave.')",
    `INSERT OR IGNORE INTO stories (id, source, title, completed, listed, data) VALUES ('1', 'misc', 'Contract story', 1, 1, '${JSON.stringify([[{ text: "Nmaajaa.", trans: "I leave." }]])}')`,
    "INSERT OR IGNORE INTO audio_objects (id, key, content_type, size) VALUES (1, 'forms/contract1.ogg', 'audio/ogg', 256)",
  ];
  await env.DB.batch(sql.map((s) => env.DB.prepare(s)));
  await env.AUDIO.put("forms/contract1.ogg", OGG, { httpMetadata: { contentType: "audio/ogg" } });
  await env.AUDIO.put("audio/123.mp3", OGG, { httpMetadata: { contentType: "audio/mpeg" } });
  reader = await insertUser(env, { username: "reader", email: "reader@example.org", password: "a-good-password" });
  admin = await insertUser(env, { role: "admin" });
  leaver = await insertUser(env);
  resetCode = randomToken(32);
  await insertResetToken(createDb(env.DB), reader.id, await hashToken(resetCode));
});

/** What the document cannot know: a live restore code. */
function runtimeBody(path: string, body: Record<string, unknown>) {
  return path === "/api/restore-access" ? { ...body, code: resetCode } : body;
}

function example(schema: Schema | undefined, parameter?: Parameter) {
  return parameter?.example ?? schema?.example;
}

async function request(path: string, method: string, operation: Operation, withInput: boolean): Promise<Response> {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    const value = example(parameter.schema, parameter);
    if (parameter.in === "path") url = url.replace(`{${parameter.name}}`, String(withInput ? value : "0"));
    else if (withInput && value !== undefined) query.set(parameter.name, String(value));
  }
  const headers = new Headers({ "CF-Connecting-IP": `192.0.2.${Math.floor(Math.random() * 250)}` });
  // Logging out ends every session of the account: it uses its own.
  const user = path === "/api/logout" ? leaver : admin;
  headers.set("Cookie", await sessionCookieHeader(env, user));
  let body: BodyInit | undefined;
  if (method !== "get" && method !== "head") {
    headers.set("Origin", "http://localhost");
    const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
    if (withInput && mediaType && media) {
      const fields = runtimeBody(path, (media.schema.example ?? {}) as Record<string, unknown>);
      if (mediaType === "multipart/form-data") {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
        for (const [name, property] of Object.entries(media.schema.properties ?? {})) {
          if (property.format === "binary") form.set(name, new Blob([OGG], { type: "audio/ogg" }), "contract.ogg");
        }
        body = form;
      } else if (mediaType === "application/json") {
        headers.set("Content-Type", mediaType);
        body = JSON.stringify(fields);
      } else {
        headers.set("Content-Type", mediaType);
        body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
      }
    }
  }
  const search = query.size ? `?${query}` : "";
  return worker.fetch(new Request(`http://localhost${url}${search}`, { method: method.toUpperCase(), headers, body, redirect: "manual" }));
}

/** The start of a text answer, for failure messages. */
async function preview(response: Response) {
  const type = response.headers.get("content-type") ?? "";
  return /json|text/.test(type) ? (await response.clone().text()).slice(0, 300) : type;
}

/** The answer is documented: its status is listed, its media type too, and a JSON body passes that answer's schema. */
async function expectDocumented(where: string, response: Response, operation: Operation, path: string, method: string) {
  const status = String(response.status);
  const documented = operation.responses[status];
  expect(documented, `${where}: ${status} is documented (${await preview(response)})`).toBeDefined();
  const mediaTypes = Object.keys(documented!.content ?? {});
  if (mediaTypes.length === 0) return;
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!;
  expect(mediaTypes, `${where}: media type ${type}`).toContain(type);
  if (type !== "application/json") return;
  const schema = path.startsWith("/api/") ? zodSchemaOf(method, path, status) : undefined;
  expect(schema, `${where}: a zod schema for ${status}`).toBeDefined();
  const body = await response.json();
  const parsed = schema!.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, `${where}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

async function documentOperations() {
  const response = await worker.fetch(new Request("http://localhost/api/openapi.json"));
  expect(response.status).toBe(200);
  const document = await response.json<Document>();
  expect(document.openapi).toMatch(/^3\.1/);
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
}

test("every operation of the document answers its documented success to its examples", async () => {
  const operations = await documentOperations();
  expect(operations.length).toBeGreaterThan(30);
  // Log out last: the other calls must not depend on the order.
  operations.sort((a, b) => Number(a.path === "/api/logout") - Number(b.path === "/api/logout"));
  for (const { path, method, operation } of operations) {
    const where = `${method.toUpperCase()} ${path}`;
    const response = await request(path, method, operation, true);
    const success = Object.keys(operation.responses)
      .filter((s) => s.startsWith("2"))
      .sort()[0];
    expect(String(response.status), `${where}: ${await preview(response)}`).toBe(success);
    await expectDocumented(where, response, operation, path, method);
  }
});

test("every operation called without its input answers one of its documented statuses", async () => {
  for (const { path, method, operation } of await documentOperations()) {
    const response = await request(path, method, operation, false);
    await expectDocumented(`${method.toUpperCase()} ${path} (no input)`, response, operation, path, method);
  }
});

/** Routes the document leaves out on purpose: the API's own plumbing, an alias, a 405 and a test hook. */
const UNDOCUMENTED = ["GET /api/health", "GET /api/openapi.json", "POST /api/login/", "GET /api/logout", "GET /api/_test/recorded-mail"];

test("every route of the API is in the document", async () => {
  const documented = new Set((await documentOperations()).map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`));
  const routes = api.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  expect(routes.filter((r) => !documented.has(r) && !UNDOCUMENTED.includes(r))).toEqual([]);
});

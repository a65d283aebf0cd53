/**
 * The API's routes are declared once, with zod schemas, through @hono/zod-openapi: `createRoute` names the
 * method, path, request (query, path parameters, body) and every answer; `app.openapi(route, handler, hook?)`
 * validates the request with Hono's zod validator and registers the route, and GET /api/openapi.json is the
 * document generated from those registrations (`openApiDocument`). Nothing is written twice.
 *
 * To add a route to a module: `module.openapi(createRoute({ method, path, request, responses }), handler)`.
 * A refused request answers 400 VALIDATION (./validation.ts, `validationHook`); the error answers of a route are
 * `errorResponses({ CODE: "when" })`, from the table in ./errors.ts.
 */
import { OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { Env } from "hono";
import { API_ERRORS, type ApiErrorCode } from "./errors";
import type { ApiEnv } from "./types";
import { validationHook } from "./validation";

export { createRoute, z } from "@hono/zod-openapi";

type RequestBody = NonNullable<NonNullable<RouteConfig["request"]>["body"]>;
type MediaType = Extract<NonNullable<RequestBody["content"][string]>, { schema?: unknown }>;
type SchemaObject = Exclude<NonNullable<MediaType["schema"]>, z.ZodType | { $ref: string }>;

/** A module's routes: an OpenAPIHono whose refused requests answer 400 VALIDATION in the API's envelope. */
export function apiRoutes<E extends Env = ApiEnv>() {
  return new OpenAPIHono<E>({ defaultHook: validationHook() });
}

const ERROR_CODE_LIST = (Object.keys(API_ERRORS) as ApiErrorCode[]).map((code) => `${code} (${API_ERRORS[code].status}): ${API_ERRORS[code].description}`);

/** `{ error: { code, message, issues? } }`; the docs/product.md §7 and editor calls put `success: false` first. */
const ErrorSchema = z
  .object({
    success: z.literal(false).optional(),
    ignored: z.literal(true).optional().meta({ description: "IGNORED only" }),
    error: z.object({
      code: z.enum(Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]]).meta({ description: ERROR_CODE_LIST.join("\n") }),
      message: z.string(),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: "VALIDATION only" }),
    }),
  })
  .openapi("Error");

/** A JSON answer of a route. */
export function jsonResponse<T extends z.ZodType>(schema: T, description = "OK") {
  return { description, content: { "application/json": { schema } } };
}

/**
 * An answer as documented. `content` is optional in this type so that a handler may answer with a plain
 * `Response` (the errors of ./errors.ts) besides the typed JSON of its documented success.
 */
export type ResponseDoc = { description: string; content?: Record<string, { schema: z.ZodType }> };

/**
 * The error answers of a route in the envelope of ./errors.ts, keyed by status: `errorResponses({ VALIDATION:
 * "Invalid id" })`. Codes that share a status share one answer.
 */
export function errorResponses<const C extends Partial<Record<ApiErrorCode, string>>>(codes: C) {
  const byStatus: Record<number, ResponseDoc> = {};
  for (const [code, when] of Object.entries(codes) as Array<[ApiErrorCode, string]>) {
    const status = API_ERRORS[code].status;
    const line = `${code}: ${when}`;
    byStatus[status] = jsonResponse(ErrorSchema, byStatus[status] ? `${byStatus[status].description}; ${line}` : line);
  }
  return byStatus as { [K in keyof C & ApiErrorCode as (typeof API_ERRORS)[K]["status"]]: ResponseDoc };
}

/**
 * A request body that the route's service validates itself (e.g. the account calls, whose rules are shared with
 * the pages): documented from its zod schema, not checked twice. A zod schema in a route's body would install the
 * validator; its JSON Schema does not.
 */
export function documentedBody(schema: z.ZodType, mediaTypes: string[] = ["application/x-www-form-urlencoded", "application/json"]): RequestBody {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  // A JSON Schema (draft 2020-12) is an OpenAPI 3.1 schema object.
  return { required: true, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: jsonSchema as SchemaObject }])) };
}

/**
 * A body sent as JSON or as a form (the docs/product.md §7 calls accept both), validated by the route's schema.
 * Not `required`: Hono's validator then checks only the media type that was sent; a body that cannot be read at
 * all is refused before it by `readableBody` (./validation.ts) with the route's own answer.
 */
export function jsonOrFormBody<T extends z.ZodType>(schema: T) {
  return {
    required: false,
    description: "Required: JSON or a form. A missing or unreadable body is refused like an invalid one (400).",
    content: {
      "application/json": { schema },
      "application/x-www-form-urlencoded": { schema },
      "multipart/form-data": { schema },
    },
  };
}

/** The JSON body of a route, required. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

const INFO = {
  title: "Nishnaabemwin API",
  version: "1.0.0",
  description:
    "JSON for words, sentences, stories and grammar, the docs/product.md §7 compatibility calls, practice progress and the editor tool. Errors use { error: { code, message, issues? } }; the codes are listed under components.schemas.Error.",
};

/** Served by the site beside the API (not a route of the API), so described here by hand. */
const AUDIO_PATH = {
  get: {
    summary: "A recording (e.g. /audio/123.mp3); supports HEAD and Range (206)",
    parameters: [{ name: "file", in: "path", required: true, schema: { type: "string" }, example: "123.mp3" }],
    responses: {
      200: { description: "The audio", content: { "audio/mpeg": {}, "audio/ogg": {} } },
      206: { description: "Part of the audio (Range)" },
      404: { description: "Sorry, there is no audio at this URL." },
      416: { description: "Range not satisfiable" },
    },
  },
};

/** The OpenAPI 3.1 document of `app`, generated from its routes' schemas. */
export function openApiDocument(app: Pick<OpenAPIHono, "getOpenAPI31Document">) {
  const document = app.getOpenAPI31Document({ openapi: "3.1.0", info: INFO });
  return { ...document, paths: { ...document.paths, "/audio/{file}": AUDIO_PATH } };
}

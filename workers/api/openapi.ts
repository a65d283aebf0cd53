/**
 * OpenAPI 3.1 description of the public read API, served at GET /api/openapi.json.
 * A plain object on purpose: other modules add their paths with `openapi.paths["/api/…"] = { … }`
 * (or `Object.assign(openapi.paths, …)`) before the first request. The error codes (the Error
 * schema and each path's error answers) come from the table in ./errors.ts.
 */
import { API_ERRORS, type ApiErrorCode } from "./errors";

type Json = Record<string, unknown>;

const json = (schema: Json, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});

const error = { $ref: "#/components/schemas/Error" };

/** One error answer of a path, keyed by the code's status: `...errorResponse("VALIDATION", "Invalid id")`. */
const errorResponse = (code: ApiErrorCode, description: string) => ({
  [API_ERRORS[code].status]: json(error, `${code}: ${description}`),
});

const ERROR_CODE_LIST = (Object.keys(API_ERRORS) as ApiErrorCode[]).map(
  (code) => `${code} (${API_ERRORS[code].status}): ${API_ERRORS[code].description}`,
);

export const openapi: {
  openapi: string;
  info: Json;
  paths: Record<string, Json>;
  components: { schemas: Record<string, Json> };
} = {
  openapi: "3.1.0",
  info: {
    title: "Nishnaabemwin public API",
    version: "1.0.0",
    description: "Read-only JSON for words, sentences and stories. Errors use { error: { code, message, issues? } }; the codes are listed under components.schemas.Error.",
  },
  paths: {
    "/api/vocab": {
      get: {
        summary: "Every dictionary entry",
        responses: { 200: json({ type: "object", properties: { data: { type: "array", items: { $ref: "#/components/schemas/Vocab" } } } }) },
      },
    },
    "/api/search": {
      get: {
        summary: "Search words by Odawa (any spelling or inflected form) or English; at most 100 hits",
        parameters: [{ name: "q", in: "query", required: true, schema: { type: "string", minLength: 1, maxLength: 100 } }],
        responses: {
          200: json({
            type: "object",
            properties: {
              query: { type: "string" },
              total: { type: "integer" },
              more: { type: "integer", description: "hits beyond the first 100" },
              data: { type: "array", items: { $ref: "#/components/schemas/SearchHit" } },
            },
          }),
          ...errorResponse("VALIDATION", "Missing or too long q"),
        },
      },
    },
    "/api/sentence": {
      post: {
        summary: "One sentence by id",
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["id"], properties: { id: { type: "integer" } } } } } },
        responses: {
          200: json({ type: "object", properties: { data: { $ref: "#/components/schemas/Sentence" } } }),
          ...errorResponse("VALIDATION", "Invalid id"),
          ...errorResponse("NOT_FOUND", "No such sentence"),
        },
      },
    },
    "/api/wotd": {
      get: {
        summary: "Example sentence ids of a word",
        parameters: [{ name: "lex_id", in: "query", required: true, schema: { type: "integer" } }],
        responses: {
          200: json({ type: "object", properties: { sentence_ids: { type: "array", items: { type: "integer" } } } }),
          ...errorResponse("VALIDATION", "Invalid lex_id"),
        },
      },
    },
    "/api/story-index": {
      get: {
        summary: "Every story's id, title and whether it is ready to view",
        responses: { 200: json({ type: "array", items: { $ref: "#/components/schemas/StoryIndexItem" } }) },
      },
    },
    ...Object.fromEntries(
      (["bloomfield", "olp", "misc"] as const).map((source) => [
        `/api/${source}`,
        {
          get: {
            summary: `Stories of the ${source} source (ids ${source === "bloomfield" ? "AM…" : source === "olp" ? "OLP…" : "with other prefixes"}); incomplete ones have no paragraphs`,
            responses: { 200: json({ type: "array", items: { $ref: "#/components/schemas/Story" } }) },
          },
        },
      ]),
    ),
    "/audio/{file}": {
      get: {
        summary: "A recording (e.g. /audio/123.mp3); supports HEAD and Range (206)",
        parameters: [{ name: "file", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          200: { description: "The audio", content: { "audio/mpeg": {}, "audio/ogg": {} } },
          206: { description: "Part of the audio (Range)" },
          404: { description: "Sorry, there is no audio at this URL." },
          416: { description: "Range not satisfiable" },
        },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: "object",
        properties: {
          error: {
            type: "object",
            properties: {
              code: { type: "string", enum: Object.keys(API_ERRORS), description: ERROR_CODE_LIST.join("\n") },
              message: { type: "string" },
              issues: {
                type: "array",
                description: "VALIDATION only",
                items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } }, required: ["path", "message"] },
              },
            },
            required: ["code", "message"],
          },
        },
      },
      Vocab: {
        type: "object",
        properties: { id: { type: "integer" }, name: { type: "string" }, gloss: { type: "string" }, pos: { type: "string" } },
        required: ["id", "name", "gloss", "pos"],
      },
      SearchHit: {
        type: "object",
        properties: {
          id: { type: "integer" },
          name: { type: "string" },
          pos: { type: "string" },
          gloss: { type: "string" },
          audio: { type: ["string", "null"], description: "URL of the recording" },
          match: { enum: ["odawa", "prefix", "form", "english"] },
          analysis: {
            type: ["object", "null"],
            description: "For an inflected form: nmaajaa → maajaa, I leave",
            properties: {
              form: { type: "string" },
              lemma: { type: "string" },
              gloss: { type: "string" },
              cell: { type: "string" },
              explanation: { type: "string" },
            },
          },
        },
      },
      Sentence: {
        type: "object",
        properties: { id: { type: "integer" }, text: { type: "string" }, trans: { type: "string" }, source: { type: "string" } },
        required: ["id", "text", "trans", "source"],
      },
      StoryIndexItem: {
        type: "object",
        properties: { id: { type: "string" }, title: { type: "string" }, completed: { type: "boolean" } },
        required: ["id", "title", "completed"],
      },
      Story: {
        type: "object",
        properties: {
          id: { type: "string" },
          title: { type: "string" },
          completed: { type: "boolean" },
          data: {
            type: "array",
            description: "paragraphs, each a list of sentences",
            items: {
              type: "array",
              items: { type: "object", properties: { text: { type: "string" }, trans: { type: "string" } }, required: ["text", "trans"] },
            },
          },
        },
      },
    },
  },
};

/**
 * The JSON API under /api. One Hono app per resource, mounted here; each declares its routes with zod schemas
 * (./openapi.ts), which Hono's zod validator checks and GET /api/openapi.json is generated from.
 * Errors always come back as `{ error: { code, message, issues? } }`, never a stack trace; the
 * codes, statuses and default messages are in ./errors.ts.
 */
import { HTTPException } from "hono/http-exception";
import type { ApiEnv } from "./types";
import { apiError } from "./errors";
import { apiGuard } from "./guard";
import { accounts } from "./accounts";
import { clicks } from "./clicks";
import { editor } from "./editor";
import { uploadAudio } from "./editor-audio";
import { me } from "./me";
import { vocab } from "./vocab";
import { apiRoutes, openApiDocument } from "./openapi";
import { search } from "./search";
import { sentence, wotdSentences } from "./sentences";
import { storyIndex, storySource } from "./stories";
import { progress } from "./progress";
import { wotd } from "./wotd";
import { grammar } from "./grammar";

export const api = apiRoutes<ApiEnv>().basePath("/api");

// Same-origin check on every state-changing call (./guard.ts); roles are declared per sub-app.
api.use("*", apiGuard);

api.get("/health", (c) => c.json({ ok: true }));
api.route("/click", clicks);
api.route("/wenesh", me);
// POST /api/login, /api/join, /api/reset, /api/restore-access; GET /api/logout (docs/product.md §7 compatibility)
api.route("/", accounts);
api.route("/editor", editor);
api.route("/upload-audio", uploadAudio);
api.route("/vocab", vocab);
api.route("/search", search);
api.route("/sentence", sentence);
api.route("/wotd", wotdSentences);
api.route("/story-index", storyIndex);
api.route("/bloomfield", storySource("bloomfield"));
api.route("/olp", storySource("olp"));
api.route("/misc", storySource("misc"));
// Generated from the routes' schemas at the first call (every route is registered by then).
let document: ReturnType<typeof openApiDocument> | undefined;
api.get("/openapi.json", (c) => c.json((document ??= openApiDocument(api))));
api.route("/progress", progress);
api.route("/", grammar);
// POST /api/signup-wotd, /api/verify-unsubscribe-token, /api/unsubscribe, /api/confirm-email
api.route("/", wotd);

/** Hono's own route list as (method, pattern) pairs, compiled once per isolate at the first unknown call. */
let routePatterns: Array<{ method: string; pattern: RegExp }> | undefined;

/** Methods the API answers at `path` (from Hono's own route list), for 405 + Allow instead of a 404. */
function allowedAt(path: string): string[] {
  routePatterns ??= api.routes
    .filter((route) => route.method !== "ALL")
    .map((route) => ({
      method: route.method,
      pattern: new RegExp(
        `^${route.path
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/:[A-Za-z]+/g, "[^/]+")
          .replace(/\*/g, ".*")}$`,
      ),
    }));
  const methods = new Set<string>();
  for (const { method, pattern } of routePatterns) if (pattern.test(path)) methods.add(method);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods];
}

api.notFound((c) => {
  const allowed = allowedAt(c.req.path);
  if (allowed.length) {
    c.header("Allow", allowed.join(", "));
    return apiError(c, "METHOD_NOT_ALLOWED", `This call answers ${allowed.join(", ")}.`);
  }
  return apiError(c, "NOT_FOUND");
});

api.onError((error, c) => {
  if (error instanceof HTTPException) {
    return apiError(c, "HTTP_ERROR", { message: error.message, status: error.status });
  }
  console.error("api-error", { path: c.req.path, error: String(error) });
  return apiError(c, "INTERNAL");
});

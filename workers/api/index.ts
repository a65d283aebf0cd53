/**
 * The JSON API under /api. One Hono app per resource, mounted here.
 * Errors always come back as `{ error: { code, message, issues? } }`, never a stack trace.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiEnv } from "./types";
import { clicks } from "./clicks";
import { vocab } from "./vocab";

export const api = new Hono<ApiEnv>().basePath("/api");

api.get("/health", (c) => c.json({ ok: true }));
api.route("/click", clicks);
api.route("/vocab", vocab);

api.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: "No such API endpoint." } }, 404));

api.onError((error, c) => {
  if (error instanceof HTTPException) {
    return c.json({ error: { code: "HTTP_ERROR", message: error.message } }, error.status);
  }
  console.error("api-error", { path: c.req.path, error: String(error) });
  return c.json({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } }, 500);
});

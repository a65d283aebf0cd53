/**
 * The Worker: one entry for the whole site.
 * - `/api/*`  → the Hono JSON API (workers/api)
 * - anything else → React Router (SSR pages, actions, resource routes); a method the address does not answer is
 *   refused first with 405 and `Allow` (app/services/http-methods.server.ts)
 * - anonymous GETs of public pages come from the Workers Cache API, keyed by content version
 *   (app/services/page-cache.server.ts); an editor's change makes the next request render afresh
 * - D1 through the Sessions API: replicas for reads, the primary for writes, bookmarks after a user's writes
 * - every request body is size-checked while it is read, before anything parses it: 413 over its address's limit
 *   (app/services/body-limit.server.ts, ADR 031)
 * - every response gets the baseline security headers (pages have their full set from app/entry.server.tsx)
 * - views of word pages and searches are counted per lexeme, in batches (app/services/word-uses.server.ts)
 * - `scheduled` → the two crons (app/services/wotd-jobs.server.ts: the daily Word of the Day; every 5 minutes the
 *   stored search data and page words catch up); `queue` → the one consumer of both queues (mail; the heavy jobs:
 *   admins' import batches, page words, the offline dictionary, the search keys of pending entries).
 */
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { cloudflareContext } from "../app/context";
import { createBindings, type Bindings } from "../app/services/bindings.server";
import { explainMethodNotAllowed, methodNotAllowed } from "../app/services/http-methods.server";
import { openD1Session } from "../app/services/d1-session.server";
import { forgetContentVersion, isEditorWrite, memoryHit, openPageCache } from "../app/services/page-cache.server";
import { getConfig } from "../app/services/config.server";
import { withBaselineHeaders } from "../app/services/security-headers.server";
import { bodyLimitFor, readBoundedBody, tooLargeMessage } from "../app/services/body-limit.server";
import { api as apiApp } from "./api";
import { apiErrorBody } from "./api/errors";
import { handleQueueBatch } from "../app/services/email-queue.server";
import { runScheduled } from "../app/services/wotd-jobs.server";
import { countRequest } from "../app/services/word-uses.server";

/**
 * The server build and React Router's handler, made once per isolate. A dynamic `import()` of a module already
 * loaded still costs a trip through the module registry, and a handler given a function instead of the build
 * derives its routes and static handler again on every request (React Router's way for hot reload); profiled,
 * together they were a fifth of an uncached page's CPU. In development (`react-router dev`) the build changes under
 * the running isolate, so it is asked for afresh each time there.
 */
const importBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
let built: Promise<ServerBuild> | undefined;
const loadBuild = import.meta.env.DEV ? importBuild : () => (built ??= importBuild());
type Handler = ReturnType<typeof createRequestHandler>;
let handler: Handler | undefined;
const requestHandler: Handler = import.meta.env.DEV
  ? createRequestHandler(importBuild, import.meta.env.MODE)
  : async (request, context) => (handler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE))(request, context);

function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

async function pages(request: Request, bindings: Bindings) {
  const build = await loadBuild();
  const refused = methodNotAllowed(build, request);
  if (refused) return refused;
  const cache = await openPageCache(request, bindings, build);
  const hit = await cache?.match();
  if (hit) return hit;
  const context = new RouterContextProvider();
  context.set(cloudflareContext, bindings);
  const response = explainMethodNotAllowed(build, request, await requestHandler(request, context));
  if (isEditorWrite(request, response)) forgetContentVersion();
  return cache ? cache.store(response) : response;
}

/** 413 for a body over its limit: plain text for pages, the API's JSON error for /api. */
function tooLarge(api: boolean, limit: number) {
  const message = tooLargeMessage(limit);
  if (api) return Response.json(apiErrorBody("PAYLOAD_TOO_LARGE", { message }), { status: 413 });
  return new Response(message, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export default {
  async fetch(incoming, env, ctx) {
    const url = new URL(incoming.url);
    const api = isApiPath(url.pathname);
    // Before anything reads the body: at most its address's limit, or 413 (ADR 031).
    const limit = bodyLimitFor(url.pathname);
    const request = await readBoundedBody(incoming, limit);
    if (!request) return withBaselineHeaders(tooLarge(api, limit));
    // Every request reads and writes D1 through one session (read replicas, bookmarks for the user's own writes).
    // Parsed once per request and handed down: services never read `env`.
    const config = getConfig(env);
    // Word-page views and searches count before any cache answers (batched; app/services/word-uses.server.ts).
    countRequest(request, url, { db: env.DB, ctx, config });
    if (!api) {
      // A public page this isolate already holds answers before anything else runs (ADR 015).
      const quick = memoryHit(request, (await loadBuild()).assets.version, config);
      if (quick) return withBaselineHeaders(quick);
    }
    const d1 = openD1Session(env, request);
    const bindings = createBindings(env, ctx, config, d1.db);
    if (!api) return withBaselineHeaders(d1.finish(await pages(request, bindings)));
    // The API's Hono `c.env` is these bindings.
    const response = await apiApp.fetch(request, bindings, ctx);
    if (isEditorWrite(request, response)) forgetContentVersion();
    return withBaselineHeaders(d1.finish(response));
  },

  async scheduled(controller, env, ctx) {
    await runScheduled(controller, createBindings(env, ctx));
  },

  async queue(batch, env, ctx) {
    await handleQueueBatch(batch, createBindings(env, ctx));
  },
} satisfies ExportedHandler<Env, unknown>;

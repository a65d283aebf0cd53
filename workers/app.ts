/**
 * The Worker: one entry for the whole site.
 * - `/api/*`  → the Hono JSON API (workers/api)
 * - anything else, every method → React Router (SSR pages, actions, resource routes)
 * - `scheduled` → daily Word of the Day job; `queue` → email consumer.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "../app/context";
import { createBindings } from "../app/services/bindings.server";
import { api } from "./api";
import { handleEmailBatch } from "../app/services/email-queue.server";
import { runScheduled } from "../app/services/wotd-jobs.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export default {
  fetch(request, env, ctx) {
    if (isApiPath(new URL(request.url).pathname)) {
      return api.fetch(request, env, ctx);
    }
    const context = new RouterContextProvider();
    context.set(cloudflareContext, createBindings(env, ctx));
    return requestHandler(request, context);
  },

  async scheduled(controller, env, ctx) {
    await runScheduled(controller, env, ctx);
  },

  async queue(batch, env, _ctx) {
    await handleEmailBatch(batch, env);
  },
} satisfies ExportedHandler<Env, unknown>;

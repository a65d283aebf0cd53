/**
 * The one way route modules reach Cloudflare bindings: workers/app.ts fills this
 * context per request; loaders and actions call `getBindings(context)`.
 * @see docs/decisions/002-bindings-through-router-context.md
 */
import { createContext, type RouterContextProvider } from "react-router";
import { createDb, type Db } from "../db/client";

export type Bindings = { env: Env; ctx: ExecutionContext; db: Db };

export const cloudflareContext = createContext<Bindings>();

export function createBindings(env: Env, ctx: ExecutionContext): Bindings {
  return { env, ctx, db: createDb(env.DB) };
}

export function getBindings(context: Readonly<RouterContextProvider>): Bindings {
  return context.get(cloudflareContext);
}

/**
 * The one way route modules reach the Worker: workers/app.ts fills this context per request with the
 * service bindings (app/services/bindings.server.ts); loaders and actions call `getBindings(context)`.
 * @see docs/decisions/002-bindings-through-router-context.md
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Bindings } from "./services/bindings.server";

export type { Bindings };

export const cloudflareContext = createContext<Bindings>();

export function getBindings(context: Readonly<RouterContextProvider>): Bindings {
  return context.get(cloudflareContext);
}

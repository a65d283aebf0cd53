/**
 * The one way route modules reach the Worker: workers/app.ts fills this context per request with the
 * service bindings (app/services/bindings.server.ts); loaders and actions call `getBindings(context)`.
 * It also carries, per request, the HTML of a page's kept parts from its loaders to the server's render
 * (`keepHtml`, app/components/kept-html.tsx).
 * @see docs/decisions/002-bindings-through-router-context.md
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Bindings } from "./services/bindings.server";
import type { KeptHtml } from "./utils/kept-html";

export type { Bindings };

export const cloudflareContext = createContext<Bindings>();

export function getBindings(context: Readonly<RouterContextProvider>): Bindings {
  return context.get(cloudflareContext);
}

/** This request's kept HTML by id (null until a loader keeps some). */
const keptHtmlContext = createContext<Map<string, string> | null>(null);

/**
 * A loader's value for a part of its page written as HTML on the server (ADR 015a, kept HTML). For the document
 * itself the HTML goes to the server's render only and the value carries the id: the browser keeps what the page
 * holds. For a client-side navigation's data request (React Router's `.data` URL, which loaders see as it came) the
 * value carries the HTML.
 */
export function keepHtml(context: Readonly<RouterContextProvider>, request: Request, id: string, html: string): KeptHtml {
  const query = request.url.indexOf("?");
  if ((query < 0 ? request.url : request.url.slice(0, query)).endsWith(".data")) return { id, html };
  let kept = context.get(keptHtmlContext);
  if (!kept) context.set(keptHtmlContext, (kept = new Map()));
  kept.set(id, html);
  return { id, html: null };
}

/** The kept HTML of this request for the server's render (entry.server.tsx). */
export function keptHtml(context: Readonly<RouterContextProvider>): ReadonlyMap<string, string> | null {
  return context.get(keptHtmlContext);
}

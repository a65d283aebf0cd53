/**
 * Which methods each page address answers, from the route modules themselves: GET and HEAD where the route has
 * a loader or a page, POST where it has an action. Anything else is answered 405 with `Allow` and a plain
 * message before React Router runs (workers/app.ts), so every route, new ones included, behaves the same.
 */
import { createStaticHandler, type RouteObject, type ServerBuild, type StaticHandler } from "react-router";
import { BoundedCache } from "./bounded-cache.server";
import { pagePath } from "./page-address.server";

/**
 * The route tree of a build, with React Router's matcher: made once per build, so its routes are flattened and
 * ranked once (React Router's `matchRoutes` does that on every call).
 */
const matchers = new BoundedCache<ServerBuild["routes"], { handler: StaticHandler; methods: BoundedCache<string, string[]> }>(
  "route matchers of the server build, with the methods of the page addresses asked",
  { entries: 2 },
);

/**
 * The build's matcher, and the methods it found per page address: matching tries the routes in turn (about half a
 * millisecond in workerd), and most requests ask a few addresses (/k, /api/search) again and again.
 */
function matcherOf(manifest: ServerBuild["routes"]) {
  return matchers.getOrSet(manifest, () => {
    const build = (parentId: string | undefined): RouteObject[] =>
      Object.values(manifest)
        .filter((route) => route && route.parentId === parentId)
        .map((route) =>
          route!.index
            ? { id: route!.id, path: route!.path, index: true, caseSensitive: route!.caseSensitive }
            : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: build(route!.id) },
        );
    return {
      handler: createStaticHandler(build(undefined)),
      methods: new BoundedCache<string, string[]>("the methods of a page address", { entries: 1_000 }),
    };
  });
}

/** The methods the page address `pathname` answers (OPTIONS is left to the caller). */
export function allowedMethods(build: ServerBuild, pathname: string): string[] {
  const matcher = matcherOf(build.routes);
  return matcher.methods.getOrSet(pathname, () => methodsOf(build, matcher.handler, pathname));
}

function methodsOf(build: ServerBuild, handler: StaticHandler, pathname: string): string[] {
  const matches = handler.match(pagePath(pathname)) ?? [];
  const leafId = matches.at(-1)?.route.id;
  const module = leafId ? build.routes[leafId]?.module : undefined;
  if (!module) return ["GET", "HEAD"];
  const methods: string[] = [];
  if (module.loader || module.default) methods.push("GET", "HEAD");
  if (module.action) methods.push("POST");
  return methods.length ? methods : ["GET", "HEAD"];
}

function notAllowed(allowed: string[]) {
  return new Response(`Method Not Allowed: this address answers ${allowed.join(", ")}.`, {
    status: 405,
    headers: { Allow: allowed.join(", "), "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** 405 for a method the address does not answer, or null when it does. */
export function methodNotAllowed(build: ServerBuild, request: Request): Response | null {
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") return null;
  const allowed = allowedMethods(build, new URL(request.url).pathname);
  return allowed.includes(method) ? null : notAllowed(allowed);
}

/** React Router's own 405 (e.g. a post to a layout without an action) worded the same, with `Allow`. */
export function explainMethodNotAllowed(build: ServerBuild, request: Request, response: Response): Response {
  if (response.status !== 405 || response.headers.has("Allow")) return response;
  return notAllowed(allowedMethods(build, new URL(request.url).pathname));
}

/**
 * The page address a request is for. A client-side navigation or form post asks for `/path.data`, and for a path
 * ending in `/` (the home page among them) for `/path/_.data` (React Router 8; 7 wrote `/_root.data` for /): the same
 * route as the page, with the page's methods (app/services/http-methods.server.ts) and body limit
 * (app/services/body-limit.server.ts).
 */
export function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const path = pathname.slice(0, -".data".length);
  if (path === "/_root") return "/";
  return path.endsWith("/_") ? path.slice(0, -1) : path;
}

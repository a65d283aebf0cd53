/**
 * Run after every install (`postinstall`; ADR 015, session 18). `wrangler dev` answers through its proxy Worker,
 * which passes every `text/html` response through an HTMLRewriter so that it can append a live-reload script when
 * live reload is on. When it is off (`npm start`, the benchmarks and the browser tests: `dev.live_reload` is not
 * set), that rewriter still parses every page and appends nothing. Measured with the same 47.6 KB served as static
 * files: as text the proxy passed it at the favicon's rate, as HTML it spent 0.12–0.24 ms more per response and
 * ran at 0.78–0.92 of it (four runs). The rewrite is now made only when live reload is on: the page's bytes are the
 * same. Cloudflare has no such proxy; this changes `wrangler dev` only, never what is deployed.
 *
 * Idempotent. If a wrangler upgrade changes the proxy's code, nothing is written, a warning is printed and the
 * install goes on (the unit test tests/unit/wrangler-dev-proxy.test.ts then fails, so the upgrade is looked at).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROXY_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "wrangler", "wrangler-dist", "ProxyWorker.js");
export const UNGUARDED = "if (isHtmlResponse(res)) {\n            res = insertLiveReloadScript(";
export const GUARDED = "if (proxyData.liveReload && isHtmlResponse(res)) {\n            res = insertLiveReloadScript(";

/** The proxy's code with the rewrite made only under live reload; the same text if already so; null if unknown. */
export function guardLiveReload(source) {
  const unguarded = source.split(UNGUARDED).length - 1;
  const guarded = source.split(GUARDED).length - 1;
  // `proxyData` is the proxy's current target, read at the top of the loop that sends each request on.
  if (!source.includes("const { proxyData } = this;")) return null;
  if (guarded === 1 && unguarded === 0) return source;
  if (unguarded === 1 && guarded === 0) return source.replace(UNGUARDED, GUARDED);
  return null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let source;
  try {
    source = readFileSync(PROXY_WORKER, "utf8");
  } catch {
    process.exit(0); // wrangler not installed (a production-only install): nothing to do
  }
  const patched = guardLiveReload(source);
  if (patched === null) console.warn(`wrangler-dev-proxy: ${PROXY_WORKER} is not the code this step knows; left as it is (ADR 015, session 18).`);
  else if (patched !== source) writeFileSync(PROXY_WORKER, patched);
}

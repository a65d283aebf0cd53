/**
 * Security headers. HTML responses get the full set with a nonce-based CSP ('strict-dynamic'), set by
 * app/entry.server.tsx; every other response (JSON, audio, redirects, errors) gets the baseline from
 * `withBaselineHeaders`, applied to everything the Worker answers (workers/app.ts).
 */

export function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    // 'unsafe-inline' and https: are ignored by browsers that understand nonces/'strict-dynamic'
    // and only keep very old browsers working.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "font-src 'self'",
    // The offline service worker (public/sw.js, ADR 017) and the web app manifest; said outright because
    // worker-src would otherwise fall back to the nonce-only script-src.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export function securityHeaders(nonce: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    // The editor records audio; nothing else needs powerful features.
    "Permissions-Policy": "microphone=(self), camera=(), geolocation=(), payment=()",
  };
}

/** For responses that are not HTML pages: nothing may load, frame or sniff them. */
const BASELINE: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  // Nothing that is not a page uses a powerful feature.
  "Permissions-Policy": "microphone=(), camera=(), geolocation=(), payment=()",
};

/** The page's own policies, which a 304 must not replace. */
const PAGE_POLICIES = new Set(["Content-Security-Policy", "Permissions-Policy"]);

/**
 * The same security headers on every response: a header the response already has (the page CSP) is kept.
 * A 304 gets no policy of its own: the browser merges a 304's headers into the page it kept, so a policy there
 * would replace the page's (the baseline's `default-src 'none'` would unstyle the page; a new nonce would stop its
 * scripts; `microphone=()` would stop the editor's recorder). The kept page's own policies stay in force.
 */
export function withBaselineHeaders(response: Response): Response {
  const missing = Object.entries(BASELINE).filter(([name]) => !response.headers.has(name) && !(response.status === 304 && PAGE_POLICIES.has(name)));
  if (missing.length === 0) return response;
  const out = new Response(response.body, response);
  for (const [name, value] of missing) out.headers.set(name, value);
  return out;
}

/**
 * Paths on this site, without zod (route components and account texts use it; app/utils/validation.ts wraps it),
 * and the one rule for where a redirect built from request data may go (`sitePathOr`; the redirects themselves are
 * `safeRedirect` and `safeRedirectDocument`, app/services/safe-redirect.server.ts).
 */

/**
 * Exactly one leading slash, then no `/` or `\` (a browser reads `//host` and `/\host` as another site), not even
 * percent-encoded (`/%2F/host`, `/%5Chost`: a proxy or a later decoding step could read them so); no backslash or
 * whitespace anywhere.
 */
const SITE_PATH = /^\/(?![/\\]|%2f|%5c)[^\s\\]*$/i;
const PATH_BASE = "https://site.invalid";

/**
 * The path on this site that `raw` names once normalised the way a browser resolves it (dot segments, `%2e`),
 * or null: it must start with exactly one slash before and after normalising (`/..//host` resolves to `//host`,
 * a protocol-relative address), with no scheme, backslash or whitespace.
 */
export function normaliseSitePath(raw: string): string | null {
  if (raw.length > 2000 || !SITE_PATH.test(raw)) return null;
  try {
    const url = new URL(raw, PATH_BASE);
    if (url.origin !== PATH_BASE) return null;
    const path = url.pathname + url.search + url.hash;
    return SITE_PATH.test(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * Where a redirect built from request data (a page's own address, `from=`) may send the browser: `target` when it is
 * a path on this site (normaliseSitePath), otherwise `fallback`. Anything that could leave the site (`//host`,
 * `/\host`, `///host`, `/%2F/host`, `/%5Chost`, a scheme, dot segments that resolve to one of those) is refused.
 */
export function sitePathOr(target: string, fallback = "/"): string {
  return normaliseSitePath(target) ?? fallback;
}

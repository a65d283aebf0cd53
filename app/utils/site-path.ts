/** Paths on this site, without zod (route components and account texts use it; app/utils/validation.ts wraps it). */
const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;
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

/**
 * Every redirect the site builds from request data (its own address, `from=`, a path parameter) goes through here:
 * only a path on this site survives (`sitePathOr`, app/utils/site-path.ts), anything else goes to the fallback.
 * Redirects to fixed paths may use React Router's `redirect` directly.
 * @see docs/decisions/020a-outside-test-findings-5-9-and-the-third-test.md
 */
import { redirect, redirectDocument } from "react-router";
import { sitePathOr } from "../utils/site-path";

/** A redirect to `target` if it is a path on this site, else to `fallback` ("/"). */
export function safeRedirect(target: string, init?: number | ResponseInit, fallback = "/"): Response {
  return redirect(sitePathOr(target, fallback), init);
}

/** The same, as a full page load of the destination (React Router's `redirectDocument`). */
export function safeRedirectDocument(target: string, init?: number | ResponseInit, fallback = "/"): Response {
  return redirectDocument(sitePathOr(target, fallback), init);
}

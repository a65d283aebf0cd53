/**
 * A crawler for the served site (tests/e2e/crawl.spec.ts): it fetches pages as a visitor's browser would (no
 * JavaScript needed: every page is server-rendered) and reads what the visitor sees — the text and the attributes a
 * screen reader or a tooltip shows — for program debris: "[object Object]", "undefined", "NaN", or a 5xx answer.
 */
import type { APIRequestContext } from "@playwright/test";

/** What must never reach a visitor. */
const DEBRIS = /\[object Object\]|\bundefined\b|\bNaN\b/;
/** Attributes whose values a visitor sees or hears. */
const SHOWN_ATTRIBUTES = /\s(?:alt|title|aria-label|aria-description|placeholder)="([^"]*)"/g;

/** The text a visitor sees on an HTML page, with the shown attribute values; scripts, styles and comments left out. */
export function visibleText(html: string): string {
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ");
  const shown = [...body.matchAll(SHOWN_ATTRIBUTES)].map((m) => m[1]);
  return [body.replace(/<[^>]*>/g, " "), ...shown].join(" ").replace(/\s+/g, " ");
}

/** The debris in a page's visible text, with a little context around it; null when there is none. */
export function debrisIn(html: string): string | null {
  const text = visibleText(html);
  const m = DEBRIS.exec(text);
  return m ? text.slice(Math.max(0, m.index - 80), m.index + 80) : null;
}

/** The values of a `<select id=…>`'s options on a page (empty when the page has no such select). */
export function optionValues(html: string, id: string): string[] {
  const select = html.match(new RegExp(`<select[^>]*\\sid="${id}"[\\s\\S]*?</select>`));
  return select ? [...select[0].matchAll(/<option[^>]*\svalue="([^"]*)"/g)].map((m) => decode(m[1]!)) : [];
}

/** The same-site links of a page (paths with their query, no fragment), as the browser would follow them. */
export function siteLinks(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)]
    .map((m) => decode(m[1]!).split("#")[0]!)
    .filter((href) => href.startsWith("/") && !href.startsWith("//"));
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

export type PageProblem = { path: string; problem: string };
export type Fetched = { path: string; status: number; html: string | null };

/**
 * Fetches the paths, a few at a time, and lists each page that answers 5xx or shows debris. `seen` is called with
 * every page's HTML (to find the next paths to visit).
 */
export async function checkPages(
  request: APIRequestContext,
  paths: readonly string[],
  problems: PageProblem[],
  seen?: (page: Fetched) => void,
): Promise<number> {
  const queue = [...paths];
  let fetched = 0;
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await request.get(path, { maxRedirects: 5 });
      fetched++;
      const status = response.status();
      if (status >= 500) problems.push({ path, problem: `answered ${status}` });
      const html = (response.headers()["content-type"] ?? "").includes("text/html") ? await response.text() : null;
      const debris = html ? debrisIn(html) : null;
      if (debris) problems.push({ path, problem: `shows “${debris}”` });
      seen?.({ path, status, html });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return fetched;
}

/** The page's address shape, for sampling: numbers and query values left out ("/k/N?cell"). */
export function pageShape(path: string): string {
  const [pathname, query = ""] = path.split("?");
  const keys = [...new URLSearchParams(query).keys()].sort().join("&");
  return `${pathname!.replace(/\d+/g, "N")}?${keys}`;
}

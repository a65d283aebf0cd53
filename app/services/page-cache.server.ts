/**
 * Public pages served from the Workers Cache API (ADR 015). An anonymous GET of a public page is looked up under
 * a key that carries the site's content version (the newest edit_log id), the build and the UTC day, so an
 * editor's change, a deploy or a new day never serves an old page: the old entries are simply never asked for
 * again. The isolate keeps its latest pages in memory in front of the Cache API. A hit is answered with a fresh
 * CSP nonce, and `If-None-Match` with 304.
 * Signed-in visitors are never served from or stored in the cache (their pages are `private, no-store`).
 */
import type { ServerBuild } from "react-router";
import { contentVersion } from "../../db/queries/content-version";
import type { Bindings } from "./bindings.server";
import { BoundedCache } from "./bounded-cache.server";
import type { Config } from "./config.server";
import { createNonce } from "./security-headers.server";
import { hasSessionCookie } from "./session.server";

/** Addresses whose page is the same for every anonymous visitor. */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/k$/,
  /^\/k\/[^/]+$/,
  /^\/k\/[^/]+\/why$/,
  /^\/d$/,
  /^\/d\/[^/]+$/,
  /^\/conj$/,
  /^\/paradigms$/,
  /^\/aambe$/,
  /^\/aambe\/learn\/[^/]+$/,
  /^\/aambe\/verbs(\/vai)?$/,
  /^\/wotd(\/[^/]+)?$/,
  /^\/wiij$/,
  /^\/miinad$/,
];

/** Parameters that make a request personal (an email link's click reference) or are dropped by a redirect. */
const PERSONAL_PARAMS = ["r", "email"];

/**
 * How a browser may keep a page: always asking first (`no-cache`, answered by a 304 when nothing changed), never
 * showing a kept copy while it asks (a browser honours `stale-while-revalidate` too, and would show the anonymous
 * page it kept to a visitor who has just logged in). Shared caches in front of the Worker may keep it a while.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";
export const SHARED_CACHE_CONTROL = "max-age=300, stale-while-revalidate=86400";

/** How long this isolate trusts the content version it read before reading it again. */
const VERSION_TTL_MS = 5_000;
let version: { value: number; readAt: number } | null = null;

/** An editor's change in this isolate: read the version again at the next request. */
export function forgetContentVersion() {
  version = null;
}

/** The content version this isolate trusts now (read again after VERSION_TTL_MS or an editor's change here). */
export async function currentVersion(bindings: Bindings, now = Date.now()) {
  if (!version || now - version.readAt > VERSION_TTL_MS) version = { value: await contentVersion(bindings.db), readAt: now };
  return version.value;
}

export function isPublicPageRequest(request: Request, url = new URL(request.url)) {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return false;
  if (hasSessionCookie(request)) return false;
  if (PERSONAL_PARAMS.some((name) => url.searchParams.has(name))) return false;
  return PUBLIC_PAGES.some((page) => page.test(url.pathname));
}

export type PageCache = {
  /** The cached page (or 304), with a fresh nonce; null on a miss. */
  match(): Promise<Response | null>;
  /** Marks a rendered page public and stores a copy (after the response is sent). */
  store(response: Response): Response;
};

/** What a page's copies are kept under: a new build, content version or UTC day is a new tag. */
function tagOf(buildVersion: string, contentVersion: number) {
  return `${buildVersion}.${contentVersion}.${utcDay()}`;
}
const etagOf = (tag: string) => `W/"${tag}"`;
/** The isolate's own copy of a page: its tag and the address as asked (workerd hands it over normalised). */
const memoryKey = (tag: string, request: Request) => `${tag} ${request.url}`;

/** Today's UTC date (YYYY-MM-DD), formatted once per day rather than per request. */
let today = { day: -1, text: "" };
export function utcDay(now = Date.now()) {
  const day = Math.floor(now / 86_400_000);
  if (day !== today.day) today = { day, text: new Date(now).toISOString().slice(0, 10) };
  return today.text;
}

/** What a stored page and its 304 both say about caching: a 304 must not contradict its page's 200. */
function cachingHeaders(etag: string): Record<string, string> {
  return { ETag: etag, "Cache-Control": PUBLIC_CACHE_CONTROL, "CDN-Cache-Control": SHARED_CACHE_CONTROL };
}

function notModified(etag: string) {
  return new Response(null, { status: 304, headers: cachingHeaders(etag) });
}

/**
 * The fast path, before anything else of the request runs (no D1 session, no route matching, no URL parsing): a
 * page this isolate holds in memory under the content version it trusts right now. Only public pages without
 * personal parameters are ever stored (`store` checks), so a page found by its address is one. Null when there is
 * none, or the version is due to be read again (the full path then reads it).
 */
export function memoryHit(request: Request, buildVersion: string, config: Config): Response | null {
  if (!config.pageCache || !version || Date.now() - version.readAt > VERSION_TTL_MS) return null;
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return null;
  if (hasSessionCookie(request)) return null;
  const tag = tagOf(buildVersion, version.value);
  const page = memory.get(memoryKey(tag, request));
  if (!page) return null;
  if (request.headers.get("If-None-Match") === etagOf(tag)) return notModified(etagOf(tag));
  const fresh = withFreshNonce(page);
  return method === "HEAD" ? new Response(null, fresh) : fresh;
}

export async function openPageCache(request: Request, bindings: Bindings, build: ServerBuild): Promise<PageCache | null> {
  if (!bindings.config.pageCache || !isPublicPageRequest(request)) return null;
  const url = new URL(request.url);
  const tag = tagOf(build.assets.version, await currentVersion(bindings));
  const etag = etagOf(tag);
  const mine = memoryKey(tag, request);
  const key = new Request(`${url.origin}/__pages/${tag}${url.pathname}${url.search}`);
  const cache = (caches as unknown as { default: Cache }).default;
  return {
    async match() {
      if (request.headers.get("If-None-Match") === etag) return notModified(etag);
      let page = memory.get(mine);
      if (!page) {
        const hit = await cache.match(key);
        if (!hit) return null;
        page = await remember(mine, hit);
      }
      const fresh = withFreshNonce(page);
      return request.method.toUpperCase() === "HEAD" ? new Response(null, fresh) : fresh;
    },
    store(response) {
      // Only what was rendered for nobody: a page the render marked private (it had a user) is never stored.
      const cacheable =
        response.status === 200 &&
        !response.headers.has("Set-Cookie") &&
        !/\b(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "") &&
        /^text\/html/.test(response.headers.get("Content-Type") ?? "");
      if (!cacheable) return response;
      const out = new Response(response.body, response);
      for (const [name, value] of Object.entries(cachingHeaders(etag))) out.headers.set(name, value);
      out.headers.set("X-Page-Cache", "miss");
      if (request.method.toUpperCase() === "HEAD") return out;
      const [sent, theirs] = out.body!.tee();
      const copy = new Response(theirs, out);
      bindings.ctx.waitUntil(remember(mine, copy.clone()).then(() => cache.put(key, copy)));
      return new Response(sent, out);
    },
  };
}

/**
 * The isolate's own copies of the pages it stored last (the oldest stored is dropped first), in front of the Cache
 * API: a hit costs a copy of the stored bytes with a new nonce written over the old one, not a cache read, a
 * streaming rewrite or an encoding of the text. Bounded by count and bytes; keyed by the same versioned key, so a
 * new content version simply stops asking for the old copies.
 */
type StoredPage = {
  body: Uint8Array<ArrayBuffer>;
  /** The page's headers but its CSP, which is `csp[0] + nonce + csp[1]` (or none). */
  headers: Record<string, string>;
  csp: [string, string] | null;
  /** The nonce the page was rendered with, and where its every occurrence starts in `body`. */
  nonce: string | undefined;
  nonceAt: number[];
};
const memory = new BoundedCache<string, StoredPage>("public pages rendered in this isolate", {
  entries: 200,
  weight: 16 * 1024 * 1024,
  weigh: (page) => page.body.byteLength,
});
const utf8 = new TextEncoder();
const TRANSIENT_HEADERS = new Set(["date", "age", "cf-cache-status", "content-length", "transfer-encoding", "x-page-cache"]);

/** Every start of `needle` (ASCII) in `bytes`. */
function offsetsOf(bytes: Uint8Array, needle: string): number[] {
  const first = needle.charCodeAt(0);
  const out: number[] = [];
  for (let i = bytes.indexOf(first); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle.charCodeAt(j)) j++;
    if (j === needle.length) out.push(i);
  }
  return out;
}

async function remember(url: string, response: Response): Promise<StoredPage> {
  const body = new Uint8Array(await response.arrayBuffer());
  const policy = response.headers.get("Content-Security-Policy");
  const nonce = policy ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined;
  // Headers of the stored response itself (its date, age, cache status, length or chunking) are not the page's.
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!TRANSIENT_HEADERS.has(name) && !(nonce && name === "content-security-policy")) headers[name] = value;
  const csp = nonce ? (policy!.split(`'nonce-${nonce}'`) as [string, string]) : null;
  if (csp && csp.length !== 2) throw new Error("page-cache: the CSP names its nonce more than once");
  const page: StoredPage = { body, headers, csp, nonce, nonceAt: nonce ? offsetsOf(body, nonce) : [] };
  return memory.set(url, page);
}

/**
 * The stored page with a new nonce in its CSP and wherever the old one was written (the `nonce` attributes): the
 * old nonce is 128 random bits, so its every occurrence is the nonce and nothing else; the new one has the same
 * length (createNonce), so it is written over the old bytes.
 */
function withFreshNonce(page: StoredPage): Response {
  if (!page.csp || !page.nonce) return new Response(page.body, { status: 200, headers: { ...page.headers, "x-page-cache": "hit" } });
  const nonce = createNonce();
  const headers = { ...page.headers, "content-security-policy": `${page.csp[0]}'nonce-${nonce}'${page.csp[1]}`, "x-page-cache": "hit" };
  const body = page.body.slice();
  const bytes = utf8.encode(nonce);
  if (bytes.length !== page.nonce.length) throw new Error("page-cache: nonce length changed");
  for (const at of page.nonceAt) body.set(bytes, at);
  return new Response(body, { status: 200, headers });
}

/** A change made in the editor (pages or API): public pages must show it at the next request. */
export function isEditorWrite(request: Request, response: Response) {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || response.status >= 400) return false;
  const { pathname } = new URL(request.url);
  return /^\/(api\/editor|api\/upload-audio|DEV_editor|admin)(\/|$)/.test(pathname);
}

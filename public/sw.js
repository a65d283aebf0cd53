/*
 * The offline service worker (docs/decisions/017-offline-service-worker.md). Hand-written and small on purpose:
 * no dependencies, no build step, read it top to bottom.
 *
 * - /assets/* (hashed build files), the icons and the manifest: cache first (a hashed name never changes).
 * - The learn pages — the course path /aambe, lessons /aambe/learn/{n}, practice /aambe/practice (without a
 *   round in the address) — and their React Router data (`*.data`), route discovery (`/__manifest`): network
 *   first; the last good answer is kept and served when the network fails. A signed-in learner's pages are
 *   their own (`private, no-store` for shared caches): they stay in this browser's Cache Storage only, and are
 *   deleted when another account (or nobody) is signed in here (the page says who, see `user` below).
 * - The offline dictionary (docs/decisions/027a-offline-dictionary-in-the-browser.md): the word list keeps its pack and an anonymous
 *   copy of /k in the cache DICTIONARY itself; with no connection, /k (with any search in its address) is that copy,
 *   whose script then searches the pack. Kept until the learner removes it; not deleted when the account changes
 *   (it holds only public pages).
 * - Everything else, every POST, and anything from another origin: not touched.
 */
const VERSION = "1";
const PAGES = `pages-${VERSION}`;
const STATIC = `static-${VERSION}`;
const DICTIONARY = "dictionary-1";
const WHO = "/__sw/user";
const SHELL = ["/aambe"];
const STATIC_FILES = ["/manifest.webmanifest", "/favicon.svg", "/icons/icon-192.png", "/icons/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([caches.open(PAGES).then((cache) => cache.addAll(SHELL)), caches.open(STATIC).then((cache) => cache.addAll(STATIC_FILES))]).then(() =>
      self.skipWaiting(),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== PAGES && n !== STATIC && n !== DICTIONARY).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** A learn page or its data, worth keeping for offline use. A practice round step (?q=) is not kept. */
function isLearnPage(url) {
  const path = url.pathname.replace(/\.data$/, "");
  if (!/^\/aambe(\/learn\/\d{1,9}|\/practice)?\/?$/.test(path)) return false;
  return !url.searchParams.has("q");
}

function isStatic(url) {
  return url.pathname.startsWith("/assets/") || STATIC_FILES.includes(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isStatic(url)) event.respondWith(cacheFirst(request));
  else if (isLearnPage(url) || url.pathname === "/__manifest") event.respondWith(networkFirst(request, true));
  else if (request.mode === "navigate" || url.pathname.startsWith("/aambe")) event.respondWith(networkFirst(request, false));
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: STATIC });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    caches.open(STATIC).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** The network's answer (kept when `keep` and it is a plain 200); without a network, the last kept one. */
async function networkFirst(request, keep) {
  try {
    const response = await fetch(request);
    if (keep && response.status === 200 && response.type === "basic" && !response.redirected) {
      const copy = response.clone();
      caches.open(PAGES).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(PAGES);
    const cached = (await cache.match(request)) ?? (request.mode === "navigate" ? await offlinePage(cache, request) : await allRoutes(cache, request));
    if (cached) return cached;
    throw error;
  }
}

/**
 * Data asked for some of a page's routes only (`?_routes=`, when the others keep their data): the data of the
 * whole page holds theirs too.
 */
async function allRoutes(cache, request) {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data") || !url.searchParams.has("_routes")) return undefined;
  url.searchParams.delete("_routes");
  return cache.match(url.href);
}

/**
 * A learn address never opened online: the same page without its query. The word list, when the dictionary is kept:
 * its kept copy. Any other page: a note, not a stale page.
 */
async function offlinePage(cache, request) {
  const url = new URL(request.url);
  if (url.pathname === "/k" && (await caches.has(DICTIONARY))) {
    const words = await caches.match("/k", { cacheName: DICTIONARY });
    if (words) return words;
  }
  if (url.pathname.startsWith("/aambe")) {
    const same = (await cache.match(url.pathname, { ignoreSearch: true })) ?? (await cache.match("/aambe"));
    if (same) return same;
  }
  return new Response(OFFLINE_HTML, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

const OFFLINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline | Nishnaabemwin</title></head><body style="font-family:system-ui,sans-serif;margin:2rem;line-height:1.5;color:#1f1c24;background:#fbf7ef">
<main><h1>You are offline</h1><p>This page needs a connection. The course, the lessons you opened and your practice work offline.</p>
<p><a href="/aambe" style="color:#9b1d45">Go to the course</a></p></main></body></html>`;

/*
 * Messages from the pages (app/components/offline.ts):
 * - { type: "user", name }: who is signed in ("" for nobody). When it changes, the kept pages go.
 * - { type: "assets", urls }: the build files the page loaded before this worker controlled it.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || typeof data !== "object" || event.origin !== self.location.origin) return;
  if (data.type === "user" && typeof data.name === "string") event.waitUntil(setUser(data.name));
  if (data.type === "assets" && Array.isArray(data.urls)) event.waitUntil(keepAssets(data.urls));
});

async function setUser(name) {
  const cache = await caches.open(PAGES);
  const known = await cache.match(WHO);
  if (known && (await known.text()) === name) return;
  await caches.delete(PAGES);
  const fresh = await caches.open(PAGES);
  await fresh.put(WHO, new Response(name));
  await fresh.addAll(SHELL).catch(() => undefined);
}

async function keepAssets(urls) {
  const cache = await caches.open(STATIC);
  for (const href of urls.slice(0, 100)) {
    if (typeof href !== "string") continue;
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin || !url.pathname.startsWith("/assets/")) continue;
    if (!(await cache.match(url.pathname))) await cache.add(url.pathname).catch(() => undefined);
  }
}

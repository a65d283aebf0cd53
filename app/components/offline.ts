/**
 * Offline support on every page (ADR 017): registers the service worker (public/sw.js; production builds only,
 * so the dev server's hot reload is never served from a cache), tells it who is signed in (another account, or
 * none, and the pages it kept go), and sends the answers given offline when the connection returns.
 */
import { useEffect } from "react";
import { flushOutbox, noteUser } from "./learn/outbox";

export function useOffline(user: string) {
  useEffect(() => {
    noteUser(user);
    if ("serviceWorker" in navigator && import.meta.env.PROD) {
      navigator.serviceWorker
        .register("/sw.js")
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          registration.active?.postMessage({ type: "user", name: user });
          // The build files this page loaded before the worker controlled it (the first visit).
          const urls = performance.getEntriesByType("resource").map((e) => e.name);
          registration.active?.postMessage({ type: "assets", urls });
        })
        .catch(() => {
          // No service worker (private mode, an old browser): the site works online as before.
        });
    }
    const flush = () => void flushOutbox(user);
    flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
  }, [user]);
}

/**
 * A page whose data could not be fetched without a connection: load it as a document once, which the service
 * worker answers from what it kept (or with its offline note).
 */
export function useReloadWhenOffline(error: unknown) {
  useEffect(() => {
    const failed = error instanceof TypeError && (!navigator.onLine || /fetch|network/i.test(error.message));
    if (!failed) return;
    const mark = `offline-reload:${location.pathname}${location.search}`;
    if (sessionStorage.getItem(mark)) return;
    sessionStorage.setItem(mark, "1");
    location.reload();
  }, [error]);
}

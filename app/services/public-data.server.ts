/**
 * Public data kept per isolate (ADR 015): what a public page's loader reads from D1 for an anonymous visitor (a
 * word and its sentences, a story, the conjugable verbs, a lesson …) is the same for every such visitor until an
 * editor changes something, and every change writes an `edit_log` row. So the answer of each read is kept in the
 * isolate under the content version (the newest edit_log id, the same version the page cache trusts: read again
 * at most every 5 s, and at once after an editor's change in this isolate) and the UTC day, and a request that
 * finds it makes no D1 round trip. A new version or day starts an empty store; a signed-in visitor's request (or
 * any request that is not an anonymous GET of a public page) always reads D1, so an editor sees their own change
 * at once, and anyone else within the version's few seconds of trust, as with the page cache.
 *
 * Values are shared between requests: loaders must not change what they get (they build new objects).
 */
import type { Bindings } from "./bindings.server";
import { BoundedCache } from "./bounded-cache.server";
import { currentVersion, isPublicPageRequest, utcDay } from "./page-cache.server";

/** Reads kept per version (a story can be tens of KB: bounded by count). */
const store = new BoundedCache<string, Promise<unknown>>("public reads of the content version", { entries: 200 });

/**
 * `load()`'s answer for this page request, kept under `key` for the current content version. Concurrent requests
 * share one pending read; a failed read is not kept.
 */
export async function publicData<T>(request: Request, bindings: Bindings, key: string, load: () => Promise<T>): Promise<T> {
  if (!bindings.config.dataCache || !isPublicPageRequest(request)) return load();
  const entries = store.keepFor(`${await currentVersion(bindings)}.${utcDay()}`);
  let entry = entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    const loading = (entry = entries.set(key, load()) as Promise<T>);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
  }
  return entry;
}

/**
 * The offline dictionary in this browser (ADR 027a): the gzipped pack and an anonymous copy of /k, kept in Cache
 * Storage under DICTIONARY_CACHE (public/sw.js keeps that cache, and answers /k from it with no connection). The
 * pack stays gzipped on the device; it is unpacked in memory once per page, when a search needs it.
 */
import { posGroup } from "../core/pos";
import { decodePack, searchPack, type OfflinePack, type OfflineResult } from "../core/offline-pack";

/** The cache's name: public/sw.js names it too (it keeps it when it updates, and reads /k from it). */
const DICTIONARY_CACHE = "dictionary-1";
const PACK_KEY = "/offline-dictionary/kept";

export type KeptInfo = { version: string; builtAt: string; keptAt: string; bytes: number };
type ServerStatus = { version: string; ready: boolean; bytes: number | null; url: string };

async function keptInfo(): Promise<KeptInfo | null> {
  if (!(await caches.has(DICTIONARY_CACHE))) return null;
  const kept = await caches.match(PACK_KEY, { cacheName: DICTIONARY_CACHE });
  if (!kept) return null;
  const h = kept.headers;
  return {
    version: h.get("X-Pack-Version") ?? "",
    builtAt: h.get("X-Pack-Built-At") ?? "",
    keptAt: h.get("X-Kept-At") ?? "",
    bytes: Number(h.get("X-Pack-Bytes") ?? 0),
  };
}

let unpacked: { version: string; pack: Promise<OfflinePack> } | null = null;

/** The kept pack, unpacked (once per page and version); null when none is kept. */
async function keptPack(): Promise<OfflinePack | null> {
  const info = await keptInfo();
  if (!info) return null;
  if (unpacked?.version !== info.version) {
    const pack = (async () => {
      const kept = await caches.match(PACK_KEY, { cacheName: DICTIONARY_CACHE });
      const text = await new Response(kept!.body!.pipeThrough(new DecompressionStream("gzip"))).text();
      return decodePack(text);
    })();
    unpacked = { version: info.version, pack };
    pack.catch(() => (unpacked = null));
  }
  return unpacked.pack;
}

/** A search of the kept copy, of one part-of-speech group when `pos` is one; null when none is kept. */
async function searchKept(query: string, pos: string | null): Promise<OfflineResult | null> {
  const pack = await keptPack();
  return pack ? searchPack(pack, query, undefined, pos ? (entry) => posGroup(entry.pos) === pos : undefined) : null;
}

async function askStatus(method: "GET" | "POST"): Promise<ServerStatus> {
  const response = await fetch("/offline-dictionary", method === "POST" ? { method, body: new URLSearchParams() } : {});
  if (!response.ok) throw new Error(`The site answered ${response.status}.`);
  return (await response.json()) as ServerStatus;
}

/** How long a learner waits for the server to build a pack, and how often the page asks. */
const BUILD_WAIT_MS = 120_000;
const ASK_EVERY_MS = 1_500;

/**
 * Keeps the current pack (asking the server to build it first when it has not yet) and the /k page. `wait` false:
 * only when the server has it ready now (the background update asks for it and tries again on a later visit).
 */
async function keepCurrent(wait: boolean): Promise<KeptInfo | null> {
  const until = Date.now() + BUILD_WAIT_MS;
  let status = await askStatus("POST");
  let response: Response;
  for (;;) {
    if (status.ready) {
      response = await fetch(status.url);
      if (response.ok) break;
      // 404: a newer pack replaced it meanwhile; any other answer is a failure.
      if (response.status !== 404) throw new Error(`The site answered ${response.status}.`);
    }
    if (!wait || Date.now() > until) return null;
    await new Promise((resolve) => setTimeout(resolve, ASK_EVERY_MS));
    // Asked again each time: a new lexicon version meanwhile is a new pack to build (the server asks the queue once).
    status = await askStatus("POST");
  }
  const bytes = await response.arrayBuffer();
  // The word list as anyone sees it (no account): what the page shows when it is opened with no connection.
  const page = await fetch("/k", { credentials: "omit" });
  const cache = await caches.open(DICTIONARY_CACHE);
  if (page.ok) await cache.put("/k", page);
  const info: KeptInfo = {
    version: status.version,
    builtAt: response.headers.get("X-Pack-Built-At") ?? "",
    keptAt: new Date().toISOString(),
    bytes: bytes.byteLength,
  };
  await cache.put(
    PACK_KEY,
    new Response(bytes, {
      headers: {
        "Content-Type": "application/gzip",
        "X-Pack-Bytes": String(info.bytes),
        "X-Pack-Version": info.version,
        "X-Pack-Built-At": info.builtAt,
        "X-Kept-At": info.keptAt,
      },
    }),
  );
  return info;
}

/** A newer pack when the lexicon has changed since the kept one (null: nothing newer, or not ready yet). */
async function updateKept(kept: KeptInfo): Promise<KeptInfo | null> {
  const status = await askStatus("GET");
  if (status.version === kept.version) return null;
  return keepCurrent(false);
}

async function removeKept(): Promise<void> {
  unpacked = null;
  await caches.delete(DICTIONARY_CACHE);
}

/** What the word list uses, loaded on demand (app/components/offline-dictionary.tsx). */
export const offlineStore = { keptInfo, keepCurrent, searchKept, updateKept, removeKept };

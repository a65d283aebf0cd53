/**
 * The offline dictionary (ADR 027): a gzipped pack of every word and the keys of its forms (app/core/offline-pack.ts),
 * one per lexicon version, kept in R2 under `offline/` (never served by /audio, which only reads `audio/`). Building
 * it runs the grammar engine over the whole lexicon, too long for a request at full scale, so a learner's browser asks
 * for it (a POST) and a queue job builds it (and removes the older ones); the browser asks again until it is there.
 */
import { newGrammarMemo } from "../core/grammar/memo";
import { lexiconVersion, listLexiconEntries } from "../../db/queries/lexemes";
import { PACK_FORMAT } from "../core/offline-pack";
import { packText } from "../core/offline-pack-build";
import type { Bindings } from "./bindings.server";
import { BoundedCache } from "./bounded-cache.server";
import { PACK_VERSION_RE, type JobMessage } from "./job-messages.server";

type PackBindings = Pick<Bindings, "db" | "audio" | "jobs">;

/** What the browser is told: the current version, and whether (and how big) its pack is there yet. */
export type PackStatus = { version: string; ready: boolean; bytes: number | null; rawBytes: number | null; builtAt: string | null; url: string };

/** The pack's version: its format and a digest of the lexicon version (URL-safe, short). */
export async function currentPackVersion(db: Bindings["db"]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(await lexiconVersion(db)));
  const hex = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${PACK_FORMAT}-${hex}`;
}

const keyOf = (version: string) => `offline/dictionary-${version}.gz`;
export const packUrl = (version: string) => `/offline-dictionary/${version}`;

export async function packStatus({ db, audio }: Pick<Bindings, "db" | "audio">): Promise<PackStatus> {
  const version = await currentPackVersion(db);
  const head = await audio.head(keyOf(version));
  const meta = head?.customMetadata ?? {};
  return {
    version,
    ready: head !== null,
    bytes: head?.size ?? null,
    rawBytes: meta.rawBytes ? Number(meta.rawBytes) : null,
    builtAt: meta.builtAt ?? null,
    url: packUrl(version),
  };
}

/** Versions this isolate already asked the queue to build (asking twice is harmless: the job checks R2 first). */
const asked = new BoundedCache<string, number>("offline dictionary builds asked for", { entries: 8 });
const ASK_AGAIN_MS = 60_000;

/** The status, after asking the queue to build the current pack when it is not there yet. */
export async function requestPack(bindings: PackBindings): Promise<PackStatus> {
  const status = await packStatus(bindings);
  const last = asked.get(status.version);
  if (!status.ready && (last === undefined || Date.now() - last > ASK_AGAIN_MS)) {
    asked.set(status.version, Date.now());
    const message: JobMessage = { version: 1, type: "offline-pack", packVersion: status.version };
    await bindings.jobs.send(message);
  }
  return status;
}

/** The queue job: builds and stores the pack of `version`, unless the lexicon has moved on or it is there already. */
export async function buildPack({ db, audio }: Pick<Bindings, "db" | "audio">, version: string): Promise<"built" | "stale" | "exists"> {
  if ((await currentPackVersion(db)) !== version) return "stale";
  if (await audio.head(keyOf(version))) return "exists";
  const rows = await listLexiconEntries(db);
  const builtAt = new Date().toISOString();
  const sources = rows.map((r) => ({ id: r.id, name: r.name, pos: r.pos, gloss: r.gloss, stem: r.stem }));
  const gzip = new CompressionStream("gzip");
  const compressed = new Response(gzip.readable).arrayBuffer();
  const writer = gzip.writable.getWriter();
  const encoder = new TextEncoder();
  let rawBytes = 0;
  // A memo of the job's own, gone with it: a consumer may share its isolate with pages, whose memos are theirs.
  for (const piece of packText(sources, version, builtAt, newGrammarMemo())) {
    const bytes = encoder.encode(piece);
    rawBytes += bytes.length;
    await writer.write(bytes);
  }
  await writer.close();
  const body = await compressed;
  await audio.put(keyOf(version), body, {
    httpMetadata: { contentType: "application/gzip" },
    customMetadata: { rawBytes: String(rawBytes), builtAt, entries: String(rows.length) },
  });
  // Older packs go: every editor's save is a new version, and browsers ask for the current one.
  const older = await audio.list({ prefix: "offline/dictionary-" });
  const stale = older.objects.map((o) => o.key).filter((key) => key !== keyOf(version));
  if (stale.length > 0) await audio.delete(stale);
  return "built";
}

/**
 * GET /offline-dictionary/{version}: the stored pack, gzip bytes as they are (the browser unpacks them itself and
 * keeps them packed). A version is never rebuilt differently, so it may be kept for a year.
 */
export async function servePack({ audio }: Pick<Bindings, "audio">, version: string): Promise<Response> {
  const notFound = () =>
    new Response("There is no offline dictionary of this version.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!PACK_VERSION_RE.test(version)) return notFound();
  const object = await audio.get(keyOf(version));
  if (!object) return notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Pack-Raw-Bytes": object.customMetadata?.rawBytes ?? "",
      "X-Pack-Built-At": object.customMetadata?.builtAt ?? "",
    },
  });
}

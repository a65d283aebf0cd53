/**
 * The offline dictionary pack (issue 40 item 3, ADR 027) in workerd: the browser asks for it (POST), the real local
 * queue builds it into R2, GET /offline-dictionary/{version} serves it gzipped and immutable, a new lexicon version is
 * a new pack (the older one then goes), and /audio never serves it.
 */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { decodePack, PACK_FORMAT, searchPack } from "../../app/core/offline-pack";
import type { PackStatus } from "../../app/services/offline-dictionary.server";
import { waitFor } from "../support/wait-for";

const worker = exports.default;
const get = (path: string) => worker.fetch(new Request(`http://localhost${path}`));
const status = async () => (await (await get("/offline-dictionary")).json()) as PackStatus;
const ask = () =>
  worker.fetch(new Request("http://localhost/offline-dictionary", { method: "POST", body: new URLSearchParams(), headers: { Origin: "http://localhost" } }));

async function insert(name: string, pos: string, gloss: string, stem: string | null) {
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem, corpus_count) VALUES (?, ?, ?, ?, ?, 0)")
    .bind(name, name.toLowerCase(), pos, gloss, stem)
    .run();
}

async function unpack(response: Response) {
  const stream = response.body!.pipeThrough(new DecompressionStream("gzip"));
  return decodePack(await new Response(stream).text());
}

test("the pack is built on request by the queue, served by version, and a new lexicon version is a new pack", async () => {
  // Words of the demo lexicon (db/seed/data/lexicon.tsv).
  await insert("waabmaa", "vta", "see smb.; good-bye", "waabam");
  await insert("jiimaan", "ni", "canoe, boat", "jiimaan");
  await insert("maajaa", "vai", "go away, leave", "maajaa");

  const before = await status();
  expect(before).toMatchObject({ ready: false, bytes: null, url: `/offline-dictionary/${before.version}` });
  expect(before.version).toMatch(new RegExp(`^${PACK_FORMAT}-[0-9a-f]{16}$`));
  expect((await get(before.url)).status).toBe(404);
  expect((await get("/offline-dictionary")).headers.get("cache-control")).toBe("no-store");

  // A GET changes nothing; a cross-site POST is refused; the site's own POST asks for the pack.
  expect((await status()).ready).toBe(false);
  const foreign = await worker.fetch(
    new Request("http://localhost/offline-dictionary", { method: "POST", body: new URLSearchParams(), headers: { Origin: "https://evil.example" } }),
  );
  expect(foreign.status).toBe(403);
  const asked = await ask();
  expect(asked.status).toBe(200);
  expect(await asked.json()).toMatchObject({ version: before.version });
  const ready = await waitFor(async () => ((await status()).ready ? status() : null), { timeoutMs: 20_000, message: "the pack was not built" });
  expect(ready.bytes).toBeGreaterThan(100);
  expect(ready.rawBytes).toBeGreaterThan(ready.bytes!);
  expect(Date.parse(ready.builtAt!)).not.toBeNaN();

  const served = await get(ready.url);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("application/gzip");
  expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(Number(served.headers.get("content-length"))).toBe(ready.bytes);
  const pack = await unpack(served);
  expect(pack.version).toBe(ready.version);
  expect(pack.entries.map((e) => e.name).sort()).toEqual(["jiimaan", "maajaa", "waabmaa"]);
  expect(searchPack(pack, "nwaabmaa").hits[0]).toMatchObject({
    entry: { name: "waabmaa", pos: "vta", gloss: "see smb.; good-bye" },
    match: "form",
    cells: ["Independent: I → s/he"],
  });
  expect(searchPack(pack, "Gwaabmin").hits[0]).toMatchObject({ entry: { name: "waabmaa" }, cells: ["Independent: I → you (sg)"] });

  // The audio route reads only audio/ keys: the pack is not there.
  expect((await get(`/audio/dictionary-${ready.version}.gz`)).status).toBe(404);
  expect((await get("/offline-dictionary/..%2Foffline%2Fx")).status).toBe(404);

  // An editor's new word: a new version, not built until asked; the old one is still served to whoever has its address.
  await insert("nimosh", "na", "dog", null);
  const next = await status();
  expect(next.version).not.toBe(ready.version);
  expect(next.ready).toBe(false);
  expect((await get(ready.url)).status).toBe(200);
  await ask();
  const rebuilt = await waitFor(async () => ((await status()).ready ? status() : null), { timeoutMs: 20_000, message: "the new pack was not built" });
  expect(rebuilt.version).toBe(next.version);
  const newer = await unpack(await get(rebuilt.url));
  // The older pack is removed once the new one is there.
  expect((await get(ready.url)).status).toBe(404);
  expect(searchPack(newer, "dog").hits[0]).toMatchObject({ entry: { name: "nimosh" }, match: "english" });
});

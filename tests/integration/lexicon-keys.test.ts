/**
 * The stored search keys in workerd with real local D1 (ADR 026 and 026a): a word an admin imports in the browser is found by
 * search within 10 s through its stored keys; a lexeme written without its keys (a raw write, a write that races the
 * indexer) is never missed, as requests read the lexicon whole while any mark is pending; a failed key write leaves
 * nothing half written.
 */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createDb } from "../../db/client";
import { pendingLexemes, writeKeys } from "../../db/queries/lexicon-keys";
import { indexForSearch, indexPendingLexemes } from "../../app/services/lexicon.server";
import { searchWords } from "../../app/core/word-search";
import { decodeTailEndings, tailsByEnding } from "../../app/core/grammar/projection";
import { verbTails } from "../../app/core/grammar/tail-endings";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { waitFor } from "../support/wait-for";

const worker = exports.default;
const db = createDb(env.DB);
const source = { db, config: { environment: "test" as const } };

const newTag = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => "bdgkmnsz"[b % 8]).join("");
const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const pending = () => count("SELECT count(*) AS n FROM lexeme_keys_pending");

async function searchApi(q: string) {
  const response = await worker.fetch(new Request(`http://localhost/api/search?q=${encodeURIComponent(q)}`));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Array<{ id: number; name: string }> }).data;
}

/** Whether the entries a query's keys find are read from the stored keys (no mark pending) and include `name`. */
async function storedFinds(q: string, name: string) {
  const found = await env.DB.prepare("SELECT EXISTS (SELECT 1 FROM lexeme_keys_pending) AS pending").first<{ pending: number }>();
  return !found!.pending && searchWords(await indexForSearch(source, q), q).hits.some((h) => h.entry.name === name);
}

test("an admin's new word is found by search within 10 s, through its stored keys", async () => {
  await indexPendingLexemes(db);
  const tag = newTag();
  const admin = await insertUser(env, { role: "admin" });
  const cookie = await sessionCookieHeader(env, admin);
  const body = new FormData();
  body.append("intent", "apply");
  body.append("file", new Blob([`headword\tpos\tgloss\n${tag}aa\tvai\ts/he ${tag}s quietly\n`], { type: "text/tab-separated-values" }), `${tag}.tsv`);
  const started = Date.now();
  const applied = await worker.fetch(
    new Request("http://localhost/admin/import", { method: "POST", body, headers: { Origin: "http://localhost", Cookie: cookie }, redirect: "manual" }),
  );
  expect(applied.status).toBe(302);
  await waitFor(async () => (await searchApi(`${tag}aa`)).some((w) => w.name === `${tag}aa`), { timeoutMs: 10_000, message: "the new word is not found" });
  expect(Date.now() - started).toBeLessThan(10_000);
  // Found through the stored keys: none pending, the word's keys written (its English word and headword among them).
  expect(await pending()).toBe(0);
  const id = (await env.DB.prepare("SELECT id FROM lexemes WHERE name = ?").bind(`${tag}aa`).first<{ id: number }>())!.id;
  expect(await count("SELECT count(*) AS n FROM lexeme_keys WHERE lexeme_id = ? AND ((kind = 'g' AND key = ?) OR kind = 'h')", id, `${tag}s`)).toBe(2);
  expect(await storedFinds(`${tag}s`, `${tag}aa`)).toBe(true);
});

test("a lexeme written without its keys is still found; keys read before a later write settle nothing", async () => {
  await indexPendingLexemes(db);
  const tag = newTag();
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'ni', ?) RETURNING id")
    .bind(`${tag}an`, `${tag}an`, `a ${tag}first thing`)
    .first<{ id: number }>();
  // The trigger marked it: requests read the lexicon whole, and find it.
  expect(await pending()).toBe(1);
  expect((await searchApi(`${tag}first`)).map((w) => w.id)).toContain(row!.id);

  // The indexer reads the row, an edit lands before its keys do: the keys written are the old gloss's, and the mark stays.
  const read = await pendingLexemes(db, 10);
  // (As every writer does, the edit sets updated_at: the whole lexicon's version moves on.)
  await env.DB.prepare("UPDATE lexemes SET gloss = ?, updated_at = ? WHERE id = ?")
    .bind(`a ${tag}second thing`, Date.now() + 1, row!.id)
    .run();
  const { indexRows } = await import("../../app/core/lexicon-keys");
  const { newWholeCaches } = await import("../../app/core/grammar/whole-narrowing");
  const { newGrammarMemo } = await import("../../app/core/grammar/memo");
  await writeKeys(db, indexRows(read, newWholeCaches(newGrammarMemo())), read);
  expect(await pending()).toBe(1);
  expect((await searchApi(`${tag}second`)).map((w) => w.id)).toContain(row!.id);
  expect(await searchApi(`${tag}first`)).toEqual([]);

  // Indexed again: the stored keys answer, with the new gloss only.
  expect(await indexPendingLexemes(db)).toBe(1);
  expect(await storedFinds(`${tag}second`, `${tag}an`)).toBe(true);
  expect(await storedFinds(`${tag}first`, `${tag}an`)).toBe(false);
});

test("a key write that fails writes nothing: the keys, the list places and the marks go together", async () => {
  await indexPendingLexemes(db);
  const tag = newTag();
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'na', ?)").bind(`${tag}ag`, `${tag}ag`, `a ${tag} animal`).run();
  const read = await pendingLexemes(db, 10);
  expect(read).toHaveLength(1);
  const { indexRows } = await import("../../app/core/lexicon-keys");
  const { newWholeCaches } = await import("../../app/core/grammar/whole-narrowing");
  const { newGrammarMemo } = await import("../../app/core/grammar/memo");
  const rows = indexRows(read, newWholeCaches(newGrammarMemo()));
  // A list place without its sort key breaks the batch's last insert (NOT NULL): the batch is one transaction.
  const broken = { ...rows, order: rows.order.map(([id, , letter, group]) => [id, null, letter, group]) } as unknown as typeof rows;
  await expect(writeKeys(db, broken, read)).rejects.toThrow();
  expect(await count("SELECT count(*) AS n FROM lexeme_keys WHERE lexeme_id = ?", read[0]!.id)).toBe(0);
  expect(await pending()).toBe(1);
  expect((await searchApi(`${tag}`)).map((w) => w.name)).toContain(`${tag}ag`);
  await indexPendingLexemes(db);
  expect(await storedFinds(tag, `${tag}ag`)).toBe(true);
});

test("a removed lexeme takes its keys and its place in the word list with it", async () => {
  const tag = newTag();
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', ?) RETURNING id")
    .bind(`${tag}i`, `${tag}i`, `s/he ${tag}s`)
    .first<{ id: number }>();
  await indexPendingLexemes(db);
  expect(await count("SELECT count(*) AS n FROM lexeme_order WHERE lexeme_id = ?", row!.id)).toBe(1);
  await env.DB.prepare("DELETE FROM lexemes WHERE id = ?").bind(row!.id).run();
  expect(await count("SELECT count(*) AS n FROM lexeme_keys WHERE lexeme_id = ?", row!.id)).toBe(0);
  expect(await count("SELECT count(*) AS n FROM lexeme_order WHERE lexeme_id = ?", row!.id)).toBe(0);
  expect(await pending()).toBe(0);
});

test("a query of many English words and spellings reads its entries in one batch", async () => {
  const tag = newTag();
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', ?)")
    .bind(`${tag}e`, `${tag}e`, `s/he ${tag}s the big red house quickly`)
    .run();
  await indexPendingLexemes(db);
  const q = `the ${tag}s big, red house? quickly! ${tag} big s/he`;
  expect(await storedFinds(q, `${tag}e`)).toBe(true);
  expect(await storedFinds(`${tag} green`, `${tag}e`)).toBe(false);
  expect((await searchApi(q)).map((w) => w.name)).toContain(`${tag}e`);
});

test("verbs' keys carry the analysers' notes and tail projections, and a search by form reads them (ADR 030)", async () => {
  const id = async (name: string, pos: string, gloss: string, stem: string) =>
    (await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, ?, ?, ?) RETURNING id")
      .bind(name, name, pos, gloss, stem)
      .first<{ id: number }>())!.id;
  // As the demo lexicon has them (db/seed/data/lexicon.tsv).
  const maajaa = await id("maajaa", "vai", "go away, leave", "maajaa");
  const ggwejmaa = await id("ggwejmaa", "vta", "ask smb.", "gagwejim");
  await indexPendingLexemes(db);
  // maajaa (a stem the join cannot split) is found by its cells' projections, each noted with its cells.
  expect(await count("SELECT count(*) AS n FROM lexeme_keys WHERE lexeme_id = ? AND kind = 'v'", maajaa)).toBe(0);
  expect(await count("SELECT count(*) AS n FROM lexeme_keys WHERE lexeme_id = ? AND kind = 'x' AND cells IS NULL", maajaa)).toBe(0);
  expect(await count("SELECT count(*) AS n FROM lexeme_keys WHERE lexeme_id = ? AND kind = 'x'", maajaa)).toBeGreaterThan(50);
  // ggwejmaa is found by its stem key, noted as joining every ending.
  const v = await env.DB.prepare("SELECT cells FROM lexeme_keys WHERE lexeme_id = ? AND kind = 'v'").bind(ggwejmaa).all<{ cells: string }>();
  expect(v.results).toEqual([{ cells: "joined" }]);
  // Its tail texts' projections are stored, read back as the engine works them out.
  const tails = verbTails({ name: "ggwejmaa", pos: "vta", gloss: "", stem: "gagwejim" });
  expect(tails.length).toBeGreaterThan(0);
  for (const t of tails) {
    const row = await env.DB.prepare("SELECT data FROM tail_endings WHERE id = ?").bind(t.id).first<{ data: string }>();
    const fresh = tailsByEnding(t.cls, t.stem, t.tailText);
    const stored = decodeTailEndings(row!.data);
    expect(stored.size).toBeGreaterThan(100);
    for (const [ending, projections] of stored) expect(projections, `${t.id} ${ending}`).toEqual(fresh(ending));
  }
  // Whole-verb forms of both read through the stored keys and their notes.
  for (const [q, name] of [
    ["ngii-maajaa", "maajaa"],
    ["gaa-maajaad", "maajaa"],
    ["ngii-ggwejmaa", "ggwejmaa"],
    ["ggwejmaapan", "ggwejmaa"],
  ] as const) {
    expect(await storedFinds(q, name), q).toBe(true);
    expect(
      (await searchApi(q)).map((w) => w.name),
      q,
    ).toContain(name);
  }
});

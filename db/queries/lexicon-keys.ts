/**
 * The lexicon's stored search keys (ADR 026 and 026a, migration 0013): writing a lexeme's keys, its place in the word list and
 * its verbs' tail rows (one D1 batch per call, with the pending marks they settle), and reading what a request needs:
 * the lexemes some keys find, the tail rows of some verbs, a page of the word list. Statements take their rows as one
 * JSON parameter per chunk (`json_each`); the import command writes the same statements with the JSON inlined
 * (`inlineJson`).
 */
import type { Db } from "../client";
import type { IndexRows, QueryKeys, EntryKey } from "../../app/core/lexicon-keys";
import { CURRENT_SQL, STALE_SQL } from "./search-data";

const CHUNK = 1_000;
/**
 * Tail texts per statement, by their length: each is some kilobytes, and a statement inlined by the import command
 * must stay under SQLite's statement length (D1: 100,000 bytes).
 */
const TAIL_CHARS = 50_000;
function chunksByLength(rows: ReadonlyArray<[string, string]>): Array<Array<[string, string]>> {
  const out: Array<Array<[string, string]>> = [];
  let size = Infinity;
  for (const row of rows) {
    const length = row[0].length + row[1].length * 1.2;
    if (size + length > TAIL_CHARS) {
      out.push([]);
      size = 0;
    }
    out[out.length - 1]!.push(row);
    size += length;
  }
  return out;
}
const chunks = <T>(rows: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

/** Pending lexemes with what their keys are made from, and the write count each was read at. */
export const PENDING_SQL = `SELECT l.id, l.name, l.pos, l.gloss, l.stem, p.n FROM lexeme_keys_pending AS p
  JOIN lexemes AS l ON l.id = p.lexeme_id ORDER BY p.lexeme_id LIMIT ?1`;
export type PendingRow = { id: number; name: string; pos: string; gloss: string; stem: string | null; n: number };

const DELETE_KEYS = `DELETE FROM lexeme_keys WHERE lexeme_id IN (SELECT value FROM json_each(?1))`;
const INSERT_KEYS = `INSERT OR IGNORE INTO lexeme_keys (kind, key, lexeme_id, cells)
  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?1)`;
const UPSERT_ORDER = `INSERT OR REPLACE INTO lexeme_order (lexeme_id, sort_key, letter, pos_group)
  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?1)`;
/**
 * A tail text's projections (app/core/grammar/tail-endings.ts): the same for every writer of one version of the
 * search data, so the first row stays; a new version drops them all first (db/queries/search-data.ts).
 */
const INSERT_TAILS = `INSERT OR IGNORE INTO tail_endings (id, data)
  SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1)`;
/**
 * Settles the marks read (a lexeme written again since keeps its mark: `n` moved on), only while the stored search
 * data is this code's version (keys written by an older deploy's isolate settle nothing).
 */
const SETTLE = `DELETE FROM lexeme_keys_pending WHERE ${CURRENT_SQL} AND EXISTS (SELECT 1 FROM json_each(?1) AS j
  WHERE json_extract(j.value, '$[0]') = lexeme_keys_pending.lexeme_id AND json_extract(j.value, '$[1]') = lexeme_keys_pending.n)`;

/** The statements (SQL with ?1, JSON) that write some lexemes' rows and settle their marks, in this order. */
export function keyWrites(rows: IndexRows, settled: ReadonlyArray<{ id: number; n: number }>): Array<[string, string]> {
  const ids = settled.map((r) => r.id);
  return [
    ...chunks(ids, 5_000).map((c): [string, string] => [DELETE_KEYS, JSON.stringify(c)]),
    ...chunks(rows.keys).map((c): [string, string] => [INSERT_KEYS, JSON.stringify(c)]),
    ...chunks(rows.order).map((c): [string, string] => [UPSERT_ORDER, JSON.stringify(c)]),
    ...chunksByLength(rows.tails).map((c): [string, string] => [INSERT_TAILS, JSON.stringify(c)]),
    ...chunks(
      settled.map((r) => [r.id, r.n]),
      5_000,
    ).map((c): [string, string] => [SETTLE, JSON.stringify(c)]),
  ];
}

/** A statement of `keyWrites` as plain SQL text (the import command's file). */
export const inlineJson = ([statement, json]: [string, string]) => statement.replace("?1", `'${json.replace(/'/g, "''")}'`);

const d1Of = (db: Db) => db.$client as D1Database;

export async function pendingLexemes(db: Db, limit: number): Promise<PendingRow[]> {
  return (await d1Of(db).prepare(PENDING_SQL).bind(limit).all<PendingRow>()).results;
}

/** How many lexemes are waiting for their keys. */
export async function pendingCount(db: Db): Promise<number> {
  return (await d1Of(db).prepare(`SELECT count(*) AS n FROM lexeme_keys_pending`).first<{ n: number }>())?.n ?? 0;
}

/** Writes some lexemes' rows and settles their marks in one batch (a transaction: no request sees half of it). */
export async function writeKeys(db: Db, rows: IndexRows, settled: ReadonlyArray<{ id: number; n: number }>): Promise<void> {
  const d1 = d1Of(db);
  const statements = keyWrites(rows, settled).map(([s, json]) => d1.prepare(s).bind(json));
  if (statements.length) await d1.batch(statements);
}

/** A lexeme row as search reads it. */
export type EntryRow = { id: number; name: string; pos: string; gloss: string; stem: string | null; corpus_count: number; audio_key: string | null };

const ENTRY_COLUMNS = `l.id, l.name, l.pos, l.gloss, l.stem, l.corpus_count, a.key AS audio_key`;
const MAX = "char(1114111)";

/** A verb's `x` or `v` key a request found, with the analysers' note stored with it (app/core/grammar/cell-hints.ts). */
export type CellRow = { id: number; kind: string; key: string; cells: string | null };

/**
 * The lexemes some keys find (exact keys, a headword prefix, English words every one of which a gloss has), in id
 * order, the verb keys found with the analysers' notes, and whether the keys cannot be read as current (a mark pending,
 * or keys of another version: then the caller reads the lexicon whole), in one round trip. With `vocabulary`, also which of those words some gloss has (`unknown` English:
 * phrase-search.ts).
 */
export async function entriesByKeys(
  db: Db,
  keys: QueryKeys,
  vocabulary: readonly string[] = [],
): Promise<{ pending: boolean; rows: EntryRow[]; known: string[]; cells: CellRow[] }> {
  const d1 = d1Of(db);
  const exact = JSON.stringify(keys.exact.map((k: EntryKey) => [k.kind, k.key]));
  // No compound SELECT beyond two terms (D1 allows few): exact keys and the prefix in one, the English words in another.
  // CROSS JOIN keeps the query's keys the outer loop (SQLite would otherwise scan a kind's rows for each of them).
  const byKeys = `WITH ids AS (
      SELECT k.lexeme_id AS id FROM json_each(?1) AS j CROSS JOIN lexeme_keys AS k ON k.kind = json_extract(j.value, '$[0]') AND k.key = json_extract(j.value, '$[1]')
      UNION SELECT lexeme_id FROM lexeme_keys WHERE ?2 IS NOT NULL AND kind = 'h' AND key BETWEEN ?2 AND ?2 || ${MAX})
    SELECT ${ENTRY_COLUMNS} FROM ids JOIN lexemes AS l ON l.id = ids.id LEFT JOIN audio_objects AS a ON a.id = l.audio_id`;
  // Every English word (each a key range: the word alone, or every key starting with it) has a row of the entry.
  const words = [...new Map(keys.english.map(({ word, prefix }) => [word, [word, prefix ? `${word}\u{10FFFF}` : word]])).values()];
  const byEnglish = `WITH hits AS (
      SELECT DISTINCT json_extract(j.value, '$[0]') AS word, k.lexeme_id AS id FROM json_each(?1) AS j
      CROSS JOIN lexeme_keys AS k ON k.kind = 'g' AND k.key BETWEEN json_extract(j.value, '$[0]') AND json_extract(j.value, '$[1]')),
    ids AS (SELECT id FROM hits GROUP BY id HAVING count(*) = ?2)
    SELECT ${ENTRY_COLUMNS} FROM ids JOIN lexemes AS l ON l.id = ids.id LEFT JOIN audio_objects AS a ON a.id = l.audio_id`;
  const [pending, found, english, known, cells] = await d1.batch<Record<string, unknown>>([
    d1.prepare(STALE_SQL),
    d1.prepare(byKeys).bind(exact, keys.prefix),
    d1.prepare(byEnglish).bind(JSON.stringify(words), words.length),
    d1.prepare(`SELECT DISTINCT key FROM lexeme_keys WHERE kind = 'g' AND key IN (SELECT value FROM json_each(?1))`).bind(JSON.stringify(vocabulary)),
    d1
      .prepare(
        `SELECT k.lexeme_id AS id, k.kind, k.key, k.cells FROM json_each(?1) AS j
      CROSS JOIN lexeme_keys AS k ON k.kind = json_extract(j.value, '$[0]') AND k.key = json_extract(j.value, '$[1]') WHERE k.cells IS NOT NULL`,
      )
      .bind(JSON.stringify(keys.exact.filter((k) => k.kind === "x" || k.kind === "v").map((k) => [k.kind, k.key]))),
  ]);
  const rows = new Map<number, EntryRow>();
  for (const row of [...(found!.results as EntryRow[]), ...(english!.results as EntryRow[])]) rows.set(row.id, row);
  return {
    pending: !!pending!.results[0]?.pending,
    rows: [...rows.values()].sort((a, b) => a.id - b.id),
    known: (known!.results as Array<{ key: string }>).map((r) => r.key),
    cells: cells!.results as CellRow[],
  };
}

/** The stored tail projections of some tail texts (app/core/grammar/tail-endings.ts), by id. */
export async function tailEndingsByIds(db: Db, ids: readonly string[]): Promise<Array<{ id: string; data: string }>> {
  const found = await d1Of(db)
    .prepare(`SELECT id, data FROM tail_endings WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<{ id: string; data: string }>();
  return found.results;
}

/** One page of the word list (/k) in the stored order, the number of words per letter, and whether it is stale (as above). */
export async function wordListPage(db: Db, filter: { letter: string | null; group: string | null }, offset: number, size: number) {
  const d1 = d1Of(db);
  const [pending, counts, page] = await d1.batch<Record<string, unknown>>([
    d1.prepare(STALE_SQL),
    d1.prepare(`SELECT letter, count(*) AS n FROM lexeme_order WHERE ?1 IS NULL OR pos_group = ?1 GROUP BY letter`).bind(filter.group),
    d1
      .prepare(
        `SELECT ${ENTRY_COLUMNS} FROM lexeme_order AS o JOIN lexemes AS l ON l.id = o.lexeme_id LEFT JOIN audio_objects AS a ON a.id = l.audio_id
      WHERE (?1 IS NULL OR o.pos_group = ?1) AND (?2 IS NULL OR o.letter = ?2) ORDER BY o.sort_key, l.pos, l.id LIMIT ?3 OFFSET ?4`,
      )
      .bind(filter.group, filter.letter, size, offset),
  ]);
  return {
    pending: !!pending!.results[0]?.pending,
    counts: counts!.results as Array<{ letter: string; n: number }>,
    rows: page!.results as EntryRow[],
  };
}

/**
 * The version of the stored search data (ADR 034, migration 0018): one row says which version of the engine and key
 * format (app/core/search-data-version.ts) made the keys and tail rows. Readers take the keys only when that row is
 * the code's version and no lexeme is pending; writers settle a lexeme's mark only under the code's version, so an
 * isolate of an older deploy never passes its keys off as the new engine's.
 */
import type { Db } from "../client";
import { SEARCH_DATA_VERSION } from "../../app/core/search-data-version";

const d1Of = (db: Db) => db.$client as D1Database;

/** True while the stored search data is the code's version (a condition of one SQL statement, no parameter). */
export const CURRENT_SQL = `EXISTS (SELECT 1 FROM search_data WHERE id = 1 AND version = ${SEARCH_DATA_VERSION})`;

/** 1 while requests must read the lexicon whole: a mark is pending, or the stored data is of another version. */
export const STALE_SQL = `SELECT EXISTS (SELECT 1 FROM lexeme_keys_pending) OR NOT ${CURRENT_SQL} AS pending`;

/**
 * The statements that move the stored search data to the code's version when it is older (never back: an isolate of
 * an older deploy leaves it alone): every lexeme marked pending, the tail rows dropped, the version and its time set.
 * Plain SQL (the import command inlines them into its file); in one batch, so no request sees half of it.
 */
export function rederiveStatements(now: number): string[] {
  if (!Number.isSafeInteger(now)) throw new Error("rederiveStatements: now must be a time in ms");
  const behind = `EXISTS (SELECT 1 FROM search_data WHERE id = 1 AND version < ${SEARCH_DATA_VERSION})`;
  return [
    `INSERT INTO lexeme_keys_pending (lexeme_id) SELECT id FROM lexemes WHERE ${behind}
      ON CONFLICT(lexeme_id) DO UPDATE SET n = n + 1`,
    `DELETE FROM tail_endings WHERE ${behind}`,
    `UPDATE search_data SET version = ${SEARCH_DATA_VERSION}, rederived_at = ${now} WHERE id = 1 AND version < ${SEARCH_DATA_VERSION}`,
  ];
}

/** Moves the stored search data to the code's version when it is older (one row read when it is not); true when it did. */
export async function bringSearchDataCurrent(db: Db, now = Date.now()): Promise<boolean> {
  const d1 = d1Of(db);
  const stored = await d1.prepare(`SELECT version FROM search_data WHERE id = 1`).first<{ version: number }>();
  if (stored && stored.version >= SEARCH_DATA_VERSION) return false;
  if (!stored) await d1.prepare(`INSERT OR IGNORE INTO search_data (id, version) VALUES (1, 0)`).run();
  const results = await d1.batch(rederiveStatements(now).map((s) => d1.prepare(s)));
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/** Notes when pending keys were last written (the admin page shows it). */
export const noteIndexedSql = (now: number) => `UPDATE search_data SET indexed_at = ${Math.trunc(now)} WHERE id = 1`;

export async function noteIndexed(db: Db, now = Date.now()): Promise<void> {
  await d1Of(db).prepare(noteIndexedSql(now)).run();
}

export type SearchDataState = { version: number | null; codeVersion: number; pending: number; rederivedAt: number | null; indexedAt: number | null };

/** What the admin page shows of the stored search data. */
export async function searchDataState(db: Db): Promise<SearchDataState> {
  const row = await d1Of(db)
    .prepare(
      `SELECT (SELECT version FROM search_data WHERE id = 1) AS version, (SELECT count(*) FROM lexeme_keys_pending) AS pending,
      (SELECT rederived_at FROM search_data WHERE id = 1) AS rederivedAt, (SELECT indexed_at FROM search_data WHERE id = 1) AS indexedAt`,
    )
    .first<{ version: number | null; pending: number; rederivedAt: number | null; indexedAt: number | null }>();
  return {
    version: row?.version ?? null,
    codeVersion: SEARCH_DATA_VERSION,
    pending: row?.pending ?? 0,
    rederivedAt: row?.rederivedAt ?? null,
    indexedAt: row?.indexedAt ?? null,
  };
}

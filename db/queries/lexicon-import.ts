/**
 * The admins' imports in the browser (issue 38, /admin/import): the rows a plan is compared with, and the writes of
 * one batch of a plan. A plan (app/core/import/, shared with `npm run import`) holds only what differs, so a batch
 * planned again after it was written writes nothing. The writes are statements for the caller's one D1 batch (a
 * transaction, with the batch's mark: ./import-jobs.ts): rows go in as one JSON parameter per chunk (`json_each`),
 * so a batch of hundreds of entries is a handful of statements.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import type { ExistingLexeme, LexemeValues, LexiconPlan } from "../../app/core/import/plan";

export async function existingLexemes(db: Db): Promise<ExistingLexeme[]> {
  return db.all<ExistingLexeme>(sql`SELECT id, name, pos, gloss, stem, search_key, source, corpus_count FROM lexemes`);
}

/** The rows with these headwords and parts of speech (one JSON parameter, however many keys). */
export async function lexemesByKeys(db: Db, keys: ReadonlyArray<{ name: string; pos: string }>): Promise<ExistingLexeme[]> {
  if (keys.length === 0) return [];
  const json = JSON.stringify(keys.map((k) => [k.name, k.pos]));
  return db.all<ExistingLexeme>(sql`
    SELECT l.id, l.name, l.pos, l.gloss, l.stem, l.search_key, l.source, l.corpus_count
    FROM json_each(${json}) AS k
    JOIN lexemes AS l ON l.name = json_extract(k.value, '$[0]') AND l.pos = json_extract(k.value, '$[1]')`);
}

/** Rows per statement: the JSON parameter stays well under D1's statement and parameter sizes. */
const ROWS_PER_STATEMENT = 100;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) out.push(list.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

const field = (name: string) => `json_extract(j.value, '$.${name}')`;
/** A column the file may not have: kept as it is when the row's JSON lacks the key (json_type is then NULL). */
const optional = (column: string, name: string) =>
  `CASE WHEN json_type(j.value, '$.${name}') IS NULL THEN lexemes.${column} ELSE json_extract(j.value, '$.${name}') END`;

const INSERT_ADDED = `
  INSERT INTO lexemes (name, pos, search_key, gloss, source, stem, corpus_count, updated_at)
  SELECT ${field("name")}, ${field("pos")}, ${field("search_key")}, ${field("gloss")}, ${field("source")},
         ${field("stem")}, coalesce(${field("corpus_count")}, 0), ?1
  FROM json_each(?2) AS j WHERE true
  ON CONFLICT (name, pos) DO NOTHING`;
const UPDATE_CHANGED = `
  UPDATE lexemes SET search_key = ${field("search_key")}, gloss = ${field("gloss")}, source = ${field("source")},
    stem = ${optional("stem", "stem")}, corpus_count = ${optional("corpus_count", "corpus_count")}, updated_at = ?1
  FROM json_each(?2) AS j
  WHERE lexemes.id = ${field("id")}`;
const UPDATE_STEMS = `
  UPDATE lexemes SET stem = ${field("stem")}, updated_at = ?1
  FROM json_each(?2) AS j
  WHERE lexemes.id = ${field("id")}`;

const d1Of = (db: Db) => db.$client as D1Database;

/**
 * The statements that write a lexicon plan (added rows, then changed ones); none for an empty plan. Plain D1
 * statements: Drizzle's batch takes no raw SQL, and the caller's batch adds its own (./import-jobs.ts).
 * `WHERE true`: SQLite's upsert after a SELECT needs it to read ON CONFLICT as the upsert's.
 */
export function lexiconPlanWrites(db: Db, plan: LexiconPlan, now: number): D1PreparedStatement[] {
  const d1 = d1Of(db);
  return [
    ...chunks<LexemeValues>(plan.added).map((rows) => d1.prepare(INSERT_ADDED).bind(now, JSON.stringify(rows))),
    ...chunks(plan.changed.map((c) => ({ ...c.values, id: c.id }))).map((rows) => d1.prepare(UPDATE_CHANGED).bind(now, JSON.stringify(rows))),
  ];
}

/** The statements that set the stems of a stems plan. */
export function stemsPlanWrites(db: Db, updates: ReadonlyArray<{ id: number; stem: string }>, now: number): D1PreparedStatement[] {
  const d1 = d1Of(db);
  return chunks(updates.map(({ id, stem }) => ({ id, stem }))).map((rows) => d1.prepare(UPDATE_STEMS).bind(now, JSON.stringify(rows)));
}

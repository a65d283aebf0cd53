/**
 * The stored rank of the editor's forms (issue #8, ADR 012): plain SQL strings, so the Worker (through Drizzle's
 * `sql.raw`) and the Node import/seed scripts (through `wrangler d1 execute`) run the very same statements.
 * Triggers on `forms` (migration 0002) set `form_rank_state.dirty` when rows or counts change.
 */

/** Every form's position by count desc, id desc (1 = most frequent); rewrites only rows whose rank moved. */
export const RERANK_FORMS_SQL =
  "UPDATE forms SET rank = r.rk FROM (SELECT id, row_number() OVER (ORDER BY count DESC, id DESC) AS rk FROM forms) AS r " +
  "WHERE forms.id = r.id AND forms.rank IS NOT r.rk";

/** Marks the ranks current. Run in the same transaction as RERANK_FORMS_SQL. */
export const CLEAN_FORM_RANKS_SQL = "INSERT INTO form_rank_state (id, dirty) VALUES (1, 0) ON CONFLICT(id) DO UPDATE SET dirty = 0";

/** 1 when the ranks must be recomputed (also when the state row is missing). */
export const FORM_RANKS_DIRTY_SQL = "SELECT coalesce((SELECT dirty FROM form_rank_state WHERE id = 1), 1) AS dirty";

/** Word uses (issue 38): views of a word's page and search hits, added in batches. Database first. */
import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** What one batch adds per lexeme: [lexeme id, views, searches]. */
export type UseRow = [lexemeId: number, views: number, searches: number];

/**
 * Adds a batch of counts in one statement (one bound parameter: the rows as JSON). Ids that name no lexeme (a
 * visitor typed /k/999999) are dropped by the join.
 */
export async function addWordUses(db: Db, rows: UseRow[]) {
  if (rows.length === 0) return;
  await db.run(sql`
    INSERT INTO lexeme_uses (lexeme_id, views, searches)
    SELECT l.id, CAST(j.value ->> '$[1]' AS INTEGER), CAST(j.value ->> '$[2]' AS INTEGER)
    FROM json_each(${JSON.stringify(rows)}) AS j
    JOIN lexemes AS l ON l.id = CAST(j.value ->> '$[0]' AS INTEGER)
    WHERE true
    ON CONFLICT (lexeme_id) DO UPDATE SET
      views = lexeme_uses.views + excluded.views,
      searches = lexeme_uses.searches + excluded.searches`);
}

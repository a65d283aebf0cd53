import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * The content version of the site: every editor change writes an `edit_log` row (ADR 010), and the daily job picks
 * a Word of the Day (/wotd, the home page): the newest edit's id plus the number of picks grows whenever what a
 * public page shows may have changed. Two indexed reads (the primary key's maximum; a count of a one-row-a-day table).
 */
export async function contentVersion(db: Db): Promise<number> {
  const row = await db.get<{ v: number }>(sql`SELECT (SELECT coalesce(max(id), 0) FROM edit_log) + (SELECT count(*) FROM wotd_picks) AS v`);
  return row?.v ?? 0;
}

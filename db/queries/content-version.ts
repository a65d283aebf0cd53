import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * The content version of the site: every editor change writes an `edit_log` row (ADR 010), so the newest row's
 * id changes whenever what a public page shows may have changed. One indexed read (the primary key's maximum).
 */
export async function contentVersion(db: Db): Promise<number> {
  const row = await db.get<{ v: number }>(sql`SELECT coalesce(max(id), 0) AS v FROM edit_log`);
  return row?.v ?? 0;
}

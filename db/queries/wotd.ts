import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { wotdPicks } from "../schema";

/**
 * Picks (or returns the already stored) word for `day` (YYYY-MM-DD, UTC).
 * Deterministic per date: the candidates are the lexemes used least often so far
 * (so no word repeats until every word has been used), never the previous day's
 * word when there is another choice; the date picks one of them.
 */
export async function pickWordOfTheDay(db: Db, day: string) {
  const existing = await db.select().from(wotdPicks).where(eq(wotdPicks.day, day)).get();
  if (existing) return existing;

  const previousDay = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const candidates = sql`
    WITH uses AS (
      SELECT l.id, (SELECT count(*) FROM wotd_picks p WHERE p.lexeme_id = l.id) AS n
      FROM lexemes l
    ),
    least AS (SELECT id FROM uses WHERE n = (SELECT min(n) FROM uses)),
    fresh AS (
      SELECT id FROM least
      WHERE id IS NOT (SELECT lexeme_id FROM wotd_picks WHERE day = ${previousDay})
         OR (SELECT count(*) FROM least) = 1
    )`;
  const total = await db.get<{ n: number }>(sql`${candidates} SELECT count(*) AS n FROM fresh`);
  if (!total || total.n === 0) return null;
  const offset = dayNumber(day) % total.n;
  const lexeme = await db.get<{ id: number }>(
    sql`${candidates} SELECT id FROM fresh ORDER BY id LIMIT 1 OFFSET ${offset}`,
  );
  if (!lexeme) return null;
  await db.insert(wotdPicks).values({ day, lexemeId: lexeme.id }).onConflictDoNothing();
  return (await db.select().from(wotdPicks).where(eq(wotdPicks.day, day)).get()) ?? null;
}

function dayNumber(day: string) {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * The previous window's count weighted by how much of it still overlaps a sliding window ending now: the usual
 * sliding-window estimate over fixed-window counters, so a burst cannot double up across a window boundary.
 */
export async function previousWindowWeight(db: Db, key: string, windowMs: number, now: number) {
  const windowStart = now - (now % windowMs);
  const row = await db.get<{ count: number }>(
    sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start = ${windowStart - windowMs}`,
  );
  // Rounded up: right after a boundary a full previous window still counts in full.
  return Math.ceil((row?.count ?? 0) * (1 - (now - windowStart) / windowMs));
}

/**
 * Window counter in D1 (`rate_limits`): counts this hit and says whether it is within `limit` hits per `windowMs`
 * (fixed windows, with the previous one weighted in: a sliding-window estimate). Old windows are removed now and then.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  const row = await db.get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
    RETURNING count`);
  // Roughly one call in a hundred clears windows older than a day.
  if (Math.random() < 0.01) {
    await db.run(sql`DELETE FROM rate_limits WHERE window_start < ${now - 86_400_000}`);
  }
  const count = (row?.count ?? 1) + (await previousWindowWeight(db, key, windowMs, now));
  return { allowed: count <= limit, count };
}

import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * Window counters in D1 (`rate_limits`), read as a sliding window: the current fixed window's count plus the
 * previous window's weighted by how much of it still overlaps a window ending now (rounded up, so right after a
 * boundary a full previous window still counts in full). A burst cannot double up across a boundary.
 */
function slidingCount(current: number, previous: number, now: number, windowMs: number) {
  const windowStart = now - (now % windowMs);
  return current + Math.ceil(previous * (1 - (now - windowStart) / windowMs));
}

/** The sliding count of `key` now, without counting (one query). */
export async function rateLimitCount(db: Db, key: string, windowMs: number, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  const rows = await db.all<{ start: number; count: number }>(sql`
    SELECT window_start AS start, count FROM rate_limits
    WHERE key = ${key} AND window_start IN (${windowStart}, ${windowStart - windowMs})`);
  const countAt = (start: number) => rows.find((r) => r.start === start)?.count ?? 0;
  return slidingCount(countAt(windowStart), countAt(windowStart - windowMs), now, windowMs);
}

/**
 * Counts this hit and says whether the sliding count is within `limit` hits per `windowMs`. One D1 batch (the
 * upsert and the previous window's count); old windows are removed now and then.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  const d1 = db.$client as D1Database;
  const [current, previous] = await d1.batch<{ count: number }>([
    d1
      .prepare(
        "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count",
      )
      .bind(key, windowStart),
    d1.prepare("SELECT count FROM rate_limits WHERE key = ? AND window_start = ?").bind(key, windowStart - windowMs),
  ]);
  // Roughly one call in a hundred clears windows older than a day.
  if (Math.random() < 0.01) {
    await db.run(sql`DELETE FROM rate_limits WHERE window_start < ${now - 86_400_000}`);
  }
  const count = slidingCount(current!.results[0]?.count ?? 1, previous!.results[0]?.count ?? 0, now, windowMs);
  return { allowed: count <= limit, count };
}

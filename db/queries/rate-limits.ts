import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * Fixed-window counter in D1 (`rate_limits`): counts this hit and says whether it is within `limit`
 * hits per `windowMs`. One upsert per call; old windows are removed now and then.
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
  return { allowed: (row?.count ?? 1) <= limit, count: row?.count ?? 1 };
}


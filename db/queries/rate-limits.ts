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

/**
 * How long until one more hit would be within `limit` again, if nothing else is counted meanwhile (ms, at least 1 s).
 * `current` and `previous` are the fixed-window counts of the window holding `now` and the one before it.
 */
export function retryAfterMs(current: number, previous: number, now: number, windowMs: number, limit: number) {
  const windowStart = now - (now % windowMs);
  const room = limit - 1;
  let at: number;
  if (current <= room) {
    // Still in this window: wait until the previous window's weight has shrunk enough.
    at = previous === 0 ? now : windowStart + windowMs * (1 - (room - current) / previous);
  } else {
    // Next window: this window becomes the weighted previous one.
    at = windowStart + windowMs + (room <= 0 ? windowMs : windowMs * (1 - room / current));
  }
  return Math.max(1_000, Math.ceil(at - now));
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
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = Date.now(), amount = 1) {
  const windowStart = now - (now % windowMs);
  const d1 = db.$client as D1Database;
  const [current, previous] = await d1.batch<{ count: number }>([
    d1
      .prepare(
        "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?) ON CONFLICT (key, window_start) DO UPDATE SET count = count + excluded.count RETURNING count",
      )
      .bind(key, windowStart, amount),
    d1.prepare("SELECT count FROM rate_limits WHERE key = ? AND window_start = ?").bind(key, windowStart - windowMs),
  ]);
  await maybePrune(db, now);
  const currentCount = current!.results[0]?.count ?? amount;
  const previousCount = previous!.results[0]?.count ?? 0;
  const count = slidingCount(currentCount, previousCount, now, windowMs);
  return {
    allowed: count <= limit,
    count,
    /** The window this hit was counted in (for `releaseRateLimit`). */
    windowStart,
    retryAfterMs: retryAfterMs(currentCount, previousCount, now, windowMs, limit),
  };
}

/** Roughly one call in a hundred clears counters and backoffs older than a day. */
async function maybePrune(db: Db, now: number) {
  if (Math.random() >= 0.01) return;
  await db.run(sql`DELETE FROM rate_limits WHERE window_start < ${now - 86_400_000}`);
  await db.run(sql`DELETE FROM login_backoff WHERE updated_at < ${now - 86_400_000}`);
}

export type RateLimitSpec = { key: string; limit: number; windowMs: number };
export type RateLimitHit = { key: string; allowed: boolean; count: number; windowStart: number; retryAfterMs: number };

/**
 * Counts one hit on each key in one D1 batch (a transaction). Each count is the atomic upsert's own RETURNING
 * value, so concurrent requests see distinct counts and at most `limit` of them are allowed: this reserves the
 * attempt before any work is done. Give a hit back with `releaseRateLimit`.
 */
export async function reserveRateLimits(db: Db, specs: readonly RateLimitSpec[], now = Date.now()): Promise<RateLimitHit[]> {
  if (specs.length === 0) return [];
  const d1 = db.$client as D1Database;
  const statements = specs.flatMap(({ key, windowMs }) => {
    const windowStart = now - (now % windowMs);
    return [
      d1
        .prepare(
          "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count",
        )
        .bind(key, windowStart),
      d1.prepare("SELECT count FROM rate_limits WHERE key = ? AND window_start = ?").bind(key, windowStart - windowMs),
    ];
  });
  const results = await d1.batch<{ count: number }>(statements);
  await maybePrune(db, now);
  return specs.map(({ key, limit, windowMs }, i) => {
    const windowStart = now - (now % windowMs);
    const current = results[2 * i]!.results[0]?.count ?? 1;
    const previous = results[2 * i + 1]!.results[0]?.count ?? 0;
    const count = slidingCount(current, previous, now, windowMs);
    return { key, allowed: count <= limit, count, windowStart, retryAfterMs: retryAfterMs(current, previous, now, windowMs, limit) };
  });
}

/** Gives back hits counted by `reserveRateLimits`/`hitRateLimit` (each in the window it was counted in). */
export async function releaseRateLimits(db: Db, hits: readonly Pick<RateLimitHit, "key" | "windowStart">[]) {
  if (hits.length === 0) return;
  const d1 = db.$client as D1Database;
  await d1.batch(
    hits.map((h) => d1.prepare("UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0").bind(h.key, h.windowStart)),
  );
}

/**
 * Per-(account, client) log-in backoff (`login_backoff`). One atomic upsert reserves the attempt: it is allowed
 * only when the pair's wait is over, and it moves the wait on at once (as if it failed), so concurrent guesses
 * of one pair cannot all pass. After `free` attempts each further one doubles the wait, from `baseMs` up to
 * `maxMs`; `resetAfterMs` without attempts starts the count again. A success clears the pair (`clearBackoff`).
 */
export type BackoffPolicy = { free: number; baseMs: number; maxMs: number; resetAfterMs: number };

export function backoffDelayMs(attempts: number, policy: BackoffPolicy) {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempts - policy.free, 20));
}

export async function reserveBackoff(db: Db, key: string, policy: BackoffPolicy, now = Date.now()) {
  const { free, baseMs, maxMs, resetAfterMs } = policy;
  const d1 = db.$client as D1Database;
  const attempts = `CASE WHEN updated_at < ?2 - ${resetAfterMs} THEN 1 ELSE failures + 1 END`;
  const [reserved, state] = await d1.batch<{ failures?: number; blocked_until?: number }>([
    d1
      .prepare(
        `INSERT INTO login_backoff (key, failures, blocked_until, updated_at) VALUES (?1, 1, ?3, ?2)
         ON CONFLICT (key) DO UPDATE SET
           failures = ${attempts},
           blocked_until = ?2 + CASE WHEN ${attempts} < ${free} THEN 0 ELSE min(${maxMs}, ${baseMs} * (1 << min(${attempts} - ${free}, 20))) END,
           updated_at = ?2
         WHERE blocked_until <= ?2
         RETURNING failures`,
      )
      .bind(key, now, now + backoffDelayMs(1, policy)),
    d1.prepare("SELECT blocked_until FROM login_backoff WHERE key = ?").bind(key),
  ]);
  if (reserved!.results.length > 0) return { allowed: true as const, retryAfterMs: 0 };
  const until = state!.results[0]?.blocked_until ?? now;
  return { allowed: false as const, retryAfterMs: Math.max(1_000, until - now) };
}

export async function clearBackoff(db: Db, key: string) {
  await db.run(sql`DELETE FROM login_backoff WHERE key = ${key}`);
}

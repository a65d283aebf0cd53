/**
 * Abuse limits for log-in, sign-up and forgot (issue 4). Fixed windows counted in D1, read as a sliding window
 * (`rate_limits`), the reliable floor; when a Workers rate-limit binding `AUTH_RATE_LIMITER`
 * is configured it is asked first (fast, per location, 10 s or 60 s periods).
 * @see docs/decisions/006-accounts-abuse-limits-and-guards.md
 */
import type { Db } from "../../db/client";
import { hitRateLimit, rateLimitCount } from "../../db/queries/rate-limits";

export type RateRule = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/** Failed log-ins count; successful ones do not, so people sharing an address are not locked out. */
export const RATE_RULES = {
  loginIp: { name: "login:ip", limit: 30, windowMs: 15 * MINUTE },
  loginAccount: { name: "login:user", limit: 10, windowMs: 15 * MINUTE },
  signupIp: { name: "signup:ip", limit: 20, windowMs: 60 * MINUTE },
  forgotIp: { name: "forgot:ip", limit: 10, windowMs: 60 * MINUTE },
  forgotAccount: { name: "forgot:user", limit: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateRule>;

/** The caller's address as Cloudflare reports it (it cannot be set by the client in production). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject}`;

/** True when `subject` already used up `rule` in the sliding window ending now (does not count). */
export async function isLimited(db: Db, rule: RateRule, subject: string, now = Date.now()): Promise<boolean> {
  return (await rateLimitCount(db, keyOf(rule, subject), rule.windowMs, now)) >= rule.limit;
}

/** Counts one event; returns the count in the current window including this one. */
export async function hit(db: Db, rule: RateRule, subject: string, now = Date.now()): Promise<number> {
  return (await hitRateLimit(db, keyOf(rule, subject), rule.limit, rule.windowMs, now)).count;
}

/** Counts one event and says whether it went over the limit. */
export async function consume(db: Db, rule: RateRule, subject: string, now = Date.now()): Promise<boolean> {
  return (await hit(db, rule, subject, now)) > rule.limit;
}

/** The optional Workers binding: false means "over the limit". Absent binding or failure: no opinion. */
export async function bindingAllows(env: Env, key: string): Promise<boolean> {
  const limiter = env.AUTH_RATE_LIMITER;
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key })).success;
  } catch {
    return true;
  }
}

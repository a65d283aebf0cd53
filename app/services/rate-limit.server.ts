/**
 * Abuse limits (issue 4 and the security issue): log-in, sign-up, forgot, /click, progress writes, contact
 * messages and Word of the Day sign-ups. Fixed windows counted in D1, read as a sliding window (`rate_limits`),
 * the reliable floor; when a Workers rate-limit binding `AUTH_RATE_LIMITER` is configured it is asked first
 * for the account calls (fast, per location, 10 s or 60 s periods). Every per-client limit is keyed by
 * `clientKey` (IPv4 address, or IPv6 /64). Every number is here, in `RATE_RULES` and `LOGIN_BACKOFF`.
 * @see docs/decisions/006-accounts-abuse-limits-and-guards.md
 * @see docs/decisions/036-account-limits-after-the-penetration-test.md
 */
import type { Db } from "../../db/client";
import {
  clearBackoff,
  hitRateLimit,
  rateLimitCount,
  releaseRateLimits,
  reserveBackoff,
  reserveRateLimits,
  type BackoffPolicy,
} from "../../db/queries/rate-limits";

export type RateRule = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Failed log-ins count; successful ones do not, so people sharing an address are not locked out. A log-in
 * with a valid device cookie (see accounts.server.ts) counts only in `loginDevice`; unknown clients count in
 * `loginIp` and `loginAccount` and wait out `LOGIN_BACKOFF` per (account, client).
 */
export const RATE_RULES = {
  loginIp: { name: "login:ip", limit: 30, windowMs: 15 * MINUTE },
  loginAccount: { name: "login:user", limit: 10, windowMs: 15 * MINUTE },
  loginDevice: { name: "login:device", limit: 10, windowMs: 15 * MINUTE },
  signupIp: { name: "signup:ip", limit: 20, windowMs: HOUR },
  forgotIp: { name: "forgot:ip", limit: 10, windowMs: HOUR },
  /** Per username and email as typed together (not per username: strangers must not block the owner). */
  forgotAccount: { name: "forgot:user-email", limit: 5, windowMs: HOUR },
  /** POST /click and /api/click. */
  click: { name: "click:client", limit: 30, windowMs: MINUTE },
  /** PUT /api/progress (one per practice review when signed in). */
  progressWrite: { name: "progress:client", limit: 60, windowMs: MINUTE },
  /** /contact and /add-contact-message. */
  contact: { name: "contact:ip", limit: 5, windowMs: HOUR },
  /** Word of the Day sign-ups on the pages and /api/signup-wotd. */
  wotdSignup: { name: "wotd-signup:ip", limit: 20, windowMs: HOUR },
  /** Recording bytes an editor may upload per day (one file per request; 10 MB per file). */
  uploadBytes: { name: "upload:bytes", limit: 200 * 1024 * 1024, windowMs: 24 * HOUR },
  /** "Report a problem" and "Suggest a missing word" (/report). */
  report: { name: "report:client", limit: 10, windowMs: HOUR },
  /** Confirmation emails per email address (over it the sign-up still answers success, no mail is sent). */
  wotdConfirmMail: { name: "wotd-confirm:email", limit: 3, windowMs: 24 * HOUR },
  /** Notes to an address that already has an account when someone signs up with it (the sign-up answers as usual). */
  joinNoticeMail: { name: "join-notice:email", limit: 3, windowMs: 24 * HOUR },
  /** Links that prove an account's address (/niin), per account. */
  addressProof: { name: "address-proof:user", limit: 3, windowMs: 24 * HOUR },
} satisfies Record<string, RateRule>;

/**
 * Per-(account, client) backoff of unknown clients: 3 attempts are free, then each further one must wait
 * 1 s, 2 s, 4 s, … up to 15 min after the one before; an hour without attempts, or a success, starts again.
 */
export const LOGIN_BACKOFF: BackoffPolicy = { free: 3, baseMs: 1_000, maxMs: 15 * MINUTE, resetAfterMs: HOUR };

/** The caller's address as Cloudflare reports it (it cannot be set by the client in production). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * The subject of every per-client limit: an IPv4 address as it is, an IPv6 address as its /64 prefix (one
 * customer line or LAN usually holds a whole /64, and changing addresses within it is free), e.g.
 * "2001:db8:0:1::/64". IPv4-mapped IPv6 (::ffff:192.0.2.1) counts as the IPv4 address.
 */
export function clientKey(request: Request): string {
  return clientKeyOf(clientIp(request));
}

export function clientKeyOf(address: string): string {
  const raw = address.trim().toLowerCase();
  if (raw.includes(":")) {
    const groups = parseIpv6(raw);
    if (groups) {
      if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
        return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
      }
      return `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(":")}::/64`;
    }
  }
  return raw.slice(0, 100) || "unknown";
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail and a %zone allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, "");
  const zone = address.indexOf("%");
  if (zone !== -1) address = address.slice(0, zone);
  const lastColon = address.lastIndexOf(":");
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIpv4(tail);
    if (!v4) return null;
    address = `${address.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (half: string) => (half === "" ? [] : half.split(":"));
  const head = split(halves[0]!);
  const rest = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
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

/** Over a limit: how many seconds to wait (the `Retry-After` value). */
export type Refusal = { retryAfter: number };

export const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one event (atomically, in D1) and answers null when it is within the limit, or how long to wait.
 * Events over the limit count too, so hammering a closed limit keeps it closed.
 */
export async function take(db: Db, rule: RateRule, subject: string, now = Date.now()): Promise<Refusal | null> {
  const result = await hitRateLimit(db, keyOf(rule, subject), rule.limit, rule.windowMs, now);
  return result.allowed ? null : { retryAfter: toSeconds(result.retryAfterMs) };
}

/** Counts `bytes` of uploads against the user's daily budget (RATE_RULES.uploadBytes); null when within it. */
export async function takeUploadBudget(db: Db, userId: number, bytes: number, now = Date.now()): Promise<Refusal | null> {
  const rule = RATE_RULES.uploadBytes;
  const result = await hitRateLimit(db, keyOf(rule, String(userId)), rule.limit, rule.windowMs, now, bytes);
  return result.allowed ? null : { retryAfter: toSeconds(result.retryAfterMs) };
}

/** The per-client caps: one place each, called by the page route and the API alike. */
export type ClientCap = "click" | "progressWrite" | "contact" | "wotdSignup" | "report";

/** Counts one request of this client (see `clientKey`) against `cap`; null when within it. */
export async function takeClientCap(db: Db, cap: ClientCap, request: Request, now = Date.now()): Promise<Refusal | null> {
  return take(db, RATE_RULES[cap], clientKey(request), now);
}

/** The messages of the caps answered as JSON (contact and Word of the Day have theirs in app/utils/email-texts.ts). */
export const RATE_LIMIT_TEXT = {
  click: "Too many clicks from your network. Please wait a minute and try again.",
  progressWrite: "Too many progress saves from your network. Please wait a minute and try again.",
} as const;

/**
 * A route's `headers` export for pages whose action can answer 429: passes the action's `Retry-After` on to the
 * document answer (without a `headers` export React Router keeps only an action's Set-Cookie).
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The Workers binding's longest period: what a refusal by the binding asks the client to wait. */
export const BINDING_RETRY_AFTER_SECONDS = 60;

/** The D1 key of `rule` for `subject` (for reservations that are given back). */
export const rateKey = (rule: RateRule, subject: string) => keyOf(rule, subject);

/** The optional Workers binding: false means "over the limit". Absent binding or failure: no opinion. */
export async function bindingAllows(limiter: RateLimit | undefined, key: string): Promise<boolean> {
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key })).success;
  } catch {
    return true;
  }
}

/** A reserved log-in attempt: keep it when the password was wrong, `release` it after a success. */
export type LoginReservation = { release: () => Promise<void> };

/**
 * Reserves one log-in attempt before the password is checked, so N concurrent guesses can never exceed a limit:
 * every budget is counted with one atomic upsert whose RETURNING count decides (never a read, then a write).
 * With a trusted device (`device`, from a valid device cookie for this account) only the device's own budget
 * counts; otherwise the address (`client`), the account and the (account, client) backoff. When any budget is
 * over, the hits are given back (a refused attempt does not count) and the answer is how long to wait.
 */
export async function reserveLogin(
  db: Db,
  { account, client, device }: { account: string; client: string; device: string | null },
  now = Date.now(),
): Promise<LoginReservation | Refusal> {
  const budgets: [RateRule, string][] = device
    ? [[RATE_RULES.loginDevice, device]]
    : [
        [RATE_RULES.loginIp, client],
        [RATE_RULES.loginAccount, account],
      ];
  const hits = await reserveRateLimits(
    db,
    budgets.map(([rule, subject]) => ({ key: keyOf(rule, subject), limit: rule.limit, windowMs: rule.windowMs })),
    now,
  );
  const refused = hits.filter((h) => !h.allowed);
  if (refused.length > 0) {
    await releaseRateLimits(db, hits);
    return { retryAfter: toSeconds(Math.max(...refused.map((h) => h.retryAfterMs))) };
  }
  const pair = device ? null : `login:pair:${account}:${client}`;
  if (pair) {
    const backoff = await reserveBackoff(db, pair, LOGIN_BACKOFF, now);
    if (!backoff.allowed) {
      await releaseRateLimits(db, hits);
      return { retryAfter: toSeconds(backoff.retryAfterMs) };
    }
  }
  return {
    release: async () => {
      await releaseRateLimits(db, hits);
      if (pair) await clearBackoff(db, pair);
    },
  };
}

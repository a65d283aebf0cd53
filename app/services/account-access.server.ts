/**
 * Account flows shared by the pages (/biindge, /wiijiiwe, /forgot, /restore, /logout) and the
 * compatibility JSON endpoints of docs/product.md §7 (workers/api/accounts.ts). Identity comes only from
 * the session cookie; these functions return results, the callers turn them into responses.
 * @see docs/decisions/006-accounts-abuse-limits-and-guards.md
 */
import type { Db } from "../../db/client";
import {
  bumpSessionVersion,
  claimResetToken,
  completePasswordReset,
  createUser,
  ensureDeviceKey,
  findCredentials,
  findLiveResetToken,
  findTaken,
  findUserByUsernameAndEmail,
  findUsernameByEmail,
  insertResetToken,
  updatePasswordHash,
} from "../../db/queries/users";
import { escapeHtml } from "../core/html";
import { hashToken, randomToken } from "./email-tokens.server";
import type { Config } from "./config.server";
import { sendMail } from "./mail.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { deviceCookie, trustedDevice } from "./device-cookie.server";
import { BINDING_RETRY_AFTER_SECONDS, bindingAllows, clientKey, RATE_RULES, reserveLogin, take } from "./rate-limit.server";
import {
  fieldErrors,
  ForgotSchema,
  LoginSchema,
  MESSAGES,
  ResetCodeSchema,
  RestoreFormSchema,
  SignupFieldsSchema,
  SignupFormSchema,
} from "../utils/account-validation";
import { createSessionToken, sessionCookie } from "./session.server";

/**
 * A real hash of a random, forgotten password: an unknown username is checked against it so
 * it costs the same PBKDF2 work as a known one (equal-time failures).
 */
const DUMMY_HASH = "pbkdf2-sha256$100000$XLvFlMuvoCgZU3GbjHGwXQ==$sVALv/45Jl99zzKCUt4mQIEdJI5R6rpqHn06Zs7j0pU=";

type Bindings = { config: Config; db: Db; authLimiter?: RateLimit; ctx?: Pick<ExecutionContext, "waitUntil"> };

/** Over an abuse limit: answer 429 with `Retry-After: retryAfter` (seconds). */
export type Limited = { status: "limited"; message: string; retryAfter: number };
const limited = (retryAfter: number): Limited => ({ status: "limited", message: MESSAGES.rateLimited, retryAfter });

// ---------------------------------------------------------------- log in

/** `setCookie` is the session, `deviceCookie` the device cookie (both go out as Set-Cookie headers). */
export type LoginResult = { status: "ok"; setCookie: string; deviceCookie: string; username: string } | { status: "invalid"; message: string } | Limited;

/**
 * The attempt is reserved in every budget (one atomic D1 upsert each) before PBKDF2 runs, so concurrent guesses
 * cannot overshoot a limit; a success gives the reservation back (failures count, successes do not). A valid
 * device cookie for this username is counted in its own budget instead of the account's and the address's.
 */
export async function logIn({ config, db, authLimiter }: Bindings, request: Request, input: unknown): Promise<LoginResult> {
  const parsed = LoginSchema.safeParse(input);
  if (!parsed.success) return { status: "invalid", message: MESSAGES.invalidLogin };
  const { username, password } = parsed.data;
  const client = clientKey(request);

  if (!(await bindingAllows(authLimiter, `login:${client}`))) return limited(BINDING_RETRY_AFTER_SECONDS);
  const row = await findCredentials(db, username);
  const device = row ? await trustedDevice(config, request, row) : null;
  const reservation = await reserveLogin(db, { account: username, client, device });
  if (!("release" in reservation)) return limited(reservation.retryAfter);

  const verified = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  // A failure keeps its reservation: it was counted before the check.
  if (!row || !verified) return { status: "invalid", message: MESSAGES.invalidLogin };
  await reservation.release();
  if (needsRehash(row.passwordHash)) await updatePasswordHash(db, row.id, await hashPassword(password));
  const token = await createSessionToken(config, { id: row.id, sessionVersion: row.sessionVersion });
  return {
    status: "ok",
    setCookie: sessionCookie(token),
    deviceCookie: await deviceCookie(config, { id: row.id, deviceKey: await ensureDeviceKey(db, row) }, device),
    username: row.username,
  };
}

// ---------------------------------------------------------------- sign up

export type SignupResult =
  /**
   * `cookies`: the session and the device cookie (Set-Cookie values; a new account is a known device at once). None
   * when the address already has an account: the answer is otherwise a new account's, and the address is told.
   */
  | { status: "ok"; cookies: string[]; username: string }
  /** The hidden decoy was filled: answer as if it worked, create nothing. */
  | { status: "decoy" }
  | { status: "invalid"; errors: Record<string, string>; message: string }
  | Limited;

/**
 * `withRepeat`: the page sends `passwordRepeat`; the docs/product.md §7 `/join` call does not. A taken username is
 * said (usernames are public); an address that already has an account is not: that sign-up gets a new account's
 * answer, creates nothing, signs nobody in, and the address's owner gets a note (`noteToAddressOwner`).
 */
export async function signUp(bindings: Bindings, request: Request, input: unknown, withRepeat: boolean): Promise<SignupResult> {
  const { config, db, authLimiter } = bindings;
  const ip = clientKey(request);
  if (!(await bindingAllows(authLimiter, `signup:${ip}`))) return limited(BINDING_RETRY_AFTER_SECONDS);
  const refusal = await take(db, RATE_RULES.signupIp, ip);
  if (refusal) return limited(refusal.retryAfter);

  const parsed = (withRepeat ? SignupFormSchema : SignupFieldsSchema).safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const { niijii, username, email, password, ...survey } = parsed.data;
  if (niijii.trim() !== "") return { status: "decoy" };

  const usernameTaken = { status: "invalid", errors: { username: MESSAGES.usernameTaken }, message: MESSAGES.usernameTaken } as const;
  const taken = await findTaken(db, username, email);
  if (taken.username) return usernameTaken;
  // Hashed either way, so an address with an account costs the same work as a new one.
  const passwordHash = await hashPassword(password);
  if (taken.email) return noteToAddressOwner(bindings, email, username);
  const user = await createUser(db, { username, email, passwordHash, ...survey });
  if (!user) {
    // Someone took the name or address between the check and the insert.
    const now = await findTaken(db, username, email);
    return !now.username && now.email ? noteToAddressOwner(bindings, email, username) : usernameTaken;
  }
  const token = await createSessionToken(config, user);
  const device = await deviceCookie(config, { id: user.id, deviceKey: await ensureDeviceKey(db, user) }, null);
  return { status: "ok", cookies: [sessionCookie(token), device], username: user.username };
}

/**
 * Someone signed up with an address that has an account: answer as a new account would (without its cookies) and
 * tell the address, after the response (ctx.waitUntil) and a few times a day at most (RATE_RULES.joinNoticeMail).
 */
async function noteToAddressOwner({ config, db, ctx }: Bindings, email: string, typedUsername: string): Promise<SignupResult> {
  const work = sendJoinNotice(config, db, email).catch((error) => console.error("join-notice-error", String(error)));
  if (ctx) ctx.waitUntil(work);
  else await work;
  return { status: "ok", cookies: [], username: typedUsername };
}

async function sendJoinNotice(config: Config, db: Db, email: string) {
  const username = await findUsernameByEmail(db, email);
  if (!username || (await take(db, RATE_RULES.joinNoticeMail, email))) return;
  const { siteUrl, siteName } = config;
  const [logIn, forgot] = [`${siteUrl}/biindge`, `${siteUrl}/forgot`];
  const result = await sendMail(config, {
    to: email,
    subject: `Someone tried to join ${siteName} with your email address`,
    text: [
      `Aanii ${username},`,
      "",
      `Someone (we hope you) tried to make a new ${siteName} account with this email address. It already belongs to your account (username: ${username}), so no new account was made.`,
      "",
      `If it was you, log in at ${logIn}, or choose a new password at ${forgot} if you have forgotten it.`,
      "If it was not you, you can ignore this email: nothing about your account has changed.",
    ].join("\n"),
    html: `<p>Aanii ${escapeHtml(username)},</p><p>Someone (we hope you) tried to make a new ${escapeHtml(siteName)} account with this email address. It already belongs to your account (username: ${escapeHtml(username)}), so no new account was made.</p><p>If it was you, <a href="${escapeHtml(logIn)}">log in</a>, or <a href="${escapeHtml(forgot)}">choose a new password</a> if you have forgotten it.</p><p>If it was not you, you can ignore this email: nothing about your account has changed.</p>`,
  });
  if (result.status === "error") console.error("join-notice-mail-failed", { error: result.message });
}

// ---------------------------------------------------------------- forgot

export type ForgotResult = { status: "done"; message: string } | { status: "invalid"; errors: Record<string, string>; message: string } | Limited;

/**
 * Always the same neutral answer. The lookup, the token and the email happen after the
 * response (ctx.waitUntil), so a matching and a non-matching request take the same time.
 */
export async function requestPasswordReset({ config, db, ctx, authLimiter }: Bindings, request: Request, input: unknown): Promise<ForgotResult> {
  const parsed = ForgotSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const ip = clientKey(request);
  if (!(await bindingAllows(authLimiter, `forgot:${ip}`))) return limited(BINDING_RETRY_AFTER_SECONDS);
  // Counted by what the requester controls (their address, and the username with the email they typed), so
  // strangers guessing the email of a username never use up its owner's allowance.
  const pair = `${parsed.data.username}\n${parsed.data.email}`;
  const refusal = (await take(db, RATE_RULES.forgotIp, ip)) ?? (await take(db, RATE_RULES.forgotAccount, pair));
  if (refusal) return limited(refusal.retryAfter);
  const work = sendResetIfMatch(config, db, parsed.data.username, parsed.data.email).catch((error) => console.error("password-reset-error", String(error)));
  if (ctx) ctx.waitUntil(work);
  else await work;
  return { status: "done", message: MESSAGES.forgotDone };
}

async function sendResetIfMatch(config: Config, db: Db, username: string, email: string) {
  const user = await findUserByUsernameAndEmail(db, username, email);
  if (!user) return;
  const code = randomToken(32);
  await insertResetToken(db, user.id, await hashToken(code));
  const { siteUrl, siteName } = config;
  const link = `${siteUrl}/restore?code=${code}`;
  const result = await sendMail(config, {
    to: user.email,
    subject: `Reset your ${siteName} password`,
    text: [
      `Aanii ${user.username},`,
      "",
      `Someone (we hope you) asked to reset the password of your ${siteName} account.`,
      "Open this link within one hour to choose a new password:",
      link,
      "",
      "If you did not ask for this, you can ignore this email: your password stays the same.",
    ].join("\n"),
    html: `<p>Aanii ${escapeHtml(user.username)},</p><p>Someone (we hope you) asked to reset the password of your ${escapeHtml(siteName)} account. Open this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If you did not ask for this, you can ignore this email: your password stays the same.</p>`,
  });
  if (result.status === "error") console.error("password-reset-mail-failed", { userId: user.id, error: result.message });
}

// ---------------------------------------------------------------- restore

/** Whether a code from a reset link is live (for the GET of /restore; does not use it). */
export async function isResetCodeLive(db: Db, code: string | null): Promise<boolean> {
  if (!code || !ResetCodeSchema.safeParse(code).success) return false;
  return Boolean(await findLiveResetToken(db, await hashToken(code)));
}

export type RestoreResult =
  { status: "ok"; message: string } | { status: "invalid-code"; message: string } | { status: "invalid"; errors: Record<string, string>; message: string };

export async function restoreAccess({ db }: Bindings, code: string | null, input: unknown): Promise<RestoreResult> {
  if (!code || !ResetCodeSchema.safeParse(code).success) return { status: "invalid-code", message: MESSAGES.restoreInvalidCode };
  const parsed = RestoreFormSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const userId = await claimResetToken(db, await hashToken(code));
  if (userId === null) return { status: "invalid-code", message: MESSAGES.restoreInvalidCode };
  await completePasswordReset(db, userId, passwordHash);
  return { status: "ok", message: MESSAGES.restoreDone };
}

// ---------------------------------------------------------------- log out

/** Revokes every session of the user (all devices). */
export async function logOut(db: Db, userId: number) {
  await bumpSessionVersion(db, userId);
}

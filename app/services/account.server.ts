/**
 * The account page (/niin): what a signed-in learner sees of their account (practice progress, Word of the Day
 * status) and the changes they make to it (Word of the Day subscribe/unsubscribe, password change, deletion).
 * Identity comes only from the session; the callers turn the results into responses.
 */
import type { Db } from "../../db/client";
import { summarizeSrsCards } from "../../db/queries/srs";
import { changePasswordHash, deleteUser, findAccount } from "../../db/queries/users";
import { ChangePasswordSchema, DeleteAccountSchema, fieldErrors, MESSAGES } from "../utils/account-validation";
import { hashPassword, verifyPassword } from "./password.server";
import { clientKey, reserveLogin } from "./rate-limit.server";
import { createSessionToken, type SessionUser, sessionCookie } from "./session.server";
import { signUpForWotd, unsubscribeAddress, wotdStatusOf } from "./wotd.server";

type Bindings = { env: Env; db: Db };

export async function accountOverview(db: Db, user: SessionUser) {
  const account = await findAccount(db, user.id);
  const email = account?.email ?? "";
  const [progress, wotd] = await Promise.all([summarizeSrsCards(db, user.id), email ? wotdStatusOf(db, email) : ("none" as const)]);
  return { email, progress, wotd };
}

export type AccountResult =
  | { status: "ok"; message: string; setCookie?: string }
  | { status: "invalid"; errors: Record<string, string>; message: string }
  | { status: "limited"; message: string; retryAfter: number };

/**
 * Checks the current password the way log-in does: counted in the log-in budgets of the account and client first
 * (rate-limit.server.ts), so a borrowed session cannot be used to guess the password; a match gives the count back.
 */
async function checkPassword(db: Db, request: Request, user: SessionUser, password: string) {
  const account = await findAccount(db, user.id);
  if (!account) return { ok: false as const };
  const reservation = await reserveLogin(db, { account: account.username, client: clientKey(request), device: null });
  if (!("release" in reservation)) return { ok: false as const, retryAfter: reservation.retryAfter };
  if (!(await verifyPassword(password, account.passwordHash))) return { ok: false as const };
  await reservation.release();
  return { ok: true as const };
}

/** Same rules and messages as sign-up; every other session ends, this one gets a fresh cookie. */
export async function changePassword({ env, db }: Bindings, request: Request, user: SessionUser, input: unknown): Promise<AccountResult> {
  const parsed = ChangePasswordSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const check = await checkPassword(db, request, user, parsed.data.currentPassword);
  if (check.retryAfter) return { status: "limited", message: MESSAGES.rateLimited, retryAfter: check.retryAfter };
  if (!check.ok) {
    return { status: "invalid", errors: { currentPassword: MESSAGES.currentPasswordWrong }, message: MESSAGES.currentPasswordWrong };
  }
  const row = await changePasswordHash(db, user.id, await hashPassword(parsed.data.password));
  if (!row) return { status: "invalid", errors: {}, message: MESSAGES.currentPasswordWrong };
  return { status: "ok", message: MESSAGES.passwordChanged, setCookie: sessionCookie(await createSessionToken(env, row)) };
}

/** Deletes the account after the password is confirmed (db/queries/users.ts deleteUser says what goes with it). */
export async function deleteAccount({ db }: Bindings, request: Request, user: SessionUser, input: unknown): Promise<AccountResult> {
  const parsed = DeleteAccountSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const check = await checkPassword(db, request, user, parsed.data.deletePassword);
  if (check.retryAfter) return { status: "limited", message: MESSAGES.rateLimited, retryAfter: check.retryAfter };
  if (!check.ok) {
    return { status: "invalid", errors: { deletePassword: MESSAGES.deletePasswordWrong }, message: MESSAGES.deletePasswordWrong };
  }
  await deleteUser(db, user.id);
  return { status: "ok", message: "" };
}

/** Subscribes the account's own address: the normal double opt-in (a confirmation email goes out). */
export async function subscribeAccount(bindings: Bindings, request: Request, user: SessionUser): Promise<AccountResult> {
  const account = await findAccount(bindings.db, user.id);
  if (!account) return { status: "invalid", errors: {}, message: MESSAGES.wotdError };
  const result = await signUpForWotd(bindings, { name: "", email: account.email, source: "account" }, request);
  switch (result.status) {
    case "subscribed":
      return { status: "ok", message: MESSAGES.wotdSubscribed };
    case "already-subscribed":
      return { status: "ok", message: MESSAGES.wotdAlready };
    case "rate-limited":
      return { status: "limited", message: MESSAGES.rateLimited, retryAfter: result.retryAfter };
    default:
      return { status: "invalid", errors: {}, message: MESSAGES.wotdError };
  }
}

export async function unsubscribeAccount(db: Db, user: SessionUser): Promise<AccountResult> {
  const account = await findAccount(db, user.id);
  if (account) await unsubscribeAddress(db, account.email);
  return { status: "ok", message: MESSAGES.wotdUnsubscribed };
}

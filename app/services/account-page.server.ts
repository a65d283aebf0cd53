/**
 * The account page (/niin): what a signed-in learner sees of their account (practice progress, Word of the Day
 * status) and the changes they make to it (Word of the Day subscribe/unsubscribe, password change, deletion).
 * Identity comes only from the session; the callers turn the results into responses.
 */
import type { Db } from "../../db/client";
import { getNewCardsPerDay, setNewCardsPerDay, summarizeSrsCards } from "../../db/queries/srs";
import { changePasswordHash, deleteUser, findAccount } from "../../db/queries/users";
import { ChangePasswordSchema, DeleteAccountSchema, fieldErrors, MESSAGES } from "../utils/account-validation";
import { hashPassword, verifyPassword } from "./password.server";
import { clientKey, RATE_RULES, reserveLogin, take } from "./rate-limit.server";
import { claimEmailProof, insertEmailProof, isEmailProofLive } from "../../db/queries/email-proofs";
import { escapeHtml } from "../core/html";
import type { Bindings as FullBindings } from "./bindings.server";
import { hashToken, randomToken } from "./email-tokens.server";
import { sendMail } from "./mail.server";
import { sessionDevice, trustedDevice } from "./device-cookie.server";
import { createSessionToken, type SessionUser, sessionCookie } from "./session.server";
import { signUpForWotd, unsubscribeAddress, wotdStatusOf } from "./wotd.server";
import { learnerCourse } from "./learner-home.server";
import { MAX_NEW_CARDS_PER_DAY } from "../utils/practice";

type Bindings = Pick<FullBindings, "config" | "db" | "queue">;

/**
 * The Word of the Day state of the account's address is shown only once the account has proven the address (a link
 * sent to it was opened): anyone can make an account with someone else's address, and must not learn or change that
 * person's subscription from here. Until then: "unproven".
 */
export async function accountOverview({ config, db }: Pick<Bindings, "config" | "db">, user: SessionUser) {
  const account = await findAccount(db, user.id);
  const email = account?.email ?? "";
  const proven = Boolean(account?.emailVerifiedAt);
  const [cards, course, newCardsPerDay, wotd] = await Promise.all([
    summarizeSrsCards(db, user.id),
    learnerCourse({ config, db }, user.id),
    getNewCardsPerDay(db, user.id),
    !email ? ("none" as const) : proven ? wotdStatusOf(db, email) : ("unproven" as const),
  ]);
  // The lessons as /aambe counts them (learner-home.server.ts lessonStates): practised = in progress or done.
  const practised = course.filter((l) => l.state !== "new").map(({ id, number, title, state }) => ({ id, number, title, done: state === "done" }));
  const progress = { ...cards, lessons: practised, lessonsDone: practised.filter((l) => l.done).length, lessonsTotal: course.length };
  return { email, progress, newCardsPerDay, wotd };
}

/** The new cards a day setting (/niin): a whole number from 0 to MAX_NEW_CARDS_PER_DAY. */
export async function saveNewCardsPerDay(db: Db, user: SessionUser, input: unknown): Promise<AccountResult> {
  const text = typeof input === "string" ? input.trim() : "";
  const perDay = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(perDay >= 0 && perDay <= MAX_NEW_CARDS_PER_DAY)) {
    const message = `Enter a whole number from 0 to ${MAX_NEW_CARDS_PER_DAY}.`;
    return { status: "invalid", errors: { newCardsPerDay: message }, message };
  }
  await setNewCardsPerDay(db, user.id, perDay);
  return { status: "ok", message: `Saved: up to ${perDay} new ${perDay === 1 ? "card" : "cards"} a day.` };
}

/** Sends the link that proves the account's address (/niin/address?code=…), a few a day at most. */
export async function sendAddressProof({ config, db }: Bindings, user: SessionUser): Promise<AccountResult> {
  const account = await findAccount(db, user.id);
  if (!account) return { status: "invalid", errors: {}, message: MESSAGES.wotdError };
  if (account.emailVerifiedAt) return { status: "ok", message: MESSAGES.addressProven };
  const refusal = await take(db, RATE_RULES.addressProof, String(account.id));
  if (refusal) return { status: "limited", message: MESSAGES.rateLimited, retryAfter: refusal.retryAfter };
  const code = randomToken(32);
  await insertEmailProof(db, { userId: account.id, email: account.email, tokenHash: await hashToken(code) });
  const { siteUrl, siteName } = config;
  const link = `${siteUrl}/niin/address?code=${code}`;
  const result = await sendMail(config, {
    to: account.email,
    subject: `Confirm your email address for ${siteName}`,
    text: [
      `Aanii ${account.username},`,
      "",
      `Please confirm that this is the address of your ${siteName} account. Open this link within a day:`,
      link,
      "",
      "If you did not ask for this, you can ignore this email.",
    ].join("\n"),
    html: `<p>Aanii ${escapeHtml(account.username)},</p><p>Please confirm that this is the address of your ${escapeHtml(siteName)} account. Open this link within a day:</p><p><a href="${escapeHtml(link)}">Confirm my email address</a></p><p>If you did not ask for this, you can ignore this email.</p>`,
  });
  if (result.status === "error") {
    console.error("address-proof-mail-failed", { userId: account.id, error: result.message });
    return { status: "invalid", errors: {}, message: MESSAGES.wotdError };
  }
  return { status: "ok", message: MESSAGES.addressProofSent };
}

/** Whether a link's code is live (the GET of /niin/address shows a button; it does not use the code). */
export async function isAddressProofLive(db: Db, code: string | null) {
  return Boolean(code && TOKEN_SHAPE.test(code) && (await isEmailProofLive(db, await hashToken(code))));
}

/** The POST of /niin/address: uses the code once; true when the address is now proven. */
export async function proveAddress(db: Db, code: string | null) {
  if (!code || !TOKEN_SHAPE.test(code)) return false;
  return (await claimEmailProof(db, await hashToken(code))) !== null;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

export type AccountResult =
  | { status: "ok"; message: string; setCookie?: string }
  | { status: "invalid"; errors: Record<string, string>; message: string }
  | { status: "limited"; message: string; retryAfter: number };

/**
 * Checks the current password the way log-in does: counted in a log-in budget first (rate-limit.server.ts), so a
 * borrowed session cannot be used to guess the password without end; a match gives the count back. Only the owner's
 * own budgets count: the trusted device's (its device cookie), or else this session's (`sessionDevice`), never the
 * account's, so strangers' failed log-ins cannot lock the owner out of changing the password or deleting the account.
 */
async function checkPassword({ config, db }: Pick<Bindings, "config" | "db">, request: Request, user: SessionUser, password: string) {
  const account = await findAccount(db, user.id);
  if (!account) return { ok: false as const };
  const device = (await trustedDevice(config, request, account)) ?? (await sessionDevice(request));
  const reservation = await reserveLogin(db, { account: account.username, client: clientKey(request), device });
  if (!("release" in reservation)) return { ok: false as const, retryAfter: reservation.retryAfter };
  if (!(await verifyPassword(password, account.passwordHash))) return { ok: false as const };
  await reservation.release();
  return { ok: true as const };
}

/** Same rules and messages as sign-up; every other session ends, this one gets a fresh cookie. */
export async function changePassword({ config, db }: Bindings, request: Request, user: SessionUser, input: unknown): Promise<AccountResult> {
  const parsed = ChangePasswordSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const check = await checkPassword({ config, db }, request, user, parsed.data.currentPassword);
  if (check.retryAfter) return { status: "limited", message: MESSAGES.rateLimited, retryAfter: check.retryAfter };
  if (!check.ok) {
    return { status: "invalid", errors: { currentPassword: MESSAGES.currentPasswordWrong }, message: MESSAGES.currentPasswordWrong };
  }
  const row = await changePasswordHash(db, user.id, await hashPassword(parsed.data.password));
  if (!row) return { status: "invalid", errors: {}, message: MESSAGES.currentPasswordWrong };
  return { status: "ok", message: MESSAGES.passwordChanged, setCookie: sessionCookie(await createSessionToken(config, row)) };
}

/** Deletes the account after the password is confirmed (db/queries/users.ts deleteUser says what goes with it). */
export async function deleteAccount({ config, db }: Bindings, request: Request, user: SessionUser, input: unknown): Promise<AccountResult> {
  const parsed = DeleteAccountSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: "invalid", errors, message: Object.values(errors)[0] };
  }
  const check = await checkPassword({ config, db }, request, user, parsed.data.deletePassword);
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
  if (!account.emailVerifiedAt) return { status: "invalid", errors: {}, message: MESSAGES.addressUnproven };
  const result = await signUpForWotd(bindings, { name: "", email: account.email, source: "account" }, request);
  switch (result.status) {
    case "subscribed":
      return { status: "ok", message: MESSAGES.wotdSubscribed };
    case "rate-limited":
      return { status: "limited", message: MESSAGES.rateLimited, retryAfter: result.retryAfter };
    default:
      return { status: "invalid", errors: {}, message: MESSAGES.wotdError };
  }
}

export async function unsubscribeAccount(db: Db, user: SessionUser): Promise<AccountResult> {
  const account = await findAccount(db, user.id);
  if (!account?.emailVerifiedAt) return { status: "invalid", errors: {}, message: MESSAGES.addressUnproven };
  await unsubscribeAddress(db, account.email);
  return { status: "ok", message: MESSAGES.wotdUnsubscribed };
}

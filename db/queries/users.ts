/** Accounts: users, password reset tokens (issue 4). Plain functions, `db` first. */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { passwordResetTokens, users } from "../schema";

export type CredentialRow = { id: number; username: string; passwordHash: string; sessionVersion: number; deviceKey: string | null };

/** A new random per-account device key (users.device_key): 128 bits, hex. */
export function newDeviceKey() {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The account's device key, given one first if it has none (rows made before the column, or by hand). */
export async function ensureDeviceKey(db: Db, account: { id: number; deviceKey: string | null }): Promise<string> {
  if (account.deviceKey) return account.deviceKey;
  const key = newDeviceKey();
  const row = await db
    .update(users)
    .set({ deviceKey: sql`coalesce(${users.deviceKey}, ${key})` })
    .where(eq(users.id, account.id))
    .returning({ deviceKey: users.deviceKey })
    .get();
  return row?.deviceKey ?? key;
}

export async function findCredentials(db: Db, username: string): Promise<CredentialRow | undefined> {
  return db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash, sessionVersion: users.sessionVersion, deviceKey: users.deviceKey })
    .from(users)
    .where(eq(users.username, username))
    .get();
}

export async function findUserByUsernameAndEmail(db: Db, username: string, email: string) {
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(and(eq(users.username, username), eq(users.email, email)))
    .get();
}

/** Which of username and email are already in use. */
export async function findTaken(db: Db, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`${users.username} = ${username} OR ${users.email} = ${email}`)
    .all();
  return { username: rows.some((r) => r.username === username), email: rows.some((r) => r.email === email) };
}

/** The username of the account with this email address, if any. */
export async function findUsernameByEmail(db: Db, email: string) {
  const row = await db.select({ username: users.username }).from(users).where(eq(users.email, email)).get();
  return row?.username ?? null;
}

export type NewUser = {
  username: string;
  email: string;
  passwordHash: string;
  realName?: string | null;
  age?: (typeof users.$inferInsert)["age"];
  fluency?: (typeof users.$inferInsert)["fluency"];
  fluencyComment?: string | null;
  tribe?: (typeof users.$inferInsert)["tribe"];
  tribeComment?: string | null;
};

/** Inserts a learner; returns null when the username or email is taken (unique constraint). */
export async function createUser(db: Db, user: NewUser) {
  try {
    return await db
      .insert(users)
      .values({ ...user, role: "learner", deviceKey: newDeviceKey() })
      .returning({ id: users.id, username: users.username, sessionVersion: users.sessionVersion, deviceKey: users.deviceKey })
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e; e = e instanceof Error ? e.cause : undefined) {
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(String(e instanceof Error ? e.message : e))) return true;
  }
  return false;
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Revokes every session of the user (log-out on all devices). */
export async function bumpSessionVersion(db: Db, userId: number) {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** What /niin needs beyond the session: the account's email and password hash. */
export async function findAccount(db: Db, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
      deviceKey: users.deviceKey,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

/**
 * A new password from /niin: new hash and a new session version (every other session ends), and every outstanding
 * reset code of the user made dead, as a completed reset does, in one batch. Returns the new session version for
 * this session's fresh cookie.
 */
export async function changePasswordHash(db: Db, userId: number, passwordHash: string, now = Date.now()) {
  const [rows] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date(now) })
      .where(eq(users.id, userId))
      .returning({ id: users.id, sessionVersion: users.sessionVersion }),
    endResetTokens(db, userId, now),
  ]);
  return rows[0] ?? null;
}

/**
 * Deletes the account. The foreign keys do the rest (migrations/0000, 0001): practice cards and reset tokens go
 * with it (ON DELETE CASCADE); edit_log entries and uploaded audio stay, with their author set to NULL.
 */
export async function deleteUser(db: Db, userId: number) {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length === 1;
}

export async function setUsernameColor(db: Db, userId: number, usernameColor: string) {
  await db.update(users).set({ usernameColor, updatedAt: new Date() }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- reset tokens

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export async function insertResetToken(db: Db, userId: number, tokenHash: string, now = Date.now()) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt: new Date(now + RESET_TOKEN_TTL_MS) });
}

/** The user a live (unused, unexpired) token belongs to, without using it. */
export async function findLiveResetToken(db: Db, tokenHash: string, now = Date.now()) {
  return db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now))))
    .get();
}

/**
 * Uses a token once: the conditional UPDATE claims it atomically, so two requests with the
 * same code cannot both succeed. Returns the user id, or null for an invalid/used/expired code.
 */
export async function claimResetToken(db: Db, tokenHash: string, now = Date.now()) {
  const row = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date(now))))
    .returning({ userId: passwordResetTokens.userId })
    .get();
  return row?.userId ?? null;
}

/**
 * Sets a new password after a reset: new hash, every session revoked and every other
 * outstanding reset token of the user made dead, in one batch.
 */
export async function completePasswordReset(db: Db, userId: number, passwordHash: string, now = Date.now()) {
  await db.batch([
    db
      .update(users)
      // The link came to the account's address: that proves it. Old device cookies stop counting (a new key).
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        deviceKey: newDeviceKey(),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
        updatedAt: new Date(now),
      })
      .where(eq(users.id, userId)),
    endResetTokens(db, userId, now),
  ]);
}

/** Marks every unused reset code of the user used (a completed reset, a password change on /niin). */
function endResetTokens(db: Db, userId: number, now: number) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Links that prove an account receives mail at its address (/niin): single use, expiring, stored hashed. */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { emailProofs, users } from "../schema";

export const EMAIL_PROOF_TTL_MS = 24 * 60 * 60 * 1000;

export async function insertEmailProof(db: Db, proof: { userId: number; email: string; tokenHash: string }, now = Date.now()) {
  await db.insert(emailProofs).values({ ...proof, expiresAt: new Date(now + EMAIL_PROOF_TTL_MS) });
}

/** Whether a live (unused, unexpired) proof has this hash, without using it (the GET of the link's page). */
export async function isEmailProofLive(db: Db, tokenHash: string, now = Date.now()) {
  const row = await db
    .select({ id: emailProofs.id })
    .from(emailProofs)
    .where(and(eq(emailProofs.tokenHash, tokenHash), isNull(emailProofs.usedAt), gt(emailProofs.expiresAt, new Date(now))))
    .get();
  return Boolean(row);
}

/**
 * Uses a live proof once and marks its account's address proven, if the account still has the address the link
 * was sent to. The account's id, or null (unknown, used or expired link).
 */
export async function claimEmailProof(db: Db, tokenHash: string, now = Date.now()): Promise<number | null> {
  const claimed = await db
    .update(emailProofs)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailProofs.tokenHash, tokenHash), isNull(emailProofs.usedAt), gt(emailProofs.expiresAt, new Date(now))))
    .returning({ userId: emailProofs.userId, email: emailProofs.email })
    .get();
  if (!claimed) return null;
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)));
  return claimed.userId;
}

/** Spaced-repetition cards of signed-in learners (ts-fsrs state synced from local storage). */
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { DEFAULT_NEW_CARDS_PER_DAY, srsCards, srsReviews, users } from "../schema";

export type SrsCardRow = { key: string; state: unknown; due: number; updatedAt: number };

export async function listSrsCards(db: Db, userId: number): Promise<SrsCardRow[]> {
  const rows = await db
    .select({ key: srsCards.cardKey, state: srsCards.state, due: srsCards.due, updatedAt: srsCards.updatedAt })
    .from(srsCards)
    .where(eq(srsCards.userId, userId))
    .orderBy(asc(srsCards.due), asc(srsCards.cardKey));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.getTime() }));
}

/**
 * Saves cards, newest review wins: a row is only replaced by a card whose updatedAt is later,
 * so an old device syncing late never rolls progress back. Returns how many rows changed.
 */
export async function saveSrsCards(db: Db, userId: number, cards: readonly SrsCardRow[]): Promise<number> {
  if (cards.length === 0) return 0;
  const statements = cards.map((card) =>
    db
      .insert(srsCards)
      .values({ userId, cardKey: card.key, state: card.state, due: card.due, updatedAt: new Date(card.updatedAt) })
      .onConflictDoUpdate({
        target: [srsCards.userId, srsCards.cardKey],
        set: { state: sql`excluded.state`, due: sql`excluded.due`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`excluded.updated_at > ${srsCards.updatedAt}`,
      })
      .returning({ key: srsCards.cardKey }),
  );
  const [first, ...rest] = statements;
  const results = await db.batch([first, ...rest]);
  return results.reduce((n, rows) => n + rows.length, 0);
}

export type ProgressSummary = { cards: number; due: number; reviews: number; verbForms: number };

/** What /niin shows of a learner's saved cards: how many, how many due, reviews and verb forms (lessons: learner-home.server.ts). */
export async function summarizeSrsCards(db: Db, userId: number, now = Date.now()): Promise<ProgressSummary> {
  const rows = await db.select({ key: srsCards.cardKey, state: srsCards.state, due: srsCards.due }).from(srsCards).where(eq(srsCards.userId, userId));
  let due = 0;
  let reviews = 0;
  let verbForms = 0;
  for (const row of rows) {
    if (row.due <= now) due++;
    const reps = (row.state as { reps?: unknown } | null)?.reps;
    if (typeof reps === "number" && Number.isFinite(reps)) reviews += reps;
    if (row.key.startsWith("verb:")) verbForms++;
  }
  return { cards: rows.length, due, reviews, verbForms };
}

/** A card never answered (added by "Practise this word", or with no state): new, counted against the new cards a day. */
const isFresh = sql<number>`coalesce(json_extract(${srsCards.state}, '$.reps'), 0) = 0`;

/** The learner's cards for some keys (the server is the source of truth for signed-in learners). */
export async function getSrsCards(db: Db, userId: number, keys: readonly string[]): Promise<SrsCardRow[]> {
  const unique = [...new Set(keys)];
  const out: SrsCardRow[] = [];
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await db
      .select({ key: srsCards.cardKey, state: srsCards.state, due: srsCards.due, updatedAt: srsCards.updatedAt })
      .from(srsCards)
      .where(and(eq(srsCards.userId, userId), inArray(srsCards.cardKey, unique.slice(i, i + 90))));
    out.push(...rows.map((r) => ({ ...r, updatedAt: r.updatedAt.getTime() })));
  }
  return out;
}

/** Cards due by `now`, earliest first, each marked new (never answered) or not. */
export async function listDueSrsCards(db: Db, userId: number, now: number, limit: number) {
  const rows = await db
    .select({ key: srsCards.cardKey, due: srsCards.due, fresh: isFresh })
    .from(srsCards)
    .where(and(eq(srsCards.userId, userId), lte(srsCards.due, now)))
    .orderBy(asc(srsCards.due), asc(srsCards.cardKey))
    .limit(limit);
  return rows.map((r) => ({ key: r.key, due: r.due, fresh: Boolean(r.fresh) }));
}

/** How many cards the learner has, and how many of them are due by `now`: reviews and new cards apart (one query). */
export async function countSrsCards(db: Db, userId: number, now: number): Promise<{ cards: number; reviews: number; fresh: number }> {
  const row = await db
    .select({
      cards: sql<number>`count(*)`,
      fresh: sql<number>`coalesce(sum(case when ${srsCards.due} <= ${now} and ${isFresh} then 1 else 0 end), 0)`,
      reviews: sql<number>`coalesce(sum(case when ${srsCards.due} <= ${now} and not ${isFresh} then 1 else 0 end), 0)`,
    })
    .from(srsCards)
    .where(eq(srsCards.userId, userId))
    .get();
  return { cards: Number(row?.cards ?? 0), reviews: Number(row?.reviews ?? 0), fresh: Number(row?.fresh ?? 0) };
}

/** The learner's new cards a day (a setting on /niin). */
export async function getNewCardsPerDay(db: Db, userId: number): Promise<number> {
  const row = await db.select({ n: users.newCardsPerDay }).from(users).where(eq(users.id, userId)).get();
  return row?.n ?? DEFAULT_NEW_CARDS_PER_DAY;
}

export async function setNewCardsPerDay(db: Db, userId: number, perDay: number) {
  await db.update(users).set({ newCardsPerDay: perDay }).where(eq(users.id, userId));
}

/** Adds cards the learner does not have yet (never touches an existing card). Returns how many were added. */
export async function addNewSrsCards(db: Db, userId: number, cards: readonly SrsCardRow[]): Promise<number> {
  if (cards.length === 0) return 0;
  const statements = cards.map((card) =>
    db
      .insert(srsCards)
      .values({ userId, cardKey: card.key, state: card.state, due: card.due, updatedAt: new Date(card.updatedAt) })
      .onConflictDoNothing()
      .returning({ key: srsCards.cardKey }),
  );
  const [first, ...rest] = statements;
  const results = await db.batch([first, ...rest]);
  return results.reduce((n, rows) => n + rows.length, 0);
}

export type ReviewRow = { id: string; key: string; correct: boolean; answeredAt: number };

/**
 * Records one answer under its id (and the question of a round it answers). False when that id, or an answer to
 * that question, is already recorded (the same answer sent again, a question answered again after a reload or
 * Back), so the caller does not schedule it a second time.
 */
export async function claimReview(
  db: Db,
  userId: number,
  review: ReviewRow & { question?: string | null; given?: string; firstReview?: boolean },
  receivedAt: number,
): Promise<boolean> {
  const rows = await db
    .insert(srsReviews)
    .values({
      id: review.id,
      userId,
      cardKey: review.key,
      correct: review.correct,
      answeredAt: new Date(review.answeredAt),
      receivedAt: new Date(receivedAt),
      question: review.question ?? null,
      given: review.given ?? null,
      firstReview: review.firstReview ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: srsReviews.id });
  return rows.length === 1;
}

/** The recorded answer to one question of a round (null: not answered yet). */
export async function findQuestionReview(db: Db, userId: number, question: string) {
  const row = await db
    .select({ key: srsReviews.cardKey, correct: srsReviews.correct, given: srsReviews.given })
    .from(srsReviews)
    .where(and(eq(srsReviews.userId, userId), eq(srsReviews.question, question)))
    .get();
  return row ? { key: row.key, correct: row.correct, given: row.given ?? "" } : null;
}

/** How many cards the learner practised for the first time since `since` (ms), for the new cards a day. */
export async function countFirstReviews(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(srsReviews)
    .where(and(eq(srsReviews.userId, userId), eq(srsReviews.firstReview, true), gt(srsReviews.answeredAt, new Date(since))))
    .get();
  return Number(row?.n ?? 0);
}

/** Undoes a claim whose card could not be saved, so the answer can be sent again. */
export async function releaseReview(db: Db, userId: number, id: string) {
  await db.delete(srsReviews).where(and(eq(srsReviews.id, id), eq(srsReviews.userId, userId)));
}

/** The learner's latest answers, newest first. */
export async function listReviews(db: Db, userId: number, limit: number): Promise<ReviewRow[]> {
  const rows = await db
    .select({ id: srsReviews.id, key: srsReviews.cardKey, correct: srsReviews.correct, answeredAt: srsReviews.answeredAt })
    .from(srsReviews)
    .where(eq(srsReviews.userId, userId))
    .orderBy(desc(srsReviews.answeredAt), desc(srsReviews.receivedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, answeredAt: r.answeredAt.getTime() }));
}

/** Spaced-repetition cards of signed-in learners (ts-fsrs state synced from local storage). */
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { srsCards, srsReviews } from "../schema";

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

export type ProgressSummary = { cards: number; due: number; reviews: number; lessons: number[]; verbForms: number };

/** What /niin shows of a learner's saved practice: card counts, reviews, which lessons and how many verb forms. */
export async function summarizeSrsCards(db: Db, userId: number, now = Date.now()): Promise<ProgressSummary> {
  const rows = await db
    .select({ key: srsCards.cardKey, state: srsCards.state, due: srsCards.due })
    .from(srsCards)
    .where(eq(srsCards.userId, userId));
  const lessons = new Set<number>();
  let due = 0;
  let reviews = 0;
  let verbForms = 0;
  for (const row of rows) {
    if (row.due <= now) due++;
    const reps = (row.state as { reps?: unknown } | null)?.reps;
    if (typeof reps === "number" && Number.isFinite(reps)) reviews += reps;
    const lesson = /^lesson:(\d+):/.exec(row.key);
    if (lesson) lessons.add(Number(lesson[1]));
    else if (row.key.startsWith("verb:")) verbForms++;
  }
  return { cards: rows.length, due, reviews, lessons: [...lessons].sort((a, b) => a - b), verbForms };
}

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

/** Cards due by `now`, earliest first. */
export async function listDueSrsCards(db: Db, userId: number, now: number, limit: number) {
  return db
    .select({ key: srsCards.cardKey, due: srsCards.due })
    .from(srsCards)
    .where(and(eq(srsCards.userId, userId), lte(srsCards.due, now)))
    .orderBy(asc(srsCards.due), asc(srsCards.cardKey))
    .limit(limit);
}

/** How many cards the learner has, and how many of them are due by `now` (one query). */
export async function countSrsCards(db: Db, userId: number, now: number): Promise<{ cards: number; due: number }> {
  const row = await db
    .select({ cards: sql<number>`count(*)`, due: sql<number>`coalesce(sum(case when ${srsCards.due} <= ${now} then 1 else 0 end), 0)` })
    .from(srsCards)
    .where(eq(srsCards.userId, userId))
    .get();
  return { cards: Number(row?.cards ?? 0), due: Number(row?.due ?? 0) };
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
 * Records one answer under its id. False when that id is already recorded (the same answer sent again), so the
 * caller does not schedule it a second time.
 */
export async function claimReview(db: Db, userId: number, review: ReviewRow, receivedAt: number): Promise<boolean> {
  const rows = await db
    .insert(srsReviews)
    .values({ id: review.id, userId, cardKey: review.key, correct: review.correct, answeredAt: new Date(review.answeredAt), receivedAt: new Date(receivedAt) })
    .onConflictDoNothing()
    .returning({ id: srsReviews.id });
  return rows.length === 1;
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

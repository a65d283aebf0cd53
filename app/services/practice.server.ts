/**
 * Practice on the server (issue "Learning that works"): one ts-fsrs scheduler, and for signed-in learners the
 * server's `srs_cards` is the source of truth, so what is due on a phone is due on a laptop after a reload.
 * Anonymous learners keep their cards in local storage; the page posts the card with the answer and stores the
 * result, and the cards merge into the account at sign-in (PUT /api/progress, newest review wins).
 * @see docs/decisions/016-course-and-server-practice.md
 */
import { createEmptyCard, fsrs, Rating, type Card, type CardInput } from "ts-fsrs";
import type { Db } from "../../db/client";
import { getLexemesByNames, getLessonItemsByKeys } from "../../db/queries/lessons";
import {
  addNewSrsCards,
  claimReview,
  countFirstReviews,
  countSrsCards,
  findQuestionReview,
  getNewCardsPerDay,
  getSrsCards,
  listDueSrsCards,
  releaseReview,
  saveSrsCards,
} from "../../db/queries/srs";
import { cellKey, cellsOf, decline, inflect, parseNounCellKey, verbClassOf } from "../core/grammar";
import { VERB_CLASSES } from "../core/grammar/cells";
import { parseCardKey, verbCardKey } from "../utils/course";
import { ProgressCardSchema, type OfflineReview, type ProgressCard } from "../utils/progress";
import { isAcceptedAnswer, type PracticeItem } from "../utils/practice";
import { expandLesson } from "./course.server";
import { BoundedCache } from "./bounded-cache.server";
import { grammarMemo } from "./grammar-memo.server";

const scheduler = fsrs({ enable_fuzz: false });

function toWire(key: string, card: Card, updatedAt: number): ProgressCard {
  return {
    key,
    state: {
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
      elapsed_days: card.elapsed_days,
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
      ...(card.last_review ? { last_review: card.last_review.toISOString() } : {}),
    },
    due: card.due.getTime(),
    updatedAt,
  };
}

/** One answer: right is Good, wrong is Again. Builds on the previous card when there is one. */
export function reviewCard(previous: ProgressCard | undefined, key: string, correct: boolean, now: Date): ProgressCard {
  const current: Card | CardInput = previous ? { ...previous.state } : createEmptyCard(now);
  const { card } = scheduler.next(current, now, correct ? Rating.Good : Rating.Again);
  return toWire(key, card, now.getTime());
}

/** A card that is due now and was never reviewed (a word added to the deck). */
export function newCard(key: string, now: Date): ProgressCard {
  return toWire(key, createEmptyCard(now), now.getTime());
}

function asProgressCard(row: { key: string; state: unknown; due: number; updatedAt: number }): ProgressCard | undefined {
  const parsed = ProgressCardSchema.safeParse(row);
  return parsed.success ? parsed.data : undefined;
}

export async function learnerDue(db: Db, userId: number, keys: readonly string[]): Promise<Map<string, number>> {
  return new Map((await learnerCards(db, userId, keys)).due);
}

/** When each of the learner's cards of these keys is due, and which of them were ever answered. */
export async function learnerCards(db: Db, userId: number, keys: readonly string[]) {
  const rows = await getSrsCards(db, userId, keys);
  const practised = new Set(rows.filter((c) => Number((c.state as { reps?: unknown } | null)?.reps) > 0).map((c) => c.key));
  return { due: new Map(rows.map((c) => [c.key, c.due])), practised };
}

/** The new cards a day count over the last 24 hours (the same for every time zone). */
export const NEW_CARDS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A learner's new cards a day (Anki's limit): cards never answered before come in at most `perDay` times in any
 * 24 hours, in lesson, verb and deck practice alike, so the queue cannot pile up. `left`: how many may still come in.
 */
export async function newCardsLeft(db: Db, userId: number, now: number) {
  const [perDay, met] = await Promise.all([getNewCardsPerDay(db, userId), countFirstReviews(db, userId, now - NEW_CARDS_WINDOW_MS)]);
  return { perDay, left: Math.max(perDay - met, 0) };
}

/**
 * A signed-in learner's deck: all cards, and what is due now — reviews (cards answered before) and new cards (never
 * answered, as many as the new cards a day still allow); `waiting`: new cards due that wait for another day.
 */
export async function deckCounts(db: Db, userId: number, now: number) {
  const [counts, allowance] = await Promise.all([countSrsCards(db, userId, now), newCardsLeft(db, userId, now)]);
  const fresh = Math.min(counts.fresh, allowance.left);
  return { cards: counts.cards, due: counts.reviews + fresh, reviews: counts.reviews, fresh, waiting: counts.fresh - fresh, perDay: allowance.perDay };
}

/** The signed-in learner's due deck (keys), earliest first. */
export async function dueDeck(db: Db, userId: number, now: number, limit: number) {
  return (await listDueSrsCards(db, userId, now, limit)).map((c) => c.key);
}

/** Practice items for card keys from anywhere on the site (the deck): engine forms, high confidence only. */
export async function resolveItems(db: Db, keys: readonly string[]): Promise<Map<string, PracticeItem>> {
  const parsed = keys.flatMap((key) => {
    const p = parseCardKey(key);
    return p ? [{ key, p }] : [];
  });
  const lexicon = await getLexemesByNames(
    db,
    parsed.flatMap(({ p }) => (p.kind === "lesson" ? [] : [p.lemma])),
  );
  const sentences = await getLessonItemsByKeys(
    db,
    parsed.flatMap(({ p }) => (p.kind === "lesson" ? [p] : [])),
  );
  const out = new Map<string, PracticeItem>();
  for (const { key, p } of parsed) {
    if (p.kind === "lesson") {
      const s = sentences.find((r) => r.lessonId === p.lessonId && r.position === p.position);
      if (s) out.set(key, { key, odawa: s.value, english: s.trans, answers: [s.value], audio: null, parts: null });
      continue;
    }
    const spec =
      p.kind === "verb"
        ? { word: lexicon.find((l) => l.name === p.lemma && verbClassOf(l.pos) && inflect(l, p.cell, grammarMemo)), cell: cellKey(p.cell) }
        : {
            word: lexicon.find(
              (l) => l.name === p.lemma && l.pos === p.pos && parseNounCellKey(p.cellKey) && decline(l, parseNounCellKey(p.cellKey)!, grammarMemo),
            ),
            cell: p.cellKey,
          };
    if (!spec.word) continue;
    const { forms } = expandLesson({ words: [{ name: spec.word.name, pos: spec.word.pos }], cells: [spec.cell] }, [spec.word]);
    const form = forms.find((f) => f.key === key);
    if (form) out.set(key, form);
  }
  return out;
}

/** The core cells "Practise this word" adds: its independent forms (VTI: object "it"; VTA: object "him/her", and
 * "s/he … me/you"), high confidence only, at most 12. */
export function coreKeys(lexeme: { name: string; pos: string; stem?: string | null; gloss: string }) {
  const cls = verbClassOf(lexeme.pos);
  // Practice (its pages and deck) knows the product reference's four classes, not the VAIO.
  if (!cls || !VERB_CLASSES.includes(cls)) return [];
  return cellsOf(cls, "ind")
    .filter((c) => cls !== "vti" || c.object === "0s")
    .filter((c) => cls !== "vta" || c.object === "3s" || (c.subject === "3s" && (c.object === "1s" || c.object === "2s")))
    .filter((cell) => inflect(lexeme, cell, grammarMemo)?.confidence === "high")
    .slice(0, 12)
    .map((cell) => verbCardKey(lexeme.name, cell));
}

/**
 * Whether "Practise this word" has forms to add (coreKeys is not empty), kept per word (its name, part of speech,
 * stem and gloss decide it), so a page view does not inflect the core cells again.
 */
const practisable = new BoundedCache<string, boolean>("words with forms to practise", { entries: 2_000 });
export function hasCoreForms(lexeme: Parameters<typeof coreKeys>[0]): boolean {
  const key = JSON.stringify([lexeme.name, lexeme.pos, lexeme.stem ?? null, lexeme.gloss]);
  return practisable.getOrSet(key, () => coreKeys(lexeme).length > 0);
}

/** Adds cards (due now) to a signed-in learner's deck; cards they already have keep their schedule. */
export async function addToDeck(db: Db, userId: number, keys: readonly string[], now: Date) {
  return addNewSrsCards(
    db,
    userId,
    keys.map((key) => newCard(key, now)),
  );
}

export type AnswerOutcome = { correct: boolean; given: string; card: ProgressCard | null; duplicate: boolean };

/**
 * Checks an answer and schedules the card. Signed in: against the server's card, saved there, and the answer
 * recorded under its id (`reviewId`, made by the browser; the server makes one for a form posted without
 * JavaScript) and the question of the round it answers (`question`, app/utils/practice.ts questionId). An answer
 * whose id or question is already recorded (a retried post, a reload, Back and answer again, the offline outbox
 * sent again), or to a question shown before the card's last review (a double submit), is not counted twice: the
 * recorded answer to that question stands (its verdict decides the round's next step).
 * Anonymous: against the card the browser sent, which the page stores again.
 */
export async function answerItem(
  db: Db,
  input: {
    item: PracticeItem;
    kind: "choose" | "type";
    given: string;
    askedAt: number;
    userId: number | null;
    localCard: unknown;
    now: Date;
    reviewId?: string | null;
    question?: string | null;
  },
): Promise<AnswerOutcome> {
  const { item, kind, given, askedAt, userId, now } = input;
  const question = input.question ?? null;
  const correct = kind === "choose" ? given === item.english : isAcceptedAnswer(given, item.answers);
  if (userId === null) {
    const local = ProgressCardSchema.safeParse(input.localCard);
    const previous = local.success && local.data.key === item.key ? local.data : undefined;
    return { correct, given, card: reviewCard(previous, item.key, correct, now), duplicate: false };
  }
  const recorded = async () => (question ? await findQuestionReview(db, userId, question) : null);
  const [row, before] = await Promise.all([getSrsCards(db, userId, [item.key]).then((rows) => rows[0]), recorded()]);
  const previous = row ? asProgressCard(row) : undefined;
  if (before) return { correct: before.correct, given: before.given, card: previous ?? null, duplicate: true };
  if (previous && previous.state.reps > 0 && previous.updatedAt >= askedAt) return { correct, given, card: previous, duplicate: true };
  const id = input.reviewId ?? crypto.randomUUID();
  const firstReview = !previous || previous.state.reps === 0;
  if (!(await claimReview(db, userId, { id, key: item.key, correct, answeredAt: now.getTime(), question, given, firstReview }, Date.now()))) {
    // Sent twice at once: the answer recorded first stands.
    const other = await recorded();
    return { correct: other?.correct ?? correct, given: other?.given ?? given, card: previous ?? null, duplicate: true };
  }
  const card = reviewCard(previous, item.key, correct, now);
  try {
    await saveSrsCards(db, userId, [card]);
  } catch (error) {
    await releaseReview(db, userId, id);
    throw error;
  }
  return { correct, given, card, duplicate: false };
}

/** How far back an offline answer may be dated (older ones count as answered 30 days ago). */
const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type OfflineReviewResult = { id: string; status: "recorded" | "duplicate" | "unknown" };

/**
 * Answers given offline (the browser's outbox, ADR 017), in the order they were given: each is checked again
 * here (the browser's verdict is not trusted) and scheduled as of when it was answered, once per id.
 */
export async function recordOfflineReviews(db: Db, userId: number, reviews: readonly OfflineReview[], now = Date.now()) {
  const items = await resolveItems(
    db,
    reviews.map((r) => r.key),
  );
  const results: OfflineReviewResult[] = [];
  // A browser clock ahead of the server's moves all its answers back together (their order is kept).
  const skew = Math.max(0, ...reviews.map((r) => r.answeredAt - now));
  for (const review of [...reviews].sort((a, b) => a.answeredAt - b.answeredAt)) {
    const item = items.get(review.key);
    if (!item) {
      results.push({ id: review.id, status: "unknown" });
      continue;
    }
    const answeredAt = Math.max(review.answeredAt - skew, now - OFFLINE_MAX_AGE_MS);
    const outcome = await answerItem(db, {
      item,
      kind: review.kind,
      given: review.given,
      askedAt: Math.min(review.askedAt - skew, answeredAt),
      userId,
      localCard: null,
      now: new Date(answeredAt),
      reviewId: review.id,
      question: review.question ?? null,
    });
    results.push({ id: review.id, status: outcome.duplicate ? "duplicate" : "recorded" });
  }
  return results;
}

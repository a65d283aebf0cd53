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
import { addNewSrsCards, claimReview, countSrsCards, getSrsCards, listDueSrsCards, releaseReview, saveSrsCards } from "../../db/queries/srs";
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
  return new Map((await getSrsCards(db, userId, keys)).map((c) => [c.key, c.due]));
}

/** How many cards a signed-in learner has, and how many are due now. */
export function deckCounts(db: Db, userId: number, now: number) {
  return countSrsCards(db, userId, now);
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
  const lexicon = await getLexemesByNames(db, parsed.flatMap(({ p }) => (p.kind === "lesson" ? [] : [p.lemma])));
  const sentences = await getLessonItemsByKeys(db, parsed.flatMap(({ p }) => (p.kind === "lesson" ? [p] : [])));
  const out = new Map<string, PracticeItem>();
  for (const { key, p } of parsed) {
    if (p.kind === "lesson") {
      const s = sentences.find((r) => r.lessonId === p.lessonId && r.position === p.position);
      if (s) out.set(key, { key, odawa: s.value, english: s.trans, answers: [s.value], audio: null, parts: null });
      continue;
    }
    const spec = p.kind === "verb"
      ? { word: lexicon.find((l) => l.name === p.lemma && verbClassOf(l.pos) && inflect(l, p.cell, grammarMemo)), cell: cellKey(p.cell) }
      : { word: lexicon.find((l) => l.name === p.lemma && l.pos === p.pos && parseNounCellKey(p.cellKey) && decline(l, parseNounCellKey(p.cellKey)!, grammarMemo)), cell: p.cellKey };
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
  return addNewSrsCards(db, userId, keys.map((key) => newCard(key, now)));
}

export type AnswerOutcome = { correct: boolean; card: ProgressCard | null; duplicate: boolean };

/**
 * Checks an answer and schedules the card. Signed in: against the server's card, saved there, and the answer
 * recorded under its id (`reviewId`, made by the browser; the server makes one for a form posted without
 * JavaScript). An answer whose id is already recorded (a retried post, the offline outbox sent again), or to a
 * question shown before the card's last review (a double submit), is not counted twice.
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
  },
): Promise<AnswerOutcome> {
  const { item, kind, given, askedAt, userId, now } = input;
  const correct = kind === "choose" ? given === item.english : isAcceptedAnswer(given, item.answers);
  if (userId === null) {
    const local = ProgressCardSchema.safeParse(input.localCard);
    const previous = local.success && local.data.key === item.key ? local.data : undefined;
    return { correct, card: reviewCard(previous, item.key, correct, now), duplicate: false };
  }
  const [row] = await getSrsCards(db, userId, [item.key]);
  const previous = row ? asProgressCard(row) : undefined;
  if (previous && previous.state.reps > 0 && previous.updatedAt >= askedAt) return { correct, card: previous, duplicate: true };
  const id = input.reviewId ?? crypto.randomUUID();
  if (!(await claimReview(db, userId, { id, key: item.key, correct, answeredAt: now.getTime() }, Date.now()))) {
    return { correct, card: previous ?? null, duplicate: true };
  }
  const card = reviewCard(previous, item.key, correct, now);
  try {
    await saveSrsCards(db, userId, [card]);
  } catch (error) {
    await releaseReview(db, userId, id);
    throw error;
  }
  return { correct, card, duplicate: false };
}

/** How far back an offline answer may be dated (older ones count as answered 30 days ago). */
const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type OfflineReviewResult = { id: string; status: "recorded" | "duplicate" | "unknown" };

/**
 * Answers given offline (the browser's outbox, ADR 017), in the order they were given: each is checked again
 * here (the browser's verdict is not trusted) and scheduled as of when it was answered, once per id.
 */
export async function recordOfflineReviews(db: Db, userId: number, reviews: readonly OfflineReview[], now = Date.now()) {
  const items = await resolveItems(db, reviews.map((r) => r.key));
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
    });
    results.push({ id: review.id, status: outcome.duplicate ? "duplicate" : "recorded" });
  }
  return results;
}

/**
 * /aambe/practice, server side: what is practised (a lesson ?lesson=, a verb ?verb=, or the learner's due deck),
 * the round in the URL (?q= keys still to ask, ?t= round size, ?m= missed keys, ?n= answers given, ?round= its id),
 * and the answer action.
 * Works without JavaScript: every step is a link or a form post.
 */
import type { Db } from "../../../db/client";
import { getLexemeByName } from "../../../db/queries/lessons";
import { cellKey, cellsOf, verbClassOf } from "../../core/grammar";
import { expandLesson, loadLesson } from "../../services/course.server";
import { answerItem, deckCounts, dueDeck, learnerCards, learnerDue, newCardsLeft, resolveItems } from "../../services/practice.server";
import { findQuestionReview } from "../../../db/queries/srs";
import { ORDER_LABELS, parseOrder } from "../../components/learn/subjects";
import { advance, questionId, readSession } from "../../utils/practice";
import { buildPracticePage, practiceHref, type OfflinePack, type PracticeSource } from "../../utils/practice-page";

const VERB_POS = ["vai", "vii", "vti", "vta"] as const;
/** The browser's id of an answer (crypto.randomUUID), so a retried post is not counted twice (ADR 017). */
const REVIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECK_LIMIT = 50;

/** A lesson's practice (also handed to a signed-in learner's browser by the lesson page, for offline practice). */
export function lessonSource(lesson: NonNullable<Awaited<ReturnType<typeof loadLesson>>>): PracticeSource {
  return {
    heading: `Practice: ${lesson.title}`,
    lead: null,
    notice: lesson.items.length === 0 ? "No lesson data found" : null,
    base: `lesson=${lesson.id}`,
    items: lesson.items,
    next: lesson.next ? { href: `/aambe/learn/${lesson.next.id}`, title: lesson.next.title } : null,
  };
}

/** A signed-in learner's offline pack of a lesson's practice: its items and when each of their cards is due. */
export async function lessonOfflinePack(db: Db, lesson: Parameters<typeof lessonSource>[0], userId: number): Promise<OfflinePack> {
  return {
    source: lessonSource(lesson),
    due: [
      ...(await learnerDue(
        db,
        userId,
        lesson.items.map((i) => i.key),
      )),
    ],
  };
}

const isDeck = (url: URL) => !url.searchParams.get("verb")?.trim() && !url.searchParams.get("lesson");

async function loadSource(db: Db, url: URL, userId: number | null, now: number): Promise<PracticeSource> {
  const verb = url.searchParams.get("verb")?.trim();
  if (verb) {
    const pos = url.searchParams.get("pos");
    const lexeme = await getLexemeByName(db, verb.normalize("NFC").slice(0, 100), VERB_POS.find((p) => p === pos) ? [pos!] : VERB_POS);
    if (!lexeme) {
      return { heading: "Practice", lead: null, notice: `No verb “${verb.slice(0, 100)}” was found in the dictionary.`, base: "", items: [], next: null };
    }
    const order = parseOrder(url.searchParams.get("order"));
    const cells = cellsOf(verbClassOf(lexeme.pos)!, order).map(cellKey);
    const { forms } = expandLesson({ words: [{ name: lexeme.name, pos: lexeme.pos }], cells }, [lexeme]);
    const missing = cells.length - forms.length;
    const base = new URLSearchParams({ verb: lexeme.name, ...(pos ? { pos: lexeme.pos } : {}), ...(order !== "ind" ? { order } : {}) }).toString();
    const added = Number(url.searchParams.get("added"));
    return {
      heading: `Practice: ${lexeme.name}`,
      lead:
        `${ORDER_LABELS[order]} forms of ${lexeme.name} “${lexeme.gloss}”.${missing > 0 ? ` ${missing} more forms are not available yet.` : ""}` +
        (added > 0 ? ` ${added} forms were added to your practice deck.` : ""),
      notice: forms.length === 0 ? "The forms of this verb are not available yet." : null,
      base,
      items: forms,
      next: null,
    };
  }
  const lessonParam = url.searchParams.get("lesson");
  if (lessonParam) {
    const lesson = /^[1-9]\d{0,8}$/.test(lessonParam) ? await loadLesson(db, Number(lessonParam)) : null;
    if (!lesson) return { heading: "Practice", lead: null, notice: "There is no such lesson.", base: "", items: [], next: null };
    return lessonSource(lesson);
  }
  // The deck: a signed-in learner's due cards from the server; anonymous rounds carry their keys in ?q=.
  const keys = userId !== null ? await dueDeck(db, userId, now, DECK_LIMIT) : (readSession(url.searchParams)?.queue ?? []);
  const resolved = await resolveItems(db, keys);
  return { heading: "Practice", lead: null, notice: null, base: "", items: keys.flatMap((k) => resolved.get(k) ?? []), next: null };
}

export async function loadPracticePage(db: Db, url: URL, userId: number | null) {
  const now = Date.now();
  const source = await loadSource(db, url, userId, now);
  const session = readSession(url.searchParams);
  const starting = !session && userId !== null;
  const [cards, allowance] = starting
    ? await Promise.all([
        learnerCards(
          db,
          userId,
          source.items.map((i) => i.key),
        ),
        newCardsLeft(db, userId, now),
      ])
    : [null, null];
  const known = new Set(source.items.map((i) => i.key));
  const wanted = session ? (session.queue.length ? [session.queue[0]] : session.missed) : [];
  const extra = await resolveItems(
    db,
    wanted.filter((k) => !known.has(k)),
  );
  // The deck's start page counts every card of the learner, not only the due ones it loaded.
  const deck = starting && isDeck(url) ? await deckCounts(db, userId, now) : undefined;
  // A question of this round already answered (a reload, Back): shown answered, with its next step.
  const question = userId !== null && session?.queue.length ? questionId(session, session.queue[0]) : null;
  const answered = question ? await findQuestionReview(db, userId!, question) : null;
  return buildPracticePage(source, session, {
    signedIn: userId !== null,
    now,
    due: cards?.due ?? new Map<string, number>(),
    extra,
    deck,
    fresh: cards && allowance ? { practised: cards.practised, ...allowance } : undefined,
    answered: answered && { correct: answered.correct, given: answered.given },
  });
}

/** The answer of one question: checked, scheduled (server card, or the anonymous learner's card), and the next step. */
export async function answerPractice(db: Db, url: URL, form: FormData, userId: number | null) {
  const session = readSession(url.searchParams);
  const key = String(form.get("key") ?? "");
  if (!session || !session.queue.includes(key)) return { error: "This question is no longer in your round." as const };
  const item = (await resolveItems(db, [key])).get(key);
  if (!item) return { error: "This question is no longer in your round." as const };
  const kind = form.get("kind") === "choose" ? "choose" : "type";
  const given = String(form.get("answer") ?? "").slice(0, 200);
  let localCard: unknown;
  try {
    localCard = userId === null && form.get("card") ? JSON.parse(String(form.get("card"))) : null;
  } catch {
    localCard = null;
  }
  const outcome = await answerItem(db, {
    item,
    kind,
    given,
    askedAt: Number(form.get("asked")) || 0,
    userId,
    localCard,
    now: new Date(),
    reviewId: REVIEW_ID.test(String(form.get("review") ?? "")) ? String(form.get("review")).toLowerCase() : null,
    question: questionId(session, key),
  });
  const base = new URLSearchParams(url.search);
  for (const p of ["q", "t", "m", "n", "round"]) base.delete(p);
  return {
    key,
    /** The step this answers (the page shows the feedback only on that step). */
    search: url.search,
    correct: outcome.correct,
    /** What was answered: this post's answer, or the one recorded for this question when it was answered before. */
    given: outcome.given,
    kind,
    item: { odawa: item.odawa, english: item.english, parts: item.parts, audio: item.audio },
    card: userId === null ? outcome.card : null,
    nextHref: practiceHref(base.toString(), advance(session, key, outcome.correct)),
  };
}

/**
 * One step of /aambe/practice from what is practised and the round in the URL: the start, a question, the summary.
 * Pure and client-safe: the server builds the page from the database (app/routes/course/practice.server.ts), and a
 * signed-in learner's browser builds the same page offline from the items it kept (app/components/learn/offline-practice.ts).
 * @see docs/decisions/016-course-and-server-practice.md, docs/decisions/016a-course-practice-updates.md, docs/decisions/017-offline-service-worker.md
 */
import { advance, choiceOptions, newRoundId, questionKind, roundKeys, seededOrder, sessionParams, type PracticeItem, type SessionState } from "./practice";

/** What is practised: a lesson (base "lesson=3"), a verb ("verb=maajaa&order=conj") or the learner's deck (""). */
export type PracticeSource = {
  heading: string;
  lead: string | null;
  notice: string | null;
  base: string;
  items: PracticeItem[];
  next: { href: string; title: string } | null;
};

/** What a signed-in learner's browser keeps of a source to practise it offline. */
export type OfflinePack = { source: PracticeSource; due: Array<[string, number]> };

export const practiceHref = (base: string, state: SessionState) => `/aambe/practice?${base ? `${base}&` : ""}${sessionParams(state)}`;

export function buildPracticePage(
  source: PracticeSource,
  session: SessionState | null,
  context: {
    signedIn: boolean;
    now: number;
    /** When each of the learner's cards is due (the start page of a signed-in learner). */
    due: ReadonlyMap<string, number>;
    /** Items of keys that are not in the source (cards of the deck from elsewhere, a lesson changed). */
    extra: ReadonlyMap<string, PracticeItem>;
    /** The signed-in learner's whole deck (all cards, and how many are due now), when the deck is practised. */
    deck?: { cards: number; due: number };
    /**
     * A signed-in learner's new cards a day: the keys practised before (any other is new), how many new ones may
     * still come in, and the setting.
     */
    fresh?: { practised: ReadonlySet<string>; left: number; perDay: number };
    /** The learner's recorded answer to the question this step asks (a reload, or Back to it). */
    answered?: { correct: boolean; given: string } | null;
  },
) {
  const { signedIn, now, fresh } = context;
  const common = { heading: source.heading, lead: source.lead, notice: source.notice, base: source.base, signedIn };
  const itemOf = (key: string) => source.items.find((i) => i.key === key) ?? context.extra.get(key);

  if (!session) {
    const isNew = (key: string) => !fresh?.practised.has(key);
    const queue = roundKeys(source.items, (k) => context.due.get(k), now, fresh && { isNew, left: fresh.left });
    const dueItems = source.items.filter((i) => (context.due.get(i.key) ?? now) <= now);
    const newDue = fresh ? dueItems.filter((i) => isNew(i.key)).length : 0;
    /** New items due that wait for another day (the new cards a day are used up). */
    const waiting = fresh && !context.deck ? Math.max(newDue - Math.max(fresh.left, 0), 0) : 0;
    return {
      ...common,
      view: "start" as const,
      /** What is practised here: the lesson's or verb's items, or every card of the learner's deck. */
      items: context.deck ? context.deck.cards : source.items.length,
      itemKeys: source.items.map((i) => i.key),
      /** Due now (a round asks at most ROUND_SIZE of them). */
      due: context.deck ? context.deck.due : dueItems.length - waiting,
      waiting: waiting > 0 && fresh ? { count: waiting, perDay: fresh.perDay } : null,
      round: queue.length,
      startHref: queue.length > 0 ? practiceHref(source.base, { queue, total: queue.length, missed: [], answered: 0, round: newRoundId() }) : null,
      /** Signed in: kept by the browser for practice without a connection. */
      offline: signedIn && !source.notice ? ({ source, due: [...context.due] } satisfies OfflinePack) : null,
    };
  }

  if (session.queue.length === 0) {
    return {
      ...common,
      view: "summary" as const,
      total: session.total,
      right: Math.max(session.total - session.missed.length, 0),
      missed: session.missed.flatMap((k) => itemOf(k) ?? []).map(({ key, odawa, english }) => ({ key, odawa, english })),
      againHref: `/aambe/practice${source.base ? `?${source.base}` : ""}`,
      next: source.next,
    };
  }

  const key = session.queue[0];
  const item = itemOf(key);
  if (!item) {
    // A card that no longer resolves (a lesson changed): skip it.
    return { ...common, view: "skip" as const, nextHref: practiceHref(source.base, { ...session, queue: session.queue.slice(1) }) };
  }
  const pool = [...source.items, ...context.extra.values()];
  const distractors = choiceOptions(item, pool, key);
  const kind = questionKind(session, distractors.length);
  const answered = context.answered ?? null;
  return {
    ...common,
    view: "question" as const,
    /** Questions answered so far plus the ones still to ask: a missed item asked again counts again. */
    number: session.answered + 1,
    total: session.answered + session.queue.length,
    /** This item was missed earlier in the round and comes back. */
    retry: session.missed.includes(key),
    remaining: session.queue.length,
    askedAt: now,
    kind,
    item,
    options: kind === "choose" ? seededOrder([item.english, ...distractors], `${key}:${session.queue.length}`) : [],
    /** Already answered (a reload, Back): the answer and its next step, shown instead of a new try. */
    answered: answered && { ...answered, nextHref: practiceHref(source.base, advance(session, key, answered.correct)) },
  };
}

export type PracticePage = ReturnType<typeof buildPracticePage>;

/**
 * Practice without a connection, for a signed-in learner (ADR 017). Each practice start page opened online hands
 * the browser its items (`offline` in the page data); they are kept here, per practice (lesson, verb, deck), for the
 * learner who is signed in. Offline, the practice route builds the same pages from them (buildPracticePage) and
 * checks answers with the same function as the server; the answers wait in the outbox (./outbox.ts).
 */
import { advance, isAcceptedAnswer, questionId, readSession, type SessionState } from "../../utils/practice";
import { buildPracticePage, practiceHref, type OfflinePack, type PracticePage } from "../../utils/practice-page";
import { pendingAnswers, queueAnswer } from "./outbox";
import { PACKS_KEY } from "./storage-keys";

type Store = { user: string; packs: Record<string, OfflinePack> };
const MAX_PACKS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const REVIEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readStore(): Store {
  try {
    const raw = JSON.parse(localStorage.getItem(PACKS_KEY) ?? "null") as Store | null;
    return raw && typeof raw.user === "string" && raw.packs && typeof raw.packs === "object" ? raw : { user: "", packs: {} };
  } catch {
    return { user: "", packs: {} };
  }
}

export function keepOfflinePack(user: string, pack: OfflinePack) {
  try {
    const store = readStore();
    const packs = store.user === user ? { ...store.packs } : {};
    delete packs[pack.source.base];
    packs[pack.source.base] = pack;
    const bases = Object.keys(packs);
    for (const old of bases.slice(0, Math.max(bases.length - MAX_PACKS, 0))) delete packs[old];
    localStorage.setItem(PACKS_KEY, JSON.stringify({ user, packs }));
  } catch {
    // Storage full or disabled: this practice will need the network.
  }
}

/** The practice a URL is about: its query without the round ("lesson=3", "" for the deck). */
function baseOf(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const p of ["q", "t", "m", "n", "round", "added", "index", "_routes"]) params.delete(p);
  return params.toString();
}

/** The page offline: from the kept items, or a note when this practice was never opened online here. */
export function offlinePracticePage(url: URL): PracticePage {
  const store = readStore();
  const pack = store.user ? store.packs[baseOf(url)] : undefined;
  const now = Date.now();
  if (!pack) {
    const notice = store.user
      ? "You are offline, and this practice was not opened on this device before. Open it once with a connection to practise it offline."
      : "You are offline. Practice without a connection is kept for signed-in learners: sign in once you are back online.";
    return buildPracticePage({ heading: "Practice", lead: null, notice, base: "", items: [], next: null }, null, {
      signedIn: store.user !== "",
      now,
      due: new Map(),
      extra: new Map(),
    });
  }
  // Answered right offline: not due again until the server has scheduled it.
  const due = new Map(pack.due);
  const pending = pendingAnswers(store.user);
  for (const answer of pending) if (answer.correct) due.set(answer.key, now + DAY_MS);
  const session = readSession(url.searchParams);
  const answered = session?.queue.length ? answeredOffline(store.user, session, session.queue[0]) : null;
  return buildPracticePage(pack.source, session, { signedIn: true, now, due, extra: new Map(), answered });
}

/** This question of the round answered offline already (a reload, Back): its answer in the outbox. */
function answeredOffline(user: string, session: SessionState, key: string) {
  const question = questionId(session, key);
  const entry = question ? pendingAnswers(user).find((e) => e.question === question) : undefined;
  return entry ? { correct: entry.correct, given: entry.given } : null;
}

/** An answer offline: checked here, kept in the outbox, and the same reply as the server's (null: not this round). */
export function offlineAnswer(url: URL, form: FormData) {
  const store = readStore();
  const pack = store.user ? store.packs[baseOf(url)] : undefined;
  const session = readSession(url.searchParams);
  const key = String(form.get("key") ?? "");
  const item = pack?.source.items.find((i) => i.key === key);
  if (!item || !session || !session.queue.includes(key)) return null;
  const kind = form.get("kind") === "choose" ? ("choose" as const) : ("type" as const);
  // A question answered before (offline, then Back) keeps its first answer: nothing more is queued.
  const before = answeredOffline(store.user, session, key);
  let given = String(form.get("answer") ?? "").slice(0, 200);
  let correct = kind === "choose" ? given === item.english : isAcceptedAnswer(given, item.answers);
  if (before) ({ given, correct } = before);
  else {
    const review = String(form.get("review") ?? "");
    const now = Date.now();
    const question = questionId(session, key);
    queueAnswer({
      user: store.user,
      id: REVIEW_ID.test(review) ? review.toLowerCase() : crypto.randomUUID(),
      key,
      kind,
      given,
      askedAt: Math.min(Number(form.get("asked")) || now, now),
      answeredAt: now,
      correct,
      ...(question ? { question } : {}),
    });
  }
  const base = new URLSearchParams(url.search);
  for (const p of ["q", "t", "m", "n", "round"]) base.delete(p);
  return {
    key,
    search: url.search,
    correct,
    given,
    kind,
    item: { odawa: item.odawa, english: item.english, parts: item.parts, audio: item.audio },
    card: null,
    nextHref: practiceHref(base.toString(), advance(session, key, correct)),
    /** Kept on this device; marks the reply so the page data is not reloaded from the unreachable server. */
    offline: true as const,
    serverUnreachable: true as const,
  };
}

/** A request that never reached the server (no network), as opposed to an answer from it. */
export function isNetworkFailure(error: unknown) {
  return error instanceof TypeError || (typeof navigator !== "undefined" && navigator.onLine === false && !(error instanceof Response));
}

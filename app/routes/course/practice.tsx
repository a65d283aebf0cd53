/**
 * /aambe/practice: a server-rendered question → answer → next loop (works without JavaScript; with it the same
 * forms post in place and anonymous cards are kept in local storage). A missed item comes back later in the round.
 * Offline, a signed-in learner's round goes on from the items the browser kept (clientLoader, clientAction).
 * @see docs/decisions/016-course-and-server-practice.md, docs/decisions/016a-course-practice-updates.md, docs/decisions/017-offline-service-worker.md
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { getBindings } from "../../context";
import { getSessionUser } from "../../services/session.server";
import { LessonAudioButton } from "../../components/learn/lesson-audio-button";
import { readLocalCards, recallAnswer, rememberAnswer, saveLocalCard, useMergeLocalProgress } from "../../components/learn/local-progress";
import { isNetworkFailure, keepOfflinePack, offlineAnswer, offlinePracticePage } from "../../components/learn/offline-practice";
import { skipRevalidationWhenUnreachable } from "../../utils/client-action";
import { asked, newRoundId, questionId, readSession, roundKeys, sessionParams } from "../../utils/practice";
import type { PracticePage } from "../../utils/practice-page";
import { answerPractice, loadPracticePage } from "./practice.server";
import { Feedback } from "./practice-feedback";
import type { Route } from "./+types/practice";
import type { loader as rootLoader } from "../../root";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getBindings(context);
  const user = await getSessionUser(request, config, db);
  return loadPracticePage(db, new URL(request.url), user?.id ?? null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = getBindings(context);
  const user = await getSessionUser(request, config, db);
  return answerPractice(db, new URL(request.url), await request.formData(), user?.id ?? null);
}

/** Without a connection, the page comes from the items this browser kept (signed-in learners). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return offlinePracticePage(new URL(request.url));
  }
}

/** Without a connection, the answer is checked here and kept in the outbox until the server has it. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    const offline = isNetworkFailure(error) ? offlineAnswer(new URL(request.url), form) : null;
    if (!offline) throw error;
    return offline;
  }
}

/** An answer kept offline: the page stays as it is (its data would come from the unreachable server). */
export const shouldRevalidate = skipRevalidationWhenUnreachable;

const SYNC_NOTE = {
  account: "Your schedule is saved to your account.",
  local: "Your schedule is saved on this device. Sign in to keep it across devices.",
};

function SyncNote({ signedIn }: { signedIn: boolean }) {
  return (
    <p className="muted" role="status" data-sync={signedIn ? "account" : "local"}>
      {signedIn ? SYNC_NOTE.account : SYNC_NOTE.local}
    </p>
  );
}

/** Anonymous with JavaScript: the round starts with this device's due cards. */
function useLocalStart(page: Extract<PracticePage, { view: "start" }>) {
  const [local, setLocal] = useState<{ items: number; due: number; href: string | null } | null>(null);
  useEffect(() => {
    if (page.signedIn) return;
    const cards = readLocalCards();
    const now = Date.now();
    // The deck of an anonymous learner is this device's cards.
    const keys = page.base === "" ? Object.keys(cards) : page.itemKeys;
    const due = keys.filter((k) => (cards[k]?.due ?? now) <= now).length;
    const queue = roundKeys(
      keys.map((key) => ({ key })),
      (k) => cards[k]?.due,
      now,
    );
    const base = page.base ? `${page.base}&` : "";
    setLocal({
      items: keys.length,
      due,
      href: queue.length ? `/aambe/practice?${base}${sessionParams({ queue, total: queue.length, missed: [], answered: 0, round: newRoundId() })}` : null,
    });
  }, [page]);
  return local ?? { items: page.items, due: page.due, href: page.startHref };
}

/** A signed-in learner's start page hands its items to the browser, for practice without a connection. */
function useKeepOffline(page: Extract<PracticePage, { view: "start" }>) {
  const username = useRouteLoaderData<typeof rootLoader>("root")?.user?.username;
  useEffect(() => {
    if (page.offline && username) keepOfflinePack(username, page.offline);
  }, [page, username]);
}

function Start({ page }: { page: Extract<PracticePage, { view: "start" }> }) {
  const { items, due, href } = useLocalStart(page);
  useKeepOffline(page);
  const deck = page.base === "";
  return (
    <div className="practice-start">
      <h2>Practice</h2>
      <p>
        <span data-testid="item-count">{items}</span>
        {` ${deck ? (items === 1 ? "card" : "cards") : items === 1 ? "item" : "items"} · `}
        <span data-testid="due-count">{due}</span> due now
      </p>
      {page.waiting ? (
        <p data-testid="new-cards-waiting">
          {`${page.waiting.count} new ${page.waiting.count === 1 ? "item waits" : "items wait"} for another day: you take up to ${page.waiting.perDay} new cards a day. `}
          <Link to="/niin#new-cards">Change how many</Link>
        </p>
      ) : null}
      <SyncNote signedIn={page.signedIn} />
      {href ? (
        <Link className="button button-primary" to={href}>
          Start
        </Link>
      ) : deck && items === 0 ? (
        <p data-testid="practice-empty">
          Nothing to practise yet: each lesson you finish adds its forms here. <Link to="/aambe/learn/1">Start with lesson 1</Link>, or{" "}
          <Link to="/aambe">choose a lesson</Link>.
        </p>
      ) : (
        <p data-testid="practice-empty">
          Nothing is due now: each card comes back when it is due. Meanwhile, <Link to="/aambe">go on with the course</Link>.
        </p>
      )}
    </div>
  );
}

function Summary({ page }: { page: Extract<PracticePage, { view: "summary" }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="practice-summary">
      <h2 ref={heading} tabIndex={-1}>
        Round complete
      </h2>
      <p className="lead">{`You got ${page.right} of ${page.total} right.`}</p>
      {page.missed.length > 0 ? (
        <>
          <p>Answered right on a second try:</p>
          <ul className="practice-results">
            {page.missed.map((m) => (
              <li key={m.key}>
                <strong lang="otw">{m.odawa}</strong> — {m.english}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <SyncNote signedIn={page.signedIn} />
      <p className="learn-actions">
        {page.next ? (
          <Link className="button button-primary" to={page.next.href}>
            Next lesson: {page.next.title}
          </Link>
        ) : null}{" "}
        <Link className="button" to={page.againHref}>
          Practise again
        </Link>{" "}
        <Link className="button" to="/aambe">
          Back to Learn
        </Link>
      </p>
    </div>
  );
}

type Answered = { correct: boolean; given: string; nextHref: string };

/**
 * This question answered before, on a reload or Back: from the server (a signed-in learner's recorded answer), or
 * from this tab (an anonymous learner's, kept for the tab's life).
 */
function useAnsweredBefore(page: Extract<PracticePage, { view: "question" }>, search: string): Answered | null {
  const [here, setHere] = useState<Answered | null>(null);
  useEffect(() => {
    const session = readSession(new URLSearchParams(search));
    const question = session && questionId(session, page.item.key);
    if (!page.signedIn && question) setHere(recallAnswer(question));
  }, [page, search]);
  return page.answered ?? here;
}

function Question({ page, answer }: { page: Extract<PracticePage, { view: "question" }>; answer: Route.ComponentProps["actionData"] }) {
  const { item, kind } = page;
  const location = useLocation();
  const before = useAnsweredBefore(page, location.search);
  const posted = answer && "key" in answer && answer.key === item.key && answer.search === location.search ? answer : null;
  const done = posted ?? (before && { ...before, kind, item, card: null });
  const [localCard, setLocalCard] = useState("");
  // The answer's id (ADR 017): the same answer sent twice — a retried post, the offline outbox — counts once.
  const [reviewId, setReviewId] = useState("");
  useEffect(() => setReviewId(typeof crypto.randomUUID === "function" ? crypto.randomUUID() : ""), [item.key]);
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!page.signedIn) setLocalCard(JSON.stringify(readLocalCards()[item.key] ?? null));
  }, [page.signedIn, item.key]);
  useEffect(() => {
    if (posted?.card) saveLocalCard(posted.card);
    const session = readSession(new URLSearchParams(location.search));
    const question = session && questionId(session, item.key);
    if (posted && question && !page.signedIn) rememberAnswer(question, { correct: posted.correct, given: posted.given, nextHref: posted.nextHref });
  }, [posted, item.key, location.search, page.signedIn]);
  const answered = done !== null;
  useEffect(() => {
    if (answered) next.current?.focus();
    else heading.current?.focus();
  }, [answered]);
  const formAction = `${location.pathname}${location.search}`;
  const hidden = (
    <>
      <input type="hidden" name="key" value={item.key} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="asked" value={page.askedAt} />
      {localCard ? <input type="hidden" name="card" value={localCard} /> : null}
      {reviewId ? <input type="hidden" name="review" value={reviewId} /> : null}
    </>
  );
  return (
    <div className="practice-question" data-card={item.key} data-kind={kind}>
      <p className="muted" id="practice-step">
        {`Question ${page.number} of ${page.total}`}
        {page.retry ? " (a second try)" : ""}
      </p>
      <progress className="learn-progress" max={page.total} value={page.number - 1} aria-labelledby="practice-step" />
      {kind === "type" ? (
        <>
          <h2 ref={heading} tabIndex={-1}>
            How do you say “{asked(item.english)}” in Nishnaabemwin?
          </h2>
          <Form method="post" action={formAction} className="practice-type" preventScrollReset>
            {hidden}
            <label htmlFor="practice-answer">Your answer</label>
            <input
              id="practice-answer"
              name="answer"
              lang="otw"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              readOnly={done !== null}
              defaultValue={done?.given ?? ""}
              required
            />
            <button type="submit" className="button button-primary" disabled={done !== null}>
              Check
            </button>
          </Form>
        </>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            What does this mean?
          </h2>
          <p className="practice-prompt" lang="otw">
            {item.odawa}
          </p>
          <LessonAudioButton src={item.audio} label={item.odawa} />
          <Form method="post" action={formAction} preventScrollReset>
            {hidden}
            <ul className="practice-options" aria-label="Choices">
              {page.options.map((option) => (
                <li key={option}>
                  <button
                    type="submit"
                    name="answer"
                    value={option}
                    className={`button practice-option${done && option === item.english ? " is-right" : ""}${done && !done.correct && option === done.given ? " is-wrong" : ""}`}
                    disabled={done !== null}
                  >
                    {option}
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        </>
      )}
      <div role="status" className="practice-feedback">
        {done ? <Feedback done={done} /> : null}
        {posted === null && before ? (
          <p className="muted" data-testid="answered-before">
            You have answered this question already: your first answer counts.
          </p>
        ) : null}
        {done && "offline" in done ? (
          <p className="muted" data-testid="kept-offline">
            You are offline: this answer is kept on this device and sent when you are back online.
          </p>
        ) : answer && "error" in answer ? (
          <p className="alert alert-warning">{answer.error}</p>
        ) : null}
      </div>
      {done ? (
        <Link ref={next} className="button button-primary" to={done.nextHref}>
          {page.remaining === 1 && done.correct ? "See results" : "Continue"}
        </Link>
      ) : null}
    </div>
  );
}

export default function Practice({ loaderData: page, actionData }: Route.ComponentProps) {
  useMergeLocalProgress(page.signedIn);
  let body: React.ReactNode;
  if (page.notice) body = <p className="alert alert-warning">{page.notice}</p>;
  else if (page.view === "start") body = <Start page={page} />;
  else if (page.view === "summary") body = <Summary page={page} />;
  else if (page.view === "skip") body = <Link to={page.nextHref}>Continue</Link>;
  else body = <Question key={`${page.item.key}:${page.number}:${page.remaining}`} page={page} answer={actionData} />;
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe">← Learn</Link>
      </p>
      <h1>{page.heading}</h1>
      {page.lead ? <p className="lead">{page.lead}</p> : null}
      {body}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Practice | Learn | Nishnaabemwin" },
  { name: "description", content: "Practise the words of your lessons with spaced repetition." },
];

/**
 * A practice round (issue 6): listen-and-choose, Odawa → English choice and English → Odawa
 * typed answers, then a summary. Every answer updates the item's ts-fsrs card in local
 * storage; signed-in learners also sync with /api/progress.
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ProgressCard } from "../../utils/progress";
import { isAcceptedAnswer } from "./answers";
import { AudioButton } from "./audio-button";
import type { PracticeItem } from "./practice-types";
import { dueAt, loadCards, pushCards, reviewCard, saveCards, syncCards } from "./srs";

export const ROUND_SIZE = 10;

type Kind = "listen" | "choose" | "type";
type Question = { item: PracticeItem; kind: Kind; options: string[] };
type Result = { item: PracticeItem; kind: Kind; correct: boolean; given: string; due: number };
type Sync = "local" | "syncing" | "synced" | "offline";

function shuffle<T>(list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Due items first (new ones count as due now); the kind of question alternates. */
export function buildRound(items: readonly PracticeItem[], cards: Record<string, ProgressCard>, now: number): Question[] {
  const ordered = items
    .map((item, index) => ({ item, index, due: dueAt(cards, item.key, now) }))
    .sort((a, b) => a.due - b.due || a.index - b.index)
    .slice(0, ROUND_SIZE);
  return ordered.map(({ item }, i) => {
    const kind: Kind = item.audio && i % 3 === 0 ? "listen" : i % 2 === 0 ? "choose" : "type";
    const others = [...new Set(items.map((o) => o.english).filter((e) => e !== item.english))];
    return { item, kind, options: shuffle([item.english, ...shuffle(others).slice(0, 3)]) };
  });
}

function formatDue(due: number, now: number) {
  const minutes = Math.round((due - now) / 60_000);
  if (minutes <= 0) return "now";
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "always" });
  if (minutes < 60) return rtf.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return rtf.format(hours, "hour");
  return rtf.format(Math.round(hours / 24), "day");
}

export function PracticeSession({ items, signedIn }: { items: PracticeItem[]; signedIn: boolean }) {
  const [cards, setCards] = useState<Record<string, ProgressCard>>({});
  const [sync, setSync] = useState<Sync>(signedIn ? "syncing" : "local");
  const [round, setRound] = useState<Question[] | null>(null);
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<Result[]>([]);
  const [answer, setAnswer] = useState<Result | null>(null);
  const [typed, setTyped] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setCards(loadCards());
    if (!signedIn) return;
    let live = true;
    syncCards().then((status) => {
      if (!live) return;
      setSync(status);
      setCards(loadCards());
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  const now = Date.now();
  const dueCount = items.filter((i) => dueAt(cards, i.key, now) <= now).length;

  useEffect(() => {
    if (answer) next.current?.focus();
    else if (round) heading.current?.focus();
  }, [answer, round, index]);

  function start() {
    setRound(buildRound(items, cards, Date.now()));
    setIndex(0);
    setResults([]);
    setAnswer(null);
    setTyped("");
  }

  function record(question: Question, given: string, correct: boolean) {
    const all = loadCards();
    const card = reviewCard(all, question.item.key, correct, new Date());
    const updated = { ...all, [card.key]: card };
    saveCards(updated);
    setCards(updated);
    if (signedIn) void pushCards([card]).then((ok) => setSync(ok ? "synced" : "offline"));
    const result = { item: question.item, kind: question.kind, correct, given, due: card.due };
    setAnswer(result);
    setResults((r) => [...r, result]);
  }

  function proceed() {
    setAnswer(null);
    setTyped("");
    setIndex((i) => i + 1);
  }

  const syncNote =
    sync === "local"
      ? "Your schedule is saved on this device. Sign in to keep it across devices."
      : sync === "syncing"
        ? "Syncing your schedule…"
        : sync === "synced"
          ? "Your schedule is saved to your account."
          : "Your schedule is saved on this device; it could not reach your account just now.";

  if (!round) {
    return (
      <div className="practice-start">
        <h2>Practice</h2>
        <p>
          {items.length} {items.length === 1 ? "item" : "items"} · <span data-testid="due-count">{dueCount}</span> due now
        </p>
        <p className="muted" role="status" data-sync={sync}>
          {syncNote}
        </p>
        <button type="button" className="button button-primary" onClick={start}>
          Start
        </button>
      </div>
    );
  }

  if (index >= round.length) {
    const right = results.filter((r) => r.correct).length;
    const at = Date.now();
    return (
      <div className="practice-summary">
        <h2 ref={heading} tabIndex={-1}>
          Round complete
        </h2>
        <p className="lead">
          {`You got ${right} of ${results.length} right.`}
        </p>
        <ul className="practice-results">
          {results.map((r) => (
            <li key={r.item.key} className={r.correct ? "is-right" : "is-wrong"}>
              <span aria-hidden="true">{r.correct ? "✓" : "✗"}</span>
              <span className="visually-hidden">{r.correct ? "Right:" : "Missed:"}</span>{" "}
              <strong lang="otw">{r.item.odawa}</strong> — {r.item.english}{" "}
              <span className="muted">(next review {formatDue(r.due, at)})</span>
            </li>
          ))}
        </ul>
        <p className="muted" role="status" data-sync={sync}>
          {syncNote}
        </p>
        <p className="learn-actions">
          <button type="button" className="button button-primary" onClick={start}>
            Practise again
          </button>{" "}
          <Link className="button" to="/aambe">
            Back to Learn
          </Link>
        </p>
      </div>
    );
  }

  const question = round[index];
  const { item } = question;
  return (
    <div className="practice-question" key={index} data-card={item.key} data-kind={question.kind}>
      <p className="muted" id="practice-step">
        {`Question ${index + 1} of ${round.length}`}
      </p>
      <progress className="learn-progress" max={round.length} value={index} aria-labelledby="practice-step" />
      {question.kind === "type" ? (
        <>
          <h2 ref={heading} tabIndex={-1}>
            How do you say “{item.english}” in Nishnaabemwin?
          </h2>
          <form
            className="practice-type"
            onSubmit={(event) => {
              event.preventDefault();
              if (answer || typed.trim() === "") return;
              record(question, typed, isAcceptedAnswer(typed, item.answers));
            }}
          >
            <label htmlFor="practice-answer">Your answer</label>
            <input
              id="practice-answer"
              name="answer"
              lang="otw"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              readOnly={answer !== null}
              required
            />
            <button type="submit" className="button button-primary" disabled={answer !== null}>
              Check
            </button>
          </form>
        </>
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {question.kind === "listen" ? "Listen and choose the meaning" : "What does this mean?"}
          </h2>
          {question.kind === "choose" || answer ? (
            <p className="practice-prompt" lang="otw">
              {item.odawa}
            </p>
          ) : null}
          <AudioButton src={item.audio} label={question.kind === "listen" ? "the word" : item.odawa} autoPlayAfterMs={250} />
          <ul className="practice-options" aria-label="Choices">
            {question.options.map((option) => (
              <li key={option}>
                <button
                  type="button"
                  className={`button practice-option${answer && option === item.english ? " is-right" : ""}${answer && option === answer.given && !answer.correct ? " is-wrong" : ""}`}
                  disabled={answer !== null}
                  onClick={() => record(question, option, option === item.english)}
                >
                  {option}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div role="status" className="practice-feedback">
        {answer ? (
          answer.correct ? (
            <p className="alert alert-success">
              Right! <strong lang="otw">{item.odawa}</strong> means “{item.english}”.
            </p>
          ) : (
            <div className="alert alert-danger">
              <p>
                Not quite{question.kind === "type" ? <> — you typed <span lang="otw">“{answer.given}”</span></> : null}.
              </p>
              <p>
                The right answer: <strong lang="otw">{item.odawa}</strong> — “{item.english}”
              </p>
            </div>
          )
        ) : null}
      </div>
      {answer ? (
        <button type="button" ref={next} className="button button-primary" onClick={proceed}>
          {index + 1 === round.length ? "See results" : "Continue"}
        </button>
      ) : null}
    </div>
  );
}

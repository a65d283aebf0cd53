/**
 * The lesson player (docs/product.md §4): a start screen, then the items one at a time. With JavaScript
 * the recording plays 250 ms after an item shows and the English appears 500 ms after; without
 * it everything shows at once. The step lives in the URL (?step=), so Next works without JS.
 * Finish stores the lesson in local storage and moves on to /aambe/practice.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { LessonItem } from "../../../db/queries/lessons";
import { AudioButton } from "./audio-button";
import { LESSON_DATA_KEY, LESSON_NUMBER_KEY } from "./storage-keys";

export const AUDIO_DELAY_MS = 250;
export const REVEAL_DELAY_MS = 500;

export function LessonPlayer({
  lesson,
  step,
}: {
  lesson: { id: number; title: string; items: LessonItem[] };
  step: number;
}) {
  const navigate = useNavigate();
  const total = lesson.items.length;
  // The server render and hydration show the English at once; a step reached in the browser waits.
  const [firstStep] = useState(step);
  const moved = useRef(false);
  if (step !== firstStep) moved.current = true;
  const [revealedStep, setRevealedStep] = useState(step);
  useEffect(() => {
    if (!moved.current) return;
    const timer = setTimeout(() => setRevealedStep(step), REVEAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);
  const revealed = !moved.current || revealedStep === step;

  if (step === 0) {
    return (
      <div className="lesson-start">
        <p>
          {`${total} ${total === 1 ? "item" : "items"}`}: words and sentences, one at a time, with the English shortly after.
        </p>
        <Link className="button button-primary" to="?step=1" preventScrollReset>
          Start the lesson
        </Link>
      </div>
    );
  }

  const item = lesson.items[step - 1];
  const percent = Math.round((step / total) * 100);
  const last = step === total;
  const practiceHref = `/aambe/practice?lesson=${lesson.id}`;

  function finish(event: React.MouseEvent) {
    event.preventDefault();
    try {
      localStorage.setItem(LESSON_DATA_KEY, JSON.stringify(lesson.items));
      localStorage.setItem(LESSON_NUMBER_KEY, String(lesson.id));
    } catch {
      // Storage disabled: the practice page can still load the lesson from the link.
      navigate(practiceHref);
      return;
    }
    navigate("/aambe/practice");
  }

  return (
    <div className="lesson-player">
      <p className="lesson-progress-text">
        <span id="lesson-progress-label">Lesson progress</span>: <strong data-testid="lesson-percent">{`${percent}%`}</strong>{" "}
        <span className="muted">{`(${step} of ${total})`}</span>
      </p>
      <progress className="learn-progress" max={100} value={percent} aria-labelledby="lesson-progress-label" />
      <article className="lesson-item" aria-live="polite">
        <p className="muted">{item.type === "word" ? `Word${item.pos ? ` · ${item.pos}` : ""}` : "Sentence"}</p>
        <p className="lesson-value" lang="otw">
          {item.value}
        </p>
        <AudioButton
          key={step}
          src={item.audio}
          label={item.value}
          autoPlayAfterMs={moved.current ? AUDIO_DELAY_MS : undefined}
        />
        <p className={`lesson-trans${revealed ? "" : " is-hidden"}`} data-testid="lesson-trans">
          {item.trans}
        </p>
      </article>
      <p className="learn-actions">
        {last ? (
          <Link className="button button-primary" to={practiceHref} onClick={finish}>
            Finish
          </Link>
        ) : (
          <Link className="button button-primary" to={`?step=${step + 1}`} preventScrollReset>
            Next
          </Link>
        )}
      </p>
    </div>
  );
}

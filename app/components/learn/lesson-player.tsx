/**
 * The lesson player (docs/product.md §4): a start screen, then the items one at a time. With JavaScript
 * the recording plays 250 ms after an item shows and the English appears 500 ms after; without
 * it everything shows at once. The step lives in the URL (?step=), so Next works without JS.
 * Finish moves on to the lesson's practice (/aambe/practice?lesson=…), where the schedule lives.
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LessonAudioButton } from "./lesson-audio-button";

/** One step of the player: an engine form or a sentence. */
export type PlayerItem = { label: string; value: string; trans: string; audio: string | null };

export const AUDIO_DELAY_MS = 250;
export const REVEAL_DELAY_MS = 500;

export function LessonPlayer({ lesson, step }: { lesson: { id: number; title: string; items: PlayerItem[] }; step: number }) {
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
        <p>{`${total} ${total === 1 ? "item" : "items"}`}: forms and sentences, one at a time, with the English shortly after.</p>
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

  return (
    <div className="lesson-player">
      <p className="lesson-progress-text">
        <span id="lesson-progress-label">Lesson progress</span>: <strong data-testid="lesson-percent">{`${percent}%`}</strong>{" "}
        <span className="muted">{`(${step} of ${total})`}</span>
      </p>
      <progress className="learn-progress" max={100} value={percent} aria-labelledby="lesson-progress-label" />
      <article className="lesson-item" aria-live="polite">
        <p className="muted">{item.label}</p>
        <p className="lesson-value" lang="otw">
          {item.value}
        </p>
        <LessonAudioButton key={step} src={item.audio} label={item.value} autoPlayAfterMs={moved.current ? AUDIO_DELAY_MS : undefined} />
        <p className={`lesson-trans${revealed ? "" : " is-hidden"}`} data-testid="lesson-trans">
          {item.trans}
        </p>
      </article>
      <p className="learn-actions">
        {last ? (
          <Link className="button button-primary" to={practiceHref}>
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

import type { Derivation, DerivationStep } from "../core/grammar";

/**
 * "Why this form?": the pieces named in learner terms, then each rule that changed them (app/core/grammar/explain.ts),
 * in a native <details> so it opens without JavaScript (/conj), or as it is on a form's own page (/k/{id}/why).
 */
export function WhyThisForm({ derivation }: { derivation: Derivation | null }) {
  if (!derivation) return null;
  return (
    <details className="derivation">
      <summary>Why this form?</summary>
      <DerivationSteps derivation={derivation} />
    </details>
  );
}

/** The pieces, then the rules in order (or that none changed them); syncope's weak vowels are marked. */
export function DerivationSteps({ derivation }: { derivation: Derivation }) {
  const { parts, steps } = derivation;
  return (
    <>
      <p>Built from these pieces:</p>
      <ul className="derivation-parts">
        {parts.map((p, i) => (
          <li key={i}>
            <span lang="otw">{p.text}</span>: {p.role}
          </li>
        ))}
      </ul>
      {steps.length > 0 ? (
        <ol>
          {steps.map((s, i) => (
            <li key={i}>
              {`${capitalise(s.description)}: `}
              <Before step={s} /> → <span lang="otw">{s.after}</span>
              {s.weak?.length ? <span className="muted">{` (weak: ${s.weak.map((k) => s.before[k]).join(", ")})`}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>No rule changes it: the pieces join as they are.</p>
      )}
    </>
  );
}

/** A step's word before it, with the weak vowels syncope drops struck through. */
function Before({ step }: { step: DerivationStep }) {
  if (!step.weak?.length) return <span lang="otw">{step.before}</span>;
  const weak = new Set(step.weak);
  const pieces: Array<{ text: string; weak: boolean }> = [];
  [...step.before].forEach((c, k) => {
    const last = pieces.at(-1);
    if (last && !last.weak && !weak.has(k)) last.text += c;
    else pieces.push({ text: c, weak: weak.has(k) });
  });
  return (
    <span lang="otw">
      {pieces.map((p, k) =>
        p.weak ? (
          <del key={k} className="weak-vowel" title="weak vowel">
            {p.text}
          </del>
        ) : (
          p.text
        ),
      )}
    </span>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

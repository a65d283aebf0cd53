import type { Derivation } from "../core/grammar";

/**
 * "Why this form?": the underlying pieces and each rule that changed them (app/core/grammar/explain.ts), in a
 * native <details> so it opens without JavaScript (/conj), or as it is on a form's own page (/k/{id}/why).
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

/** The pieces, then the rules in order (or that none changed them). */
export function DerivationSteps({ derivation }: { derivation: Derivation }) {
  const { prefix, stem, ending, steps } = derivation;
  return (
    <>
      <p>
        Built from {prefix && <><span lang="otw">{prefix}-</span> (prefix) + </>}<span lang="otw">{stem}</span> (stem)
        {ending && <> + <span lang="otw">-{ending}</span> (ending)</>}.
      </p>
      {steps.length > 0 ? (
        <ol>
          {steps.map((s, i) => (
            <li key={i}>
              {`${capitalise(s.description)}: `}<span lang="otw">{s.before}</span> → <span lang="otw">{s.after}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p>No rule changes it: the pieces join as they are.</p>
      )}
    </>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

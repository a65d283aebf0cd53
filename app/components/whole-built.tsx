import { DerivationSteps } from "./derivation";
import type { Built } from "../utils/whole-paradigm";

/**
 * "Why this form?" for a whole-verb form (tense, mode, changed conjunct, participle, preverbs) where the
 * rule-by-rule replay does not reach yet: what each added piece does, then how the form it is built on is built.
 * A native <details>, so it opens without JavaScript.
 */
export function WholeBuilt({ built }: { built: Built }) {
  return (
    <details className="derivation">
      <summary>Why this form?</summary>
      <WholeBuiltSteps built={built} />
    </details>
  );
}

/** The pieces in plain words, then how the form it is built on is built (as it is on a form's own page). */
export function WholeBuiltSteps({ built }: { built: Built }) {
  return (
    <>
      {built.base && (
        <p>
          Built on the {built.base.label.toLowerCase()} form <span lang="otw">{built.base.form}</span>:
        </p>
      )}
      <ol>
        {built.parts.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ol>
      {built.base?.derivation && (
        <>
          <p>
            How <span lang="otw">{built.base.form}</span> is built:
          </p>
          <DerivationSteps derivation={built.base.derivation} />
        </>
      )}
    </>
  );
}

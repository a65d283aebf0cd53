import type { Inflection } from "../../core/grammar";

/** prefix-root-suffix of an engine form, with the parts visibly distinct. */
export function FormParts({ inflection }: { inflection: Pick<Inflection, "prefix" | "root" | "suffix"> }) {
  return (
    <span className="form-parts" lang="otw">
      {inflection.prefix ? (
        <>
          <span className="form-prefix">{inflection.prefix}</span>
          {/* A preverb's hyphen is part of the spelling (ngii-maajaa): no second one as a separator. */}
          {inflection.prefix.endsWith("-") ? null : <span aria-hidden="true">-</span>}
        </>
      ) : null}
      <span className="form-root">{inflection.root}</span>
      {inflection.suffix ? (
        <>
          <span aria-hidden="true">-</span>
          <span className="form-suffix">{inflection.suffix}</span>
        </>
      ) : null}
    </span>
  );
}

/** Low-confidence or unconfirmed engine forms say so. */
export function ConfidenceNote({ inflection }: { inflection: Inflection }) {
  return inflection.confidence === "low" || inflection.confidence === "unconfirmed" ? <span className="muted"> (unconfirmed)</span> : null;
}

export const FORM_NOT_AVAILABLE = "form not available yet";

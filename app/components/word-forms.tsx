import { Fragment } from "react";
import { CONFIDENCE_FLAG, CONFIDENCE_KEY } from "../utils/confidence-flags";
import type { FormConfidence, TenseForm, WordForms as Forms } from "../utils/word-forms-shape";

/**
 * The word page's forms (data from `wordForms`, app/services/paradigms.server.ts): for a verb, a short table per
 * order with plain-English persons (codes in <abbr>) and a link to the full paradigm in /conj; for a noun, its
 * declension. The inside of the page's `section.word-forms`: rendered to HTML once per word and isolate by the
 * word page's loader and kept as it is in the browser (components/kept-html.tsx; ADR 015a), so it never ships as
 * client JavaScript or hydration data. No JavaScript: each form is a plain link to its own page.
 */
export function WordForms({ forms, wordId }: { forms: Forms; wordId: number }) {
  // Each form links to its own page, which says how it is built ("Why this form?").
  const why = (key: string) => `/k/${wordId}/why?cell=${encodeURIComponent(key)}`;
  if (forms.kind === "noun") {
    return (
      <>
        <h2 id="word-forms-title">Forms</h2>
        <p className="muted">Tap a form to see how it is built.</p>
        <table className="conj-paradigm">
          <caption>{forms.className}</caption>
          <thead>
            <tr>
              <th scope="col">Form of the noun</th>
              <th scope="col">Word</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {forms.rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <FormCell form={r.form} href={why(r.key)} variants={r.variants} confidence={r.confidence} note={r.confidenceNote} />
                <td>{r.gloss}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ConfidenceKey shown={forms.rows.some((r) => r.confidence !== "high")} />
      </>
    );
  }
  return (
    <>
      <h2 id="word-forms-title">Forms</h2>
      <p className="muted">{forms.className} verb: the main forms of each order. Tap a form to see how it is built.</p>
      {forms.orders.map((o) => {
        const tenses = o.cells.some((c) => c.past?.length || c.future?.length);
        return (
          <table className={`conj-paradigm${tenses ? " word-tenses" : ""}`} key={o.order}>
            <caption>
              {o.name} (<abbr title={`${o.name} order`}>{o.order}</abbr>)
              {o.href && (
                <>
                  {" "}
                  <a href={o.href}>full paradigm</a>
                </>
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">{tenses ? "Now" : "Form"}</th>
                {tenses && (
                  <>
                    <th scope="col">Past (gii-)</th>
                    <th scope="col">Future (wii-, ga-)</th>
                  </>
                )}
                <th scope="col">Meaning</th>
              </tr>
            </thead>
            <tbody>
              {o.cells.map((c) => (
                <tr key={c.key}>
                  <th scope="row">
                    {c.label}{" "}
                    <span className="muted">
                      (
                      {c.codes.map((p, i) => (
                        <Fragment key={i}>
                          {i > 0 && "→"}
                          <abbr title={p.name}>{p.code}</abbr>
                        </Fragment>
                      ))}
                      )
                    </span>
                  </th>
                  <FormCell form={c.form} href={why(c.key)} variants={c.variants} confidence={c.confidence} note={c.confidenceNote} />
                  {tenses && (
                    <>
                      <TenseCell label="past" forms={c.past ?? []} why={why} />
                      <TenseCell label="future" forms={c.future ?? []} why={why} />
                    </>
                  )}
                  <td>{c.gloss}</td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
      <ConfidenceKey shown={forms.orders.some((o) => o.cells.some((c) => c.confidence !== "high"))} />
    </>
  );
}

/** The key to the confidence marks, when a form carries one. */
function ConfidenceKey({ shown }: { shown: boolean }) {
  return shown ? <p className="muted">{CONFIDENCE_KEY} Tap a form for the reason.</p> : null;
}

/** The past or future forms of a person (the label is shown where the table is one column, without its header). */
function TenseCell({ label, forms, why }: { label: string; forms: TenseForm[]; why: (key: string) => string }) {
  return (
    <td data-tense={label}>
      {forms.length > 0 && <span className="tense-label">{label}: </span>}
      {forms.map((f, i) => {
        const flag = CONFIDENCE_FLAG[f.confidence];
        return (
          <Fragment key={f.key}>
            {i > 0 && " or "}
            <a lang="otw" href={why(f.key)}>
              {f.form}
            </a>
            {flag && <span className="conj-flag" title={f.confidenceNote ?? undefined}>{` (${flag})`}</span>}
          </Fragment>
        );
      })}
    </td>
  );
}

function FormCell({
  form,
  href,
  variants,
  confidence,
  note,
}: {
  form: string;
  href: string;
  variants: string[];
  confidence: FormConfidence;
  note: string | null;
}) {
  const flag = CONFIDENCE_FLAG[confidence];
  return (
    <td data-confidence={confidence}>
      <a lang="otw" href={href}>
        {form}
      </a>
      {variants.length > 0 && (
        <span className="muted">
          {" "}
          (also <span lang="otw">{variants.join(", ")}</span>)
        </span>
      )}
      {flag && <span className="conj-flag" title={note ?? undefined}>{` (${flag})`}</span>}
    </td>
  );
}

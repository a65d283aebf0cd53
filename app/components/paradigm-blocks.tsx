import type { ParadigmBlock } from "../utils/whole-paradigm";
import { CONFIDENCE_FLAG } from "../utils/confidence-flags";

/**
 * The whole paradigm's blocks under a /paradigms table (preterit, dubitative, changed conjunct, participles,
 * preverbs; for nouns preterit, vocative, prenouns): each a native <details>, closed, so a phone shows a short list
 * of headings and opens one at a time, with or without JavaScript. Marked forms' reasons are listed once per block.
 */
export function ParadigmBlocks({ blocks }: { blocks: ParadigmBlock[] }) {
  return (
    <section className="paradigm-blocks" aria-labelledby="paradigm-blocks-title">
      <h2 id="paradigm-blocks-title">More forms</h2>
      {blocks.map((b) => (
        <details key={b.id} className="paradigm-block" data-block={b.id}>
          <summary>
            {b.title}{" "}
            <span className="muted">
              ({b.rows.length} {b.rows.length === 1 ? "form" : "forms"})
            </span>
          </summary>
          <table className="conj-paradigm paradigm-table" aria-label={b.title}>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Form</th>
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row) => (
                <tr key={row.key} data-key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>
                    <span lang="otw" data-form={row.form}>
                      {row.prefix && (
                        <span className="conj-prefix" title="preverb">
                          {row.prefix}
                        </span>
                      )}
                      {row.root ?? row.form}
                    </span>
                    {CONFIDENCE_FLAG[row.confidence] && (
                      <span className="conj-flag" data-confidence={row.confidence} title={row.note ?? undefined}>
                        {" "}
                        ({CONFIDENCE_FLAG[row.confidence]})
                      </span>
                    )}
                    {row.variants.length > 0 && (
                      <span className="muted paradigm-variants">
                        {" "}
                        also <span lang="otw">{row.variants.join(", ")}</span>
                      </span>
                    )}
                    {row.optionalVariants.length > 0 && (
                      <span className="muted paradigm-optional">
                        {" "}
                        · <span lang="otw">{row.optionalVariants.join(", ")}</span>: {b.optionalNote}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {b.notes.length > 0 && (
            <ul className="muted paradigm-notes">
              {b.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </details>
      ))}
    </section>
  );
}

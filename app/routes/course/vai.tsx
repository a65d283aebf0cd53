import { Link } from "react-router";
import { LegendLink } from "../../components/abbr";
import { getBindings } from "../../context";
import { ConfidenceNote, FORM_NOT_AVAILABLE, FormParts } from "../../components/learn/form-parts";
import { VAI_SUBJECTS } from "../../components/learn/subjects";
import { TermButton, TermPopovers } from "../../components/learn/term-popover";
import { loadSampleVai } from "./vai.server";
import type { Route } from "./+types/vai";

export async function loader({ context }: Route.LoaderArgs) {
  return loadSampleVai(getBindings(context).db, "ind");
}

export default function VaiLesson({ loaderData }: Route.ComponentProps) {
  const { verb, rows } = loaderData;
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe/verbs">← Verbs</Link>
      </p>
      <h1>VAI verbs</h1>
      <p className="lead">VAI verbs (animate intransitive) have an animate subject and no object. The verb changes its form to show who the subject is.</p>

      <h2 id="subjects-heading">The subjects</h2>
      <p>
        Every VAI verb has nine basic subjects. Tap a term to see what it means, or see all <LegendLink>abbreviations and colours</LegendLink>.
      </p>
      {/* Focusable so keyboard users can scroll the table on narrow screens. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="subjects-heading">
        <table className="learn-table" aria-labelledby="subjects-heading">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Subject</th>
              <th scope="col">Term</th>
            </tr>
          </thead>
          <tbody>
            {VAI_SUBJECTS.map((s) => (
              <tr key={s.code}>
                <th scope="row">{s.label}</th>
                <td>{s.english}</td>
                <td>{s.term ? <TermButton term={s.term} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TermPopovers terms={VAI_SUBJECTS.flatMap((s) => (s.term ? [s.term] : []))} />

      <h2 id="inflection-heading">The independent order</h2>
      {verb ? (
        <>
          <p>
            The basic forms of <strong lang="otw">{verb.name}</strong> “{verb.gloss}”, made by the site’s grammar engine:
          </p>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="inflection-heading">
            <table className="learn-table inflection-table" aria-labelledby="inflection-heading">
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">Form</th>
                  <th scope="col">Prefix · root · suffix</th>
                  <th scope="col">English</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.code} data-subject={row.code}>
                    <th scope="row">
                      <abbr title={row.english}>{row.label}</abbr>
                    </th>
                    {row.inflection ? (
                      <>
                        <td lang="otw" className="form-cell">
                          {row.inflection.form}
                          <ConfidenceNote inflection={row.inflection} />
                        </td>
                        <td>
                          <FormParts inflection={row.inflection} />
                        </td>
                        <td>{row.inflection.gloss}</td>
                      </>
                    ) : (
                      <td colSpan={3} className="muted">
                        {FORM_NOT_AVAILABLE}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="learn-actions">
            <Link className="button button-primary" to="/aambe/verbs/vai/learn">
              Learn step by step
            </Link>{" "}
            <Link className="button" to="/aambe/verbs/vai/practice">
              Practise the forms
            </Link>
          </p>
        </>
      ) : (
        <p className="alert alert-warning">The sample verb is not in the dictionary yet, so no forms can be shown.</p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "VAI verbs | Learn | Nishnaabemwin" },
  { name: "description", content: "VAI (animate intransitive) verbs: the nine subjects and the independent forms." },
];

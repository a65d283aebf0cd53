import { Link } from "react-router";
import { getBindings } from "../../context";
import { LessonAudioButton } from "../../components/learn/lesson-audio-button";
import { ConfidenceNote, FORM_NOT_AVAILABLE, FormParts } from "../../components/learn/form-parts";
import type { VaiRow } from "../../components/learn/subjects";
import { TermButton, TermPopovers } from "../../components/learn/term-popover";
import { loadSampleVai } from "./vai.server";
import type { Route } from "./+types/vai-learn";

export async function loader({ context }: Route.LoaderArgs) {
  return loadSampleVai(getBindings(context).db, "ind");
}

/** Which subjects share a prefix (or have none), read off the engine's forms. */
function groupBy(rows: VaiRow[], part: "prefix" | "suffix") {
  const groups = new Map<string, VaiRow[]>();
  for (const row of rows) {
    if (!row.inflection) continue;
    const key = row.inflection[part] ?? "";
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()];
}

function Persons({ rows }: { rows: VaiRow[] }) {
  return <>{rows.map((r) => `${r.label} (${r.english})`).join(", ")}</>;
}

export default function VaiLearn({ loaderData }: Route.ComponentProps) {
  const { verb, rows, audio } = loaderData;
  if (!verb) {
    return (
      <section className="page learn">
        <h1>Learn the VAI independent forms</h1>
        <p className="alert alert-warning">The sample verb is not in the dictionary yet, so no forms can be shown.</p>
      </section>
    );
  }
  const formed = rows.filter((r) => r.inflection);
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe/verbs/vai">← VAI verbs</Link>
      </p>
      <h1>Learn the VAI independent forms</h1>
      <p className="lead">
        We build every form of one verb, <strong lang="otw">{verb.name}</strong> “{verb.gloss}”, one subject at a time.
      </p>
      <ol className="learn-steps">
        <li>
          <h2>Start from the verb</h2>
          <p>
            The dictionary lists a VAI verb in its “he / she” form, here <strong lang="otw">{verb.name}</strong>. The other forms add a <em>prefix</em> in front
            of the root, a <em>suffix</em> after it, or both.
          </p>
          <LessonAudioButton src={verb.audio} label={verb.name} />
        </li>
        {rows.map((row, i) => (
          <li key={row.code} data-subject={row.code}>
            <h2>
              Step {i + 1}: {row.label} · {row.english} {row.term ? <TermButton term={row.term} /> : null}
            </h2>
            {row.inflection ? (
              <>
                <p className="learn-form">
                  <strong lang="otw">{row.inflection.form}</strong>
                  <ConfidenceNote inflection={row.inflection} /> — “{row.inflection.gloss}”
                </p>
                <p>
                  <FormParts inflection={row.inflection} />:{" "}
                  {row.inflection.prefix ? (
                    <>
                      prefix <strong lang="otw">{row.inflection.prefix}-</strong>,{" "}
                    </>
                  ) : (
                    "no prefix, "
                  )}
                  root <strong lang="otw">{row.inflection.root}</strong>
                  {row.inflection.suffix ? (
                    <>
                      , suffix <strong lang="otw">-{row.inflection.suffix}</strong>
                    </>
                  ) : (
                    ", no suffix"
                  )}
                  .
                </p>
                {row.inflection.variants.length > 0 ? (
                  <p className="muted">
                    Also heard: <span lang="otw">{row.inflection.variants.join(", ")}</span>
                  </p>
                ) : null}
                <LessonAudioButton src={audio[row.inflection.form] ?? null} label={row.inflection.form} />
              </>
            ) : (
              <p className="muted">{FORM_NOT_AVAILABLE}</p>
            )}
          </li>
        ))}
        {formed.length > 0 ? (
          <li>
            <h2>What to notice</h2>
            <p>Prefixes:</p>
            <ul>
              {groupBy(rows, "prefix").map(([prefix, group]) => (
                <li key={prefix}>
                  {prefix ? <strong lang="otw">{prefix}-</strong> : "no prefix"}: <Persons rows={group} />
                </li>
              ))}
            </ul>
            <p>Suffixes:</p>
            <ul>
              {groupBy(rows, "suffix").map(([suffix, group]) => (
                <li key={suffix}>
                  {suffix ? <strong lang="otw">-{suffix}</strong> : "no suffix"}: <Persons rows={group} />
                </li>
              ))}
            </ul>
          </li>
        ) : null}
      </ol>
      <TermPopovers terms={rows.flatMap((r) => (r.term ? [r.term] : []))} />
      <p className="learn-actions">
        <Link className="button button-primary" to="/aambe/verbs/vai/practice">
          Practise these forms
        </Link>{" "}
        <Link className="button" to={`/aambe/practice?verb=${encodeURIComponent(verb.name)}`}>
          Practise with spaced repetition
        </Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Learn VAI forms | Nishnaabemwin" },
  { name: "description", content: "Step by step: how a VAI verb builds its independent forms, with prefix, root and suffix." },
];

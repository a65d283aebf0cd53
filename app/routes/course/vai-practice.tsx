import { Form, Link } from "react-router";
import { getBindings } from "../../context";
import { ConfidenceNote, FORM_NOT_AVAILABLE, FormParts } from "../../components/learn/form-parts";
import { ORDER_LABELS, parseOrder } from "../../components/learn/subjects";
import { loadSampleVai } from "./vai.server";
import type { Route } from "./+types/vai-practice";

/** ?order= (default independent) and ?step= (0-based; one past the last is the end). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const order = parseOrder(url.searchParams.get("order"));
  const data = await loadSampleVai(getBindings(context).db, order);
  const rawStep = Number(url.searchParams.get("step") ?? "0");
  const step = Number.isInteger(rawStep) ? Math.min(Math.max(rawStep, 0), data.rows.length) : 0;
  return { ...data, order, orderLabel: ORDER_LABELS[order], step };
}

export default function VaiPractice({ loaderData }: Route.ComponentProps) {
  const { verb, rows, order, orderLabel, step } = loaderData;
  const total = rows.length;
  const row = rows[step];
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe/verbs/vai">← VAI verbs</Link>
      </p>
      <h1>Practise VAI forms</h1>
      <p className="lead">
        {`${orderLabel} order`}
        {verb ? (
          <>
            {" "}
            of <strong lang="otw">{verb.name}</strong> “{verb.gloss}”
          </>
        ) : null}
        . Say each form, then check it.
      </p>
      {!verb ? (
        <p className="alert alert-warning">The sample verb is not in the dictionary yet, so no forms can be shown.</p>
      ) : row ? (
        <div className="practice-card" key={step}>
          <p className="muted" id="vai-step">
            {`Form ${step + 1} of ${total}`}
          </p>
          <progress className="learn-progress" max={total} value={step} aria-labelledby="vai-step" />
          <h2>
            {row.label} · {row.english}
          </h2>
          {row.inflection ? (
            <>
              <p>How do you say “{row.inflection.gloss}”?</p>
              <details className="practice-reveal">
                <summary>Show the form</summary>
                <p className="learn-form">
                  <strong lang="otw">{row.inflection.form}</strong>
                  <ConfidenceNote inflection={row.inflection} />
                </p>
                <p>
                  <FormParts inflection={row.inflection} />
                </p>
              </details>
            </>
          ) : (
            <p className="muted">{FORM_NOT_AVAILABLE}</p>
          )}
          <Form method="get" preventScrollReset>
            {order !== "ind" ? <input type="hidden" name="order" value={order} /> : null}
            <input type="hidden" name="step" value={step + 1} />
            <button type="submit" className="button button-primary">
              Progress
            </button>
          </Form>
        </div>
      ) : (
        <>
          <p className="alert alert-success" role="alert">
            Finished!
          </p>
          <p className="learn-actions">
            <Link className="button button-primary" to={order === "ind" ? "?step=0" : `?order=${order}&step=0`}>
              Start again
            </Link>{" "}
            <Link className="button" to={`/aambe/practice?verb=${encodeURIComponent(verb.name)}&order=${order}`}>
              Practise with spaced repetition
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Practise VAI forms | Nishnaabemwin" },
  { name: "description", content: "Step through the nine VAI subject forms." },
];

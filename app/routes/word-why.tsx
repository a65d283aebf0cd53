/**
 * /k/{id}/why?cell={key} — "Why this form?" for one form of a word (issue Grammar 2 §5): the form, what it means, how
 * sure the site is of it and why, and how it is built (the underlying pieces, then each rule that changed them).
 * The word page links every form here; a plain page, so it works without JavaScript.
 */
import { data } from "react-router";
import { SiteLink } from "../components/site-link";
import { DerivationSteps } from "../components/derivation";
import { WholeBuiltSteps } from "../components/whole-built";
import { getLexeme } from "../../db/queries/lexemes";
import { getBindings } from "../context";
import { formWhy } from "../services/paradigms.server";
import { publicData } from "../services/public-data.server";
import type { Route } from "./+types/word-why";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  SITE_DESCRIPTION,
  { title: data?.why ? `Why ${data.why.form}? | ${data.word.name} | Nishnaabemwin` : "Form Not Found | Nishnaabemwin" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
  const lexeme = id === null ? null : await publicData(request, bindings, `lexeme ${id}`, () => getLexeme(bindings.db, id));
  const key = (new URL(request.url).searchParams.get("cell") ?? "").slice(0, 40);
  const why = lexeme ? formWhy(lexeme, key) : null;
  const word = lexeme ? { id: lexeme.id, name: lexeme.name, gloss: lexeme.gloss } : null;
  return why && word ? { word, why } : data({ word, why: null }, { status: 404 });
}

export default function WordWhy({ loaderData }: Route.ComponentProps) {
  const { word, why } = loaderData;
  if (!why || !word) {
    return (
      <section className="page">
        <h1>Form Not Found</h1>
        <p>{word ? `${word.name} has no such form.` : "No info for this word found."}</p>
        <p>
          <SiteLink to={word ? `/k/${word.id}` : "/k"}>{word ? `← Back to ${word.name}` : "← Back to the word list"}</SiteLink>
        </p>
      </section>
    );
  }
  return (
    <section className="page word-why">
      <p>
        <SiteLink to={`/k/${word.id}`}>← Back to {word.name}</SiteLink>
      </p>
      <h1>
        Why <span lang="otw">{why.form}</span>?
      </h1>
      <p>
        {why.label}, a form of <span lang="otw">{word.name}</span> “{word.gloss}”: {why.gloss}.
      </p>
      {why.variants.length > 0 && (
        <p className="muted">
          Also said: <span lang="otw">{why.variants.join(", ")}</span>
        </p>
      )}
      {why.confidenceNote && (
        <p className="alert conj-confidence" data-confidence={why.confidence}>
          {why.confidenceNote}
        </p>
      )}
      <h2>How it is built</h2>
      {why.derivation ? (
        <DerivationSteps derivation={why.derivation} />
      ) : why.built ? (
        <WholeBuiltSteps built={why.built} />
      ) : (
        <p>This form cannot be explained step by step.</p>
      )}
      {why.paradigmHref && (
        <p>
          <a href={why.paradigmHref}>All the forms of this order in the conjugator</a>
        </p>
      )}
    </section>
  );
}

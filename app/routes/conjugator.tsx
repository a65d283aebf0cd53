import { Form, useSubmit } from "react-router";
import { SiteLink } from "../components/site-link";
import { LegendLink } from "../components/abbr";
import { listConjugableVerbs } from "../../db/queries/verbs";
import { getBindings } from "../context";
import { publicData } from "../services/public-data.server";
import { WhyThisForm } from "../components/derivation";
import { WholeBuilt } from "../components/whole-built";
import { ReportLink } from "../components/report-link";
import { CLASS_NAMES, CONJUGATOR_CLASSES, PERSON_NAMES, cellKey, subjectsOf, verbClassOf, type LexemeInput, type VerbClass } from "../core/grammar";
import {
  ORDER_OPTIONS,
  SPEC_VERBS,
  TYPE_OPTIONS,
  conjObjectsOf,
  normaliseState,
  normaliseWhole,
  ordersFor,
  wholeCell,
  type WholeChoice,
} from "../core/grammar/conj-form";
import { wholeOffer } from "../services/conj-whole.server";
import { NOTHING_CHOSEN, workOut } from "../services/conj-result.server";
import { PractiseWord } from "../components/learn/practise-word";
import type { Route } from "./+types/conjugator";
import { CONFIDENCE_FLAG, CONFIDENCE_KEY } from "../utils/confidence-flags";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Odawa Verb Conjugator | Nishnaabemwin" }];

type VerbOption = { value: string; label: string; lexeme: LexemeInput };

/** Verb options of a class: the product reference's verbs first, then every other lexeme of the class (duplicates get "#id"). */
function verbOptions(rows: LexemeInput[], type: VerbClass): VerbOption[] {
  const mine = rows.filter((r) => verbClassOf(r.pos) === type);
  const first = SPEC_VERBS[type].map((n) => mine.find((r) => r.name === n)).filter((r): r is LexemeInput => !!r);
  const rest = mine.filter((r) => !first.includes(r));
  const counts = new Map<string, number>();
  for (const r of mine) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  return [...first, ...rest].map((lexeme) => {
    const value = (counts.get(lexeme.name) ?? 0) > 1 ? String(lexeme.id) : lexeme.name;
    return { value, label: `${lexeme.name} (${lexeme.gloss.split(/[;,]/)[0]})`, lexeme };
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const params = new URL(request.url).searchParams;
  // The verb menus, per class (the same for every anonymous visitor until an editor's change: kept per isolate).
  const { options, menus } = await publicData(request, bindings, "conj options", async () => {
    const rows = await listConjugableVerbs(bindings.db);
    const options = Object.fromEntries(CONJUGATOR_CLASSES.map((t) => [t, verbOptions(rows, t)])) as Record<VerbClass, VerbOption[]>;
    // The menu as the page shows it (value and label).
    const menus = Object.fromEntries(CONJUGATOR_CLASSES.map((t) => [t, options[t].map(({ value, label }) => ({ value, label }))]));
    return { options, menus: menus as Record<VerbClass, Array<{ value: string; label: string }>> };
  });
  // A link by lexeme id (the word page's "full paradigm" link) selects that lexeme.
  let verb = params.get("verb");
  const byId =
    verb && /^[1-9]\d{0,15}$/.test(verb)
      ? Object.values(options)
          .flat()
          .find((o) => String(o.lexeme.id) === verb)
      : undefined;
  if (byId) verb = byId.value;
  const state = normaliseState(
    { type: params.get("type"), verb, order: params.get("order"), subject: params.get("subject"), object: params.get("object") },
    (t) => options[t].map((o) => o.value),
    params.get("prevType"),
  );
  const chosen = options[state.type].find((o) => o.value === state.verb);
  // Tense or mode, conjunct form, preverb: only those the verb's cell has are offered (a choice it lacks is dropped).
  const offered = wholeOffer(state);
  const asked = normaliseWhole({ tense: params.get("tense"), shape: params.get("shape"), preverb: params.get("preverb") }, state.order);
  const whole: WholeChoice = {
    tense: offered.tenses.some((o) => o.value === asked.tense) ? asked.tense : "",
    shape: offered.shapes.some((o) => o.value === asked.shape) ? asked.shape : "",
    preverb: offered.preverbs.some((o) => o.value === asked.preverb) ? asked.preverb : "",
  };
  const cell = wholeCell(state, whole);
  const showFull = params.get("full") === "1";
  return {
    state,
    whole,
    offered,
    verbs: menus[state.type],
    // What the page works out for a verb and a cell, kept like the menus for anonymous visitors.
    ...(chosen
      ? await publicData(request, bindings, `conj ${chosen.lexeme.id} ${cellKey(cell)} ${showFull ? "full" : ""}`, async () =>
          workOut(chosen.lexeme, cell, whole, showFull),
        )
      : NOTHING_CHOSEN),
    showFull,
  };
}

/** The address of this conjugator result (what a report about it refers to). */
function conjHref(state: { type: string; verb: string; order: string; subject: string; object: string | null }, whole: WholeChoice) {
  const sp = new URLSearchParams({ type: state.type, verb: state.verb, order: state.order, subject: state.subject });
  if (state.object) sp.set("object", state.object);
  for (const [name, value] of Object.entries(whole)) if (value) sp.set(name, value);
  return `/conj?${sp}`;
}

export default function Conj({ loaderData }: Route.ComponentProps) {
  const { state, whole, offered, verbs, result, derivation, built, full, showFull, lexeme, practise, practiseCell } = loaderData;
  const submit = useSubmit();
  const subjects = subjectsOf(state.type, state.order);
  const objects = conjObjectsOf(state.type, state.order, state.subject);
  const onChange = (event: React.FormEvent<HTMLFormElement>) => submit(event.currentTarget, { replace: true, preventScrollReset: true });
  return (
    <section className="page conj">
      <h1>Odawa Verb Conjugator</h1>
      <p>
        <SiteLink to="/paradigms">Paradigm tables</SiteLink> · <LegendLink>What 1s, 3' and vai mean</LegendLink>
      </p>
      <Form method="get" className="conj-form" onChange={onChange}>
        <input type="hidden" name="prevType" value={state.type} />
        <div className="conj-field">
          <label htmlFor="conj-type">Verb type</label>
          <select id="conj-type" name="type" defaultValue={state.type} key={`t-${state.type}`}>
            {TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="conj-field">
          <label htmlFor="conj-verb">Verb</label>
          <select id="conj-verb" name="verb" defaultValue={state.verb} key={`v-${state.type}-${state.verb}`}>
            {verbs.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        <div className="conj-field">
          <label htmlFor="conj-order">Order</label>
          <select id="conj-order" name="order" defaultValue={state.order} key={`o-${state.type}-${state.order}`}>
            {ORDER_OPTIONS.filter((o) => ordersFor(state.type).includes(o.value)).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="conj-field">
          <label htmlFor="conj-subject">Subject</label>
          <select id="conj-subject" name="subject" defaultValue={state.subject} key={`s-${state.type}-${state.order}-${state.subject}`}>
            {subjects.map((p) => (
              <option key={p} value={p}>{`${p} (${PERSON_NAMES[p]})`}</option>
            ))}
          </select>
        </div>
        {objects.length > 0 && (
          <div className="conj-field">
            <label htmlFor="conj-object">Object</label>
            <select
              id="conj-object"
              name="object"
              defaultValue={state.object ?? undefined}
              key={`ob-${state.type}-${state.order}-${state.subject}-${state.object}`}
            >
              {objects.map((p) => (
                <option key={p} value={p}>{`${p} (${PERSON_NAMES[p]})`}</option>
              ))}
            </select>
          </div>
        )}
        {offered.tenses.length > 1 && (
          <div className="conj-field">
            <label htmlFor="conj-tense">Tense or mode</label>
            <select id="conj-tense" name="tense" defaultValue={whole.tense} key={`te-${state.order}-${whole.tense}`}>
              {offered.tenses.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {offered.shapes.length > 1 && (
          <div className="conj-field">
            <label htmlFor="conj-shape">Conjunct form</label>
            <select id="conj-shape" name="shape" defaultValue={whole.shape} key={`sh-${state.order}-${state.subject}-${whole.shape}`}>
              {offered.shapes.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {offered.preverbs.length > 1 && (
          <div className="conj-field">
            <label htmlFor="conj-preverb">Preverb</label>
            <select id="conj-preverb" name="preverb" defaultValue={whole.preverb} key={`pv-${state.order}-${whole.preverb}`}>
              {offered.preverbs.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="conj-full">
          <input type="checkbox" name="full" value="1" defaultChecked={showFull} key={`f-${showFull}`} /> Show the full paradigm of this order
        </label>
        <noscript>
          <button type="submit" className="button button-primary">
            Conjugate
          </button>
        </noscript>
      </Form>

      <div className="conj-result" aria-live="polite" data-testid="conj-result">
        {result ? (
          <>
            <p className="conj-pronoun">
              <span lang="otw">{result.subjectPronoun}</span> <span className="muted">({PERSON_NAMES[state.subject]})</span>
            </p>
            <p className="conj-form-output" lang="otw" data-form={result.form}>
              {result.prefix && (
                <span className="conj-prefix" title="prefix">
                  {result.prefix}
                </span>
              )}
              <span className="conj-root" title="root">
                {result.root}
              </span>
              {result.suffix && (
                <span className="conj-suffix" title="suffix">
                  {result.suffix}
                </span>
              )}
            </p>
            {result.variants.length > 0 && (
              <p className="muted">
                Also: <span lang="otw">{result.variants.join(", ")}</span>
              </p>
            )}
            {result.optionalNote && (
              <p className="muted conj-optional">
                <span lang="otw">{result.optionalVariants.join(", ")}</span>: {result.optionalNote}
              </p>
            )}
            <p className="conj-gloss">{result.gloss}</p>
            {built ? <WholeBuilt built={built} /> : <WhyThisForm derivation={derivation} />}
            <p>
              <ReportLink kind="conjugator" page={conjHref(state, whole)} subject={result.form} />
            </p>
            {result.confidence !== "high" && (
              <p className={`alert ${result.confidence === "medium" ? "" : "alert-warning"} conj-confidence`} data-confidence={result.confidence}>
                {result.confidenceNote}
              </p>
            )}
          </>
        ) : (
          <>
            <p className="alert alert-warning">No form found!</p>
            {(whole.tense || whole.shape || whole.preverb) && (
              <p className="muted">This person does not have that combination, or the conjugator does not build it yet.</p>
            )}
          </>
        )}
      </div>
      {lexeme && practise ? <PractiseWord verb={lexeme.name} pos={lexeme.pos} cell={practiseCell ?? undefined} /> : null}

      {full && lexeme && (
        <table className="conj-paradigm">
          <caption>
            {lexeme.name} - {lexeme.gloss} ({CLASS_NAMES[state.type]}, {ORDER_OPTIONS.find((o) => o.value === state.order)?.label}
            {[whole.tense, whole.shape, whole.preverb].map((v, i) =>
              v ? `, ${[offered.tenses, offered.shapes, offered.preverbs][i]!.find((o) => o.value === v)?.label}` : "",
            )}
            )
          </caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Form</th>
              <th scope="col">Gloss</th>
            </tr>
          </thead>
          <tbody>
            {full.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td lang="otw">
                  {row.form ?? "No form found!"}
                  {row.confidence && CONFIDENCE_FLAG[row.confidence] ? (
                    <span className="conj-flag" title={row.note}>
                      {" "}
                      ({CONFIDENCE_FLAG[row.confidence]})
                    </span>
                  ) : null}
                  <WhyThisForm derivation={row.derivation} />
                </td>
                <td>{row.gloss}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {full && full.some((row) => row.confidence && CONFIDENCE_FLAG[row.confidence]) ? (
        <p className="muted">{CONFIDENCE_KEY} Point at a mark, or choose that person above, for the reason.</p>
      ) : null}
      <p className="muted conj-source">
        Forms are generated from underlying stems following the Odawa finite-state morphology (giellalt/lang-ciw, CC BY-NC-SA 4.0). Codes: 1 = I/we, 2 = you, 3
        = s/he/they, 3' = obviative, 21 = we including you, x = someone, 0 = it.
      </p>
    </section>
  );
}

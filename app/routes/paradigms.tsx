import { Form, Link, useNavigation, useSubmit } from "react-router";
import { LegendLink } from "../components/abbr";
import { listSampleNouns, listSampleWords, nounTable, paradigmTable } from "../services/paradigms.server";
import { getBindings } from "../context";
import { publicData } from "../services/public-data.server";
import { nounBlocks, verbBlocks } from "../services/paradigm-blocks.server";
import { ParadigmBlocks } from "../components/paradigm-blocks";
import { findSampleWord, keepKind, kindLabel, kindsOf, nounKindLabel, parseKind, parseNounKind } from "../core/grammar/paradigm-kinds";
import type { Route } from "./+types/paradigms";
import { CONFIDENCE_FLAG, CONFIDENCE_KEY } from "../utils/confidence-flags";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Odawa paradigms | Nishnaabemwin" }];

/**
 * GET /paradigms?word=&kind= (docs/product.md "Paradigm viewer"). Rendered on the server, so it works without JavaScript; with
 * it the GET form is re-submitted on every change. `prevWord` lets the server apply the kind-keeping rule.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { db } = bindings;
  const params = new URL(request.url).searchParams;
  const [samples, nouns] = await Promise.all([
    publicData(request, bindings, "sample verbs", () => listSampleWords(db)),
    publicData(request, bindings, "sample nouns", () => listSampleNouns(db)),
  ]);
  const words = [
    ...samples.map((s) => ({ value: s.key, label: `${s.name} (${s.cls.toUpperCase()})` })),
    ...nouns.map((n) => ({ value: n.key, label: `${n.name} (${n.pos.toUpperCase()}, ${n.shape} stem)` })),
  ];
  const prevWord = params.get("prevWord");
  let kind = params.get("kind") ?? "";
  // A noun: its kinds are its class and stem shape, unpossessed (-inf) and possessed (-n-poss); a new word keeps the part.
  const noun = nouns.find((n) => n.key === params.get("word"));
  if (noun) {
    const wordChanged = prevWord != null && prevWord !== noun.key;
    if (wordChanged || (kind !== "" && !noun.kinds.includes(kind)))
      kind = noun.kinds.find((k) => kind !== "" && k.endsWith(kind.endsWith("-n-poss") ? "-n-poss" : "-inf")) ?? noun.kinds[0]!;
    const parsed = parseNounKind(kind);
    return {
      words,
      word: noun.key,
      kinds: noun.kinds.map((k) => ({ value: k, label: nounKindLabel(parseNounKind(k)!) })),
      kind: parsed ? parsed.kind : "",
      table: parsed ? nounTable(noun.lexeme, parsed) : null,
      blocks: parsed ? nounBlocks(noun.lexeme, parsed) : [],
    };
  }
  const asked = findSampleWord(params.get("word"), params.get("kind"));
  const chosen = samples.find((s) => s.key === asked?.key) ?? samples[0] ?? null;
  if (chosen) {
    const wordChanged = prevWord != null && prevWord !== chosen.key;
    if (wordChanged || (kind !== "" && !kindsOf(chosen.cls).includes(kind))) kind = keepKind(kind, chosen.cls);
  } else kind = "";
  const parsed = parseKind(kind);
  const table = chosen && parsed ? paradigmTable(chosen.lexeme, parsed, true) : null;
  return {
    words,
    word: chosen?.key ?? "",
    kinds: chosen ? kindsOf(chosen.cls).map((k) => ({ value: k, label: kindLabel(k) })) : [],
    kind: parsed ? parsed.kind : "",
    table,
    blocks: chosen && parsed ? verbBlocks(chosen.lexeme, parsed) : [],
  };
}

export default function Paradigms({ loaderData }: Route.ComponentProps) {
  const { words, word, kinds, kind, table, blocks } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/paradigms";
  const onChange = (event: React.FormEvent<HTMLFormElement>) => submit(event.currentTarget, { replace: true, preventScrollReset: true });
  return (
    <section className="page paradigms">
      <h1>Odawa paradigms</h1>
      <p>
        <Link to="/conj">Verb conjugator</Link> · <LegendLink />
      </p>
      <Form method="get" className="conj-form" onChange={onChange}>
        <input type="hidden" name="prevWord" value={word} />
        <div className="conj-field">
          <label htmlFor="paradigm-word">Word</label>
          <select id="paradigm-word" name="word" defaultValue={word} key={`w-${word}`}>
            {words.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
        </div>
        <div className="conj-field">
          <label htmlFor="paradigm-kind">Paradigm type</label>
          <select id="paradigm-kind" name="kind" defaultValue={kind} key={`k-${word}-${kind}`}>
            <option value="">Please choose a type</option>
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button button-primary">
            Show paradigm
          </button>
        </noscript>
      </Form>
      <p className="muted">
        Nouns are grouped by their class (NA animate, NI inanimate) and the shape of their stem: nouns of one group change in the same way.
      </p>

      <div className="paradigm-output" aria-live="polite" data-testid="paradigm-output">
        {loading ? (
          <p>Loading...</p>
        ) : !table ? (
          <p className="alert">Please select a paradigm</p>
        ) : (
          <table className="conj-paradigm paradigm-table" data-kind={table.kind}>
            <caption>{table.title}</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Form</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) =>
                row.label === "" ? (
                  <tr key={`sep-${i}`} className="paradigm-separator" aria-hidden="true">
                    <td colSpan={2}></td>
                  </tr>
                ) : (
                  <tr key={row.key} data-key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>
                      {row.form === null ? (
                        "No form found!"
                      ) : row.root === null ? (
                        <span lang="otw" data-form={row.form}>
                          {row.form}
                        </span>
                      ) : (
                        <span lang="otw" data-form={row.form}>
                          {row.prefix && (
                            <span className="conj-prefix" title="prefix">
                              {row.prefix}
                            </span>
                          )}
                          <span className="conj-root" title="root">
                            {row.root}
                          </span>
                          {row.suffix && (
                            <span className="conj-suffix" title="suffix">
                              {row.suffix}
                            </span>
                          )}
                        </span>
                      )}
                      {row.confidence && row.confidence !== "high" && (
                        <span className="conj-flag" data-confidence={row.confidence}>
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
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        )}
      </div>
      {!loading && table && blocks.length > 0 && <ParadigmBlocks blocks={blocks} />}
      <p className="muted conj-source">
        Prefix, root and suffix are shown apart. {CONFIDENCE_KEY} Forms are generated from underlying stems following the Odawa finite-state morphology
        (giellalt/lang-ciw, CC BY-NC-SA 4.0). The same data as JSON: <code>/conj-data/{"{kind}"}.json</code>.
      </p>
    </section>
  );
}

/**
 * /legend: what the abbreviations (vai, vti, 1s, 3' …) and the part-of-speech colours on the site mean. Every
 * part-of-speech abbreviation on a word links to its line here (app/components/abbr.tsx).
 */
import { Link } from "react-router";
import { WordName } from "../components/word-name";
import { ORDER_CODES, PERSON_CODES, POS_GROUPS, POS_NAMES, posAnchor } from "../core/glossary";
import type { Route } from "./+types/abbreviations";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Abbreviations and colours | Nishnaabemwin" }];

const SAMPLE: Record<string, { name: string; pos: string }> = {
  verb: { name: "maajaa", pos: "vai" },
  noun: { name: "jiimaan", pos: "ni" },
  other: { name: "gaawiin", pos: "pt" },
};

export default function Legend() {
  return (
    <section className="page legend-page">
      <h1>Abbreviations and colours</h1>
      <p className="lead">What the short labels next to words mean, and why some words are coloured.</p>

      <h2 id="colours">Colours</h2>
      <ul className="legend-colours">
        {POS_GROUPS.map((group) => (
          <li key={group.kind}>
            <WordName name={SAMPLE[group.kind].name} pos={SAMPLE[group.kind].pos} />{" "}
            {group.kind === "verb"
              ? "Verbs are shown in blue."
              : group.kind === "noun"
                ? "Nouns are shown in brown."
                : "Other words are shown in the text colour."}
          </li>
        ))}
        <li>
          In the conjugator and the lessons, a form is split into its parts: <span className="conj-prefix">prefix</span> <span className="conj-root">root</span>{" "}
          <span className="conj-suffix">suffix</span>.
        </li>
      </ul>

      <h2 id="parts-of-speech">Parts of speech</h2>
      {POS_GROUPS.map((group) => (
        <div key={group.kind}>
          <h3>{group.heading}</h3>
          <dl className="legend-list">
            {group.tags.map((tag) => (
              <div key={tag} id={posAnchor(tag)}>
                <dt>
                  <abbr title={POS_NAMES[tag]}>{tag}</abbr>
                </dt>
                <dd>{POS_NAMES[tag]}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}

      <h2 id="persons">Persons</h2>
      <p>
        Verb forms are labelled by who does the action: 1 is the speaker, 2 the person spoken to, 3 someone else, 0 something inanimate; s is singular, p
        plural; 21 is “you and I”; ′ or ' marks the obviative, a second third person further from the focus of the story. With two codes (3s&gt;1s), the first
        is the subject and the second the object.
      </p>
      <dl className="legend-list">
        {PERSON_CODES.map((person) => (
          <div key={person.code} id={`person-${person.code.replace("'", "-obv").toLowerCase()}`}>
            <dt>{person.code}</dt>
            <dd>{person.meaning}</dd>
          </div>
        ))}
      </dl>

      <h2 id="orders">Verb orders</h2>
      <dl className="legend-list">
        {ORDER_CODES.map((order) => (
          <div key={order.code}>
            <dt>{order.code}</dt>
            <dd>{order.meaning}</dd>
          </div>
        ))}
      </dl>
      <p>
        Try them in the <Link to="/conj">Conjugator</Link>.
      </p>
    </section>
  );
}

import { Link } from "react-router";
import { VERB_TYPES } from "../../components/learn/verb-types";
import type { Route } from "./+types/verbs";

export default function Verbs() {
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe">← Learn</Link>
      </p>
      <h1>Verbs</h1>
      <p className="lead">
        Nishnaabemwin sorts verbs into four types by whether they have an object and whether their subject or object is animate. Each type has its own endings.
      </p>
      <ul className="verb-types">
        {VERB_TYPES.map((type) => (
          <li key={type.code} className="verb-type">
            <h2 id={`type-${type.code}`}>
              {type.code} <span className="muted">· {type.name}</span>
            </h2>
            <p>{type.about}</p>
            <dl className="verb-type-facts">
              <div>
                <dt>Forms</dt>
                <dd>{`${type.basic} basic / ${type.total} total`}</dd>
              </div>
              <div>
                <dt>Difficulty</dt>
                <dd className={`difficulty difficulty-${type.difficulty.toLowerCase()}`}>{type.difficulty}</dd>
              </div>
            </dl>
            {type.start ? (
              <Link className="button button-primary" to={type.start} aria-label={`Start ${type.code}`}>
                Start
              </Link>
            ) : (
              <p className="muted">Coming soon!</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Verbs | Learn | Nishnaabemwin" },
  { name: "description", content: "The four Nishnaabemwin verb types: VAI, VII, VTA and VTI." },
];

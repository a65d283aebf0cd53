import { Link } from "react-router";
import { getBindings } from "../../context";
import { listLessons } from "../../../db/queries/lessons";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getBindings(context);
  return { lessons: await listLessons(db) };
}

export default function LearnLanding({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page learn">
      <h1>
        <span lang="otw">Aambe!</span> Let’s learn
      </h1>
      <p className="lead">Start with how Nishnaabemwin verbs work, then step through a lesson and practise what you met.</p>
      <ul className="card-links">
        <li>
          <Link to="/aambe/verbs">
            <strong>Verbs lesson</strong>
            <span>The four verb types, starting with VAI verbs</span>
          </Link>
        </li>
        <li>
          <Link to="/aambe/practice">
            <strong>Practice</strong>
            <span>Review the words of your last lesson when they are due</span>
          </Link>
        </li>
      </ul>
      {loaderData.lessons.length > 0 ? (
        <>
          <h2>Lessons</h2>
          <ul className="learn-lessons">
            {loaderData.lessons.map((lesson) => (
              <li key={lesson.id}>
                <Link to={`/aambe/learn/${lesson.id}`}>{lesson.title}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Learn | Nishnaabemwin" },
  { name: "description", content: "Verb lessons, word lessons with audio and practice for Nishnaabemwin." },
];

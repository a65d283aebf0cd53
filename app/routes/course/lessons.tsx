import { useEffect, useState } from "react";
import { Link } from "react-router";
import { getBindings } from "../../context";
import { publicData } from "../../services/public-data.server";
import { loadCourse } from "../../services/course.server";
import { getSessionUser } from "../../services/session.server";
import { lessonStates } from "../../services/learner-home.server";
import { readLocalCards, useMergeLocalProgress } from "../../components/learn/local-progress";
import { lessonState, type LessonState } from "../../utils/course";
import type { Route } from "./+types/lessons";

/** /aambe: the course path, each lesson's state (new, in progress, done) from the learner's cards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { config, db } = bindings;
  const [course, user] = await Promise.all([publicData(request, bindings, "course", () => loadCourse({ db, config })), getSessionUser(request, config, db)]);
  // The same lesson states as /niin and the home page (learner-home.server.ts).
  const states: LessonState[] = user ? await lessonStates(db, user.id, course) : course.map(() => "new");
  return {
    signedIn: user !== null,
    lessons: course.map((l, i) => ({ id: l.id, title: l.title, summary: l.summary, keys: l.keys, state: states[i]! })),
  };
}

const STATE_TEXT: Record<LessonState, string> = { new: "New", "in progress": "In progress", done: "Done" };

/** Anonymous learners' states come from this device's cards. */
function useStates(loaderData: Route.ComponentProps["loaderData"]) {
  const [states, setStates] = useState<LessonState[]>(loaderData.lessons.map((l) => l.state));
  useEffect(() => {
    if (loaderData.signedIn) {
      setStates(loaderData.lessons.map((l) => l.state));
      return;
    }
    const cards = readLocalCards();
    setStates(loaderData.lessons.map((l) => lessonState(l.keys, (k) => k in cards)));
  }, [loaderData]);
  return states;
}

export default function LearnLanding({ loaderData }: Route.ComponentProps) {
  useMergeLocalProgress(loaderData.signedIn);
  const states = useStates(loaderData);
  const { lessons } = loaderData;
  const done = states.filter((s) => s === "done").length;
  const current = lessons[states.findIndex((s) => s !== "done")];
  return (
    <section className="page learn">
      <h1>
        <span lang="otw">Aambe!</span> Let’s learn
      </h1>
      <p className="lead">Follow the lessons in order: each explains one piece of grammar, shows its forms and ends with practice.</p>
      <ul className="card-links">
        {current ? (
          <li>
            <Link to={`/aambe/learn/${current.id}`}>
              <strong>{done === 0 ? "Start the course" : "Continue the course"}</strong>
              <span>{current.title}</span>
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/aambe/practice">
            <strong>Practice</strong>
            <span>Review what is due from your lessons and your words</span>
          </Link>
        </li>
        <li>
          <Link to="/aambe/verbs">
            <strong>Verbs lesson</strong>
            <span>The four verb types, starting with VAI verbs</span>
          </Link>
        </li>
      </ul>
      {lessons.length > 0 ? (
        <>
          <h2 id="course-path">Lessons</h2>
          <p id="course-progress-label">
            {`${done} of ${lessons.length} lessons done`}
            {loaderData.signedIn ? "" : " on this device"}
          </p>
          <progress className="course-progress learn-progress" max={lessons.length} value={done} aria-labelledby="course-progress-label" />
          <ol className="course-path" aria-labelledby="course-path">
            {lessons.map((lesson, i) => (
              <li key={lesson.id} data-state={states[i]} className={`course-lesson is-${states[i].replace(" ", "-")}`}>
                <Link to={`/aambe/learn/${lesson.id}`}>{lesson.title}</Link> <span className="lesson-state">{STATE_TEXT[states[i]]}</span>
                {lesson.summary ? <span className="muted lesson-summary">{lesson.summary}</span> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Learn | Nishnaabemwin" },
  { name: "description", content: "A course of Nishnaabemwin grammar lessons with practice." },
];

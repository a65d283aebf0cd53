import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { getBindings } from "../../context";
import { getSessionUser } from "../../services/session.server";
import type { PracticeItem } from "../../components/learn/practice-types";
import { LESSON_DATA_KEY, LESSON_NUMBER_KEY } from "../../components/learn/storage-keys";
import { loadPracticeSource } from "./practice.server";
import type { Route } from "./+types/practice";

// The practice session (ts-fsrs, zod) loads after the page is shown, so it never weighs on the
// first load of this public page (JS budget, docs/decisions/011-quality-gates.md).
const LazyPracticeSession = lazy(() =>
  import("../../components/learn/practice-session").then((m) => ({ default: m.PracticeSession })),
);

function PracticeSession(props: { items: PracticeItem[]; signedIn: boolean }) {
  return (
    <Suspense fallback={<p>Setting up practice...</p>}>
      <LazyPracticeSession {...props} />
    </Suspense>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  const [source, user] = await Promise.all([
    loadPracticeSource(db, new URL(request.url)),
    getSessionUser(request, env, db),
  ]);
  return { source, signedIn: user !== null };
}

/** The lesson the player left in local storage (docs/product.md: "Reads stored lesson words"). */
function useStoredLesson(enabled: boolean) {
  const [state, setState] = useState<{ number: number; items: PracticeItem[] } | "loading" | "none">("loading");
  useEffect(() => {
    if (!enabled) return;
    import("../../components/learn/practice-types")
      .then(({ lessonPracticeItems, StoredLessonSchema }) => {
        const number = Number(localStorage.getItem(LESSON_NUMBER_KEY));
        const items = StoredLessonSchema.safeParse(JSON.parse(localStorage.getItem(LESSON_DATA_KEY) ?? "null"));
        setState(
          Number.isInteger(number) && number > 0 && items.success && items.data.length > 0
            ? { number, items: lessonPracticeItems(number, items.data) }
            : "none",
        );
      })
      .catch(() => setState("none"));
  }, [enabled]);
  return state;
}

export default function Practice({ loaderData }: Route.ComponentProps) {
  const { source, signedIn } = loaderData;
  const stored = useStoredLesson(source.kind === "stored");
  let heading = "Practice";
  let body: React.ReactNode;
  if (source.kind === "not-found") {
    body = <p className="alert alert-warning">{source.message}</p>;
  } else if (source.kind === "verb") {
    heading = `Practice: ${source.lemma}`;
    body =
      source.items.length === 0 ? (
        <p className="alert alert-warning">The forms of this verb are not available yet.</p>
      ) : (
        <>
          <p className="lead">
            {`${source.orderLabel} forms of`} <strong lang="otw">{source.lemma}</strong> “{source.gloss}”.
            {source.missing > 0 ? ` ${source.missing} more forms are not available yet.` : null}
          </p>
          <PracticeSession items={source.items} signedIn={signedIn} />
        </>
      );
  } else if (source.kind === "lesson") {
    heading = `Practice: ${source.title}`;
    body =
      source.items.length === 0 ? (
        <p className="alert alert-warning">No lesson data found</p>
      ) : (
        <PracticeSession items={source.items} signedIn={signedIn} />
      );
  } else if (stored === "loading") {
    body = (
      <>
        <p>Loading your lesson…</p>
        <noscript>
          <p className="alert alert-warning">
            Practice needs JavaScript. You can still step through the <Link to="/aambe/learn/1">lessons</Link> and the{" "}
            <Link to="/aambe/verbs/vai/practice">VAI forms</Link>.
          </p>
        </noscript>
      </>
    );
  } else if (stored === "none") {
    body = (
      <p className="alert alert-warning">
        There is no lesson to practise yet. Finish a lesson first, for example <Link to="/aambe/learn/1">lesson 1</Link>.
      </p>
    );
  } else {
    heading = `Practice: lesson ${stored.number}`;
    body = <PracticeSession items={stored.items} signedIn={signedIn} />;
  }
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe">← Learn</Link>
      </p>
      <h1>{heading}</h1>
      {body}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Practice | Learn | Nishnaabemwin" },
  { name: "description", content: "Practise the words of your lessons with spaced repetition." },
];

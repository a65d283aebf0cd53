import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { getBindings } from "../../context";
import { getLesson } from "../../../db/queries/lessons";
import { LessonPlayer } from "../../components/learn/lesson-player";
import type { Route } from "./+types/lesson";
import { SITE_DESCRIPTION } from "../../utils/meta";

/** /aambe/learn/{num}: an unknown lesson redirects to /aambe (docs/product.md). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(params.num)) throw redirect("/aambe");
  const lesson = await getLesson(getBindings(context).db, Number(params.num));
  if (!lesson) throw redirect("/aambe");
  return { lesson };
}

/** Moving between steps only changes ?step=: no need to fetch the lesson again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function Lesson({ loaderData }: Route.ComponentProps) {
  const { lesson } = loaderData;
  const [searchParams] = useSearchParams();
  const rawStep = Number(searchParams.get("step") ?? "0");
  const step = Number.isInteger(rawStep) ? Math.min(Math.max(rawStep, 0), lesson.items.length) : 0;
  return (
    <section className="page learn">
      <p>
        <Link to="/aambe">← Learn</Link>
      </p>
      <h1>{lesson.title}</h1>
      {lesson.items.length === 0 ? (
        <p className="alert alert-warning">No lesson data found</p>
      ) : (
        <LessonPlayer lesson={lesson} step={step} />
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [SITE_DESCRIPTION, 
  { title: `${loaderData?.lesson.title ?? "Lesson"} | Learn | Nishnaabemwin` },
];

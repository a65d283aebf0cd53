import { useEffect } from "react";
import { Link, redirect, useRouteLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { SiteLink } from "../../components/site-link";
import { getBindings } from "../../context";
import { publicData } from "../../services/public-data.server";
import { loadLesson } from "../../services/course.server";
import { getUser } from "../../middleware/guard.server";
import { keepOfflinePack } from "../../components/learn/offline-practice";
import { lessonOfflinePack } from "./practice.server";
import { LessonAudioButton } from "../../components/learn/lesson-audio-button";
import { FormParts } from "../../components/learn/form-parts";
import { LessonPlayer, type PlayerItem } from "../../components/learn/lesson-player";
import type { Route } from "./+types/lesson";
import { SITE_DESCRIPTION } from "../../utils/meta";
import { tableGloss } from "../../utils/course";

/** /aambe/learn/{num}: an unknown (or draft) lesson redirects to /aambe (docs/product.md). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(params.num)) throw redirect("/aambe");
  const bindings = getBindings(context);
  const { db } = bindings;
  // The lesson and what the page shows of it: the same for every anonymous visitor until an editor's change.
  const loaded = await publicData(request, bindings, `lesson ${Number(params.num)}`, async () => {
    const lesson = await loadLesson(bindings, Number(params.num), { examples: true });
    return lesson ? { lesson, page: pageNow(lesson) } : null;
  });
  if (!loaded) throw redirect("/aambe");
  // Signed in: the lesson's practice goes to the browser too, so it can be practised offline (ADR 017).
  const user = await getUser(context);
  return { lesson: loaded.page, offline: user ? await lessonOfflinePack(db, loaded.lesson, user.id) : null };
}

type LoadedLesson = NonNullable<Awaited<ReturnType<typeof loadLesson>>>;

/**
 * What the page shows of a lesson, and no more (its hydration data): the table's forms with their text and parts
 * only, the examples, and the player's steps.
 */
function pageNow(lesson: LoadedLesson) {
  const steps: PlayerItem[] = [
    ...lesson.forms.map((f) => ({ label: `${f.lemma} · ${f.label}`, value: f.odawa, trans: f.english, audio: f.audio })),
    ...lesson.sentences.map((s) => ({
      label: s.type === "word" ? `Word${s.pos ? ` · ${s.pos}` : ""}` : "Sentence",
      value: s.value,
      trans: s.trans,
      audio: s.audio,
    })),
  ];
  const { id, title, summary, explanation, table, sentences, examples, previous, next, number } = lesson;
  return {
    id,
    title,
    summary,
    explanation,
    previous,
    next,
    number,
    steps,
    table: {
      // The table's glosses worked out here: the gloss rules stay out of every page's script.
      words: table.words.map((w) => ({ ...w, gloss: tableGloss(w.gloss) })),
      rows: table.rows.map((row) => ({
        cell: row.cell,
        label: row.label,
        forms: row.forms.map((f) => (f ? { odawa: f.odawa, english: f.english, parts: f.parts } : null)),
      })),
    },
    sentences: sentences.map(({ position, value, trans, audio }) => ({ position, value, trans, audio })),
    examples,
  };
}

/** Moving between steps only changes ?step=: no need to fetch the lesson again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

type Lesson = Route.ComponentProps["loaderData"]["lesson"];

function Overview({ lesson }: { lesson: Lesson }) {
  const { table } = lesson;
  return (
    <>
      <h2>How it works</h2>
      {lesson.explanation.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {table.rows.length > 0 ? (
        <>
          <h2 id="lesson-forms">The forms</h2>
          <p className="muted">Each form is split into its prefix, stem and ending.</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="lesson-forms">
            <table className="learn-table lesson-table" aria-labelledby="lesson-forms">
              <thead>
                <tr>
                  <th scope="col">Who / what</th>
                  {table.words.map((w) => (
                    <th scope="col" key={`${w.name}.${w.pos}`}>
                      <span lang="otw">{w.name}</span> <span className="muted">“{w.gloss}”</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.cell}>
                    <th scope="row">{row.label}</th>
                    {row.forms.map((f, i) => (
                      <td key={i} className="form-cell">
                        {f ? (
                          <>
                            <FormParts inflection={f.parts ?? { prefix: null, root: f.odawa, suffix: null }} />
                            <br />
                            <span className="muted">{f.english}</span>
                          </>
                        ) : (
                          <span className="muted">not taught yet</span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <h2>Examples</h2>
      {lesson.sentences.length + lesson.examples.length > 0 ? (
        <ul className="lesson-examples">
          {lesson.sentences.map((s) => (
            <li key={`own-${s.position}`}>
              <strong lang="otw">{s.value}</strong> — {s.trans} <LessonAudioButton src={s.audio} label={s.value} />
            </li>
          ))}
          {lesson.examples.map((s) => (
            <li key={`data-${s.text}`}>
              <strong lang="otw">{s.text}</strong> — {s.trans}
              {s.story ? (
                <>
                  {" "}
                  <span className="muted">
                    (from the story “<SiteLink to={`/d/${s.story.id}`}>{s.story.title}</SiteLink>”)
                  </span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="no-examples">
          No example sentences yet: none of our sentences or stories uses these forms so far, and the editors are asked for some.
        </p>
      )}
    </>
  );
}

export default function Lesson({ loaderData }: Route.ComponentProps) {
  const { lesson } = loaderData;
  const [searchParams] = useSearchParams();
  const rawStep = Number(searchParams.get("step") ?? "0");
  const step = Number.isInteger(rawStep) ? Math.min(Math.max(rawStep, 0), lesson.steps.length) : 0;
  const empty = lesson.steps.length === 0;
  const username = (useRouteLoaderData("root") as { user?: { username: string } | null } | undefined)?.user?.username;
  const signedIn = Boolean(username);
  const { offline } = loaderData;
  useEffect(() => {
    if (offline && username) keepOfflinePack(username, offline);
  }, [offline, username]);
  return (
    <section className="page learn">
      <p>
        <SiteLink to="/aambe">← Learn</SiteLink>
      </p>
      <p className="muted">{`Lesson ${lesson.number}`}</p>
      <h1>{lesson.title}</h1>
      {lesson.summary ? <p className="lead">{lesson.summary}</p> : null}
      {step === 0 ? <Overview lesson={lesson} /> : null}
      {empty ? (
        <p className="alert alert-warning">No lesson data found</p>
      ) : (
        <>
          {step === 0 ? <h2>Step through it</h2> : null}
          <LessonPlayer lesson={{ id: lesson.id, title: lesson.title, items: lesson.steps }} step={step} />
          {step === 0 ? (
            <p className="learn-actions">
              {/* Signed in: fetched ahead, so this lesson's practice also works offline later (ADR 017). */}
              <Link className="button" to={`/aambe/practice?lesson=${lesson.id}`} prefetch={signedIn ? "render" : "none"}>
                Practise this lesson
              </Link>
            </p>
          ) : null}
        </>
      )}
      <nav className="lesson-nav learn-actions" aria-label="Lessons">
        {lesson.previous ? (
          <SiteLink className="button" to={`/aambe/learn/${lesson.previous.id}`} rel="prev">
            ← Previous: {lesson.previous.title}
          </SiteLink>
        ) : null}
        {lesson.next ? (
          <SiteLink className="button" to={`/aambe/learn/${lesson.next.id}`} rel="next">
            Next: {lesson.next.title} →
          </SiteLink>
        ) : null}
      </nav>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [SITE_DESCRIPTION, { title: `${loaderData?.lesson.title ?? "Lesson"} | Learn | Nishnaabemwin` }];

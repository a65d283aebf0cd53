/**
 * What a signed-in learner's home page offers next (issue 39): the lesson to continue, how many practice cards are
 * due (reviews and new cards apart, issue 47), and the Word of the Day. Read per request for that learner: a
 * signed-in request never reaches the page cache (page-cache.server.ts), and this is never kept in public data.
 * Also the one place that says which lessons a learner has practised: /aambe, /niin and the home page all ask
 * `lessonStates`.
 */
import type { Db } from "../../db/client";
import { getSrsCards } from "../../db/queries/srs";
import { listWotdArchive } from "../../db/queries/wotd";
import { lessonState, type LessonState } from "../utils/course";
import type { Bindings } from "./bindings.server";
import { loadCourse } from "./course.server";
import { deckCounts } from "./practice.server";

type Course = Awaited<ReturnType<typeof loadCourse>>;

/**
 * Each lesson's state for a learner (new, in progress, done), from their cards of its items — every kind of card
 * (verb and noun forms as well as sentences) counts for every lesson whose items it is.
 */
export async function lessonStates(db: Db, userId: number, course: Course): Promise<LessonState[]> {
  const seen = new Set(
    (
      await getSrsCards(
        db,
        userId,
        course.flatMap((l) => l.keys),
      )
    ).map((c) => c.key),
  );
  return course.map((l) => lessonState(l.keys, (k) => seen.has(k)));
}

/** The course with the learner's state of each lesson and its number on the path (1, 2, …). */
export async function learnerCourse({ db, config }: Pick<Bindings, "db" | "config">, userId: number) {
  const course = await loadCourse({ db, config });
  const states = await lessonStates(db, userId, course);
  return course.map((l, i) => ({ id: l.id, number: i + 1, title: l.title, state: states[i]! }));
}

export async function learnerHome({ db, config }: Pick<Bindings, "db" | "config">, userId: number, now = Date.now()) {
  const today = new Date(now).toISOString().slice(0, 10);
  const [course, deck, words] = await Promise.all([learnerCourse({ db, config }, userId), deckCounts(db, userId, now), listWotdArchive(db, today, 1)]);
  const next = course.find((l) => l.state !== "done");
  const word = words[0] ?? null;
  return {
    /** The first lesson not done yet (null when the course is done, or has no lessons). */
    next: next ? { id: next.id, number: next.number, title: next.title, started: next.state === "in progress" } : null,
    lessons: { done: course.filter((l) => l.state === "done").length, total: course.length },
    deck,
    word: word && { day: word.day, today: word.day === today, lexemeId: word.lexemeId, name: word.name, gloss: word.gloss },
  };
}

export type LearnerHome = Awaited<ReturnType<typeof learnerHome>>;

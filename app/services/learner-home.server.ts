/**
 * What a signed-in learner's home page offers next (issue 39): the lesson to continue, how many practice cards are
 * due, and the Word of the Day. Read per request for that learner: a signed-in request never reaches the page
 * cache (page-cache.server.ts), and this is never kept in public data.
 */
import { getSrsCards } from "../../db/queries/srs";
import { listWotdArchive } from "../../db/queries/wotd";
import { lessonState } from "../utils/course";
import type { Bindings } from "./bindings.server";
import { loadCourse } from "./course.server";
import { deckCounts } from "./practice.server";

export async function learnerHome({ db, config }: Pick<Bindings, "db" | "config">, userId: number, now = Date.now()) {
  const today = new Date(now).toISOString().slice(0, 10);
  const [course, deck, words] = await Promise.all([loadCourse({ db, config }), deckCounts(db, userId, now), listWotdArchive(db, today, 1)]);
  const seen = new Set((await getSrsCards(db, userId, course.flatMap((l) => l.keys))).map((c) => c.key));
  const states = course.map((l) => lessonState(l.keys, (k) => seen.has(k)));
  const at = states.findIndex((s) => s !== "done");
  const word = words[0] ?? null;
  return {
    /** The first lesson not done yet (null when the course is done, or has no lessons). */
    next: at >= 0 ? { id: course[at]!.id, number: at + 1, title: course[at]!.title, started: states[at] === "in progress" } : null,
    lessons: { done: states.filter((s) => s === "done").length, total: course.length },
    deck,
    word: word && { day: word.day, today: word.day === today, lexemeId: word.lexemeId, name: word.name, gloss: word.gloss },
  };
}

export type LearnerHome = Awaited<ReturnType<typeof learnerHome>>;

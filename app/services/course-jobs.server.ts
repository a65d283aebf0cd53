/**
 * The course's part of the daily job: every published lesson the data has no example sentence for asks the editors
 * for some (one open report per lesson, issue 39). It runs from the cron, never from a visitor's request: a GET
 * changes nothing.
 */
import { askForExamples } from "./lesson-examples.server";
import type { Bindings } from "./bindings.server";
import { loadCourse, loadLesson } from "./course.server";

/** The lessons that were asked about (a report already open for a lesson is not filed again). */
export async function askForMissingExamples(bindings: Pick<Bindings, "db" | "config">) {
  const asked: number[] = [];
  for (const { id } of await loadCourse(bindings)) {
    const lesson = await loadLesson(bindings, id, { examples: true });
    if (!lesson || lesson.sentences.length > 0 || lesson.examples.length > 0) continue;
    await askForExamples(bindings.db, lesson);
    asked.push(id);
  }
  return asked;
}

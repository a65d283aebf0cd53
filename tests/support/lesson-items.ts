/** The practice items of a seeded lesson, as a round asks them: its table's forms, then its sentences. */
import { expandLesson } from "../../app/services/course.server";
import { sentenceCardKey } from "../../app/utils/course";
import type { PracticeItem } from "../../app/utils/practice";
import { LEXICON, type SeedLesson } from "../factories/course";

export function lessonItems(lesson: SeedLesson): PracticeItem[] {
  const { forms } = expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON);
  const sentences = lesson.sentences.map((s, i) => ({
    key: sentenceCardKey(lesson.id, i + 1),
    odawa: s.text,
    english: s.trans,
    answers: [s.text],
    audio: null,
    parts: null,
  }));
  return [...forms, ...sentences];
}

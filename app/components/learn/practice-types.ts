import { z } from "zod";

/** One thing to practise: shown in Odawa, meant in English, typed back in Odawa. */
export type PracticeItem = {
  /** The schedule's card key, e.g. "lesson:1:3" or "verb:maajaa:ind:1s". */
  key: string;
  odawa: string;
  english: string;
  /** Accepted typed answers: the form and its variants. */
  answers: string[];
  audio: string | null;
};

/** What the lesson player stores under LESSON_DATA_KEY (db/queries/lessons.ts LessonItem). */
export const StoredLessonSchema = z.array(
  z.object({
    position: z.number().int(),
    type: z.enum(["word", "sent"]),
    value: z.string().min(1),
    pos: z.string().nullable(),
    trans: z.string().min(1),
    audio: z.string().regex(/^\/audio\//).nullable(),
  }),
);

export function lessonPracticeItems(
  lessonNumber: number,
  items: ReadonlyArray<{ position: number; value: string; trans: string; audio: string | null }>,
): PracticeItem[] {
  return items.map((item) => ({
    key: `lesson:${lessonNumber}:${item.position}`,
    odawa: item.value,
    english: item.trans,
    answers: [item.value],
    audio: item.audio,
  }));
}

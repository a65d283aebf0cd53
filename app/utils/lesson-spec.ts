/** The lesson spec's schema (app/utils/course.ts describes the course): validated on the server and in the editor. */
import { z } from "zod";

/** A word of a lesson: a dictionary headword and its part of speech (never made up: looked up in `lexemes`). */
const LessonWordSchema = z.object({
  name: z.string().trim().min(1).max(100),
  pos: z.string().trim().min(1).max(20),
});

/** What a lesson teaches: its words and the cells (verb "ind 1s>3s" or noun "1s sg" keys) shown for each. */
export const LessonSpecSchema = z.object({
  words: z.array(LessonWordSchema).min(1).max(12),
  cells: z.array(z.string().trim().min(1).max(40)).min(1).max(16),
});
export type LessonSpec = z.infer<typeof LessonSpecSchema>;

/**
 * The shape of spaced-repetition progress on the wire and in local storage, shared by
 * the browser (app/components/learn/srs.ts) and the API (workers/api/progress.ts).
 */
import { z } from "zod";

/** e.g. "lesson:1:3" (lesson 1, item 3), "verb:maajaa:ind:1s" or "noun:kwe.na:pl" (app/utils/course.ts). */
export const CardKeySchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^(lesson|verb|noun):[^\s]+$/, "Expected a card key such as lesson:1:3 or verb:maajaa:ind:1s.");

const DateString = z.iso.datetime({ offset: true });

/** A ts-fsrs Card with its dates as ISO strings. */
export const FsrsCardSchema = z.object({
  due: DateString,
  stability: z.number().finite().min(0),
  difficulty: z.number().finite().min(0),
  elapsed_days: z.number().finite().min(0),
  scheduled_days: z.number().finite().min(0),
  learning_steps: z.number().int().min(0),
  reps: z.number().int().min(0),
  lapses: z.number().int().min(0),
  state: z.number().int().min(0).max(3),
  last_review: DateString.optional(),
});

export const ProgressCardSchema = z.object({
  key: CardKeySchema,
  state: FsrsCardSchema,
  /** ms since epoch; must equal state.due. */
  due: z.number().int().min(0),
  /** ms since epoch of the review that produced this state. */
  updatedAt: z.number().int().min(0),
});

export const ProgressPutSchema = z.object({
  cards: z.array(ProgressCardSchema).max(500, "At most 500 cards per request."),
});

export type ProgressCard = z.infer<typeof ProgressCardSchema>;

/** One answer given offline, kept in the browser's outbox until the server has it (ADR 017). */
export const OfflineReviewSchema = z.object({
  /** Made by the browser (crypto.randomUUID) when the question was shown: the same answer sent twice counts once. */
  id: z.uuid(),
  key: CardKeySchema,
  kind: z.enum(["choose", "type"]),
  given: z.string().max(200),
  /** ms since epoch, the browser's clock. */
  askedAt: z.number().int().min(0),
  answeredAt: z.number().int().min(0),
  /**
   * The question of a round it answers (app/utils/practice.ts questionId): one answer per question, so a question
   * answered online and again offline (Back), or twice offline, counts once. Absent from older pages' outboxes.
   */
  question: z
    .string()
    .max(260)
    .regex(/^[0-9a-z]{8,32}:\d{1,3}:(lesson|verb|noun):\S+$/, "Expected a question of a round.")
    .optional(),
});

export const ReviewsPostSchema = z.object({
  reviews: z.array(OfflineReviewSchema).min(1).max(100, "At most 100 answers per request."),
});

export type OfflineReview = z.infer<typeof OfflineReviewSchema>;

/**
 * Messages on the email queue: a versioned discriminated union, parsed from
 * `unknown` at the consumer (never trusted as typed).
 */
import { z } from "zod";

export const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD");

export const WotdDayMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("wotd-day"),
  day: DaySchema,
});

export const JobMessageSchema = z.discriminatedUnion("type", [WotdDayMessageSchema]);

export type JobMessage = z.infer<typeof JobMessageSchema>;

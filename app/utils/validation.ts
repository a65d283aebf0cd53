/** Shared zod field schemas: the same rules on the server and in forms. */
import { z } from "zod";
import { normaliseSitePath } from "./site-path";

export const EmailSchema = z
  .string({ error: "Please enter an email address." })
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long.")
  .pipe(z.email({ error: "Please enter a valid email address." }));

/** Invisible characters that change the direction of the text around them: embeddings, overrides, isolates, marks. */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The one rule for names shown to others (usernames, display names, speakers): no character that changes the
 * direction of text (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C). Shown on a page, one turns the text
 * after it around, so a name could read as something it is not. `what` starts the message ("A username").
 */
export function withoutDirectionControls<T extends z.ZodType<string, string>>(schema: T, what: string): T {
  return schema.refine((value) => !DIRECTION_CONTROLS.test(value), {
    message: `${what} cannot contain invisible characters that change the direction of text. Please remove them.`,
    abort: true,
  });
}

/** A path on this site: starts with one slash, no scheme, no protocol-relative `//`, also after normalising. */
export const SitePathSchema = z
  .string()
  .max(2000)
  .refine((path) => normaliseSitePath(path) !== null, "Expected a path on this site.");

export const ClickSchema = z.object({
  email: z.string().trim().min(1).max(254),
  page: SitePathSchema,
});

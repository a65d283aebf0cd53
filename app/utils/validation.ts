/** Shared zod field schemas: the same rules on the server and in forms. */
import { z } from "zod";
import { normaliseSitePath } from "./site-path";

export const EmailSchema = z
  .string({ error: "Please enter an email address." })
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long.")
  .pipe(z.email({ error: "Please enter a valid email address." }));

/** A path on this site: starts with one slash, no scheme, no protocol-relative `//`, also after normalising. */
export const SitePathSchema = z
  .string()
  .max(2000)
  .refine((path) => normaliseSitePath(path) !== null, "Expected a path on this site.");

export const ClickSchema = z.object({
  email: z.string().trim().min(1).max(254),
  page: SitePathSchema,
});

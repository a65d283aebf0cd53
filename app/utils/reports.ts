/** zod schema of the report form ("Report a problem", "Suggest a missing word") and of the editor's resolve form. */
import { z } from "zod";
import { REPORT_KINDS, REPORT_MESSAGE_MAX, REPORT_SUBJECT_MAX } from "./report-texts";
import { EmailSchema, SitePathSchema } from "./validation";

export const ReportSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, { error: "Unknown kind of report." }),
    /** The page the report was made on, e.g. /k/12 or /conj?type=vai&verb=maajaa. */
    page: SitePathSchema.max(500),
    /** The form, word, sentence or story it refers to, as shown there. */
    subject: z.string().trim().max(REPORT_SUBJECT_MAX).optional().default(""),
    message: z
      .string({ error: "Please say what is wrong." })
      .trim()
      .max(REPORT_MESSAGE_MAX, `Please keep it under ${REPORT_MESSAGE_MAX} characters.`)
      .optional()
      .default(""),
    email: z
      .union([z.literal(""), EmailSchema])
      .optional()
      .default(""),
  })
  .superRefine((report, ctx) => {
    // Every kind but a request for a recording needs words.
    if (report.kind !== "recording" && report.message === "") ctx.addIssue({ code: "custom", path: ["message"], message: "Please say what is wrong." });
  });
export type ReportInput = z.infer<typeof ReportSchema>;

export const ResolveReportSchema = z.object({
  id: z.coerce.number().int().positive(),
  note: z.string().trim().min(1, "Please write a note.").max(REPORT_MESSAGE_MAX),
});

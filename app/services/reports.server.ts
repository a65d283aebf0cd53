/**
 * Reports: "Report a problem" (word, sentence, story, conjugator result) and "Suggest a missing word" (an empty
 * search). A report is stored with the page it came from and the form it refers to, at most RATE_RULES.report per
 * client (429 with Retry-After over it). Editors see the queue at /DEV_editor/reports and resolve with a note.
 */
import type { Db } from "../../db/client";
import { countOpenReports, insertReport, listReports, resolveReport, type ReportStatus } from "../../db/queries/reports";
import { EDITOR_EDIT_PATHS, EXAMPLES_REPORT, REPORT_TEXT, type ReportKind } from "../utils/report-texts";
import { ResolveReportSchema, ReportSchema, type ReportInput } from "../utils/reports";
import { takeClientCap } from "./rate-limit.server";

export type ReportFormResult = {
  success: boolean;
  message: string;
  fieldErrors?: Partial<Record<keyof ReportInput, string>>;
};

function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The report form's action: validate, count against the client's cap, store. */
export async function submitReport(
  request: Request,
  db: Db,
  form: FormData,
  userId: number | null,
): Promise<{ result: ReportFormResult; status: number; headers?: HeadersInit }> {
  const parsed = ReportSchema.safeParse({
    kind: field(form, "kind"),
    page: field(form, "page"),
    subject: field(form, "subject") ?? "",
    message: field(form, "message"),
    email: field(form, "email") ?? "",
  });
  if (!parsed.success) {
    const fieldErrors: ReportFormResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ReportInput;
      fieldErrors[key] ??= issue.message;
    }
    return { result: { success: false, message: Object.values(fieldErrors)[0] ?? REPORT_TEXT.error, fieldErrors }, status: 400 };
  }
  const refused = await takeClientCap(db, "report", request);
  if (refused) {
    return {
      result: { success: false, message: REPORT_TEXT.rateLimited },
      status: 429,
      headers: { "Retry-After": String(refused.retryAfter) },
    };
  }
  const { kind, page, subject, message, email } = parsed.data;
  await insertReport(db, { kind, page, subject, message, email: email || null, userId });
  return { result: { success: true, message: REPORT_TEXT.success }, status: 200 };
}

/** Where an editor fixes what a report is about (the editor view searched for its subject). */
export function editLinkOf(kind: string, subject: string): string {
  const path = kind === EXAMPLES_REPORT.kind ? EXAMPLES_REPORT.editPath : (EDITOR_EDIT_PATHS[kind as ReportKind] ?? EDITOR_EDIT_PATHS.word);
  return subject ? `${path}?q=${encodeURIComponent(subject.slice(0, 100))}` : path;
}

export async function reportQueue(db: Db, status: ReportStatus, page: number) {
  const list = await listReports(db, status, page);
  return { ...list, rows: list.rows.map((r) => ({ ...r, editHref: editLinkOf(r.kind, r.subject) })) };
}

export { countOpenReports };

/** The editor's resolve form: a note is required; answers 404 when the report is not open (any more). */
export async function resolveReportAction(db: Db, form: FormData, userId: number) {
  const parsed = ResolveReportSchema.safeParse({ id: field(form, "id"), note: field(form, "note") });
  if (!parsed.success) return { status: 400, result: { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid." } };
  const done = await resolveReport(db, parsed.data.id, userId, parsed.data.note);
  return done ? { status: 200, result: { ok: true, message: "Resolved." } } : { status: 404, result: { ok: false, message: "That report is not open." } };
}

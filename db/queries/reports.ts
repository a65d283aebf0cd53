/** Reports ("Report a problem", "Suggest a missing word") and the editors' queue. Database first. */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { reports, users, type REPORT_STATUSES } from "../schema";

export type NewReport = { kind: string; page: string; subject: string; message: string; email: string | null; userId: number | null };
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_PAGE_SIZE = 50;

export async function insertReport(db: Db, input: NewReport) {
  const [row] = await db.insert(reports).values(input).returning({ id: reports.id });
  return row!;
}

/** Files a report unless one of the same kind from the same page is still open (a report the site files itself). */
export async function insertReportOnce(db: Db, input: NewReport): Promise<boolean> {
  const open = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.kind, input.kind), eq(reports.page, input.page), eq(reports.status, "open")))
    .get();
  if (open) return false;
  await insertReport(db, input);
  return true;
}

/** Open reports: the number the editor's navigation shows. */
export async function countOpenReports(db: Db): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(reports)
    .where(eq(reports.status, "open"))
    .get();
  return row?.n ?? 0;
}

/** One status of the queue, newest first, with who resolved each. */
export async function listReports(db: Db, status: ReportStatus, page = 1) {
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(reports)
        .where(eq(reports.status, status))
        .get()
    )?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), lastPage);
  const rows = await db
    .select({
      id: reports.id,
      kind: reports.kind,
      page: reports.page,
      subject: reports.subject,
      message: reports.message,
      email: reports.email,
      status: reports.status,
      resolutionNote: reports.resolutionNote,
      resolvedAt: reports.resolvedAt,
      resolvedBy: users.username,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.resolvedBy))
    .where(eq(reports.status, status))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(REPORT_PAGE_SIZE)
    .offset((current - 1) * REPORT_PAGE_SIZE);
  return { rows, total, page: current, lastPage };
}

/** Marks an open report resolved with the editor's note; false when there was no open report with that id. */
export async function resolveReport(db: Db, id: number, userId: number, note: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set({ status: "resolved", resolutionNote: note, resolvedBy: userId, resolvedAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, "open")))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/**
 * Import jobs (issue 38): an admin's file applied in batches through the queue (app/services/import-jobs.server.ts).
 * A batch's writes, its mark in import_job_batches, the job's counts and, when it is the batch that completes the
 * job, the job's one edit_log row are one D1 batch (a transaction): a batch is written whole or not at all, and a
 * batch that runs again finds its mark and writes nothing.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../client";
import { importJobBatches, importJobs, IMPORT_JOB_KINDS } from "../schema";

export type ImportJob = typeof importJobs.$inferSelect;
export type ImportJobKind = (typeof IMPORT_JOB_KINDS)[number];

export async function createImportJob(
  db: Db,
  job: Pick<ImportJob, "kind" | "fileName" | "fileHash" | "fileKey" | "format" | "totalLines" | "totalBatches" | "refused" | "report" | "userId">,
): Promise<ImportJob> {
  const [row] = await db
    .insert(importJobs)
    .values({ ...job, updatedAt: new Date() })
    .returning();
  return row!;
}

export async function getImportJob(db: Db, id: number): Promise<ImportJob | undefined> {
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** A job for the same file that is not finished: applying the file again points at it instead of starting another. */
export async function unfinishedJobFor(db: Db, kind: ImportJobKind, fileHash: string): Promise<ImportJob | undefined> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.fileHash, fileHash), eq(importJobs.kind, kind), ne(importJobs.status, "done")))
    .orderBy(desc(importJobs.id))
    .limit(1);
  return row;
}

export async function recentImportJobs(db: Db, limit = 10) {
  return db
    .select({
      id: importJobs.id,
      kind: importJobs.kind,
      fileName: importJobs.fileName,
      status: importJobs.status,
      doneBatches: importJobs.doneBatches,
      totalBatches: importJobs.totalBatches,
      createdAt: importJobs.createdAt,
    })
    .from(importJobs)
    .orderBy(desc(importJobs.id))
    .limit(limit);
}

/** The batches of a job already written. */
export async function doneBatches(db: Db, jobId: number, batches?: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ batch: importJobBatches.batch })
    .from(importJobBatches)
    .where(batches ? and(eq(importJobBatches.jobId, jobId), inArray(importJobBatches.batch, batches)) : eq(importJobBatches.jobId, jobId));
  return new Set(rows.map((r) => r.batch));
}

export async function markImportJob(db: Db, id: number, status: "queued" | "failed", error: string | null = null) {
  await db
    .update(importJobs)
    .set({ status, error, updatedAt: new Date() })
    .where(and(eq(importJobs.id, id), ne(importJobs.status, "done")));
}

/**
 * Writes one batch: `writes`, then its mark (a mark already there: the batch ran before, and `writes` were planned
 * against rows that already hold them, so they change nothing), the audit row if this batch completes the job (its
 * status is not yet "done" and every batch has its mark), and the job's counts and status worked out from the marks.
 */
export async function commitImportBatch(db: Db, writes: D1PreparedStatement[], mark: { jobId: number; batch: number; added: number; changed: number }) {
  const d1 = db.$client as D1Database;
  const added = `(SELECT coalesce(sum(added), 0) FROM import_job_batches b WHERE b.job_id = import_jobs.id)`;
  const changed = `(SELECT coalesce(sum(changed), 0) FROM import_job_batches b WHERE b.job_id = import_jobs.id)`;
  const marks = `(SELECT count(*) FROM import_job_batches b WHERE b.job_id = import_jobs.id)`;
  await d1.batch([
    ...writes,
    d1
      .prepare("INSERT INTO import_job_batches (job_id, batch, added, changed) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
      .bind(mark.jobId, mark.batch, mark.added, mark.changed),
    d1
      .prepare(
        `
        INSERT INTO edit_log (user_id, entity, entity_id, action, before, after)
        SELECT user_id, 'lexemes', 'import:' || file_name, 'import', NULL,
          json_object('job', id, 'kind', kind, 'file', file_name, 'batches', total_batches, 'refused', refused,
            'added', ${added}, 'changed', ${changed})
        FROM import_jobs WHERE id = ?1 AND status <> 'done' AND ${marks} >= total_batches`,
      )
      .bind(mark.jobId),
    d1
      .prepare(
        `
        UPDATE import_jobs SET done_batches = ${marks}, added = ${added}, changed = ${changed},
          status = CASE WHEN ${marks} >= total_batches THEN 'done' ELSE status END,
          error = CASE WHEN ${marks} >= total_batches THEN NULL ELSE error END,
          updated_at = ?2
        WHERE id = ?1`,
      )
      .bind(mark.jobId, Date.now()),
  ]);
}

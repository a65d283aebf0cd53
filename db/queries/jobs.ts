import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { jobRuns } from "../schema";

export async function recordJobRun(db: Db, job: string, detail: string | null = null) {
  await db.insert(jobRuns).values({ job, detail });
}

/** Whether a run with exactly this job and detail was recorded (used as a sent-once ledger for one-off mails). */
export async function hasJobRun(db: Db, job: string, detail: string) {
  const row = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.detail, detail)))
    .get();
  return Boolean(row);
}

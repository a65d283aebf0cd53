import type { Db } from "../client";
import { jobRuns } from "../schema";

export async function recordJobRun(db: Db, job: string, detail: string | null = null) {
  await db.insert(jobRuns).values({ job, detail });
}

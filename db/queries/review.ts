/** Review before publish (issue 38): who wrote a story or lesson. Database first. */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { editLog } from "../schema";

/** Who made a story or lesson (its edit_log "create" row); null when unknown (imported, seeded). */
export async function authorOf(db: Db, entity: "stories" | "lessons", id: string): Promise<number | null> {
  const row = await db
    .select({ userId: editLog.userId })
    .from(editLog)
    .where(and(eq(editLog.entity, entity), eq(editLog.entityId, id), eq(editLog.action, "create")))
    .orderBy(asc(editLog.id))
    .get();
  return row?.userId ?? null;
}

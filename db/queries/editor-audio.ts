/**
 * The audio records (issue #8): a form's clip count for naming uploads, and the audio_objects rows of stored clips
 * (key, content type and size, which serving reads instead of asking R2). Every change is written together with its
 * edit_log row in one D1 batch (atomic).
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { audioObjects, editLog, forms } from "../schema";

export async function getFormForUpload(db: Db, id: number) {
  const form = await db.select({ id: forms.id, form: forms.form }).from(forms).where(eq(forms.id, id)).get();
  if (!form) return null;
  const clips = await db
    .select({ n: sql<number>`count(*)` })
    .from(audioObjects)
    .where(eq(audioObjects.formId, id))
    .get();
  return { ...form, clipCount: clips?.n ?? 0 };
}

/**
 * Records a stored object: tries `keys` in order and keeps the first that is free (the unique key
 * column decides). Writes the audit row in the same batch, with `attach(key)`'s statements (e.g. a story sentence
 * pointing at the clip) so the clip, its audit row and its use land together. Returns null when every key is taken.
 */
export async function insertAudioObject(
  db: Db,
  input: {
    keys: string[];
    contentType: string;
    size: number;
    userId: number;
    formId: number | null;
    /** Who is speaking (credited on the word page); stored with the day it was recorded. */
    speaker?: string | null;
    audit: { entity: string; entityId?: string; action: string };
    attach?: (key: string) => BatchItem<"sqlite">[];
  },
) {
  for (const key of input.keys) {
    const taken = await db.select({ id: audioObjects.id }).from(audioObjects).where(eq(audioObjects.key, key)).get();
    if (taken) continue;
    try {
      const [inserted] = await db.batch([
        db
          .insert(audioObjects)
          .values({
            key,
            contentType: input.contentType,
            size: input.size,
            formId: input.formId,
            uploadedBy: input.userId,
            ...(input.speaker ? { speaker: input.speaker, recordedAt: new Date() } : {}),
          })
          .returning({ id: audioObjects.id }),
        db.insert(editLog).values({
          userId: input.userId,
          entity: input.audit.entity,
          entityId: input.audit.entityId ?? key,
          action: input.audit.action,
          before: null,
          after: { key, contentType: input.contentType, size: input.size, ...(input.speaker ? { speaker: input.speaker } : {}) },
        }),
        ...(input.attach?.(key) ?? []),
      ]);
      return { id: inserted[0].id, key };
    } catch (error) {
      if (!String(error).includes("UNIQUE")) throw error;
    }
  }
  return null;
}

/** Undoes insertAudioObject when the R2 write failed, leaving a record of it. */
export async function removeAudioObject(
  db: Db,
  input: { id: number; key: string; userId: number; audit: { entity: string; entityId?: string }; detach?: BatchItem<"sqlite">[] },
) {
  await db.batch([
    db.delete(audioObjects).where(eq(audioObjects.id, input.id)),
    db.insert(editLog).values({
      userId: input.userId,
      entity: input.audit.entity,
      entityId: input.audit.entityId ?? input.key,
      action: "upload_failed",
      before: { key: input.key },
      after: null,
    }),
    ...(input.detach ?? []),
  ]);
}

const CLIP_COLUMNS = {
  id: audioObjects.id,
  key: audioObjects.key,
  contentType: audioObjects.contentType,
  size: audioObjects.size,
  formId: audioObjects.formId,
};

export async function getAudioObject(db: Db, id: number) {
  return (await db.select(CLIP_COLUMNS).from(audioObjects).where(eq(audioObjects.id, id)).get()) ?? null;
}

/** The row of an R2 key (the public /audio/{file} path), or null when D1 does not know the key. */
export async function getAudioObjectByKey(db: Db, key: string) {
  return (await db.select(CLIP_COLUMNS).from(audioObjects).where(eq(audioObjects.key, key)).get()) ?? null;
}

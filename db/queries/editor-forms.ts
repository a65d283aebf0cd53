/**
 * The editor's edit panel (issue #8): one form with its word links, clips and audit trail, the lexemes it may
 * be linked to, and the edits of its links, morph side and emoji. Every change is written together with its
 * edit_log row in one D1 batch (atomic).
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, editLog, formLexemes, forms, lexemes, users } from "../schema";
import { toSearchKey } from "../../app/core/orthography";
import { ensureFormRanks, type MorphSide } from "./editor-ranks";

export const HISTORY_LIMIT = 50;

export type LinkedLexeme = { id: number; name: string; pos: string; gloss: string };
export type FormClip = { id: number; name: string; contentType: string; size: number; createdAt: Date };
export type HistoryEntry = {
  id: number;
  action: string;
  username: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

/** A form with its links, clips and recent history; null when there is no such form. */
export async function getFormDetail(db: Db, id: number) {
  await ensureFormRanks(db);
  const form = await db
    .select({ id: forms.id, form: forms.form, morphSide: forms.morphSide, emoji: forms.emoji, count: forms.count, perc: forms.perc, rank: forms.rank })
    .from(forms)
    .where(eq(forms.id, id))
    .get();
  if (!form) return null;
  const [links, clips, history] = await Promise.all([
    linkedLexemes(db, id),
    db
      .select({ id: audioObjects.id, key: audioObjects.key, contentType: audioObjects.contentType, size: audioObjects.size, createdAt: audioObjects.createdAt })
      .from(audioObjects)
      .where(eq(audioObjects.formId, id))
      .orderBy(asc(audioObjects.id)),
    getHistory(db, "forms", String(id)),
  ]);
  return {
    ...form,
    rank: form.rank ?? 0,
    linked: links.length > 0,
    hasAudio: clips.length > 0,
    lexemes: links,
    clips: clips.map(({ key, ...c }) => ({ ...c, name: key.slice(key.lastIndexOf("/") + 1) })) satisfies FormClip[],
    history,
  };
}

export type FormDetail = NonNullable<Awaited<ReturnType<typeof getFormDetail>>>;

async function linkedLexemes(db: Db, formId: number): Promise<LinkedLexeme[]> {
  return db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss })
    .from(formLexemes)
    .innerJoin(lexemes, eq(lexemes.id, formLexemes.lexemeId))
    .where(eq(formLexemes.formId, formId))
    .orderBy(asc(lexemes.name), asc(lexemes.id));
}

/** docs/product.md §5: word links are offered only for lexemes whose name equals the typed text, case-insensitively. */
export async function findLexemesByName(db: Db, name: string): Promise<LinkedLexeme[]> {
  const key = toSearchKey(name);
  if (!key) return [];
  return db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss })
    .from(lexemes)
    .where(eq(lexemes.searchKey, key))
    .orderBy(asc(lexemes.pos), asc(lexemes.id))
    .limit(50);
}

/** The audit trail of one row, newest first. */
export async function getHistory(db: Db, entity: string, entityId: string, limit = HISTORY_LIMIT): Promise<HistoryEntry[]> {
  return db
    .select({
      id: editLog.id,
      action: editLog.action,
      username: users.username,
      before: editLog.before,
      after: editLog.after,
      createdAt: editLog.createdAt,
    })
    .from(editLog)
    .leftJoin(users, eq(users.id, editLog.userId))
    .where(and(eq(editLog.entity, entity), eq(editLog.entityId, entityId)))
    .orderBy(desc(editLog.id))
    .limit(limit);
}

export type EditResult =
  { status: "updated" } | { status: "unchanged" } | { status: "ignored"; reason: string } | { status: "not_found" } | { status: "invalid"; reason: string };

/**
 * Replaces a form's lexeme links. docs/product.md §5: an empty list is ignored, except when it removes the single
 * remaining link (so a stray empty submit can never wipe several links at once).
 */
export async function setFormLexemes(db: Db, input: { formId: number; lexIds: number[]; userId: number }): Promise<EditResult> {
  const form = await db.select({ id: forms.id }).from(forms).where(eq(forms.id, input.formId)).get();
  if (!form) return { status: "not_found" };
  const before = (await linkedLexemes(db, input.formId)).map((l) => l.id).sort((a, b) => a - b);
  const after = [...new Set(input.lexIds)].sort((a, b) => a - b);
  if (after.length === 0 && before.length !== 1) {
    return { status: "ignored", reason: "An empty word-link list is only accepted when it removes a single link." };
  }
  if (after.length > 0) {
    const found = await db.select({ id: lexemes.id }).from(lexemes).where(inArray(lexemes.id, after));
    if (found.length !== after.length) return { status: "invalid", reason: "One of those words does not exist." };
  }
  if (before.join(",") === after.join(",")) return { status: "unchanged" };
  const now = new Date();
  await db.batch([
    db.delete(formLexemes).where(eq(formLexemes.formId, input.formId)),
    ...(after.length ? [db.insert(formLexemes).values(after.map((lexemeId) => ({ formId: input.formId, lexemeId })))] : []),
    db.update(forms).set({ updatedAt: now }).where(eq(forms.id, input.formId)),
    db.insert(editLog).values({
      userId: input.userId,
      entity: "forms",
      entityId: String(input.formId),
      action: "set_lexemes",
      before: { lexIds: before },
      after: { lexIds: after },
    }),
  ]);
  return { status: "updated" };
}

async function setFormField(
  db: Db,
  input: { formId: number; userId: number; field: "morphSide" | "emoji"; value: string; action: string },
): Promise<EditResult> {
  const form = await db.select({ id: forms.id, morphSide: forms.morphSide, emoji: forms.emoji }).from(forms).where(eq(forms.id, input.formId)).get();
  if (!form) return { status: "not_found" };
  const before = form[input.field];
  if (before === input.value) return { status: "unchanged" };
  await db.batch([
    db
      .update(forms)
      .set({ [input.field]: input.value, updatedAt: new Date() })
      .where(eq(forms.id, input.formId)),
    db.insert(editLog).values({
      userId: input.userId,
      entity: "forms",
      entityId: String(input.formId),
      action: input.action,
      before: { [input.field]: before },
      after: { [input.field]: input.value },
    }),
  ]);
  return { status: "updated" };
}

export function setFormMorphSide(db: Db, input: { formId: number; morphSide: MorphSide; userId: number }) {
  return setFormField(db, { formId: input.formId, userId: input.userId, field: "morphSide", value: input.morphSide, action: "set_morph_side" });
}

export function setFormEmoji(db: Db, input: { formId: number; emoji: string; userId: number }) {
  return setFormField(db, { formId: input.formId, userId: input.userId, field: "emoji", value: input.emoji, action: "set_emoji" });
}

/**
 * The editor tool's data (issue #8): rank rows paged and filtered in D1, form details, lexeme links,
 * morph sides, emoji, clips, the audit log, and the words / sentences / count views.
 * Every change is written together with its edit_log row in one D1 batch (atomic).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, editLog, formLexemes, forms, lexemes, MORPH_SIDES, sentences, users } from "../schema";
import { toSearchKey } from "../../app/utils/orthography";

export const RANK_PAGE_SIZE = 100;
export const WORD_SEARCH_LIMIT = 100;
export const SENTENCE_SEARCH_LIMIT = 50;
export const COUNT_PAGE_SIZE = 100;
export const HISTORY_LIMIT = 50;

export type MorphSide = (typeof MORPH_SIDES)[number];

export type RankRow = {
  id: number;
  rank: number;
  form: string;
  morphSide: MorphSide | null;
  emoji: string | null;
  count: number;
  perc: number;
  linked: boolean;
  hasAudio: boolean;
};

export type RankPage = { rows: RankRow[]; page: number; lastPage: number; total: number; filter: string };

/** Clamps a requested page into 1..last (SPEC §5: page navigation stays within 1 to last page). */
export function clampPage(page: number, total: number, size: number) {
  const lastPage = Math.max(1, Math.ceil(total / size));
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 1;
  return { page: Math.min(Math.max(1, wanted), lastPage), lastPage };
}

async function flagsFor(db: Db, ids: number[]) {
  if (ids.length === 0) return { linked: new Set<number>(), audio: new Set<number>() };
  const [linked, audio] = await db.batch([
    db.selectDistinct({ id: formLexemes.formId }).from(formLexemes).where(inArray(formLexemes.formId, ids)),
    db.selectDistinct({ id: audioObjects.formId }).from(audioObjects).where(inArray(audioObjects.formId, ids)),
  ]);
  return { linked: new Set(linked.map((r) => r.id)), audio: new Set(audio.map((r) => r.id as number)) };
}

type RawRankRow = Omit<RankRow, "linked" | "hasAudio">;

/**
 * One page of rank rows, most frequent first. `filter` matches anywhere in the folded form. Rank is the
 * row's position among all forms (count descending, then newest id first: the count index order), also when filtered.
 */
export async function listRankPage(db: Db, options: { filter?: string; page?: number }): Promise<RankPage> {
  const filter = toSearchKey(options.filter ?? "").slice(0, 100);
  const size = RANK_PAGE_SIZE;
  let total: number;
  let raw: RawRankRow[];
  if (!filter) {
    total = (await db.select({ n: sql<number>`count(*)` }).from(forms).get())?.n ?? 0;
    const { page } = clampPage(options.page ?? 1, total, size);
    const rows = await db
      .select({
        id: forms.id,
        form: forms.form,
        morphSide: forms.morphSide,
        emoji: forms.emoji,
        count: forms.count,
        perc: forms.perc,
      })
      .from(forms)
      .orderBy(desc(forms.count), desc(forms.id))
      .limit(size)
      .offset((page - 1) * size);
    raw = rows.map((r, i) => ({ ...r, rank: (page - 1) * size + i + 1 }));
  } else {
    // One scan: the global rank (count desc, id desc — the order of the count index) and the match total.
    const pageOf = (page: number) =>
      db.all<RawRankRow & { total: number }>(sql`
        SELECT id, form, morph_side AS morphSide, emoji, count, perc, rank, count(*) OVER () AS total FROM (
          SELECT id, form, search_key, morph_side, emoji, count, perc,
                 row_number() OVER (ORDER BY count DESC, id DESC) AS rank
          FROM forms
        ) WHERE instr(search_key, ${filter}) > 0
        ORDER BY rank LIMIT ${size} OFFSET ${(page - 1) * size}`);
    const wanted = Math.max(1, Number.isFinite(options.page) ? Math.trunc(options.page!) : 1);
    let rows = await pageOf(wanted);
    if (rows.length === 0 && wanted > 1) {
      total = (await db.select({ n: sql<number>`count(*)` }).from(forms).where(sql`instr(${forms.searchKey}, ${filter}) > 0`).get())?.n ?? 0;
      rows = total ? await pageOf(clampPage(wanted, total, size).page) : [];
    }
    total = rows[0]?.total ?? 0;
    raw = rows.map(({ total: _total, ...r }) => r);
  }
  const { page, lastPage } = clampPage(options.page ?? 1, total, size);
  const flags = await flagsFor(
    db,
    raw.map((r) => r.id),
  );
  return {
    rows: raw.map((r) => ({ ...r, linked: flags.linked.has(r.id), hasAudio: flags.audio.has(r.id) })),
    page,
    lastPage,
    total,
    filter,
  };
}

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
  const form = await db
    .select({ id: forms.id, form: forms.form, morphSide: forms.morphSide, emoji: forms.emoji, count: forms.count, perc: forms.perc })
    .from(forms)
    .where(eq(forms.id, id))
    .get();
  if (!form) return null;
  const [links, clips, rank, history] = await Promise.all([
    linkedLexemes(db, id),
    db
      .select({ id: audioObjects.id, key: audioObjects.key, contentType: audioObjects.contentType, size: audioObjects.size, createdAt: audioObjects.createdAt })
      .from(audioObjects)
      .where(eq(audioObjects.formId, id))
      .orderBy(asc(audioObjects.id)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(forms)
      .where(sql`${forms.count} > ${form.count} OR (${forms.count} = ${form.count} AND ${forms.id} > ${form.id})`)
      .get(),
    getHistory(db, "forms", String(id)),
  ]);
  return {
    ...form,
    rank: (rank?.n ?? 0) + 1,
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

/** SPEC §5: word links are offered only for lexemes whose name equals the typed text, case-insensitively. */
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
  | { status: "updated" }
  | { status: "unchanged" }
  | { status: "ignored"; reason: string }
  | { status: "not_found" }
  | { status: "invalid"; reason: string };

/**
 * Replaces a form's lexeme links. SPEC §5: an empty list is ignored, except when it removes the single
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
  const form = await db
    .select({ id: forms.id, morphSide: forms.morphSide, emoji: forms.emoji })
    .from(forms)
    .where(eq(forms.id, input.formId))
    .get();
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

export async function getFormForUpload(db: Db, id: number) {
  const form = await db.select({ id: forms.id, form: forms.form }).from(forms).where(eq(forms.id, id)).get();
  if (!form) return null;
  const clips = await db.select({ n: sql<number>`count(*)` }).from(audioObjects).where(eq(audioObjects.formId, id)).get();
  return { ...form, clipCount: clips?.n ?? 0 };
}

/**
 * Records a stored object: tries `keys` in order and keeps the first that is free (the unique key
 * column decides). Writes the audit row in the same batch. Returns null when every key is taken.
 */
export async function insertAudioObject(
  db: Db,
  input: {
    keys: string[];
    contentType: string;
    size: number;
    userId: number;
    formId: number | null;
    audit: { entity: string; entityId?: string; action: string };
  },
) {
  for (const key of input.keys) {
    const taken = await db.select({ id: audioObjects.id }).from(audioObjects).where(eq(audioObjects.key, key)).get();
    if (taken) continue;
    try {
      const [inserted] = await db.batch([
        db
          .insert(audioObjects)
          .values({ key, contentType: input.contentType, size: input.size, formId: input.formId, uploadedBy: input.userId })
          .returning({ id: audioObjects.id }),
        db.insert(editLog).values({
          userId: input.userId,
          entity: input.audit.entity,
          entityId: input.audit.entityId ?? key,
          action: input.audit.action,
          before: null,
          after: { key, contentType: input.contentType, size: input.size },
        }),
      ]);
      return { id: inserted[0].id, key };
    } catch (error) {
      if (!String(error).includes("UNIQUE")) throw error;
    }
  }
  return null;
}

/** Undoes insertAudioObject when the R2 write failed, leaving a record of it. */
export async function removeAudioObject(db: Db, input: { id: number; key: string; userId: number; audit: { entity: string; entityId?: string } }) {
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
  ]);
}

export async function getAudioObject(db: Db, id: number) {
  return (
    (await db
      .select({ id: audioObjects.id, key: audioObjects.key, contentType: audioObjects.contentType, formId: audioObjects.formId })
      .from(audioObjects)
      .where(eq(audioObjects.id, id))
      .get()) ?? null
  );
}

// ---------------------------------------------------------------- words, sentences, counts

/** Escapes LIKE wildcards; used with ESCAPE '\'. */
function likeContains(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Words view: Odawa (folded name) or English (gloss) contains the query. At most 100, then how many more. */
export async function searchEditorWords(db: Db, query: string) {
  const key = toSearchKey(query).slice(0, 100);
  if (!key) return { query: key, rows: [] as LinkedLexeme[], more: 0 };
  const pattern = likeContains(key);
  const where = sql`${lexemes.searchKey} LIKE ${pattern} ESCAPE '\\' OR lower(${lexemes.gloss}) LIKE ${pattern} ESCAPE '\\'`;
  const [rows, total] = await db.batch([
    db
      .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss })
      .from(lexemes)
      .where(where)
      .orderBy(sql`${lexemes.searchKey} <> ${key}`, desc(lexemes.corpusCount), asc(lexemes.name), asc(lexemes.id))
      .limit(WORD_SEARCH_LIMIT),
    db.select({ n: sql<number>`count(*)` }).from(lexemes).where(where),
  ]);
  return { query: key, rows, more: Math.max(0, (total[0]?.n ?? 0) - rows.length) };
}

export type SentenceWord = { text: string; form?: string; glosses?: string[] };

/** Splits a sentence into word tokens and the text between them (punctuation, spaces). */
export function splitSentence(text: string): Array<{ text: string; word: boolean }> {
  const parts: Array<{ text: string; word: boolean }> = [];
  const re = /[\p{L}\p{M}'’]+(?:-[\p{L}\p{M}'’]+)*/gu;
  let last = 0;
  for (const match of text.matchAll(re)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), word: false });
    parts.push({ text: match[0], word: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), word: false });
  return parts;
}

/**
 * Sentences view: text or translation contains the query; at most 50, then how many more. Each Odawa word
 * comes with its rank form and the glosses of the lexemes that form is linked to (empty: no meaning listed).
 */
export async function searchEditorSentences(db: Db, query: string) {
  const key = toSearchKey(query).slice(0, 200);
  if (!key) return { query: key, rows: [], more: 0 };
  const pattern = likeContains(key);
  const where = sql`lower(${sentences.text}) LIKE ${pattern} ESCAPE '\\' OR lower(${sentences.trans}) LIKE ${pattern} ESCAPE '\\'`;
  const [found, total] = await db.batch([
    db
      .select({ id: sentences.id, text: sentences.text, trans: sentences.trans, source: sentences.source })
      .from(sentences)
      .where(where)
      .orderBy(asc(sentences.id))
      .limit(SENTENCE_SEARCH_LIMIT),
    db.select({ n: sql<number>`count(*)` }).from(sentences).where(where),
  ]);
  const tokens = found.map((s) => splitSentence(s.text));
  const keys = [...new Set(tokens.flat().filter((t) => t.word).map((t) => toSearchKey(t.text)))];
  const glosses = new Map<string, string[]>();
  for (let i = 0; i < keys.length; i += 90) {
    const chunk = keys.slice(i, i + 90);
    const rows = await db
      .select({ key: forms.searchKey, gloss: lexemes.gloss })
      .from(forms)
      .innerJoin(formLexemes, eq(formLexemes.formId, forms.id))
      .innerJoin(lexemes, eq(lexemes.id, formLexemes.lexemeId))
      .where(inArray(forms.searchKey, chunk));
    for (const row of rows) glosses.set(row.key, [...(glosses.get(row.key) ?? []), row.gloss]);
  }
  const rows = found.map((s, i) => ({
    ...s,
    rowNumber: i + 1,
    words: tokens[i].map((t): SentenceWord => {
      if (!t.word) return { text: t.text };
      const form = toSearchKey(t.text);
      return { text: t.text, form, glosses: glosses.get(form) ?? [] };
    }),
  }));
  return { query: key, rows, more: Math.max(0, (total[0]?.n ?? 0) - rows.length) };
}

/** SPEC §3 lexeme filter tags for the count table. */
export const POS_FILTERS = {
  verb: ["vai", "vii", "vta", "vti", "vaio", "vaip", "vaip-recip"],
  noun: ["ni", "na", "pr-an", "pr-in", "nad", "ni-place", "ni-time", "ni-measure", "ni-pt", "na-pt", "nip", "nm"],
  adverb: ["av"],
  affix: ["pv", "pn", "pa", "n_suf"],
  other: ["expr", "ij", "pt", "cj", "qnt"],
} as const;
export type PosFilter = keyof typeof POS_FILTERS | "all";

/** Count table: lexemes by corpus count, optionally one part-of-speech group; 100 per page. */
export async function listCounts(db: Db, options: { pos: PosFilter; page?: number }) {
  const where = options.pos === "all" ? undefined : inArray(lexemes.pos, [...POS_FILTERS[options.pos]]);
  const total = (await db.select({ n: sql<number>`count(*)` }).from(lexemes).where(where).get())?.n ?? 0;
  const { page, lastPage } = clampPage(options.page ?? 1, total, COUNT_PAGE_SIZE);
  const rows = await db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, count: lexemes.corpusCount, gloss: lexemes.gloss })
    .from(lexemes)
    .where(where)
    .orderBy(desc(lexemes.corpusCount), asc(lexemes.name), asc(lexemes.id))
    .limit(COUNT_PAGE_SIZE)
    .offset((page - 1) * COUNT_PAGE_SIZE);
  return { rows, page, lastPage, total };
}

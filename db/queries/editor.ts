/**
 * The editor tool's data (issue #8): rank rows paged and filtered in D1, form details, lexeme links,
 * morph sides, emoji, clips, the audit log, and the words / sentences / count views.
 * Every change is written together with its edit_log row in one D1 batch (atomic).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, editLog, formLexemes, forms, lexemes, MORPH_SIDES, sentences, users } from "../schema";
import { toSearchKey } from "../../app/core/orthography";
import { CLEAN_FORM_RANKS_SQL, FORM_RANKS_DIRTY_SQL, RERANK_FORMS_SQL } from "./form-ranks";

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

type RawRankRow = Omit<RankRow, "linked" | "hasAudio"> & { linked: number; hasAudio: number };

/** A filter of at least this many characters is looked up through `form_grams` (trigrams). */
const GRAM = 3;
/** A trigram with at most this many forms is read through its index entries; a commoner one scans by rank. */
const GRAM_POSTING_CAP = 2000;
/** At most this many trigrams of a long filter are weighed (D1 binds at most 100 parameters per query). */
const GRAMS_WEIGHED = 8;

/** The rank-row columns, with the linked / has-audio flags as cheap primary-key probes. */
const RANK_ROW = `id, form, morph_side AS morphSide, emoji, count, perc, rank,
  EXISTS (SELECT 1 FROM form_lexemes fl WHERE fl.form_id = forms.id) AS linked,
  EXISTS (SELECT 1 FROM audio_objects ao WHERE ao.form_id = forms.id) AS hasAudio`;

/**
 * The rank queries talk to D1 directly (prepared statements in one `batch` round trip): drizzle 0.45's batch
 * cannot bind parameters of raw `sql` queries.
 */
type Query = { sql: string; params: unknown[] };
const q = (text: string, ...params: unknown[]): Query => ({ sql: text, params });
const d1Of = (db: Db) => db.$client as D1Database;
const prepare = (db: Db, query: Query) => d1Of(db).prepare(query.sql).bind(...query.params);

/**
 * Brings `forms.rank` up to date when triggers marked it stale (new or deleted forms, changed counts). The import
 * calls the same SQL after writing forms, so editors normally never wait for it. Returns whether it reranked.
 */
export async function ensureFormRanks(db: Db, knownDirty?: boolean) {
  const dirty = knownDirty ?? Boolean((await prepare(db, q(FORM_RANKS_DIRTY_SQL)).first<{ dirty: number }>())?.dirty);
  if (!dirty) return false;
  await d1Of(db).batch([prepare(db, q(RERANK_FORMS_SQL)), prepare(db, q(CLEAN_FORM_RANKS_SQL))]);
  return true;
}

/** Distinct trigrams of a folded filter, by code point (as SQLite's substr counts), spread over the filter. */
function gramsOf(filter: string) {
  const chars = Array.from(filter);
  const all = [...new Set(chars.slice(0, Math.max(0, chars.length - GRAM + 1)).map((_, i) => chars.slice(i, i + GRAM).join("")))];
  if (all.length <= GRAMS_WEIGHED) return all;
  return Array.from({ length: GRAMS_WEIGHED }, (_, i) => all[Math.round((i * (all.length - 1)) / (GRAMS_WEIGHED - 1))]!);
}

type PageQueries = { total: Query; rows: (offset: number) => Query };

/** How to count and page the forms matching a filter (or all forms), chosen with the trigram index's help. */
async function pageQueries(db: Db, filter: string): Promise<{ dirty: boolean; queries: PageQueries }> {
  const size = RANK_PAGE_SIZE;
  const grams = gramsOf(filter);
  // One round trip: the rank state, and how many forms hold each trigram (counted up to the cap only).
  const answers = await d1Of(db).batch<{ n: number }>([
    prepare(db, q(`${FORM_RANKS_DIRTY_SQL.replace(" AS dirty", " AS n")}`)),
    ...grams.map((g) =>
      prepare(db, q("SELECT count(*) AS n FROM (SELECT 1 FROM form_grams WHERE gram = ? LIMIT ?)", g, GRAM_POSTING_CAP + 1)),
    ),
  ]);
  const [state, ...weights] = answers.map((a) => a.results[0]?.n ?? 0);
  const dirty = Boolean(state);
  if (!filter) {
    return {
      dirty,
      queries: {
        total: q("SELECT count(*) AS n FROM forms"),
        // Ranks are 1..N without gaps, so a page is a range seek on the rank index.
        rows: (offset) => q(`SELECT ${RANK_ROW} FROM forms WHERE rank > ? ORDER BY rank LIMIT ?`, offset, size),
      },
    };
  }
  const rarest = weights.length ? weights.indexOf(Math.min(...weights)) : -1;
  if (rarest < 0 || weights[rarest]! > GRAM_POSTING_CAP) {
    // A short or common filter: scan the (rank, search_key) index in rank order; a common one fills a page fast.
    return {
      dirty,
      queries: {
        total: q("SELECT count(*) AS n FROM forms WHERE instr(search_key, ?) > 0", filter),
        rows: (offset) =>
          q(`SELECT ${RANK_ROW} FROM forms WHERE instr(search_key, ?) > 0 ORDER BY rank LIMIT ? OFFSET ?`, filter, size, offset),
      },
    };
  }
  // Few forms hold the rarest trigram: read them through its index entries, then check the whole filter.
  const ids = "id IN (SELECT form_id FROM form_grams WHERE gram = ?) AND instr(search_key, ?) > 0";
  const gram = grams[rarest];
  return {
    dirty,
    queries: {
      total: q(`SELECT count(*) AS n FROM forms WHERE ${ids}`, gram, filter),
      rows: (offset) => q(`SELECT ${RANK_ROW} FROM forms WHERE ${ids} ORDER BY rank LIMIT ? OFFSET ?`, gram, filter, size, offset),
    },
  };
}

/**
 * One page of rank rows, most frequent first. `filter` matches anywhere in the folded form. Rank is the row's
 * position among all forms (count descending, then newest id first), also when filtered: it is stored in
 * `forms.rank`, and a substring filter goes through the trigram table `form_grams` when the filter is rare.
 */
export async function listRankPage(db: Db, options: { filter?: string; page?: number }): Promise<RankPage> {
  const filter = toSearchKey(options.filter ?? "").slice(0, 100);
  const size = RANK_PAGE_SIZE;
  const { dirty, queries } = await pageQueries(db, filter);
  await ensureFormRanks(db, dirty);
  const wanted = Math.max(1, Number.isFinite(options.page) ? Math.trunc(options.page!) : 1);
  const [count, first] = await d1Of(db).batch([prepare(db, queries.total), prepare(db, queries.rows((wanted - 1) * size))]);
  const total = (count!.results[0] as { n: number } | undefined)?.n ?? 0;
  const { page, lastPage } = clampPage(wanted, total, size);
  let raw = first!.results as RawRankRow[];
  // A page past the last one shows the last page (SPEC §5: paging stays within 1..last).
  if (page !== wanted) raw = (await prepare(db, queries.rows((page - 1) * size)).all<RawRankRow>()).results;
  return {
    rows: raw.map((r) => ({ ...r, linked: Boolean(r.linked), hasAudio: Boolean(r.hasAudio) })),
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

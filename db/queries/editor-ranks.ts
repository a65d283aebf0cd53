/**
 * The editor's rank view (issue #8): rank rows paged and filtered in D1. `forms.rank` is kept up to date here
 * (`ensureFormRanks`), and a substring filter goes through the trigram table `form_grams` when it is rare.
 */
import type { Db } from "../client";
import type { MORPH_SIDES } from "../schema";
import { toSearchKey } from "../../app/core/orthography";
import { CLEAN_FORM_RANKS_SQL, FORM_RANKS_DIRTY_SQL, RERANK_FORMS_SQL } from "./form-ranks";

export const RANK_PAGE_SIZE = 100;

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

/** Clamps a requested page into 1..last (docs/product.md §5: page navigation stays within 1 to last page). */
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
const prepare = (db: Db, query: Query) =>
  d1Of(db)
    .prepare(query.sql)
    .bind(...query.params);

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
    ...grams.map((g) => prepare(db, q("SELECT count(*) AS n FROM (SELECT 1 FROM form_grams WHERE gram = ? LIMIT ?)", g, GRAM_POSTING_CAP + 1))),
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
        rows: (offset) => q(`SELECT ${RANK_ROW} FROM forms WHERE instr(search_key, ?) > 0 ORDER BY rank LIMIT ? OFFSET ?`, filter, size, offset),
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
  // A page past the last one shows the last page (docs/product.md §5: paging stays within 1..last).
  if (page !== wanted) raw = (await prepare(db, queries.rows((page - 1) * size)).all<RawRankRow>()).results;
  return {
    rows: raw.map((r) => ({ ...r, linked: Boolean(r.linked), hasAudio: Boolean(r.hasAudio) })),
    page,
    lastPage,
    total,
    filter,
  };
}

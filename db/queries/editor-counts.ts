/** The editor's count table (issue #8): lexemes by corpus count, optionally one part-of-speech group. */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { lexemes, lexemeUses } from "../schema";
import { clampPage } from "./editor-ranks";

export const COUNT_PAGE_SIZE = 100;

/** docs/product.md §3 lexeme filter tags for the count table. */
export const POS_FILTERS = {
  verb: ["vai", "vii", "vta", "vti", "vaio", "vaip", "vaip-recip"],
  noun: ["ni", "na", "pr-an", "pr-in", "nad", "ni-place", "ni-time", "ni-measure", "ni-pt", "na-pt", "nip", "nm"],
  adverb: ["av"],
  affix: ["pv", "pn", "pa", "n_suf"],
  other: ["expr", "ij", "pt", "cj", "qnt"],
} as const;
export type PosFilter = keyof typeof POS_FILTERS | "all";
/** What the table is ordered by: corpus count, word-page views or search hits (issue 38). */
export const COUNT_SORTS = ["corpus", "views", "searches"] as const;
export type CountSort = (typeof COUNT_SORTS)[number];

/** Count table: lexemes by corpus count (or views, or search hits), optionally one part-of-speech group; 100 per page. */
export async function listCounts(db: Db, options: { pos: PosFilter; page?: number; sort?: CountSort }) {
  const where = options.pos === "all" ? undefined : inArray(lexemes.pos, [...POS_FILTERS[options.pos]]);
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(lexemes)
        .where(where)
        .get()
    )?.n ?? 0;
  const { page, lastPage } = clampPage(options.page ?? 1, total, COUNT_PAGE_SIZE);
  const rows = await db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, count: lexemes.corpusCount, gloss: lexemes.gloss, views, searches })
    .from(lexemes)
    .leftJoin(lexemeUses, eq(lexemeUses.lexemeId, lexemes.id))
    .where(where)
    .orderBy(...SORT_ORDER[options.sort ?? "corpus"], asc(lexemes.name), asc(lexemes.id))
    .limit(COUNT_PAGE_SIZE)
    .offset((page - 1) * COUNT_PAGE_SIZE);
  return { rows, page, lastPage, total };
}

const views = sql<number>`coalesce(${lexemeUses.views}, 0)`;
const searches = sql<number>`coalesce(${lexemeUses.searches}, 0)`;
const SORT_ORDER = {
  corpus: [desc(lexemes.corpusCount)],
  views: [desc(views), desc(searches), desc(lexemes.corpusCount)],
  searches: [desc(searches), desc(views), desc(lexemes.corpusCount)],
} as const;

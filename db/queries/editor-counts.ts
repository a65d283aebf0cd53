/** The editor's count table (issue #8): lexemes by corpus count, optionally one part-of-speech group. */
import { asc, desc, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { lexemes } from "../schema";
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

/**
 * Word uses (issue 38): views of a word's page and search hits per lexeme, counted cheaply. The Worker entry calls
 * `countRequest` for every request before anything else answers it, the page cache included, so a cached
 * /k/{id} still counts. Counts gather in this isolate and go to D1 in one statement (db/queries/word-uses.ts)
 * after FLUSH_EVERY uses or FLUSH_AFTER_MS, through `ctx.waitUntil` (after the response is sent). A search is kept
 * as its query text with the lexemes it found where the search ran (`noteSearchHits`); one answered from the page
 * cache is worked out into lexemes at the flush, through the search index (the isolate's next visitor waits for
 * that work, so it is kept for what was not searched already). Nothing
 * about the visitor is kept: only which word and how many times. An isolate that ends loses what it had not
 * written yet (at most FLUSH_EVERY uses): these counts guide editors, they are not accounts.
 */
import { createDb, type Db } from "../../db/client";
import { addWordUses, type UseRow } from "../../db/queries/word-uses";
import { searchWords } from "../core/word-search";
import { indexForSearch } from "./lexicon.server";
import type { Config } from "./config.server";

const FLUSH_EVERY = 50;
const FLUSH_AFTER_MS = 30_000;
/** Distinct searches kept before a flush is forced (bounds the isolate's memory). */
const MAX_QUERIES = 200;
/** How many of a search's first hits count as found by it. */
export const SEARCH_HITS_COUNTED = 5;

const views = new Map<number, number>();
const searches = new Map<string, number>();
/** The first SEARCH_HITS_COUNTED lexemes of the searches counted, where the request that counted them searched. */
const hitsOf = new Map<string, number[]>();
let uses = 0;
let since = 0;

const WORD_PAGE = /^\/k\/([1-9]\d{0,8})$/;
const SEARCH_PAGES = new Set(["/k", "/api/search"]);
/** The query a search request is counted under (none: not counted). */
const countedQuery = (url: URL) => (url.searchParams.has("page") ? "" : (url.searchParams.get("q") ?? "").trim().slice(0, 100));

/** Counts a view of /k/{id} or a search (/k?q=, /api/search?q=); starts a flush when one is due. */
export function countRequest(request: Request, url: URL, { db, ctx, config }: { db: D1Database; ctx: ExecutionContext; config: Config }, now = Date.now()) {
  if (request.method !== "GET") return;
  // A browser's speculative fetch is not a visit.
  if (/prefetch|prerender/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "")) return;
  const page = WORD_PAGE.exec(url.pathname);
  if (page) {
    const id = Number(page[1]);
    views.set(id, (views.get(id) ?? 0) + 1);
  } else if (SEARCH_PAGES.has(url.pathname)) {
    const q = countedQuery(url);
    if (!q) return;
    searches.set(q, (searches.get(q) ?? 0) + 1);
  } else return;
  if (uses++ === 0) since = now;
  if (uses >= FLUSH_EVERY || now - since >= FLUSH_AFTER_MS || searches.size >= MAX_QUERIES) {
    ctx.waitUntil(flushWordUses(createDb(db), config).catch((error) => console.error("word-uses-flush-failed", String(error))));
  }
}

/**
 * Notes the lexemes a counted search found (its hits in order, unfiltered), so the flush need not search again.
 */
export function noteSearchHits(url: URL, hits: ReadonlyArray<{ entry: { id: number } }>) {
  const q = countedQuery(url);
  if (q && searches.has(q) && !hitsOf.has(q))
    hitsOf.set(
      q,
      hits.slice(0, SEARCH_HITS_COUNTED).map((h) => h.entry.id),
    );
}

/**
 * Writes what this isolate has counted (and forgets it). The editor's Counts view and recording queue call it
 * before reading, so what this isolate saw is there at once.
 */
export async function flushWordUses(db: Db, config: Pick<Config, "environment">) {
  if (uses === 0) return;
  const seenViews = [...views];
  const seenSearches = [...searches].map(([q, n]) => [q, n, hitsOf.get(q)] as const);
  views.clear();
  searches.clear();
  hitsOf.clear();
  uses = 0;
  const rows = new Map<number, UseRow>();
  const row = (id: number) => rows.get(id) ?? rows.set(id, [id, 0, 0]).get(id)!;
  for (const [id, n] of seenViews) row(id)[1] += n;
  if (seenSearches.length) {
    for (const [q, n, known] of seenSearches) {
      const ids = known ?? searchWords(await indexForSearch({ db, config }, q), q, SEARCH_HITS_COUNTED).hits.map((h) => h.entry.id);
      for (const id of ids) row(id)[2] += n;
    }
  }
  await addWordUses(db, [...rows.values()]);
}

/**
 * The tail projections of a keyed verb's tail texts, as a stored index keeps them (ADR 030): for each tail text of the
 * verb's stem and changed stems, every ending its class's tail indices ask (today's cells in each prefix group, the
 * whole verb's cells and bases) with the projections of its tail variants, or none where it does not join. They
 * depend on the tail text alone, not on the stem, so one row serves every verb that ends alike; a request puts the
 * rows of its candidates into the memo (projection.ts `tailsByEnding` reads them there) instead of running the join's
 * tail window on hundreds of endings in an isolate that has not seen the tail text yet. Pure.
 */
import { verbClassOf, type VerbClass } from "./cells";
import type { GrammarMemo } from "./memo";
import { stemOf, type LexemeInput } from "./inflection";
import { tailTextOf } from "./phonology";
import { groupCells, GROUPS, tailId, tailsByEnding } from "./projection";
import { changedStems } from "./whole-verb";
import { classBases, classCells, type WholeCaches } from "./whole-narrowing";

/** A verb's tail texts (its stem's and its changed stems'), with one of the stems that has each. */
export function verbTails(lexeme: LexemeInput, memo?: GrammarMemo): Array<{ id: string; cls: VerbClass; stem: string; tailText: string }> {
  const cls = verbClassOf(lexeme.pos);
  const stem = cls && stemOf(lexeme, cls, memo).text;
  if (!stem) return [];
  const out = new Map<string, { id: string; cls: VerbClass; stem: string; tailText: string }>();
  for (const s of [stem, ...changedStems(stem)]) {
    const tailText = tailTextOf(s, memo);
    if (tailText !== null && !out.has(tailText)) out.set(tailText, { id: tailId(cls, tailText), cls, stem: s, tailText });
  }
  return [...out.values()];
}

/** Every ending a class's tail indices ask of a tail text, sorted. */
function classEndings(cls: VerbClass, caches: WholeCaches): string[] {
  const out = new Set<string>();
  for (const group of GROUPS) for (const cell of groupCells(cls, group)) for (const e of cell.endings) out.add(e);
  for (const { groups } of [classCells(caches, cls), classBases(caches, cls)])
    for (const g of groups) for (const list of g.endings) for (const e of list) out.add(e);
  return [...out].sort();
}

/** The stored text of a tail text's projections (projection.ts `decodeTailEndings` reads it). */
export function encodeTailEndings(cls: VerbClass, stem: string, tailText: string, caches: WholeCaches): string {
  const tailsOf = tailsByEnding(cls, stem, tailText, caches.memo);
  return classEndings(cls, caches)
    .map((e) => `${e}\t${tailsOf(e)?.join(",") ?? "!"}`)
    .join("\n");
}

/** Puts stored rows (id, text) into the memo, where the tail indices read them (at first use). */
export function useTailEndings(memo: GrammarMemo, rows: Iterable<{ id: string; data: string }>): void {
  for (const { id, data } of rows) memo.tailEndings.set(id, data);
}

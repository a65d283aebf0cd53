/**
 * VAI subjects in docs/product.md §3's order, with plain-English labels. The Odawa forms themselves
 * always come from the grammar engine (app/core/grammar), never from here.
 */
import { inflect, ORDER_NAMES, ORDERS, type Cell, type Inflection, type LexemeInput, type Order, type Person } from "../../core/grammar";
import type { GrammarMemo } from "../../core/grammar/memo";

export type Term = "proximate" | "obviative" | "exclusive" | "inclusive";

export const VAI_SUBJECTS: ReadonlyArray<{ code: Person; label: string; english: string; term?: Term }> = [
  { code: "1s", label: "1s", english: "I" },
  { code: "2s", label: "2s", english: "you (one person)" },
  { code: "3s", label: "3s", english: "he / she", term: "proximate" },
  { code: "3'", label: "3'", english: "he / she (someone further from focus)", term: "obviative" },
  { code: "1p", label: "1p", english: "we (not you)", term: "exclusive" },
  { code: "21", label: "21", english: "we (you and I)", term: "inclusive" },
  { code: "2p", label: "2p", english: "you (more than one)" },
  { code: "3p", label: "3p", english: "they", term: "proximate" },
  { code: "x", label: "X", english: "someone (unspecified actor)" },
];

/** docs/product.md §9 names of the orders (the grammar engine's ORDER_NAMES, the one definition). */
export const ORDER_LABELS: Record<Order, string> = ORDER_NAMES;

/** docs/product.md §5: imperatives allow only 2s, 2p and 21. */
const IMPERATIVE_SUBJECTS: ReadonlySet<Person> = new Set(["2s", "21", "2p"]);

export function parseOrder(value: string | null): Order {
  return ORDERS.find((o) => o === value) ?? "ind";
}

export function vaiSubjectsFor(order: Order) {
  return order === "imp" || order === "imp-pro" ? VAI_SUBJECTS.filter((s) => IMPERATIVE_SUBJECTS.has(s.code)) : VAI_SUBJECTS;
}

export type VaiRow = (typeof VAI_SUBJECTS)[number] & { cell: Cell; inflection: Inflection | null };

/** One row per subject of the order, each inflected by the engine (null when it has no form yet). */
export function vaiRows(lexeme: LexemeInput, order: Order, memo?: GrammarMemo): VaiRow[] {
  return vaiSubjectsFor(order).map((subject) => {
    const cell: Cell = { order, subject: subject.code };
    return { ...subject, cell, inflection: inflect(lexeme, cell, memo) };
  });
}

/** The verb every VAI page uses as its example (a lesson 1 word). */
export const SAMPLE_VAI = { name: "maajaa", pos: "vai" } as const;

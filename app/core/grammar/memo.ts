/**
 * What the verb engine works out and may reuse across calls (stems, the join's pieces, a stem's forms, confidence
 * levels, gloss phrases, the analyser's projections) lives in a `GrammarMemo` the caller hands in, never in module
 * state (docs/decisions/025-one-cache-config-and-names.md). The services own one per isolate, made of bounded caches
 * (`app/services/grammar-memo.server.ts`); a call without one works out everything afresh (tests, scripts). Tables
 * that depend only on the code (a class's cells, a table's endings, the whole verb's plans) are constants, built at
 * first use, not memos.
 */
import type { Level } from "./confidence";
import type { Phrases } from "./gloss";
import type { LastStem, StemForms } from "./inflection";
import type { JoinMemo } from "./phonology";
import type { TailCells } from "./projection";
import type { Stem } from "./stems";
import type { WholePlan } from "./whole-plan";
import type { VerbClass } from "./cells";

/** The part of a map the engine uses; a service's `BoundedCache` is one (bounded, least recently used out first). */
export interface MemoMap<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
  has(key: K): boolean;
  delete(key: K): boolean;
  clear(): void;
  readonly size: number;
}

/** Makes the map called `name`, to hold at most `maxEntries` entries (the service's cache enforces the bound). */
export type MakeMap = <K, V>(name: string, maxEntries: number) => MemoMap<K, V>;

export type GrammarMemo = JoinMemo & {
  /** Class + underlying stem (or lemma) → the stem (stems.ts): shared, so per-stem memos can key on the object. */
  readonly stems: MemoMap<string, Stem>;
  /** Class + stem shape + problem → cell key → confidence level (confidence.ts). */
  readonly levels: MemoMap<string, Map<string, Level>>;
  /** The same by cell index, for the inflection's cells (inflection.ts). */
  readonly cellLevels: MemoMap<string, Array<Level | undefined>>;
  /** Stem shape + problem → whole-verb plan → confidence level (whole-inflection.ts). */
  readonly wholeLevels: MemoMap<string, Map<WholePlan, Level>>;
  /** A stem's forms, cuts and lemma check, for the few most recent stems (inflection.ts). */
  readonly stemForms: MemoMap<Stem, StemForms>;
  /** Per class, the last lexeme whose stem was looked up (a paradigm asks for one lexeme's cells in turn). */
  readonly lastStem: Partial<Record<VerbClass, LastStem>>;
  /** The glosses of the last gloss and class, by cell index (inflection.ts). */
  glosses: { id: string; list: Array<string | undefined> };
  /** Dictionary gloss → its first sense and phrases by slot (gloss.ts). */
  readonly phrases: MemoMap<string, Phrases>;
  /** Stem → prefix text → the projections of its head variants + middle (analysis.ts). */
  readonly headProjections: MemoMap<string, Map<string, string[] | null>>;
  /** The projections of a tail variant list, by the join's list (projection.ts). */
  readonly tailProjections: WeakMap<string[], Set<string>>;
  /** Class + prefix group + tail text → the group's cells by prefix text and tail projection (projection.ts). */
  readonly tailCells: MemoMap<string, TailCells[]>;
};

/** A map that keeps everything: for a memo that lives as long as one call (or a test's lexicon). */
const unbounded: MakeMap = <K, V>() => new Map<K, V>();

/** A new, empty memo whose maps `makeMap` makes (by default plain maps: the memo of one call). */
export function newGrammarMemo(makeMap: MakeMap = unbounded): GrammarMemo {
  return {
    stems: makeMap("grammar stems", 20_000),
    levels: makeMap("grammar confidence levels by stem shape", 2_000),
    cellLevels: makeMap("grammar confidence levels by cell index", 2_000),
    wholeLevels: makeMap("grammar whole-verb confidence levels by stem shape", 64),
    stemForms: makeMap("grammar forms of recent stems", 4),
    lastStem: {},
    glosses: { id: "", list: [] },
    phrases: makeMap("grammar gloss phrases", 64),
    splits: makeMap("grammar join: stem splits", 5_000),
    heads: makeMap("grammar join: head variants by head text", 5_000),
    tails: makeMap("grammar join: tail variants by tail text", 2_000),
    lastJoin: { form: "", prefix: "", stem: "", suffix: "", split: undefined, entry: undefined, head: undefined, headForm: "", tailForm: "" },
    headProjections: makeMap("grammar analysis: head projections by stem", 5_000),
    tailProjections: new WeakMap(),
    tailCells: makeMap("grammar analysis: cells by tail text", 2_000),
  };
}

/**
 * What the engine works out and may reuse across calls (stems, the join's pieces, a stem's forms, confidence
 * levels, gloss phrases, the analyser's projections, prepared nouns) lives in a `GrammarMemo` the caller hands in,
 * never in module state (docs/decisions/025-one-cache-config-and-names.md). The services own one per isolate, made of bounded caches
 * (`app/services/grammar-memo.server.ts`); a call without one works out everything afresh (tests, scripts). Tables
 * that depend only on the code (a class's cells, a table's endings, the whole verb's plans) are constants, built at
 * first use, not memos.
 */

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

/**
 * The memo's parts, each declared by the module that fills it and reads it (`declare module "./memo"`: stems.ts,
 * confidence.ts, gloss.ts, phonology.ts, inflection.ts, whole-inflection.ts, projection.ts, analysis.ts,
 * noun-inflection.ts), so this
 * file imports none of the engine's types and no module imports its own users. `newGrammarMemo` makes every part.
 */
export interface GrammarMemo {}

/** A map that keeps everything: for a memo that lives as long as one call (or a test's lexicon). */
const unbounded: MakeMap = <K, V>() => new Map<K, V>();

/** A new, empty memo whose maps `makeMap` makes (by default plain maps: the memo of one call). */
export function newGrammarMemo(makeMap: MakeMap = unbounded): GrammarMemo {
  const memo: GrammarMemo = {
    stems: makeMap("grammar stems", 20_000),
    levels: makeMap("grammar confidence levels by stem shape", 2_000),
    cellLevels: makeMap("grammar confidence levels by cell index", 2_000),
    wholeLevels: makeMap("grammar whole-verb confidence levels by stem shape", 64),
    stemForms: makeMap("grammar forms of recent stems", 4),
    lastForms: { stem: undefined, sf: undefined },
    lastStem: {},
    glosses: { id: "", list: [] },
    phrases: makeMap("grammar gloss phrases", 64),
    lastPhrases: { gloss: "\u0000", entry: undefined },
    splits: makeMap("grammar join: stem splits", 1_500),
    heads: makeMap("grammar join: head variants by head text", 5_000),
    tails: makeMap("grammar join: tail variants by tail text", 300),
    recentSplits: ["\u0000", null, "\u0000", null],
    lastJoin: { form: "", prefix: "", stem: "", suffix: "", split: undefined, entry: undefined, head: undefined, headForm: "", tailForm: "" },
    headProjections: makeMap("grammar analysis: head projections by stem", 5_000),
    tailProjections: new WeakMap(),
    tailCells: makeMap("grammar analysis: cells by tail text", 2_000),
    tailEndings: makeMap("grammar analysis: tail projections by class, tail text and ending", 300),
    nounPrepared: makeMap("grammar nouns: prepared stems", 20_000),
    nounByLexeme: new WeakMap(),
    nounHeld: { nouns: new Map(), count: 0, newest: null },
  };
  return memo;
}

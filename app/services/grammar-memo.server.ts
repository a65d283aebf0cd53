/**
 * The grammar engine's memo for this isolate (app/core/grammar/memo.ts): what the engine works out and reuses
 * (stems, the join's pieces, a stem's forms, confidence levels, gloss phrases, the analyser's projections), each
 * part a `BoundedCache` named for what it holds, with the engine's bound. Every caller of the engine in the services,
 * routes, the API and the search index (through `getSearchIndex`) passes it; what it holds depends only on the
 * engine's inputs, never on a content or lexicon version, so one memo serves them all.
 */
import { newGrammarMemo, type GrammarMemo, type MakeMap, type MemoMap } from "../core/grammar/memo";
import { BoundedCache } from "./bounded-cache.server";

const bounded: MakeMap = <K, V>(name: string, entries: number): MemoMap<K, V> => new BoundedCache<K, V>(name, { entries });

export const grammarMemo: GrammarMemo = newGrammarMemo(bounded);

/**
 * The analyser's narrowing of today's cells (analysis.ts): which cells of a candidate verb in a prefix group may have
 * a word's consonant projection (projection.ts), found before any form is generated. Pure: what it keeps lives in the
 * lexicon it is given (`whole`) and in the memo (`headProjections`).
 */
import type { VerbClass } from "./cells";
import type { GrammarMemo } from "./memo";
import { joinHead, preFinalConsonants, tailTextOf } from "./phonology";
import { addProjections, groupCells, project, projections, tailCells, type GroupCell } from "./projection";
import type { Stem } from "./stems";

/** What the narrowing reads of an analysis lexicon (analysis.ts `Lexicon`). */
export type NarrowedLexicon = {
  readonly stems: ReadonlyArray<{ cls: VerbClass; stem: Stem }>;
  /**
   * Stem index → per cell index, the projections of the cell's forms where the join cannot split the stem, for
   * recently used stems.
   */
  readonly whole: Map<number, Array<string | undefined>>;
  readonly memo: GrammarMemo;
};

const WHOLE_CACHE_STEMS = 4_000;

/**
 * Indices of the cells of one verb in a prefix group whose forms may have the word's projection `word` (a superset
 * of the cells with a matching form). Where the join splits the stem, the word's projection must be a head variant's
 * + the middle's + a tail variant's: what the word leaves after the head and middle is looked up among the tail
 * projections of the stem's tail text (`tailCells`). Where the join cannot split, the strings before the word-final
 * rules are worked out whole (the word-final rules, the spelling and the keys are still saved).
 */
export function possibleCells(lexicon: NarrowedLexicon, si: number, group: string, word: string): number[] {
  const { cls, stem } = lexicon.stems[si]!;
  const out: number[] = [];
  if (!stem.text) return out;
  let entry: Array<string | undefined> | undefined;
  const needle = `${SEP}${word}${SEP}`;
  const memo = lexicon.memo;
  const tailText = tailTextOf(stem.text, memo);
  if (tailText === null) {
    entry = wholeOf(lexicon, si);
    for (const cell of groupCells(cls, group)) if (wholeProjections(entry, stem, cell, memo).includes(needle)) out.push(cell.ci);
    return out;
  }
  for (const { prefixText, cells, byTail, partial } of tailCells(cls, group, stem.text, tailText, memo)) {
    const heads = headProjections(prefixText, stem.text, memo);
    if (!heads) {
      entry ??= wholeOf(lexicon, si);
      for (const cell of cells) if (wholeProjections(entry, stem, cell, memo).includes(needle)) out.push(cell.ci);
      continue;
    }
    const from = out.length;
    for (const p of heads) {
      if (!word.startsWith(p)) continue;
      const found = byTail.get(word.slice(p.length));
      if (found) for (const ci of found) if (!out.includes(ci, from)) out.push(ci);
    }
    // Not every ending joins: the endings after the first that does not are not in `byTail`.
    for (const cell of partial) {
      if (out.includes(cell.ci, from)) continue;
      entry ??= wholeOf(lexicon, si);
      if (wholeProjections(entry, stem, cell, memo).includes(needle)) out.push(cell.ci);
    }
  }
  return out;
}

/** A stem's entry in `whole` (the oldest stem's dropped when full). */
function wholeOf(lexicon: NarrowedLexicon, si: number): Array<string | undefined> {
  let entry = lexicon.whole.get(si);
  if (!entry) {
    if (lexicon.whole.size >= WHOLE_CACHE_STEMS) lexicon.whole.delete(lexicon.whole.keys().next().value!);
    lexicon.whole.set(si, (entry = []));
  }
  return entry;
}

/**
 * A cell's projections from the strings before the word-final rules (where the join cannot split), kept per stem:
 * a few distinct strings, kept as one, each between SEP (a fraction of a Set's or an array's memory).
 */
function wholeProjections(entry: Array<string | undefined>, stem: Stem, { ci, prefixText, endings }: GroupCell, memo: GrammarMemo): string {
  let joined = entry[ci];
  if (joined === undefined) {
    const list: string[] = [];
    for (const ending of endings) for (const s of preFinalConsonants(prefixText, stem.text, ending, memo)) addProjections(list, s);
    entry[ci] = joined = list.length ? `${SEP}${list.join(SEP)}${SEP}` : "";
  }
  return joined;
}
/** Not a projection letter (a cell's projection string holds `${SEP}p${SEP}` for each of its projections p). */
const SEP = "|";

declare module "./memo" {
  interface GrammarMemo {
    /** Stem → prefix text → the projections of its head variants + middle. */
    readonly headProjections: MemoMap<string, Map<string, string[] | null>>;
  }
}

/** The projections of a stem's head variants + middle (null: the join cannot split), kept in `memo` by stem and prefix. */
function headProjections(prefixText: string, stem: string, memo: GrammarMemo): string[] | null {
  let byPrefix = memo.headProjections.get(stem);
  if (!byPrefix) memo.headProjections.set(stem, (byPrefix = new Map()));
  let out = byPrefix.get(prefixText);
  if (out === undefined) {
    const joint = joinHead(prefixText, stem, memo);
    out = null;
    if (joint) {
      const inner = project(joint.inner);
      const set = new Set<string>();
      for (const h of joint.head) for (const p of projections(h)) set.add(p + inner);
      out = [...set];
    }
    byPrefix.set(prefixText, out);
  }
  return out;
}

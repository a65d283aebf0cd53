/**
 * What the verb analyser (analysis.ts) narrows a word's candidates by, for an index that stores each verb's keys
 * (app/core/lexicon-keys.ts). A short-keyed stem (unkeyed or one consonant) is a candidate for most words, and a stem
 * the join cannot split costs the whole-word rules on every cell to narrow; the analyser keeps only the cells whose
 * consonant projections (projection.ts) include the word's: so such a verb (`projectedVerb`) is stored under every
 * projection any of its cells has (today's cells in every prefix group, and the whole verb's cells and the bases a
 * preverb chain goes on), each with the cells that have it (cell-hints.ts, ADR 030), and a word looks up the
 * projections the analyser tests it by. A verb not found so reads as none of its cells: the small lexicon of the
 * candidates found gives the whole lexicon's answers. Pure: the whole verb's caches are passed in.
 */
import { AROUND, PROJECTED_KEY_LENGTH } from "./analysis";
import { verbClassOf } from "./cells";
import { stemOf, type LexemeInput } from "./inflection";
import { tailTextOf } from "./phonology";
import { forEachCellProjection, groupCells, GROUPS, project } from "./projection";
import { stemKeyOf } from "./skeleton";
import { looseSpellingKey, spellingKeys } from "./spelling";
import { changedStems } from "./whole-verb";
import type { CellHint } from "./cell-hints";
import { wholeLookups } from "./whole-analysis";
import { allJoin, wholeCellsOf, type WholeCaches } from "./whole-narrowing";

/** A verb's stem key as the analyser indexes it (null: not a verb it reads). */
export function verbStemKey(lexeme: LexemeInput): string | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return null;
  const stem = stemOf(lexeme, cls);
  return stem.text ? stemKeyOf(stem.text.split("-")[0]!) : null;
}

/**
 * Whether a verb is found by its cells' projections rather than its stem key: a short-keyed stem, or one whose stem
 * or a changed stem the join cannot split (phonology.ts `tailTextOf`), whose narrowing runs the whole-word rules on
 * every cell.
 */
export function projectedVerb(lexeme: LexemeInput, caches: WholeCaches): boolean {
  const key = verbStemKey(lexeme);
  if (key === null) return false;
  if (key.length <= PROJECTED_KEY_LENGTH) return true;
  const stem = stemOf(lexeme, verbClassOf(lexeme.pos)!).text;
  return [stem, ...changedStems(stem)].some((s) => tailTextOf(s, caches.memo) === null);
}

/**
 * Every projection of a projected verb's cells, with the cells that have it (null: not such a verb; its stem key
 * finds it).
 */
export function projectedVerbCells(lexeme: LexemeInput, caches: WholeCaches): Map<string, CellHint> | null {
  if (!projectedVerb(lexeme, caches)) return null;
  const cls = verbClassOf(lexeme.pos)!;
  const stem = stemOf(lexeme, cls);
  const out = new Map<string, CellHint>();
  const hint = (p: string) => {
    let h = out.get(p);
    if (!h) out.set(p, (h = { today: [], cells: [], bases: [] }));
    return h;
  };
  for (const group of GROUPS) {
    forEachCellProjection(stem, groupCells(cls, group), (p, ci) => {
      const today = hint(p).today;
      if (!today.includes(ci)) today.push(ci);
    });
  }
  const whole = wholeCellsOf(caches, cls, stem.text);
  for (const kind of ["cells", "bases"] as const) for (const [p, cells] of whole[kind]) hint(p)[kind].push(...cells);
  return out;
}

/** Whether a keyed verb (not projected) joins every ending (whole-analysis.ts `allJoin`): its `v` key's note. */
export function joinedVerb(lexeme: LexemeInput, caches: WholeCaches): boolean {
  const cls = verbClassOf(lexeme.pos);
  const stem = cls && stemOf(lexeme, cls).text;
  return !!stem && allJoin(caches, cls, stem);
}

/** The projections the analyser tests a written word by (today's cells, the whole verb's, after each chain). */
export function wordProjections(wordform: string, caches: WholeCaches): string[] {
  const word = wordform.replace(AROUND, "");
  if (!word) return [];
  const out = new Set<string>();
  try {
    const key = spellingKeys(word)[0];
    if (key !== undefined) out.add(project(key));
    for (const text of wholeLookups(caches, looseSpellingKey(word))) out.add(project(text));
  } catch {
    // A word the engine cannot spell has no projections.
  }
  return [...out];
}

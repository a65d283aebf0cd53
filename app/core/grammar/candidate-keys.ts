/**
 * What the verb analyser (analysis.ts) narrows a word's candidates by, for an index that stores each verb's keys
 * (app/core/lexicon-keys.ts). A short-keyed stem (unkeyed or one consonant) is a candidate for most words, and the
 * analyser keeps only the cells whose consonant projections (projection.ts) include the word's: so such a verb is
 * stored under every projection any of its cells has (today's cells in every prefix group, and the whole verb's
 * cells and the bases a preverb chain goes on), and a word looks up the projections the analyser tests it by. A verb
 * not found so reads as none of its cells: the small lexicon of the candidates found gives the whole lexicon's answers.
 * Pure: the whole verb's caches are passed in.
 */
import { AROUND, PROJECTED_KEY_LENGTH } from "./analysis";
import { verbClassOf } from "./cells";
import { stemOf, type LexemeInput } from "./inflection";
import { forEachCellProjection, groupCells, GROUPS, project } from "./projection";
import { stemKeyOf } from "./skeleton";
import { looseSpellingKey, spellingKeys } from "./spelling";
import { wholeLookups, wholeProjectionsOf, type WholeCaches } from "./whole-analysis";

/** A verb's stem key as the analyser indexes it (null: not a verb it reads). */
export function verbStemKey(lexeme: LexemeInput): string | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return null;
  const stem = stemOf(lexeme, cls);
  return stem.text ? stemKeyOf(stem.text.split("-")[0]!) : null;
}

/** Every projection of a short-keyed verb's cells (null: the verb is not short-keyed; its stem key finds it). */
export function shortStemProjections(lexeme: LexemeInput, caches: WholeCaches): Set<string> | null {
  const key = verbStemKey(lexeme);
  if (key === null || key.length > PROJECTED_KEY_LENGTH) return null;
  const cls = verbClassOf(lexeme.pos)!;
  const stem = stemOf(lexeme, cls);
  const out = wholeProjectionsOf(caches, cls, stem.text);
  for (const group of GROUPS) forEachCellProjection(stem, groupCells(cls, group), (p) => out.add(p));
  return out;
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

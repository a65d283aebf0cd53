/**
 * "Practise this word" from a cell the learner is looking at (the conjugator: order, person, tense or mode,
 * conjunct form, preverbs): the forms it adds are that cell's, not the plain present's (app/routes/course/deck.ts).
 */
import { cellKey, cellsOf, inflect, verbClassOf, type Cell } from "../core/grammar";
import { VERB_CLASSES } from "../core/grammar/cells";
import { verbCardKey } from "../utils/course";
import { grammarMemo } from "./grammar-memo.server";

const MAX_FORMS = 12;

/** The whole verb's features of a cell (mode, changed conjunct, participle, preverbs), without its persons. */
function featuresOf(cell: Cell): Omit<Cell, "order" | "subject" | "object"> {
  return {
    ...(cell.mode ? { mode: cell.mode } : {}),
    ...(cell.change ? { change: cell.change } : {}),
    ...(cell.participle ? { participle: cell.participle } : {}),
    ...(cell.preverbs?.length ? { preverbs: [...cell.preverbs] } : {}),
  };
}

/**
 * The card keys of a shown cell (e.g. "ind 3s pv:gii"): that cell first, then the other persons of its order with
 * the same tense or mode, conjunct form and preverbs, with the objects "Practise this word" takes elsewhere (VTI:
 * "it"; VTA: "him/her", and "s/he … me/you"); high confidence only, at most 12.
 * Empty when the cell is not one of the word's class.
 */
export function shownCellKeys(lexeme: { name: string; pos: string; stem?: string | null; gloss: string }, cell: Cell): string[] {
  const cls = verbClassOf(lexeme.pos);
  if (!cls || !VERB_CLASSES.includes(cls)) return [];
  if (!cellsOf(cls, cell.order).some((c) => c.subject === cell.subject && c.object === cell.object)) return [];
  const features = featuresOf(cell);
  const persons = cellsOf(cls, cell.order)
    .filter((c) => cls !== "vti" || c.object === "0s")
    .filter((c) => cls !== "vta" || c.object === "3s" || (c.subject === "3s" && (c.object === "1s" || c.object === "2s")))
    .map((c): Cell => ({ ...c, ...features }));
  const seen = new Set<string>();
  return [cell, ...persons]
    .filter((c) => !seen.has(cellKey(c)) && seen.add(cellKey(c)))
    .filter((c) => inflect(lexeme, c, grammarMemo)?.confidence === "high")
    .slice(0, MAX_FORMS)
    .map((c) => verbCardKey(lexeme.name, c));
}

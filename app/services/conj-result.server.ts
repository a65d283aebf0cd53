/**
 * What /conj shows for a verb and a cell (app/routes/conjugator.tsx): the form with its confidence, how it is built,
 * the pieces of a whole-verb form the replay does not cover, and, when asked, the whole order's paradigm.
 */
import { cellKey, explain, inflect, paradigm, type LexemeInput } from "../core/grammar";
import { wholeCell, type WholeChoice } from "../core/grammar/conj-form";
import { builtOf, labelled } from "./conj-whole.server";
import { grammarMemo } from "./grammar-memo.server";
import { hasCoreForms } from "./practice.server";

export const NOTHING_CHOSEN = { lexeme: null, practise: false, practiseCell: null, result: null, derivation: null, built: null, full: null };

type Cell = Parameters<typeof inflect>[1];

/** The full paradigm of an order with the same tense/mode, conjunct form and preverb: the cells the verb has only. */
function wholeRows(lexeme: LexemeInput, order: Cell["order"], whole: WholeChoice) {
  return paradigm(lexeme, order, grammarMemo).flatMap((r) => {
    const cell = wholeCell({ type: "vai", verb: "", order, subject: r.cell.subject, object: r.cell.object ?? null }, whole);
    const inf = inflect(lexeme, cell, grammarMemo);
    if (!inf) return [];
    return [
      {
        label: r.label,
        form: inf.form,
        gloss: inf.gloss,
        confidence: inf.confidence,
        note: inf.confidence !== "high" ? inf.confidenceNote : undefined,
        derivation: explain(lexeme, cell, grammarMemo),
      },
    ];
  });
}

export function workOut(lexeme: LexemeInput, cell: Cell, whole: WholeChoice, withFull: boolean) {
  const inf = inflect(lexeme, cell, grammarMemo);
  const result = inf ? labelled(inf) : null;
  const derivation = inf ? explain(lexeme, cell, grammarMemo) : null;
  const plain = !whole.tense && !whole.shape && !whole.preverb;
  return {
    lexeme: { name: lexeme.name, pos: lexeme.pos, gloss: lexeme.gloss },
    // "Practise this word" only where practice has forms to give (high confidence only); it adds this cell's forms.
    practise: hasCoreForms(lexeme),
    practiseCell: cellKey(cell),
    result,
    derivation,
    // A whole-verb form the rule-by-rule replay does not cover yet: its pieces and the form it is built on.
    built: inf && !derivation && !plain ? builtOf(lexeme, cell, inf) : null,
    full:
      withFull && !plain
        ? wholeRows(lexeme, cell.order, whole)
        : withFull
          ? paradigm(lexeme, cell.order, grammarMemo).map((r) => ({
              label: r.label,
              form: r.inflection?.form ?? null,
              gloss: r.inflection?.gloss ?? "",
              confidence: r.inflection?.confidence ?? null,
              // The reason, only where the form carries a mark (high forms carry none).
              note: r.inflection && r.inflection.confidence !== "high" ? r.inflection.confidenceNote : undefined,
              derivation: r.inflection ? explain(lexeme, r.cell, grammarMemo) : null,
            }))
          : null,
  };
}

/**
 * Grammar engine public API (issue #3). Pure: no I/O, runs in the Worker and the browser.
 * Signatures here are a contract for other modules; do not change them.
 * Design and sources: docs/decisions/005-grammar-engine.md.
 *
 * This file only re-exports; the engine is split by concern, and its modules import each other directly (never this
 * barrel), so there is no import cycle:
 *   cells.ts       classes, orders, persons, allowed cells, cell keys, and the names shown for them
 *   spelling.ts    normalised word forms and spelling keys
 *   gloss.ts       English glosses of inflected forms                       (cells)
 *   phonology.ts   surface realisation; tables.ts: affix tables by class    (no imports)
 *   inflection.ts  stems, forms, confidence, paradigms                      (cells, gloss, phonology, spelling, tables)
 *   projection.ts  consonant projections of cells, for narrowing            (cells, inflection, phonology)
 *   analysis.ts    lexicon index and analyser                               (cells, inflection, phonology, projection, spelling)
 *   conj-form.ts, paradigm-kinds.ts: /conj and /paradigms rules             (cells)
 *   memo.ts        the GrammarMemo callers hand in (no imports; its parts are declared where they are used)
 */
export {
  CLASS_NAMES,
  CONJUGATOR_CLASSES,
  ORDER_NAMES,
  ORDERS,
  PERSON_NAMES,
  cellKey,
  cellsOf,
  subjectsOf,
  verbClassOf,
  type Cell,
  type Order,
  type Person,
  type VerbClass,
} from "./cells";
export { inflect, paradigm, type Confidence, type Inflection, type LexemeInput } from "./inflection";
export { optionalForms } from "./inflection-types";
export { analyse, buildLexicon, prepareAnalysis } from "./analysis";
export { normaliseWordform, spellingKeys } from "./spelling";
// Nouns (docs/decisions/005a-noun-paradigm-classes.md): noun-cells (no imports), noun-phonology (no imports),
// noun-tables (noun-cells), noun-gloss (noun-cells), noun-inflection (all four), noun-analysis (cells, inflection, tables).
export {
  NOUN_CLASS_NAMES,
  NOUN_POS,
  NOUN_POSSESSORS,
  POSSESSOR_NAMES,
  nounCellKey,
  nounCellLabel,
  nounCellProblem,
  nounCells,
  nounPosOf,
  parseNounCellKey,
  type NounCell,
  type NounPos,
  type NounPossessor,
} from "./noun-cells";
export { decline, nounParadigm, type Declension, type NounConfidence, type NounLexeme } from "./noun-inflection";
export { OPTIONAL_VARIANT_NOTE } from "./noun-inflection";
export { type NounCellOptions } from "./noun-cells";
export { PRENOUNS } from "./noun-prenouns";
export { analyseNoun, buildNounIndex, nounSpellingKey, type NounAnalysis, type NounIndex } from "./noun-analysis";
export { nounGloss, pluralise } from "./noun-gloss";
export { nounShape, type NounShape } from "./noun-tables";
// "Why this form?" (on demand only): the rule-by-rule derivation of a verb or noun form.
export { explain, explainDeclension, type Derivation, type DerivationStep } from "./explain";

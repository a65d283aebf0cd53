/**
 * How sure the noun engine is of a form, and why (ADR 005d, 018e). "high" only where the rules were checked against
 * the development reference for the noun's class, its stem shape and the cell's category; every other level has a
 * note. Pure.
 */
import { isAnimate, type NounCell, type NounPos } from "./noun-cells";
import { isCheckedPrenoun } from "./noun-prenouns";
import type { NounShape } from "./noun-tables";

export type NounConfidence = "high" | "medium" | "low";
export type Confidence = { confidence: NounConfidence; note?: string };

/**
 * Stem shapes whose every reference cell the engine reproduces, by class (otw_dev_noun_paradigms.tsv and
 * otw_dev_noun_paradigms_more.tsv, 120 nouns; scores in ADR 005d and 018e). Other shapes go through the same rules
 * but are `medium`.
 */
const CONFIRMED: Record<NounPos, NounShape[]> = {
  na: ["compound", "consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
  ni: ["a1", "compound", "consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
  nad: ["compound", "consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
  nid: ["consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
};

/** What a noun's confidence depends on besides the cell (noun-inflection.ts's prepared noun). */
export type NounFacts = {
  pos: NounPos;
  shape: NounShape;
  locked: boolean;
  unknown: boolean;
  disagrees: { rules: string; lemma: string } | null;
  /** Confidence per category of cell (`categoryOf`), built when first needed. */
  conf: Array<Confidence | undefined>;
};

const STRAY: Confidence = {
  confidence: "low",
  note: "The rules leave a special stem symbol unresolved here (the reference FST writes it out); the form is a guess.",
};
const LOCKED_NOTE: Confidence = { confidence: "low", note: "No underlying stem: built on the dictionary spelling, which hides the vowels syncope needs." };
const UNKNOWN_NOTE: Confidence = { confidence: "low", note: "The stem uses a symbol this engine does not model." };

// Categories of cell that lower confidence, as bits.
const THEME = 1;
const INANIMATE_VOCATIVE = 2;
const UNCHECKED_PRENOUN = 4;

/** A cell's category for confidenceOf (a class's cells can keep theirs: it depends only on the class and the cell). */
export function categoryOf(pos: NounPos, cell: NounCell): number {
  return (
    (cell.poss_theme ? THEME : 0) +
    (cell.vocative && !isAnimate(pos) ? INANIMATE_VOCATIVE : 0) +
    (cell.prenoun && !isCheckedPrenoun(cell.prenoun) ? UNCHECKED_PRENOUN : 0)
  );
}

export function confidenceOf(p: NounFacts, cell: NounCell, _key: string, stray: boolean, at = categoryOf(p.pos, cell)): Confidence {
  if (p.locked) return LOCKED_NOTE;
  if (stray) return STRAY;
  if (p.unknown) return UNKNOWN_NOTE;
  return (p.conf[at] ??= confidenceFor(p, at));
}

function confidenceFor(p: NounFacts, at: number): Confidence {
  const notes: string[] = [];
  let confidence: NounConfidence = "high";
  if (p.disagrees !== null) {
    confidence = "medium";
    notes.push(`The rules give "${p.disagrees.rules}" where the dictionary writes the lemma "${p.disagrees.lemma}", so this noun may not follow them exactly.`);
  }
  if (!CONFIRMED[p.pos].includes(p.shape)) {
    confidence = "medium";
    notes.push(`The reference sample has no ${p.pos.toUpperCase()} with a stem of shape "${p.shape}"; built by the same rules.`);
  }
  if (at & THEME) {
    confidence = "medium";
    notes.push("The possessive theme -im is lexical: not every noun takes it (the reference FST allows it on every noun).");
  }
  if (at & INANIMATE_VOCATIVE) {
    confidence = "medium";
    notes.push("The reference FST builds vocatives of inanimate nouns, but its authors doubt they exist.");
  }
  if (at & UNCHECKED_PRENOUN) {
    confidence = "medium";
    notes.push("Built by the same rules, but the reference checks only the prenouns gchi-, mji-, shki- and zaaw-.");
  }
  return notes.length ? { confidence, note: notes.join(" ") } : { confidence };
}

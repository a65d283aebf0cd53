/**
 * How a form's confidence is marked beside it, the same on every page that shows forms (the word page, /conj and
 * /paradigms): high forms carry no mark. The engine's note (the reason) goes in the mark's title where the page has it.
 */
import type { FormConfidence } from "./word-forms-shape";

export const CONFIDENCE_FLAG: Record<FormConfidence, string | null> = { high: null, medium: "probable", low: "less certain", unconfirmed: "unconfirmed" };

/** The key to the marks, one sentence per mark. */
export const CONFIDENCE_KEY =
  "(probable): built by the rules, not confirmed by a reference for this word; (less certain): the sources disagree or the form is inferred; (unconfirmed): no reference source has this form.";

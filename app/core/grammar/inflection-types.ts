/** The inflection API's shapes (inflection.ts and whole-inflection.ts share them). */
import type { Confidence } from "./confidence";

export type LexemeInput = { id?: number; name: string; pos: string; stem?: string | null; gloss: string };
export type Inflection = {
  prefix: string | null;
  root: string;
  suffix: string | null;
  form: string;
  variants: string[];
  gloss: string;
  confidence: Confidence;
  /** Why the form has that confidence, in plain English. */
  confidenceNote: string;
  subjectPronoun: string;
  /**
   * Whole-verb cells only, when there are any: variants produced only by the two optional rules taken from Medler
   * (w + i → o, w lost before a consonant), each with its label; never among `variants`, never primary.
   */
  optionalVariants?: Array<{ form: string; label: string }>;
};

/** The forms only the optional rules give, as the views list them (never among a form's equals). */
export function optionalForms(inf: Pick<Inflection, "optionalVariants">): string[] {
  return inf.optionalVariants?.map((v) => v.form) ?? [];
}

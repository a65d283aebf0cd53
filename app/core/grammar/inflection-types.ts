/** The inflection API's shapes (inflection.ts and whole-inflection.ts share them). */
import type { Confidence } from "./confidence";

export type LexemeInput = { id?: number; name: string; pos: string; stem?: string | null; gloss: string };
export type Inflection = {
  prefix: string | null; root: string; suffix: string | null; form: string; variants: string[]; gloss: string;
  confidence: Confidence;
  /** Why the form has that confidence, in plain English. */
  confidenceNote: string;
  subjectPronoun: string;
};


/**
 * The shape of the word page's forms (built by `wordForms` in app/services/paradigms.server.ts, shown by
 * app/components/word-forms.tsx). Types only: shared by the service and the component.
 */
export type FormConfidence = "high" | "medium" | "low" | "unconfirmed";

/** A tense's form beside a verb's present form on the word page (past gii-, future wii- or ga-). */
export type TenseForm = { key: string; preverb: string; form: string; confidence: FormConfidence; confidenceNote: string | null };

export type WordFormCell = {
  key: string;
  /** Plain-English person label ("s/he → me"), with the codes it stands for. */
  label: string;
  codes: Array<{ code: string; name: string }>;
  form: string;
  variants: string[];
  gloss: string;
  confidence: FormConfidence;
  confidenceNote: string | null;
  /** The past (gii-) and future (wii-, then ga-) forms of the same person, where the verb has them. */
  past?: TenseForm[];
  future?: TenseForm[];
};

export type WordForms =
  | {
      kind: "verb";
      className: string;
      /** `href`: the order's full paradigm in /conj, null for a class /conj does not list (the VAIO). */
      orders: Array<{ order: string; name: string; cells: WordFormCell[]; href: string | null }>;
    }
  | {
      kind: "noun";
      className: string;
      rows: Array<{ key: string; label: string; form: string; variants: string[]; gloss: string; confidence: FormConfidence; confidenceNote: string | null }>;
    };

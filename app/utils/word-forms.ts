/**
 * The shape of the word page's forms (built by `wordForms` in app/services/paradigms.server.ts, shown by
 * app/components/word-forms.tsx). Types only: shared by the service and the component.
 */
export type FormConfidence = "high" | "medium" | "low" | "unconfirmed";

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
};

export type WordForms =
  | {
      kind: "verb";
      className: string;
      orders: Array<{ order: string; name: string; cells: WordFormCell[]; href: string }>;
    }
  | {
      kind: "noun";
      className: string;
      rows: Array<{ key: string; label: string; form: string; variants: string[]; gloss: string; confidence: FormConfidence; confidenceNote: string | null }>;
    };

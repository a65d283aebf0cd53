/**
 * Shapes of the whole paradigm's pieces on /paradigms and /conj (built by app/services/paradigm-blocks.server.ts and
 * conj-whole.server.ts, shown by components/paradigm-blocks.tsx and whole-built.tsx). Types only.
 */
import type { Derivation } from "../core/grammar";
import type { FormConfidence } from "./word-forms-shape";

export type BlockRow = {
  key: string;
  label: string;
  prefix: string | null;
  root: string | null;
  form: string;
  variants: string[];
  /** Variants only the optional (Medler) rules give: shown apart, labelled with the block's `optionalNote`. */
  optionalVariants: string[];
  gloss: string;
  confidence: FormConfidence;
  /** Why the form is not high (null when it is). */
  note: string | null;
};

export type ParadigmBlock = {
  id: string;
  title: string;
  rows: BlockRow[];
  /** The distinct reasons of the block's marked forms, each once. */
  notes: string[];
  optionalNote: string | null;
};

/** How a whole-verb form is built where the rule-by-rule replay does not reach yet. */
export type Built = {
  /** The pieces and rules in plain words, in the order they apply. */
  parts: string[];
  /** The form it is built on (the same person without tense, mode or preverb) and how that one is built. */
  base: { label: string; form: string; derivation: Derivation | null } | null;
};

/**
 * Paradigm tables (issue #3): the data behind GET /api/paradigm, /paradigms and /conj-data/{kind}.json.
 * Forms come from the grammar engine over the lexeme's stem in D1; rows follow `templateOf` (label "" = separator).
 * The lexemes are read by db/queries/verbs.ts; building the tables happens here.
 */
import type { Db } from "../../db/client";
import { findVerb, listVerbsNamed, type VerbRow } from "../../db/queries/verbs";
import { cellKey, inflect, type Confidence } from "../core/grammar";
import { parseKind, SAMPLE_WORDS, templateOf, type SampleWord, type VerbKind } from "../core/grammar/paradigm-kinds";

export type ParadigmRow = {
  key: string;
  label: string;
  prefix: string | null;
  root: string | null;
  suffix: string | null;
  form: string | null;
  variants: string[];
  gloss: string | null;
  confidence: Confidence | null;
};

export type ParadigmTable = { title: string; kind: string; word: string; pos: string; gloss: string; rows: ParadigmRow[] };

/** Builds the table of one verb in one kind; separators (label "") are included only when `separators` is set. */
export function paradigmTable(verb: VerbRow, kind: VerbKind, separators = false): ParadigmTable {
  const rows: ParadigmRow[] = [];
  for (const t of templateOf(kind.cls, kind.order)) {
    if (!t.cell) {
      if (separators) rows.push({ key: "", label: "", prefix: null, root: null, suffix: null, form: null, variants: [], gloss: null, confidence: null });
      continue;
    }
    const inf = inflect(verb, t.cell);
    rows.push({
      key: cellKey(t.cell),
      label: t.label,
      prefix: inf?.prefix ?? null,
      root: inf?.root ?? null,
      suffix: inf?.suffix ?? null,
      form: inf?.form ?? null,
      variants: inf?.variants ?? [],
      gloss: inf?.gloss ?? null,
      confidence: inf?.confidence ?? null,
    });
  }
  return { title: `${verb.name} - ${verb.gloss}`, kind: kind.kind, word: verb.name, pos: verb.pos, gloss: verb.gloss, rows };
}

/** One paradigm of a word (lemma or lexeme id) in a verb kind such as vai-ind; null when either is unknown. */
export async function getParadigm(db: Db, word: string, kind: string, separators = false): Promise<ParadigmTable | null> {
  const k = parseKind(kind);
  if (!k) return null;
  const verb = await findVerb(db, k.cls, word);
  return verb ? paradigmTable(verb, k, separators) : null;
}

export type SampleLexeme = SampleWord & { lexeme: VerbRow };

/** The sample words of /paradigms that exist in the lexicon (first lexeme of each lemma and class), in docs/product.md order. */
export async function listSampleWords(db: Db): Promise<SampleLexeme[]> {
  const rows = await listVerbsNamed(db, SAMPLE_WORDS.map((w) => w.name));
  return SAMPLE_WORDS.flatMap((w) => {
    const lexeme = rows.find((r) => r.name === w.name && r.pos === w.cls);
    return lexeme ? [{ ...w, lexeme }] : [];
  });
}

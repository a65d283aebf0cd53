/**
 * What an import changes, worked out before anything is written: the entries of a parsed lexicon file against the
 * rows already in the database. Only added and changed entries are written, so importing the same file twice
 * writes nothing the second time and reports 0 added, 0 changed. Pure: the caller reads the rows and writes the plan.
 */
import { toSearchKey } from "../orthography.ts";
import type { LexiconEntry, LexiconParse } from "./lexicon.ts";

/** A lexemes row as the plan compares it (snake_case, as D1 returns it). */
export type ExistingLexeme = {
  id: number;
  name: string;
  pos: string;
  gloss: string;
  stem: string | null;
  search_key: string;
  source: string;
  corpus_count: number;
};

/** The values written for an entry; `stem` and `corpus_count` only when the file has that column. */
export type LexemeValues = {
  name: string;
  pos: string;
  search_key: string;
  gloss: string;
  source: string;
  stem?: string | null;
  corpus_count?: number;
};

export type LexiconPlan = {
  added: LexemeValues[];
  changed: Array<{ id: number; values: LexemeValues; fields: Array<keyof LexemeValues> }>;
  unchanged: number;
};

export const lexemeKey = (name: string, pos: string) => `${name}\t${pos}`;

export function entryValues(entry: LexiconEntry, parse: Pick<LexiconParse, "columns">, defaultSource: string): LexemeValues {
  const values: LexemeValues = {
    name: entry.name,
    pos: entry.pos,
    search_key: toSearchKey(entry.name),
    gloss: entry.gloss,
    source: entry.source ?? defaultSource,
  };
  if (parse.columns.stem) values.stem = entry.stem ?? null;
  if (parse.columns.corpus_count) values.corpus_count = entry.corpusCount ?? 0;
  return values;
}

const COMPARED = ["search_key", "gloss", "source", "stem", "corpus_count"] as const;

export function planLexicon(existing: readonly ExistingLexeme[], parse: LexiconParse, defaultSource: string): LexiconPlan {
  const byKey = new Map(existing.map((row) => [lexemeKey(row.name, row.pos), row]));
  const plan: LexiconPlan = { added: [], changed: [], unchanged: 0 };
  for (const entry of parse.entries) {
    const values = entryValues(entry, parse, defaultSource);
    const row = byKey.get(lexemeKey(entry.name, entry.pos));
    if (!row) {
      plan.added.push(values);
      continue;
    }
    const fields = COMPARED.filter((f) => values[f] !== undefined && values[f] !== row[f]);
    if (fields.length) plan.changed.push({ id: row.id, values, fields });
    else plan.unchanged++;
  }
  return plan;
}

/** The editor's Words and Sentences views (issue #8): substring searches over lexemes and sentences. */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { formLexemes, forms, lexemes, sentences } from "../schema";
import { toSearchKey } from "../../app/core/orthography";
import type { LinkedLexeme } from "./editor-forms";

export const WORD_SEARCH_LIMIT = 100;
export const SENTENCE_SEARCH_LIMIT = 50;

/** Escapes LIKE wildcards; used with ESCAPE '\'. */
function likeContains(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Words view: Odawa (folded name) or English (gloss) contains the query. At most 100, then how many more. */
export async function searchEditorWords(db: Db, query: string) {
  const key = toSearchKey(query).slice(0, 100);
  if (!key) return { query: key, rows: [] as LinkedLexeme[], more: 0 };
  const pattern = likeContains(key);
  const where = sql`${lexemes.searchKey} LIKE ${pattern} ESCAPE '\\' OR lower(${lexemes.gloss}) LIKE ${pattern} ESCAPE '\\'`;
  const [rows, total] = await db.batch([
    db
      .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss })
      .from(lexemes)
      .where(where)
      .orderBy(sql`${lexemes.searchKey} <> ${key}`, desc(lexemes.corpusCount), asc(lexemes.name), asc(lexemes.id))
      .limit(WORD_SEARCH_LIMIT),
    db
      .select({ n: sql<number>`count(*)` })
      .from(lexemes)
      .where(where),
  ]);
  return { query: key, rows, more: Math.max(0, (total[0]?.n ?? 0) - rows.length) };
}

export type SentenceWord = { text: string; form?: string; glosses?: string[] };

/** Splits a sentence into word tokens and the text between them (punctuation, spaces). */
export function splitSentence(text: string): Array<{ text: string; word: boolean }> {
  const parts: Array<{ text: string; word: boolean }> = [];
  const re = /[\p{L}\p{M}'’]+(?:-[\p{L}\p{M}'’]+)*/gu;
  let last = 0;
  for (const match of text.matchAll(re)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), word: false });
    parts.push({ text: match[0], word: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), word: false });
  return parts;
}

/**
 * Sentences view: text or translation contains the query; at most 50, then how many more. Each Odawa word
 * comes with its rank form and the glosses of the lexemes that form is linked to (empty: no meaning listed).
 */
export async function searchEditorSentences(db: Db, query: string) {
  const key = toSearchKey(query).slice(0, 200);
  if (!key) return { query: key, rows: [], more: 0 };
  const pattern = likeContains(key);
  const where = sql`lower(${sentences.text}) LIKE ${pattern} ESCAPE '\\' OR lower(${sentences.trans}) LIKE ${pattern} ESCAPE '\\'`;
  const [found, total] = await db.batch([
    db
      .select({ id: sentences.id, text: sentences.text, trans: sentences.trans, source: sentences.source })
      .from(sentences)
      .where(where)
      .orderBy(asc(sentences.id))
      .limit(SENTENCE_SEARCH_LIMIT),
    db
      .select({ n: sql<number>`count(*)` })
      .from(sentences)
      .where(where),
  ]);
  const tokens = found.map((s) => splitSentence(s.text));
  const keys = [
    ...new Set(
      tokens
        .flat()
        .filter((t) => t.word)
        .map((t) => toSearchKey(t.text)),
    ),
  ];
  const glosses = new Map<string, string[]>();
  for (let i = 0; i < keys.length; i += 90) {
    const chunk = keys.slice(i, i + 90);
    const rows = await db
      .select({ key: forms.searchKey, gloss: lexemes.gloss })
      .from(forms)
      .innerJoin(formLexemes, eq(formLexemes.formId, forms.id))
      .innerJoin(lexemes, eq(lexemes.id, formLexemes.lexemeId))
      .where(inArray(forms.searchKey, chunk));
    for (const row of rows) glosses.set(row.key, [...(glosses.get(row.key) ?? []), row.gloss]);
  }
  const rows = found.map((s, i) => ({
    ...s,
    rowNumber: i + 1,
    words: tokens[i].map((t): SentenceWord => {
      if (!t.word) return { text: t.text };
      const form = toSearchKey(t.text);
      return { text: t.text, form, glosses: glosses.get(form) ?? [] };
    }),
  }));
  return { query: key, rows, more: Math.max(0, (total[0]?.n ?? 0) - rows.length) };
}

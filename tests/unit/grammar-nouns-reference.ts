/**
 * Reads noun reference paradigms in the layout of otw_dev_noun_paradigms.tsv (see tests/fixtures/grammar/README.md)
 * and folds spellings so that the FST's and the site's meet. Test-only (node:fs).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { NounCell } from "../../app/core/grammar/noun-cells";
import type { NounLexeme } from "../../app/core/grammar/noun-inflection";

export type NounRefRow = { lexeme: NounLexeme; cls: string; shape: string; cell: NounCell; forms: string[]; analysis: string };

const here = path.dirname(new URL(import.meta.url).pathname);
export const SAMPLE_FILE = path.join(here, "../fixtures/grammar/otw_noun_paradigms_sample.tsv");
/** The full development file, beside the repo (`../shared/data`), or where NOUN_REFERENCE points. */
export const DEV_FILE = process.env.NOUN_REFERENCE ?? path.join(here, "../../../shared/data/otw/otw_dev_noun_paradigms.tsv");

export function readNounRows(file: string): NounRefRow[] | null {
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, "utf8").trim().split("\n");
  const head = lines[0]!.split("\t");
  const col = (name: string) => head.indexOf(name);
  const lexemes = new Map<string, NounLexeme>();
  return lines.slice(1).map((line) => {
    const f = line.split("\t");
    const get = (name: string) => f[col(name)] ?? "";
    const cell: NounCell = {};
    for (const name of ["number", "obviative", "locative", "possessor", "poss_theme", "diminutive", "pejorative"] as const) {
      const v = get(name);
      if (v) (cell as Record<string, string>)[name] = v;
    }
    const id = `${get("lemma")}\t${get("class")}`;
    let lexeme = lexemes.get(id);
    if (!lexeme) lexemes.set(id, (lexeme = { name: get("lemma"), pos: get("class").toLowerCase(), stem: get("underlying_stem") }));
    return { lexeme, cls: get("class"), shape: get("stem_shape"), cell, forms: get("forms").split("|"), analysis: get("fst_analysis") };
  });
}

/**
 * Folds a spelling for comparison: the FST's glottal h (and the ' it writes before it after a lost vowel) and the
 * site's ' meet; final devoicing (gaazhak ~ gaazhag, nnagish ~ nnagizh) is undone.
 */
export function foldNoun(form: string): string {
  return form
    .toLowerCase()
    .replace(/'h/g, "'")
    .replace(/(?<![csznh'])h/g, "'")
    .replace(/'+/g, "'")
    .replace(/p$/, "b").replace(/t$/, "d").replace(/k$/, "g").replace(/sh$/, "zh").replace(/ch$/, "j").replace(/(?<![sz])s$/, "z");
}

/** The reference's forms in the site's spelling (glottal stop '). */
export const siteSpelled = (form: string) => form.replace(/'h/g, "'").replace(/(?<![csznh'])h/g, "'");

/**
 * Reads noun reference paradigms in the layout of otw_dev_noun_paradigms.tsv (see tests/fixtures/grammar/README.md)
 * and folds spellings so that the FST's and the site's meet. Test-only (node:fs).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { NounCell } from "../../app/core/grammar/noun-cells";
import type { NounLexeme } from "../../app/core/grammar/noun-inflection";

export type NounRefRow = {
  lexeme: NounLexeme;
  cls: string;
  shape: string;
  cell: NounCell;
  forms: string[];
  analysis: string;
  /** The forms without the two optional Medler rules (the _more file's `forms_no_medler`; else `forms`). */
  noMedler: string[];
};

const here = path.dirname(new URL(import.meta.url).pathname);
export const SAMPLE_FILE = path.join(here, "../fixtures/grammar/otw_noun_paradigms_sample.tsv");
/** The full development file, beside the repo (`../shared/data`), or where NOUN_REFERENCE points. */
export const DEV_FILE = process.env.NOUN_REFERENCE ?? path.join(here, "../../../shared/data/otw/otw_dev_noun_paradigms.tsv");
/** The rest of the paradigm for the same nouns (preterit, vocative, prenouns, possessed derivatives), gzipped. */
export const DEV_MORE_FILE = process.env.NOUN_REFERENCE_MORE ?? path.join(here, "../../../shared/data/otw/otw_dev_noun_paradigms_more.tsv.gz");

export function readNounRows(file: string): NounRefRow[] | null {
  if (!existsSync(file)) return null;
  const raw = readFileSync(file);
  const lines = (file.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8").trim().split("\n");
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
    // _more columns: mode prt / voc (vocative plural), prenoun PN/gchi+ → gchi.
    if (get("mode") === "prt") cell.mode = "prt";
    if (get("mode") === "voc") cell.vocative = true;
    const pn = /^PN\/(.+)\+$/.exec(get("prenoun"));
    if (pn) cell.prenoun = pn[1]!.replace(/\+/g, "-");
    const id = `${get("lemma")}\t${get("class")}`;
    let lexeme = lexemes.get(id);
    if (!lexeme) lexemes.set(id, (lexeme = { name: get("lemma"), pos: get("class").toLowerCase(), stem: get("underlying_stem") }));
    const forms = get("forms").split("|");
    const noMedler = col("forms_no_medler") >= 0 ? get("forms_no_medler").split("|") : forms;
    return { lexeme, cls: get("class"), shape: get("stem_shape"), cell, forms, noMedler, analysis: get("fst_analysis") };
  });
}

/**
 * Folds a spelling for comparison: the FST's glottal h (and the ' it writes before it after a lost vowel) and the
 * site's ' meet; final devoicing (gaazhak ~ gaazhag, nnagish ~ nnagizh) is undone; n' before g/k is n (the reference
 * writes nk/ng where the dictionary, and so the engine for that noun, writes n'k/n'g: issue 37 item 3).
 */
export function foldNoun(form: string): string {
  return form
    .toLowerCase()
    .replace(/'h/g, "'")
    .replace(/(?<![csznh'])h/g, "'")
    .replace(/'+/g, "'")
    .replace(/n'(?=[gk])/g, "n")
    .replace(/p$/, "b")
    .replace(/t$/, "d")
    .replace(/k$/, "g")
    .replace(/sh$/, "zh")
    .replace(/ch$/, "j")
    .replace(/(?<![sz])s$/, "z");
}

/** The reference's forms in the site's spelling (glottal stop '). */
export const siteSpelled = (form: string) => form.replace(/'h/g, "'").replace(/(?<![csznh'])h/g, "'");

/**
 * A stems file (otw_lexicon_stems.tsv as published: lemma, underlying_stem, lexicon, …) read into the underlying
 * stem of each lexicon entry, with a report that accounts for every line. A stem is attached to an entry already in
 * the lexicon (same headword, part of speech from the file's lexicon name), so the lexicon is imported first. When
 * the file gives one entry several stems, the first is used and the others are reported. Pure, like ./lexicon.ts.
 */
import { normalizeText } from "../orthography.ts";
import { lexemeKey } from "./plan.ts";
import { directionControlIn } from "../text-direction.ts";
import { normalizePos } from "./pos-tags.ts";
import { cellText, readTable, type LineNote } from "./table.ts";

/** The FST lexicon names of the stems file and the site's tags. */
export const STEM_LEXICONS: Readonly<Record<string, string>> = {
  VAI: "vai",
  VII: "vii",
  VTI: "vti",
  VTA: "vta",
  VAIO: "vaio",
  NA: "na",
  NI: "ni",
  NAD: "nad",
  NID: "nid",
  AV: "av",
  IJ: "ij",
  NM: "nm",
  PR_NA: "pr-an",
  PR_NI: "pr-in",
  PT: "pt",
  CJ: "cj",
  QNT: "qnt",
  N_PRENOUNS: "pn",
};
const PREVERB_LEXICON = /^V_PREVERBS(_|$)/;
const MAX_STEM = 200;

export type StemRow = { line: number; name: string; pos: string; stem: string };

/**
 * The dictionary's headword for a stems-file lemma: `PV/bi+` → bi-, `PN/gchi+` → gchi-, `go+Ipc` → go,
 * `PN/baapaagi+shki+` → baapaagi-shki-.
 */
export function stemLemmaName(lemma: string): string {
  const prefixed = /^(PV|PN)\//.test(lemma);
  const name = lemma
    .replace(/^(PV|PN)\//, "")
    .replace(/\+Ipc$/, "")
    .replace(/\+$/, prefixed ? "-" : "")
    .replace(/\+/g, "-");
  return normalizeText(name);
}

function posOfLexicon(lexicon: string): string | undefined {
  const key = lexicon.trim().toUpperCase();
  return STEM_LEXICONS[key] ?? (PREVERB_LEXICON.test(key) ? "pv" : undefined);
}

export type StemsParse = { fileError?: string; lines: number; rows: StemRow[]; refused: LineNote[] };

export function parseStemsText(content: string): StemsParse {
  const table = readTable(content, "tsv");
  const out: StemsParse = { lines: table.rows.length + table.errors.length, rows: [], refused: [...table.errors] };
  const find = (...names: string[]) => table.columns.find((c) => names.includes(c));
  const lemma = find("lemma", "name", "headword");
  const stem = find("underlying_stem", "stem");
  const lexicon = find("lexicon");
  const pos = find("pos");
  if (!lemma || !stem || !(lexicon || pos)) {
    out.fileError = `expected the columns lemma, underlying_stem and lexicon (or name, stem and pos); the header has: ${table.columns.join(", ") || "nothing"}`;
    return out;
  }
  for (const { line, value } of table.rows) {
    const name = stemLemmaName(cellText(value[lemma]));
    const underlying = normalizeText(cellText(value[stem]));
    const problems: string[] = [];
    let tag: string | undefined;
    if (lexicon) {
      const written = cellText(value[lexicon]).trim();
      tag = posOfLexicon(written);
      if (!tag) problems.push(`lexicon: "${written}" is not a lexicon the import can map to a part of speech`);
    } else {
      const result = normalizePos(cellText(value[pos!]));
      if (result.ok) tag = result.tag;
      else problems.push(`pos: ${result.message}`);
    }
    if (!name) problems.push("lemma: is required");
    if (!underlying) problems.push("underlying_stem: is required");
    else if (underlying.length > MAX_STEM) problems.push(`underlying_stem: longer than ${MAX_STEM} characters`);
    else if (directionControlIn(underlying)) {
      problems.push(`underlying_stem: contains ${directionControlIn(underlying)}, a control character that changes the direction of text`);
    }
    if (problems.length || !tag) out.refused.push({ line, message: problems.join("; ") });
    else out.rows.push({ line, name, pos: tag, stem: underlying });
  }
  return out;
}

export type StemsPlan = {
  updates: Array<{ id: number; stem: string; line: number }>;
  /** Entries that already have the stem of their first line. */
  unchanged: number;
  /** Lines whose entry took its stem from an earlier line (the same stem, or another one, not used). */
  merged: LineNote[];
  refused: LineNote[];
};

export function planStems(existing: ReadonlyArray<{ id: number; name: string; pos: string; stem: string | null }>, parse: StemsParse): StemsPlan {
  const byKey = new Map(existing.map((row) => [lexemeKey(row.name, row.pos), row]));
  const posesOf = new Map<string, string[]>();
  for (const row of existing) posesOf.set(row.name, [...(posesOf.get(row.name) ?? []), row.pos]);
  const plan: StemsPlan = { updates: [], unchanged: 0, merged: [], refused: [...parse.refused] };
  const first = new Map<string, StemRow>();
  for (const row of parse.rows) {
    const key = lexemeKey(row.name, row.pos);
    const label = `${row.name} (${row.pos})`;
    const target = byKey.get(key);
    if (!target) {
      const others = posesOf.get(row.name);
      plan.refused.push({
        line: row.line,
        message: `no entry ${label} in the lexicon${others ? ` (${row.name} is there as ${others.join(", ")})` : ""}`,
      });
      continue;
    }
    const earlier = first.get(key);
    if (earlier) {
      plan.merged.push({
        line: row.line,
        message:
          earlier.stem === row.stem
            ? `${label}: same stem as line ${earlier.line}`
            : `${label}: another stem, ${row.stem}, not used: line ${earlier.line}'s ${earlier.stem} is`,
      });
      continue;
    }
    first.set(key, row);
    if (target.stem === row.stem) plan.unchanged++;
    else plan.updates.push({ id: target.id, stem: row.stem, line: row.line });
  }
  plan.refused.sort((a, b) => a.line - b.line);
  return plan;
}

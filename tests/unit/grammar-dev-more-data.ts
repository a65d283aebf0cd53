/**
 * Reads the development paradigms of the whole verb (../shared/data/otw/otw_dev_verb_paradigms_more.tsv.gz, never
 * committed: see ../shared/data/SOURCES.md) as engine cells, and scores the engine on them per class and category.
 * Test-only (node:fs, node:zlib). Used by grammar-dev-more.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { cellKey, inflect, type Cell, type LexemeInput, type Order, type Person, type VerbClass } from "../../app/core/grammar";
import { categoryLabel } from "../../app/core/grammar/whole-inflection";
import { DEV_FILE, FAULTY, fold } from "./grammar-dev-data";

export const MORE_FILE = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../../shared/data/otw/otw_dev_verb_paradigms_more.tsv.gz");

/** One cell of one verb: every form the FST gives (merged over alternative tag strings) and those without Medler's rules. */
export type MoreRow = {
  lexeme: LexemeInput;
  cls: VerbClass;
  shape: string;
  cell: Cell;
  forms: string[];
  noMedler: string[];
  category: string;
  /** False for the delayed imperative (first development file): no forms_no_medler column, so no Medler check. */
  medlerKnown?: false;
};

/** The rows as engine cells, keyed by verb and cell, then the first file's cells that are not today's (firstFileRows). */
export function moreRows(): { rows: MoreRow[]; skipped: Map<string, number> } | null {
  if (!existsSync(MORE_FILE)) return null;
  const lines = gunzipSync(readFileSync(MORE_FILE)).toString("utf8").trim().split("\n");
  const head = lines[0]!.split("\t");
  const col = (name: string) => head.indexOf(name);
  const [cLemma, cClass, cOrder, cSubj, cObj, cForms, cStem, cShape, cBase, cPol, cMode, cChg, cPcp, cPv, cNoMedler] = [
    "lemma",
    "class",
    "order",
    "subject",
    "object",
    "forms",
    "underlying_stem",
    "stem_shape",
    "base_order",
    "polarity",
    "mode",
    "initial_change",
    "participle",
    "preverb",
    "forms_no_medler",
  ].map(col) as number[];
  const lexemes = new Map<string, LexemeInput>();
  const byCell = new Map<string, MoreRow>();
  const skipped = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split("\t");
    const klass = f[cClass!]!;
    const base = f[cBase!]!;
    const cls = klass.toLowerCase() as VerbClass;
    const neg = f[cPol!] === "neg";
    const order = (
      base === "imp" ? (f[cOrder!] === "imp_prohib" ? "imp-pro" : "imp") : base === "ind" ? (neg ? "ind-neg" : "ind") : neg ? "conj-neg" : "conj"
    ) as Order;
    let subject = f[cSubj!]!;
    if (subject === "0/3'") subject = "3'";
    const object = f[cObj!] || undefined;
    const mode = f[cMode!]!;
    const pv = f[cPv!]!.replace(/^PV\//, "").split("+").filter(Boolean);
    const lemma = f[cLemma!]!;
    const id = `${lemma}\u0000${cls}`;
    let lexeme = lexemes.get(id);
    if (!lexeme) lexemes.set(id, (lexeme = { name: lemma, pos: cls, stem: f[cStem!]!, gloss: "test" }));
    // "2s/2p" (VTA conjunct 2→1p): one form for both subjects.
    for (const subj of subject === "2s/2p" ? ["2s", "2p"] : [subject]) {
      const cell: Cell = {
        order,
        subject: subj as Person,
        ...(object ? { object: object as Person } : {}),
        ...(mode !== "neu" ? { mode: mode as Cell["mode"] } : {}),
        ...(f[cChg!] === "yes" ? { change: true as const } : {}),
        ...(f[cPcp!] ? { participle: f[cPcp!] as Cell["participle"] } : {}),
        ...(pv.length ? { preverbs: pv } : {}),
      };
      const key = `${id}\u0000${cellKey(cell)}`;
      const forms = f[cForms!]!.split("|");
      const noMedler = f[cNoMedler!]!.split("|");
      const row = byCell.get(key);
      if (row) {
        for (const x of forms) if (!row.forms.includes(x)) row.forms.push(x);
        for (const x of noMedler) if (!row.noMedler.includes(x)) row.noMedler.push(x);
      } else byCell.set(key, { lexeme, cls, shape: f[cShape!]!, cell, forms, noMedler, category: categoryLabel(cell, cls) });
    }
  }
  return { rows: [...byCell.values(), ...firstFileRows(lexemes)], skipped };
}

/**
 * Cells of the first development file (otw_dev_verb_paradigms.tsv, same verbs) that are not today's engine cells of
 * the four classes: the delayed imperative, and every VAIO cell.
 */
const FIRST_ORDERS: Record<string, Order> = {
  ind: "ind",
  ind_neg: "ind-neg",
  cnj: "conj",
  cnj_neg: "conj-neg",
  imp: "imp",
  imp_prohib: "imp-pro",
  imp_delayed: "imp-delayed",
};

function firstFileRows(lexemes: Map<string, LexemeInput>): MoreRow[] {
  if (!existsSync(DEV_FILE)) return [];
  const out: MoreRow[] = [];
  for (const line of readFileSync(DEV_FILE, "utf8").trim().split("\n").slice(1)) {
    const [lemma, klass, order, subject, object, forms, , , , stem, shape] = line.split("\t");
    if (order !== "imp_delayed" && klass !== "VAIO") continue;
    const cls = klass!.toLowerCase() as VerbClass;
    const id = `${lemma}\u0000${cls}`;
    let lexeme = lexemes.get(id);
    if (!lexeme) lexemes.set(id, (lexeme = { name: lemma!, pos: cls, stem: stem!, gloss: "test" }));
    const obj = cls === "vti" && order === "imp_delayed" && subject !== "21" ? "0" : object || undefined;
    const cell: Cell = { order: FIRST_ORDERS[order!]!, subject: subject as Person, ...(obj ? { object: obj as Person } : {}) };
    const list = forms!.split("|");
    out.push({ lexeme, cls, shape: shape!, cell, forms: list, noMedler: list, category: categoryLabel(cell, cls), medlerKnown: false });
  }
  return out;
}

export type MoreScore = { cells: number; ok: number; primary: number; none: number };

/**
 * A cell counts when the engine's primary form is one the reference gives without Medler's optional rules and every
 * variant it shows is in the reference set (spellings folded: glottal h, word-initial n', final -t).
 */
export function scoreMore(rows: MoreRow[]): { byCategory: Map<string, MoreScore>; misses: string[] } {
  const byCategory = new Map<string, MoreScore>();
  const misses: string[] = [];
  for (const row of rows) {
    if (FAULTY.has(row.lexeme.name)) continue;
    const key = `${row.cls} ${row.category}`;
    const s = byCategory.get(key) ?? { cells: 0, ok: 0, primary: 0, none: 0 };
    byCategory.set(key, s);
    s.cells++;
    const inf = inflect(row.lexeme, row.cell);
    if (!inf) {
      s.none++;
      if (misses.length < 4000) misses.push(`${key} ${row.lexeme.name} ${cellKey(row.cell)}: no form (want ${row.noMedler.join("|")})`);
      continue;
    }
    const all = new Set(row.forms.map(fold));
    const regular = new Set(row.noMedler.map(fold));
    const primaryOk = regular.has(fold(inf.form));
    // Shown variants are in the reference set; those labelled optional are ones only Medler's rules give.
    const ok =
      primaryOk &&
      inf.variants.every((v) => all.has(fold(v))) &&
      (inf.optionalVariants ?? []).every((v) => all.has(fold(v.form)) && (row.medlerKnown === false || !regular.has(fold(v.form))));
    if (primaryOk) s.primary++;
    if (ok) s.ok++;
    else if (misses.length < 4000)
      misses.push(
        `${key} ${row.shape} ${row.lexeme.name} [${row.lexeme.stem}] ${cellKey(row.cell)}: want ${row.noMedler.join("|")} (all ${row.forms.join("|")}), got ${[inf.form, ...inf.variants].join("|")}`,
      );
  }
  return { byCategory, misses };
}

export function moreTable(scores: Map<string, MoreScore>): string {
  const lines = ["| class category | cells | right | primary right | no form |", "|---|---:|---:|---:|---:|"];
  for (const [k, s] of [...scores].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`| ${k} | ${s.cells} | ${((100 * s.ok) / s.cells).toFixed(2)}% | ${((100 * s.primary) / s.cells).toFixed(2)}% | ${s.none} |`);
  }
  return lines.join("\n");
}

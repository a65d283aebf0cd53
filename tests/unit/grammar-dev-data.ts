/**
 * Reads the development paradigms (../shared/data/otw/otw_dev_verb_paradigms.tsv, never committed: see
 * ../shared/data/SOURCES.md) and scores the engine on them. Test-only (node:fs). Used by grammar-dev.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { cellKey, cellsOf, inflect, type Cell, type LexemeInput, type Order, type Person, type VerbClass } from "../../app/core/grammar";

export const DEV_FILE = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../../shared/data/otw/otw_dev_verb_paradigms.tsv");

export type DevRow = { lexeme: LexemeInput; cls: VerbClass; shape: string; cell: Cell; forms: string[] };

const ORDER_MAP: Record<string, Order | undefined> = {
  ind: "ind",
  ind_neg: "ind-neg",
  cnj: "conj",
  cnj_neg: "conj-neg",
  imp: "imp",
  imp_prohib: "imp-pro",
};

/** The dev rows as engine cells (cells outside docs/product.md §5, the delayed imperative and VAIO are left out). */
export function devRows(): DevRow[] | null {
  if (!existsSync(DEV_FILE)) return null;
  const lines = readFileSync(DEV_FILE, "utf8").trim().split("\n").slice(1);
  const lexemes = new Map<string, LexemeInput>();
  const allowed = new Map<string, Set<string>>();
  const out: DevRow[] = [];
  for (const line of lines) {
    const [lemma, klass, order, subject, object, forms, , , , stem, shape] = line.split("\t");
    const cls = klass!.toLowerCase() as VerbClass;
    const o = ORDER_MAP[order!];
    if (!o || !["vai", "vii", "vti", "vta"].includes(cls)) continue;
    if (!allowed.has(cls)) allowed.set(cls, new Set(cellsOf(cls).map(cellKey)));
    const id = `${lemma}\u0000${cls}`;
    let lexeme = lexemes.get(id);
    if (!lexeme) lexemes.set(id, (lexeme = { name: lemma!, pos: cls, stem: stem!, gloss: "test" }));
    const subjects = subject === "2s/2p" ? ["2s", "2p"] : subject === "0/3'" ? ["3'"] : [subject!];
    for (const s of subjects) {
      let obj = object || undefined;
      if (cls === "vti" && (o === "imp" || o === "imp-pro") && s !== "21") obj = "0";
      const cell: Cell = { order: o, subject: s as Person, ...(obj ? { object: obj as Person } : {}) };
      if (!allowed.get(cls)!.has(cellKey(cell))) continue;
      out.push({ lexeme, cls, shape: shape!, cell, forms: forms!.split("|") });
    }
  }
  return out;
}

/**
 * Folds the FST's spelling differences: glottal h (and 'h) → ', no apostrophe after a word-initial n, final -t
 * (dictionary devoicing) → -d.
 */
export function fold(form: string): string {
  const t = form.toLowerCase().replace(/'h/g, "'");
  return t
    .replace(/h/g, (_m, i: number) => ("nszc".includes(t[i - 1] ?? "") ? "h" : "'"))
    .replace(/(^|-)n'([gk])/g, "$1n$2")
    .replace(/t$/, "d");
}

/** Lemmas whose source stems are known to be faulty (SOURCES.md); their FST forms are not Odawa. */
export const FAULTY = new Set(["bgo'aan", "bgone'aan", "myaawnaan", "dswewaan'gat"]);

export type Score = { cells: number; exact: number; primary: number };
export type Scores = { byClass: Map<string, Score>; byShape: Map<string, Score>; misses: string[] };

export function score(rows: DevRow[]): Scores {
  const byClass = new Map<string, Score>();
  const byShape = new Map<string, Score>();
  const misses: string[] = [];
  const add = (map: Map<string, Score>, key: string, exact: boolean, primary: boolean) => {
    const s = map.get(key) ?? { cells: 0, exact: 0, primary: 0 };
    s.cells++;
    if (exact) s.exact++;
    if (primary) s.primary++;
    map.set(key, s);
  };
  for (const row of rows) {
    if (FAULTY.has(row.lexeme.name)) continue;
    const inf = inflect(row.lexeme, row.cell);
    const got = inf ? [...new Set([inf.form, ...inf.variants].map(fold))].sort() : [];
    const want = [...new Set(row.forms.map(fold))].sort();
    const exact = got.length === want.length && got.every((f, i) => f === want[i]);
    const primary = !!inf && want.includes(fold(inf.form));
    add(byClass, row.cls, exact, primary);
    add(byShape, `${row.cls} ${row.shape}`, exact, primary);
    if (!exact)
      misses.push(`${row.cls} ${row.shape} ${row.lexeme.name} [${row.lexeme.stem}] ${cellKey(row.cell)}: want ${want.join("|")}, got ${got.join("|")}`);
  }
  return { byClass, byShape, misses };
}

export function table(scores: Scores): string {
  const pct = (s: Score, k: "exact" | "primary") => `${((100 * s[k]) / s.cells).toFixed(1)}%`;
  const lines = ["| class / shape | cells | same form set | primary form right |", "|---|---:|---:|---:|"];
  for (const [k, s] of scores.byClass) {
    lines.push(`| **${k.toUpperCase()}** | ${s.cells} | ${pct(s, "exact")} | ${pct(s, "primary")} |`);
    for (const [shape, t] of [...scores.byShape].filter(([key]) => key.startsWith(`${k} `)))
      lines.push(`| ${shape} | ${t.cells} | ${pct(t, "exact")} | ${pct(t, "primary")} |`);
  }
  return lines.join("\n");
}

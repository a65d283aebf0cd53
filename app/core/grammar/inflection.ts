/**
 * Inflection: the forms of a verb in a cell, built from its underlying stem (stems.ts), the underlying endings
 * (tables.ts) and the ordered rules (phonology.ts, syncope.ts), with a confidence level and its reason
 * (confidence.ts) and an English gloss (gloss.ts). Pure; memoised per lexeme and per stem.
 */
import { splitSurface } from "./align";
import { cellKey, cellLabel, cellsOf, isAllowed, verbClassOf, type Cell, type Order, type Person, type VerbClass } from "./cells";
import { confidenceOf, type Confidence } from "./confidence";
import { glossFor } from "./gloss";
import { encode, surfaceForms } from "./phonology";
import { stemFor, type Stem } from "./stems";
import { siteSpelling } from "./syncope";
import { VAI, VII, VTA, VTI, type Table } from "./tables";

export type { Confidence } from "./confidence";
export type LexemeInput = { id?: number; name: string; pos: string; stem?: string | null; gloss: string };
export type Inflection = {
  prefix: string | null; root: string; suffix: string | null; form: string; variants: string[]; gloss: string;
  confidence: Confidence;
  /** Why the form has that confidence, in plain English. */
  confidenceNote: string;
  subjectPronoun: string;
};

/** Independent pronouns as the dictionary gives them (demo lexicon pr-an entries). */
const PRONOUNS: Partial<Record<Person, string>> = {
  "1s": "niin", "2s": "giin", "3s": "wiin", "3'": "wiin", "1p": "niinwi", "21": "giinwi", "2p": "giinwaa", "3p": "wiinwaa",
};

export const TABLES: Record<VerbClass, Table> = { vai: VAI, vii: VII, vti: VTI, vta: VTA };

/** Encoded endings per class and cell key (alternatives split). */
const ENDINGS = new Map<Table, Map<string, string[]>>();
export function endingsOf(table: Table, key: string): string[] | undefined {
  let map = ENDINGS.get(table);
  if (!map) {
    map = new Map(Object.entries(table).map(([k, v]) => [k, v.split("|").map(encode)]));
    ENDINGS.set(table, map);
  }
  return map.get(key);
}

export function stemOf(lexeme: LexemeInput, cls: VerbClass): Stem {
  return stemFor(cls, lexeme.name, lexeme.stem);
}

// ── prefixes ──
export type Prefix = "n" | "g" | "o" | null;
export const PREFIX_TEXT: Record<string, string> = { n: "ni", g: "gi", o: "o" };

export function prefixOf(cls: VerbClass, cell: Cell): Prefix {
  if (cell.order !== "ind" && cell.order !== "ind-neg") return null;
  const people = [cell.subject, cell.object];
  if (people.some((p) => p === "2s" || p === "2p" || p === "21")) return "g";
  if (people.some((p) => p === "1s" || p === "1p")) return "n";
  if (cls === "vti" && (cell.subject === "3s" || cell.subject === "3p")) return "o";
  if (cls === "vta" && cell.subject !== "x") return "o";
  return null;
}

/** The site's spelling: glottal ', and n' before g/k at the start of a stem that lost its vowel (n'gaabdoon). */
export function site(form: string, stem: Stem, prefix: Prefix): string {
  const s = siteSpelling(form);
  return !prefix && /^n[aioàìò][gk]/.test(stem.text) && /^n[gk]/.test(s) ? `n'${s.slice(1)}` : s;
}

type CellForms = {
  forms: string[]; variants: string[]; split: [string, string, string] | null;
  level: { confidence: Confidence; note: string } | null;
};

/** Forms per stem and cell, for the most recently used stems (stems.ts memoises stem objects, so they are shared). */
const STEM_CACHE = 200;
const byStem = new Map<Stem, Map<string, CellForms | null>>();

function cellMapOf(stem: Stem): Map<string, CellForms | null> {
  let map = byStem.get(stem);
  if (!map) {
    if (byStem.size >= STEM_CACHE) byStem.delete(byStem.keys().next().value!);
    byStem.set(stem, (map = new Map()));
  }
  return map;
}

/** Site-spelled forms of a cell, primary first, and the primary form's prefix/root/suffix; memoised per stem. */
function cellForms(cls: VerbClass, stem: Stem, cell: Cell): CellForms | null {
  const key = cellKey(cell);
  const map = cellMapOf(stem);
  let entry = map.get(key);
  if (entry === undefined) {
    entry = null;
    const endings = endingsOf(TABLES[cls], key);
    if (endings && stem.text) {
      const prefix = prefixOf(cls, cell);
      const forms: string[] = [];
      for (const ending of endings) {
        for (const f of surfaceForms(prefix ? PREFIX_TEXT[prefix]! : "", stem.text, ending)) {
          const s = site(f, stem, prefix);
          if (!forms.includes(s)) forms.push(s);
        }
      }
      entry = forms.length ? { forms, variants: forms.slice(1), split: null, level: null } : null;
    }
    map.set(key, entry);
  }
  return entry;
}

/** Prefix, root and suffix of a cell's primary form. */
function splitOf(cls: VerbClass, stem: Stem, cell: Cell, key: string, form: string): [string, string, string] {
  const prefix = prefixOf(cls, cell);
  const ending = endingsOf(TABLES[cls], key)![0]!.replace(/>/g, "");
  return splitSurface(prefix ? PREFIX_TEXT[prefix]! : "", stem.text, ending, form);
}

/** Site-spelled forms of a cell, primary first. */
export function siteForms(cls: VerbClass, stem: Stem, cell: Cell): string[] | null {
  return cellForms(cls, stem, cell)?.forms ?? null;
}

/** Memo: lexeme (name, pos, stem, gloss) → cell key → inflection, for the 64 most recent lexemes (forms are memoised per stem). */
const cache = new Map<string, Map<string, Inflection | null>>();

function cellsCacheOf(lexeme: LexemeInput): Map<string, Inflection | null> {
  const key = `${lexeme.name}\u0000${lexeme.pos}\u0000${lexeme.stem ?? ""}\u0000${lexeme.gloss}`;
  let cells = cache.get(key);
  if (!cells) {
    if (cache.size >= 64) cache.clear();
    cache.set(key, (cells = new Map()));
  }
  return cells;
}

export function inflect(lexeme: LexemeInput, cell: Cell): Inflection | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls || !isAllowed(cls, cell)) return null;
  return inflectIn(cellsCacheOf(lexeme), lexeme, cls, stemOf(lexeme, cls), cell);
}

/** Glosses by dictionary gloss, class and cell key (the same gloss recurs across verbs and paradigm calls). */
const glosses = new Map<string, string>();
function glossOf(gloss: string, cls: VerbClass, cell: Cell, key: string): string {
  const id = `${gloss}\u0000${cls}\u0000${key}`;
  let g = glosses.get(id);
  if (g === undefined) {
    if (glosses.size >= 20_000) glosses.clear();
    glosses.set(id, (g = glossFor(gloss, cls, cell)));
  }
  return g;
}

function inflectIn(memo: Map<string, Inflection | null>, lexeme: LexemeInput, cls: VerbClass, stem: Stem, cell: Cell): Inflection | null {
  const key = cellKey(cell);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const entry = cellForms(cls, stem, cell);
  let result: Inflection | null = null;
  if (entry) {
    entry.level ??= confidenceOf(cls, stem, key, cell);
    const { confidence, note } = entry.level;
    entry.split ??= splitOf(cls, stem, cell, key, entry.forms[0]!);
    const [p, r, sfx] = entry.split;
    result = {
      prefix: p || null, root: r, suffix: sfx || null,
      form: entry.forms[0]!, variants: entry.variants,
      gloss: glossOf(lexeme.gloss, cls, cell, key), confidence, confidenceNote: note, subjectPronoun: PRONOUNS[cell.subject] ?? "",
    };
  }
  memo.set(key, result);
  return result;
}

export function paradigm(lexeme: LexemeInput, order: Order): Array<{ cell: Cell; label: string; inflection: Inflection | null }> {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return [];
  const memo = cellsCacheOf(lexeme);
  const stem = stemOf(lexeme, cls);
  return cellsOf(cls, order).map((cell) => ({ cell, label: cellLabel(cell), inflection: inflectIn(memo, lexeme, cls, stem, cell) }));
}

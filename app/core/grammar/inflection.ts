/**
 * Inflection: the forms of a verb in a cell, built from its underlying stem (stems.ts), the underlying endings
 * (tables.ts) and the ordered rules (phonology.ts, syncope.ts), with a confidence level and its reason
 * (confidence.ts) and an English gloss (gloss.ts). Pure; memoised per lexeme and per stem.
 */
import { splitSurface } from "./align";
import { cellKey, cellLabel, cellsOf, isAllowed, verbClassOf, type Cell, type Order, type Person, type VerbClass } from "./cells";
import { confidenceOf, type Confidence } from "./confidence";
import { glossFor } from "./gloss";
import { encode, siteSurfaceForms } from "./phonology";
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

/**
 * A cell's forms for a stem (shared by the cells with the same person prefix and single ending), and the primary
 * form's prefix/root/suffix once worked out (`root` undefined until then).
 */
type CellForms = { forms: string[]; variants: string[]; prefix: string | null; root: string | undefined; suffix: string | null };
/** The variants of a form that has none (shared, never changed). */
const NO_VARIANTS: string[] = Object.freeze([]) as unknown as string[];

/**
 * A class's cells worked out once (not per call): key, label, person prefix, encoded endings, the ending without
 * boundaries (for the prefix/root/suffix split), the subject's pronoun, and the cell's index in the class.
 */
type Plan = {
  cell: Cell; key: string; label: string; ci: number; prefix: Prefix; prefixText: string;
  endings: string[] | undefined; bare: string; pronoun: string;
  /** Per ending: the index of its person prefix + ending in the class, under which a stem's forms are kept. */
  ids: number[];
};
type ClassPlans = { all: Plan[]; byOrder: Map<Order, Plan[]>; byKey: Map<string, Plan> };
const PLANS = new Map<VerbClass, ClassPlans>();

function plansOf(cls: VerbClass): ClassPlans {
  let plans = PLANS.get(cls);
  if (!plans) {
    const ids = new Map<string, number>();
    const idOf = (id: string) => {
      let ix = ids.get(id);
      if (ix === undefined) ids.set(id, (ix = ids.size));
      return ix;
    };
    const all = cellsOf(cls).map((cell, ci): Plan => {
      const key = cellKey(cell);
      const prefix = prefixOf(cls, cell);
      const endings = endingsOf(TABLES[cls], key);
      return {
        cell, key, label: cellLabel(cell), ci, prefix, prefixText: prefix ? PREFIX_TEXT[prefix]! : "",
        endings, bare: endings?.[0]?.replace(/>/g, "") ?? "", pronoun: PRONOUNS[cell.subject] ?? "",
        ids: (endings ?? []).map((ending) => idOf(`${prefix ? PREFIX_TEXT[prefix]! : ""}<${ending}`)),
      };
    });
    const byOrder = new Map<Order, Plan[]>();
    for (const p of all) {
      const list = byOrder.get(p.cell.order);
      if (list) list.push(p);
      else byOrder.set(p.cell.order, [p]);
    }
    PLANS.set(cls, (plans = { all, byOrder, byKey: new Map(all.map((p) => [p.key, p])) }));
  }
  return plans;
}

/**
 * Forms per stem, for the most recently used stems (stems.ts memoises stem objects, so they are shared): per cell
 * index, and per person prefix + ending (cells that share both share the forms); and the confidence levels of the
 * stem's class, shape and problem, by cell index (shared by every stem alike).
 */
type Level = { confidence: Confidence; note: string };
type StemForms = { cells: Array<CellForms | null | undefined>; byId: Array<CellForms | null | undefined>; levels: Array<Level | undefined> | undefined };
const LEVELS = new Map<string, Array<Level | undefined>>();

function levelsOf(sf: StemForms, cls: VerbClass, stem: Stem): Array<Level | undefined> {
  let levels = sf.levels;
  if (!levels) {
    const id = `${cls}\u0000${stem.shape}\u0000${stem.problem ?? ""}`;
    levels = LEVELS.get(id);
    if (!levels) {
      if (LEVELS.size >= 2_000) LEVELS.clear();
      LEVELS.set(id, (levels = []));
    }
    sf.levels = levels;
  }
  return levels;
}
const STEM_CACHE = 200;
const byStem = new Map<Stem, StemForms>();

function stemFormsOf(stem: Stem): StemForms {
  let entry = byStem.get(stem);
  if (!entry) {
    if (byStem.size >= STEM_CACHE) byStem.delete(byStem.keys().next().value!);
    byStem.set(stem, (entry = { cells: [], byId: [], levels: undefined }));
  }
  return entry;
}

/** Site-spelled forms of a cell, primary first, and the primary form's prefix/root/suffix; memoised per stem. */
function cellForms(sf: StemForms, stem: Stem, plan: Plan): CellForms | null {
  let entry = sf.cells[plan.ci];
  if (entry === undefined) {
    entry = null;
    if (plan.endings && stem.text) {
      if (plan.ids.length === 1) entry = idForms(sf, stem, plan, 0);
      else {
        const forms: string[] = [];
        for (let k = 0; k < plan.ids.length; k++) for (const s of idForms(sf, stem, plan, k)?.forms ?? []) if (!forms.includes(s)) forms.push(s);
        if (forms.length) entry = { forms, variants: forms.length > 1 ? forms.slice(1) : NO_VARIANTS, prefix: null, root: undefined, suffix: null };
      }
    }
    sf.cells[plan.ci] = entry;
  }
  return entry;
}

/** The forms of a stem with a cell's person prefix and its k-th ending (shared by the cells with both). */
function idForms(sf: StemForms, stem: Stem, plan: Plan, k: number): CellForms | null {
  const ix = plan.ids[k]!;
  let entry = sf.byId[ix];
  if (entry === undefined) {
    const forms = siteSurfaceForms(plan.prefixText, stem.text, plan.endings![k]!);
    sf.byId[ix] = entry = forms.length ? { forms, variants: forms.length > 1 ? forms.slice(1) : NO_VARIANTS, prefix: null, root: undefined, suffix: null } : null;
  }
  return entry;
}

/** Site-spelled forms of a cell, primary first. */
export function siteForms(cls: VerbClass, stem: Stem, cell: Cell): string[] | null {
  const plan = plansOf(cls).byKey.get(cellKey(cell));
  return plan ? (cellForms(stemFormsOf(stem), stem, plan)?.forms ?? null) : null;
}

/** Memo: lexeme (name, pos, stem, gloss) → cell index → inflection, for the 64 most recent lexemes (forms are memoised per stem). */
const cache = new Map<string, Array<Inflection | null | undefined>>();

function cellsCacheOf(lexeme: LexemeInput): Array<Inflection | null | undefined> {
  const key = `${lexeme.name}\u0000${lexeme.pos}\u0000${lexeme.stem ?? ""}\u0000${lexeme.gloss}`;
  let cells = cache.get(key);
  if (!cells) {
    if (cache.size >= 64) cache.clear();
    cache.set(key, (cells = []));
  }
  return cells;
}

export function inflect(lexeme: LexemeInput, cell: Cell): Inflection | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls || !isAllowed(cls, cell)) return null;
  const plan = plansOf(cls).byKey.get(cellKey(cell));
  if (!plan) return null;
  return inflectIn(cellsCacheOf(lexeme), lexeme, cls, stemOf(lexeme, cls), plan, glossesOf(lexeme.gloss, cls));
}

/** Glosses by dictionary gloss and class, per cell index (the same gloss recurs across verbs and paradigm calls). */
const glosses = new Map<string, Array<string | undefined>>();
function glossesOf(gloss: string, cls: VerbClass): Array<string | undefined> {
  const id = `${cls}\u0000${gloss}`;
  let list = glosses.get(id);
  if (!list) {
    if (glosses.size >= 2_000) glosses.clear();
    glosses.set(id, (list = []));
  }
  return list;
}

function inflectIn(
  memo: Array<Inflection | null | undefined>, lexeme: LexemeInput, cls: VerbClass, stem: Stem, plan: Plan, glossList: Array<string | undefined>,
): Inflection | null {
  const hit = memo[plan.ci];
  if (hit !== undefined) return hit;
  const sf = stemFormsOf(stem);
  const entry = cellForms(sf, stem, plan);
  let result: Inflection | null = null;
  if (entry) {
    const levels = levelsOf(sf, cls, stem);
    const { confidence, note } = (levels[plan.ci] ??= confidenceOf(cls, stem, plan.key, plan.cell));
    if (entry.root === undefined) {
      const [p, r, sfx] = splitSurface(plan.prefixText, stem.text, plan.bare, entry.forms[0]!);
      entry.prefix = p || null;
      entry.root = r;
      entry.suffix = sfx || null;
    }
    let gloss = glossList[plan.ci];
    if (gloss === undefined) glossList[plan.ci] = gloss = glossFor(lexeme.gloss, cls, plan.cell);
    result = {
      prefix: entry.prefix, root: entry.root, suffix: entry.suffix,
      form: entry.forms[0]!, variants: entry.variants,
      gloss, confidence, confidenceNote: note, subjectPronoun: plan.pronoun,
    };
  }
  memo[plan.ci] = result;
  return result;
}

export function paradigm(lexeme: LexemeInput, order: Order): Array<{ cell: Cell; label: string; inflection: Inflection | null }> {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return [];
  const memo = cellsCacheOf(lexeme);
  const stem = stemOf(lexeme, cls);
  const glossList = glossesOf(lexeme.gloss, cls);
  return (plansOf(cls).byOrder.get(order) ?? []).map((plan) => ({
    cell: { ...plan.cell }, label: plan.label, inflection: inflectIn(memo, lexeme, cls, stem, plan, glossList),
  }));
}

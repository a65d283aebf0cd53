/**
 * Inflection: the forms of a verb in a cell, built from its underlying stem (stems.ts), the underlying endings
 * (tables.ts) and the ordered rules (phonology.ts, syncope.ts), with a confidence level and its reason
 * (confidence.ts) and an English gloss (gloss.ts). Pure; the forms are kept per stem in the caller's memo (memo.ts).
 * long-file: the class plans, the per-stem forms memo (StemForms) and the lemma check share private state that a
 * split would have to export.
 */
import { cellKey, cellLabel, cellsOf, isAllowed, isWholeVerbCell, verbClassOf, type Cell, type Order, type Person, type VerbClass } from "./cells";
import { confidenceOf, type Level } from "./confidence";
import { glossFor } from "./gloss";
import { newGrammarMemo, type GrammarMemo, type MemoMap } from "./memo";
import { prefixOf, PREFIX_TEXT, type Prefix } from "./prefix";
import { inflectWhole } from "./whole-inflection";
import { newWholePlans, newWholeStem, type WholePlans, type WholeStem } from "./whole-plan";
import { encode, formSplit, siteSurfaceForms } from "./phonology";
import { followsHeadword, looseSpellingKey } from "./spelling";
import { stemFor, type Stem } from "./stems";
import { siteSpelling } from "./syncope";
import { VAI, VAIO, VII, VTA, VTI, type Table } from "./tables";

export type { Confidence } from "./confidence";
export type { Inflection, LexemeInput } from "./inflection-types";
import type { Inflection, LexemeInput } from "./inflection-types";

/** Independent pronouns as the dictionary gives them (demo lexicon pr-an entries). */
const PRONOUNS: Partial<Record<Person, string>> = {
  "1s": "niin",
  "2s": "giin",
  "3s": "wiin",
  "3'": "wiin",
  "1p": "niinwi",
  "21": "giinwi",
  "2p": "giinwaa",
  "3p": "wiinwaa",
};

export const TABLES: Record<VerbClass, Table> = { vai: VAI, vii: VII, vti: VTI, vta: VTA, vaio: VAIO };

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

export function stemOf(lexeme: LexemeInput, cls: VerbClass, memo?: GrammarMemo): Stem {
  return stemFor(cls, lexeme.name, lexeme.stem, memo);
}

// ── prefixes (prefix.ts) ──
export { prefixOf, PREFIX_TEXT, type Prefix } from "./prefix";
/** The site's spelling: glottal ', and n' before g/k at the start of a stem that lost its vowel (n'gaabdoon). */
export function site(form: string, stem: Stem, prefix: Prefix): string {
  const s = siteSpelling(form);
  return !prefix && /^n[aioàìò][gk]/.test(stem.text) && /^n[gk]/.test(s) ? `n'${s.slice(1)}` : s;
}

/**
 * A cell's forms for a stem, site-spelled, primary first: the form itself when there is one (most cells), an array
 * of exact size when there are variants, null when the cell has none. Few objects per stem: a service's memo keeps
 * the forms of its 4 most recent stems, and every object kept is one the garbage collector walks again.
 */
type Forms = string | string[] | null;

function formsOf(list: string[]): Forms {
  return list.length === 0 ? null : list.length === 1 ? list[0]! : list;
}
function listOf(forms: Forms): string[] | null {
  return forms === null ? null : typeof forms === "string" ? [forms] : forms;
}
const primaryOf = (forms: string | string[]): string => (typeof forms === "string" ? forms : forms[0]!);
/** The variants of a form that has none (shared, never changed). */
const NO_VARIANTS: string[] = Object.freeze([]) as unknown as string[];

/**
 * A class's cells worked out once (not per call): key, label, person prefix, encoded endings, the ending without
 * boundaries (for the prefix/root/suffix split), the subject's pronoun, and the cell's index in the class.
 */
type Plan = {
  cell: Cell;
  key: string;
  label: string;
  ci: number;
  prefix: Prefix;
  prefixText: string;
  endings: string[] | undefined;
  bare: string;
  pronoun: string;
  /** Per ending: the index of its person prefix + ending in the class, under which a stem's forms are kept. */
  ids: number[];
};
/** `whole`: the whole verb's cells, planned at first use (whole-plan.ts). Depends only on the code: a constant. */
type ClassPlans = { all: Plan[]; byOrder: Map<Order, Plan[]>; byKey: Map<string, Plan>; idCount: number; whole: WholePlans };
/** The last lexeme whose stem was looked up, and its stem (a paradigm asks for one lexeme's cells in turn). */
type LastStem = { lexeme: LexemeInput; name: string; raw: string | null | undefined; stem: Stem };
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
        cell,
        key,
        label: cellLabel(cell),
        ci,
        prefix,
        prefixText: prefix ? PREFIX_TEXT[prefix]! : "",
        endings,
        bare: endings?.[0]?.replace(/>/g, "") ?? "",
        pronoun: PRONOUNS[cell.subject] ?? "",
        ids: (endings ?? []).map((ending) => idOf(`${prefix ? PREFIX_TEXT[prefix]! : ""}<${ending}`)),
      };
    });
    const byOrder = new Map<Order, Plan[]>();
    for (const p of all) {
      const list = byOrder.get(p.cell.order);
      if (list) list.push(p);
      else byOrder.set(p.cell.order, [p]);
    }
    PLANS.set(cls, (plans = { all, byOrder, byKey: new Map(all.map((p) => [p.key, p])), idCount: ids.size, whole: newWholePlans() }));
  }
  return plans;
}

/**
 * Forms per stem, for the most recently used stems (the memo shares stem objects, stems.ts): per person
 * prefix + ending (cells that share both share the forms), per cell for the cells with several endings, the primary
 * form's prefix/root cuts per cell (cut1 × 65536 + cut2, -1 until worked out); and the confidence levels of the stem's
 * class, shape and problem, by cell index (shared by every stem alike).
 */
type StemForms = {
  byId: Array<Forms | undefined>;
  cells: Array<Forms | undefined> | undefined;
  cuts: Int32Array | undefined;
  levels: Array<Level | undefined> | undefined;
  /** The last lemma checked against the stem's forms, and the result (lemmaCheck). */
  lemma: string | undefined;
  check: LemmaCheck | null;
  /** The whole verb's forms of this stem by slot (whole-plan.ts), and the last lemma's followsHeadword. */
  whole?: WholeStem;
  keepFor?: string;
  keep?: ((form: string) => string) | null;
};
declare module "./memo" {
  interface GrammarMemo {
    /** Class + stem shape + problem → confidence level by cell index. */
    readonly cellLevels: MemoMap<string, Array<Level | undefined>>;
    /** A stem's forms, cuts and lemma check, for the few most recent stems. */
    readonly stemForms: MemoMap<Stem, StemForms>;
    /** The stem whose forms were asked for last, and its entry (a paradigm asks for one stem's cells in turn). */
    readonly lastForms: { stem: Stem | undefined; sf: StemForms | undefined };
    /** Per class, the last lexeme whose stem was looked up. */
    readonly lastStem: Partial<Record<VerbClass, LastStem>>;
    /** The glosses of the last gloss and class, by cell index. */
    glosses: { id: string; list: Array<string | undefined> };
  }
}

function levelsOf(sf: StemForms, cls: VerbClass, stem: Stem, memo: GrammarMemo): Array<Level | undefined> {
  let levels = sf.levels;
  if (!levels) {
    const id = `${cls}\u0000${stem.shape}\u0000${stem.problem ?? ""}`;
    levels = memo.cellLevels.get(id);
    if (!levels) memo.cellLevels.set(id, (levels = []));
    sf.levels = levels;
  }
  return levels;
}
/**
 * Stems whose forms are kept (`stemForms` in the memo, bounded by the service). Small on purpose: a new stem's form strings that are still held when the young
 * generation is next collected are copied (and soon promoted), so a large keep made every scavenge copy the forms of
 * many stems for nothing; with a few kept, most die young (ADR 005c, tried and not kept; figures in bench/README.md).
 * A request uses one or a few stems (all six orders of /conj share one; /paradigms renders its sample verbs one after
 * the other), and the analyser keeps its own per-stem keys (analysis.ts), so the hit rate that matters is unchanged.
 */
function stemFormsOf(stem: Stem, plans: ClassPlans, memo: GrammarMemo): StemForms {
  if (memo.lastForms.stem === stem) return memo.lastForms.sf!;
  let entry = memo.stemForms.get(stem);
  if (!entry) {
    memo.stemForms.set(
      stem,
      (entry = {
        byId: new Array<Forms | undefined>(plans.idCount).fill(undefined),
        cells: undefined,
        cuts: undefined,
        levels: undefined,
        lemma: undefined,
        check: null,
      }),
    );
  }
  memo.lastForms.stem = stem;
  memo.lastForms.sf = entry;
  return entry;
}

/** Site-spelled forms of a cell, primary first; kept per stem in the memo. */
function cellForms(sf: StemForms, stem: Stem, plan: Plan, cellCount: number, memo: GrammarMemo): Forms {
  if (!plan.endings || !stem.text) return null;
  if (plan.ids.length === 1) return idForms(sf, stem, plan, 0, memo);
  const cells = (sf.cells ??= new Array<Forms | undefined>(cellCount).fill(undefined));
  let entry = cells[plan.ci];
  if (entry === undefined) {
    const forms: string[] = [];
    for (let k = 0; k < plan.ids.length; k++) for (const s of listOf(idForms(sf, stem, plan, k, memo)) ?? []) if (!forms.includes(s)) forms.push(s);
    cells[plan.ci] = entry = formsOf(forms);
  }
  return entry;
}

/** The forms of a stem with a cell's person prefix and its k-th ending (shared by the cells with both). */
function idForms(sf: StemForms, stem: Stem, plan: Plan, k: number, memo: GrammarMemo): Forms {
  const ix = plan.ids[k]!;
  let entry = sf.byId[ix];
  if (entry === undefined) sf.byId[ix] = entry = formsOf(siteSurfaceForms(plan.prefixText, stem.text, plan.endings![k]!, memo));
  return entry;
}

/** Site-spelled forms of a cell, primary first. */
export function siteForms(cls: VerbClass, stem: Stem, cell: Cell, memo: GrammarMemo = newGrammarMemo()): string[] | null {
  const plans = plansOf(cls);
  const plan = plans.byKey.get(cellKey(cell));
  return plan ? listOf(cellForms(stemFormsOf(stem, plans, memo), stem, plan, plans.all.length, memo)) : null;
}

/** A cell's inflection; `memo` keeps what is worked out for the next calls (without one, everything is afresh). */
export function inflect(lexeme: LexemeInput, cell: Cell, memo: GrammarMemo = newGrammarMemo()): Inflection | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return null;
  const plans = plansOf(cls);
  if (isWholeVerbCell(cell) || !isAllowed(cls, cell)) {
    // The same lexeme object as the last call, its fields unchanged: the same stem.
    const last = memo.lastStem[cls];
    let stem: Stem;
    if (last && last.lexeme === lexeme && last.name === lexeme.name && last.raw === lexeme.stem) stem = last.stem;
    else memo.lastStem[cls] = { lexeme, name: lexeme.name, raw: lexeme.stem, stem: (stem = stemOf(lexeme, cls, memo)) };
    const sf = stemFormsOf(stem, plans, memo);
    if (sf.keepFor !== lexeme.name) {
      sf.keepFor = lexeme.name;
      sf.keep = followsHeadword(lexeme.name);
    }
    const out = inflectWhole(lexeme, cls, cell, stem, plans.whole, (sf.whole ??= newWholeStem()), sf.keep ?? null, memo);
    // The lemma check, as for today's cells: a verb whose lemma the rules spell otherwise is not high anywhere.
    const check = out && lemmaCheck(lexeme, cls, stem, sf, plans, memo);
    if (!out || !check) return out;
    if (out.confidence === "low" || out.confidence === "unconfirmed") return out;
    // The lowered level per level's note, kept with the check (a paradigm's cells share a few levels).
    const byNote = (check.byNote ??= new Map());
    let level = byNote.get(out.confidenceNote);
    if (!level) byNote.set(out.confidenceNote, (level = lowered({ confidence: out.confidence, note: out.confidenceNote }, check)));
    out.confidence = level.confidence; // out is this call's own object
    out.confidenceNote = level.note;
    return out;
  }
  const plan = plans.byKey.get(cellKey(cell));
  if (!plan) return null;
  const stem = stemOf(lexeme, cls, memo);
  const sf = stemFormsOf(stem, plans, memo);
  return inflectIn(sf, plans.all.length, lexeme, cls, stem, plan, glossesOf(lexeme.gloss, cls, memo), lemmaCheck(lexeme, cls, stem, sf, plans, memo), memo);
}

/**
 * The cell whose form the dictionary gives as the lemma, per class (read off the development paradigms: the lemma is
 * that cell's form): VAI 3s, VII 0s and VTA x→3s independent; VTI 3s→0 independent without its person prefix o-.
 */
const CITATION: Record<VerbClass, string> = { vai: "ind 3s", vii: "ind 0s", vta: "ind x>3s", vti: "ind 3s>0s", vaio: "ind 3s>0s" };

/** A verb whose lemma the rules spell otherwise: why its forms are not high, and the level of its high cells. */
type LemmaCheck = { why: string; high: Level; byNote?: Map<string, Level> };

/**
 * The lemma check of a verb (null: the rules give its lemma, or there is nothing to check), kept with the stem's forms
 * for the last lemma asked (a page asks for one verb's cells; nothing is kept per verb beyond the stem cache).
 */
function lemmaCheck(lexeme: LexemeInput, cls: VerbClass, stem: Stem, sf: StemForms, plans: ClassPlans, memo: GrammarMemo): LemmaCheck | null {
  // A stem that is the lemma itself, or one already flagged faulty (low), has nothing to check here.
  if (stem.locked || stem.problem) return null;
  if (sf.lemma === lexeme.name) return sf.check;
  const plan = plans.byKey.get(CITATION[cls])!;
  // VAI, VII and VTA: the cell itself (no person prefix; its forms are kept with the stem's). VTI: without its o-.
  const forms =
    plan.prefix === null
      ? (listOf(cellForms(sf, stem, plan, plans.all.length, memo)) ?? [])
      : (plan.endings ?? []).flatMap((ending) => siteSurfaceForms("", stem.text, ending, memo));
  // The dictionary's spelling conventions (apostrophes, hyphens, final devoicing, glottal h) are not differences.
  const lemma = looseSpellingKey(lexeme.name);
  let check: LemmaCheck | null = null;
  if (forms.length > 0 && !forms.some((f) => looseSpellingKey(f) === lemma)) {
    const why = `the rules give "${forms[0]}" where the dictionary writes the lemma "${lexeme.name}", so this verb may not follow them in every form.`;
    check = { why, high: { confidence: "medium", note: `Medium: ${why}` } };
  }
  sf.lemma = lexeme.name;
  sf.check = check;
  return check;
}

/** A cell's level for a verb whose lemma the rules spell otherwise: high becomes medium, with the reason (low stays low). */
function lowered(level: Level, check: LemmaCheck): Level {
  if (level.confidence === "high") return check.high;
  return level.confidence === "medium" ? { confidence: "medium", note: `${level.note} Also, ${check.why}` } : level;
}

/**
 * The glosses of the last gloss and class used, per cell index, in the memo (a page's paradigm or forms are one
 * verb's). Only the
 * last: glossFor is cheap, and a list kept longer is promoted by the garbage collector, after which each gloss
 * stored into it costs the collector too (a new gloss per paradigm ran at ~0.06–0.08 ms per paradigm with one kept,
 * 0.09–0.15 ms with 4–32).
 */
function glossesOf(gloss: string, cls: VerbClass, memo: GrammarMemo): Array<string | undefined> {
  const id = `${cls}\u0000${gloss}`;
  if (id !== memo.glosses.id) memo.glosses = { id, list: [] };
  return memo.glosses.list;
}

/** A fresh Inflection per call (nothing per lexeme is kept: the stem's forms, the cuts and the glosses are). */
function inflectIn(
  sf: StemForms,
  cellCount: number,
  lexeme: LexemeInput,
  cls: VerbClass,
  stem: Stem,
  plan: Plan,
  glossList: Array<string | undefined>,
  check: LemmaCheck | null,
  memo: GrammarMemo,
): Inflection | null {
  const forms = cellForms(sf, stem, plan, cellCount, memo);
  if (forms === null) return null;
  const form = primaryOf(forms);
  const levels = levelsOf(sf, cls, stem, memo);
  const level = (levels[plan.ci] ??= confidenceOf(cls, stem, plan.key, plan.cell, memo));
  const { confidence, note } = check === null ? level : lowered(level, check);
  const cuts = (sf.cuts ??= new Int32Array(cellCount).fill(-1));
  let cut = cuts[plan.ci]!;
  if (cut < 0) cuts[plan.ci] = cut = formSplit(plan.prefixText, stem.text, plan.endings![0]!, plan.bare, form, memo);
  const cut1 = cut >>> 16;
  const cut2 = cut & 0xffff;
  let gloss = glossList[plan.ci];
  if (gloss === undefined) glossList[plan.ci] = gloss = glossFor(lexeme.gloss, cls, plan.cell, memo);
  const keep = followsHeadword(lexeme.name);
  const out: Inflection = {
    prefix: cut1 ? form.slice(0, cut1) : null,
    root: form.slice(cut1, cut2),
    suffix: cut2 < form.length ? form.slice(cut2) : null,
    form,
    variants: typeof forms === "string" ? NO_VARIANTS : forms.slice(1),
    gloss,
    confidence,
    confidenceNote: note,
    subjectPronoun: plan.pronoun,
  };
  return keep && /n'[gk]/.test(form + out.variants.join()) ? { ...out, root: keep(out.root), form: keep(form), variants: out.variants.map(keep) } : out;
}

export function paradigm(
  lexeme: LexemeInput,
  order: Order,
  memo: GrammarMemo = newGrammarMemo(),
): Array<{ cell: Cell; label: string; inflection: Inflection | null }> {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return [];
  const plans = plansOf(cls);
  const stem = stemOf(lexeme, cls, memo);
  const sf = stemFormsOf(stem, plans, memo);
  const glossList = glossesOf(lexeme.gloss, cls, memo);
  const check = lemmaCheck(lexeme, cls, stem, sf, plans, memo);
  const cellCount = plans.all.length;
  return (plans.byOrder.get(order) ?? []).map((plan) => ({
    cell:
      plan.cell.object === undefined
        ? { order: plan.cell.order, subject: plan.cell.subject }
        : { order: plan.cell.order, subject: plan.cell.subject, object: plan.cell.object },
    label: plan.label,
    inflection: inflectIn(sf, cellCount, lexeme, cls, stem, plan, glossList, check, memo),
  }));
}

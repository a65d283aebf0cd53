/**
 * Noun inflection: the forms of a noun in a cell, from its underlying stem (noun-tables.ts) through the ordered
 * rules (noun-phonology.ts), with a confidence level and an English gloss (noun-gloss.ts). Pure; memoised per noun.
 * Design and sources: docs/decisions/005a-noun-paradigm-classes.md; scores: docs/decisions/005d-noun-stem-classes-and-pages.md.
 * long-file: the declension, its per-noun memo entry and the ranking of variants share private state that a split
 * would have to export.
 */
import { isDependent, nounCellKey, nounCellProblem, nounCells, nounPosOf, type NounCell, type NounCellOptions, type NounPos } from "./noun-cells";
import { categoryOf, confidenceOf, type Confidence, type NounConfidence } from "./noun-confidence";
import { glossFrame, nounGlosser, type GlossFrame } from "./noun-gloss";
import { piecewiseVariants } from "./noun-join";
import { cellPiecesOf, joinedForm, joinerOf, variedRunOf, type CellPieces, type Joiner, type RankedForms, type RunIds, type SpelledVariant } from "./noun-runs";
import { headwordFacts, resolveNApos, unlock, type HeadwordFacts, type Prefs } from "./noun-headword";
import { siteSpelling, surfaceNoun, type Variant } from "./noun-phonology";
import { newGrammarMemo, type GrammarMemo, type MemoMap } from "./memo";
import { PRENOUNS } from "./noun-prenouns";
import { encodeStem, underlyingOf, type NounShape } from "./noun-tables";

export type { NounConfidence } from "./noun-confidence";

export type NounLexeme = { name: string; pos: string; stem?: string | null; gloss?: string | null };
export type Declension = {
  /** The form to show (site spelling: glottal stop '). */
  form: string;
  /** Other forms the rules allow for the cell (optional rules), site spelling. */
  variants: string[];
  gloss: string;
  confidence: NounConfidence;
  confidenceNote?: string;
  /** The cell, its key and the noun's class and stem shape. */
  cell: NounCell;
  key: string;
  pos: NounPos;
  shape: NounShape;
  /** The underlying word the rules started from (rule alphabet of noun-phonology.ts), for the curious and for tests. */
  underlying: string;
  /**
   * Those of `variants` that only the two optional rules taken from Medler give (w + i → o, w lost before a
   * consonant): show them labelled OPTIONAL_VARIANT_NOTE, never as equals of the form. Absent when there are none.
   */
  optionalVariants?: string[];
  /**
   * Set when `form` itself comes from one of those optional rules because the dictionary's headword does (zhashk, not
   * wzhashk): the noun is spelled as its headword; the form without the rule is then among `variants`.
   */
  headwordOptional?: true;
};

/** The label of an optional (Medler) variant. */
export const OPTIONAL_VARIANT_NOTE = "also heard, in some speakers' speech (an optional rule)";
const usesMedler = (v: Pick<Variant, "use">) => v.use.wiCoal[0] > 0 || v.use.wDel[0] > 0;

export type Prepared = HeadwordFacts & {
  pos: NounPos;
  /** Confidence and note per category of cell (noun-confidence.ts), built when first needed. */
  conf: Array<Confidence | undefined>;
  /** The declensions made, per gloss and cell key (only while the noun is among the last ones declined, see HELD). */
  results: Map<string, Glossed> | null;
  count: number;
};
type Gloss = (cell: NounCell, frame?: GlossFrame) => string;
type Glossed = { gloss: Gloss; cells: Map<string, Declension> };

declare module "./memo" {
  interface GrammarMemo {
    /** Part of speech + lemma + underlying stem → the noun prepared for declension (null: no usable stem). */
    readonly nounPrepared: MemoMap<string, Prepared | null>;
    /** Per lexeme object, with the fields the entry was made for (a lexeme changed in place is prepared again). */
    readonly nounByLexeme: WeakMap<NounLexeme, { pos: string; name: string; stem: string | null | undefined; p: Prepared | null }>;
    /** The nouns whose decline() results are kept, oldest first, how many results they hold, and the newest (HELD). */
    readonly nounHeld: { nouns: Map<Prepared, true>; count: number; newest: Prepared | null };
  }
}

/**
 * Nouns whose decline() results are kept (a cell met again gives the same object: analyseNoun keeps its spelling keys
 * per Declension), oldest first, and how many they hold: at most HELD in all, the last few hundred candidates of
 * analyseNoun, which declines a few cells of each (its repeats are within ~250 nouns). nounParadigm's results are not
 * kept (it reuses those that are): as with the verb engine's STEM_CACHE (inflection.ts), a declension's ~200 objects
 * held in a cache survive young-generation collections (copied, then promoted) for nothing, and a steady run of new
 * declensions got slower (ADR 005a, tried and not kept).
 */
const HELD = 8_000;

function prepare(lexeme: NounLexeme, memo: GrammarMemo): Prepared | null {
  const seen = memo.nounByLexeme.get(lexeme);
  if (seen && seen.pos === lexeme.pos && seen.name === lexeme.name && seen.stem === lexeme.stem) return seen.p;
  const p = prepareById(lexeme, memo);
  memo.nounByLexeme.set(lexeme, { pos: lexeme.pos, name: lexeme.name, stem: lexeme.stem, p });
  return p;
}

function prepareById(lexeme: NounLexeme, memo: GrammarMemo): Prepared | null {
  const id = `${lexeme.pos}\u0000${lexeme.name}\u0000${lexeme.stem ?? ""}`;
  const known = memo.nounPrepared.get(id);
  if (known !== undefined || memo.nounPrepared.has(id)) return known ?? null;
  const pos = nounPosOf(lexeme.pos);
  let out: Prepared | null = null;
  const raw = lexeme.stem?.trim();
  if (pos && (raw || !isDependent(pos))) out = { pos, ...headwordFacts(pos, lexeme.name, raw), conf: [], results: null, count: 0 };
  memo.nounPrepared.set(id, out);
  return out;
}

function cost(v: Pick<Variant, "use">, prefs: Prefs): number {
  const u = v.use;
  return (
    (prefs.initV ? u.initV[1] - u.initV[0] : u.initV[0]) +
    (prefs.wiCoal ? u.wiCoal[1] - u.wiCoal[0] : u.wiCoal[0]) +
    (prefs.n2del ? u.n2del[1] - u.n2del[0] : u.n2del[0]) +
    (prefs.wDel ? u.wDel[1] - u.wDel[0] : u.wDel[0])
  );
}

/** The declensions kept for a noun and gloss. */
function glossed(p: Prepared, gloss: string): Glossed {
  if (!p.results) p.results = new Map();
  let g = p.results.get(gloss);
  if (!g) p.results.set(gloss, (g = { gloss: nounGlosser(gloss, p.pos), cells: new Map() }));
  return g;
}
function hold(p: Prepared, { nounHeld: kept }: GrammarMemo): void {
  p.count++;
  if (kept.newest !== p) {
    kept.nouns.delete(p);
    kept.nouns.set(p, true);
    kept.newest = p;
  }
  if (++kept.count <= HELD) return;
  for (const old of kept.nouns.keys()) {
    if (kept.count <= HELD || old === p) break;
    kept.nouns.delete(old);
    kept.count -= old.count;
    old.count = 0;
    old.results = null;
  }
}

/**
 * The form of a noun in a cell, or null when the cell does not exist for the noun's class (obviative inanimates,
 * unpossessed dependent nouns, a singular/plural animate possessed by a 3rd person) or the noun has no usable stem.
 */
export function decline(lexeme: NounLexeme, cell: NounCell, memo: GrammarMemo = newGrammarMemo()): Declension | null {
  const p = prepare(lexeme, memo);
  if (!p || nounCellProblem(p.pos, cell)) return null;
  const g = glossed(p, lexeme.gloss ?? "");
  const key = nounCellKey(cell);
  const hit = g.cells.get(key);
  if (hit !== undefined) return hit;
  const result = declined(p, g.gloss, cell, key);
  g.cells.set(key, result);
  hold(p, memo);
  return result;
}

/**
 * A cell of a class, its key and its affixes around the stem (noun-runs.ts), made once per class. `cell` is frozen:
 * the paradigm's declensions share it. `before`: the prefix and the first prenoun (the underlying word before the stem).
 */
type CellPlan = CellPieces & {
  cell: Readonly<NounCell>;
  key: string;
  prenouns: string[] | null;
  before: string;
  category: number;
  frame: GlossFrame;
  devoicable: boolean;
  /** The encoded prenoun when the cell has one underlying word (null: two, zaaw- ozaaw-), else "". */
  prenoun: string | null;
};
/** A cell list's plans and how many runs of pieces its cells have (noun-runs.ts `RunIds`). */
type CellPlans = { plans: CellPlan[]; runs: number };
const NO_PRENOUN = [""];

/** A cell's variants: in a paradigm from the word's pieces. */
function variantsOf(underlying: string, shared: Joiner | undefined): Variant[] {
  return shared ? piecewiseVariants(underlying, shared.pieces) : surfaceNoun(underlying);
}

/** A variant's text as the noun spells it, and whether a symbol was left unresolved (its stray capital dropped). */
function spelled(p: Prepared, raw: string): [string, boolean] {
  const text = resolveNApos(p.locked ? unlock(raw) : raw, p.nApos); // only a lemma stem has locked vowels
  // A special symbol the rules leave unresolved (the FST writes it out: ninwiinshki1).
  return /[A-Z]/.test(text) ? [siteSpelling(text.replace(/[A-Z]/g, "")), true] : [siteSpelling(text), false];
}

/** Is the stem the end of the cell's word (where the dictionary's final devoicing is written)? */
function devoicable(cell: NounCell): boolean {
  const pr = cell.possessor;
  return (
    cell.number === "sg" &&
    !cell.diminutive &&
    !cell.pejorative &&
    !cell.poss_theme &&
    !cell.mode &&
    (pr === "1s" || pr === "2s" || pr === "3s" || pr === undefined)
  );
}

function declined(p: Prepared, gloss: Gloss, cell: NounCell, key: string, shared?: Joiner, plan?: CellPlan): Declension {
  // A prenoun with two underlying forms (zaaw-, ozaaw-) gives the forms of both, the first one's first.
  const prenouns = plan ? (plan.prenouns ?? NO_PRENOUN) : cell.prenoun ? PRENOUNS.get(cell.prenoun)!.underlying.map(encodeStem) : NO_PRENOUN;
  // The dictionary's final devoicing (gaazhak) is written where the stem ends the word, as in the lemma.
  const devoice = p.devoice && (plan ? plan.devoicable : devoicable(cell)) ? p.devoice : null;
  const underlying = plan ? plan.before + p.encoded + plan.suffix : underlyingOf(p.pos, p.encoded, cell, prenouns[0]);
  let vs: Array<Variant | SpelledVariant> | null = null;
  // In a paradigm, a cell whose pieces but one have one variant each: its variants are its run's, spelled already,
  // and ranked once for the run where no devoicing is written.
  const varied = shared && plan && plan.prenoun !== null ? variedRunOf(shared, plan, plan.prenoun) : null;
  if (varied) {
    const { run, before, after } = varied;
    if (!devoice) {
      const r = (run.ranked ??= ranked(p, run.variants!, null));
      const forms = before || after ? r.forms.map((f) => before + f + after) : r.forms;
      return declension(p, gloss, cell, key, underlying, forms, r.medler, r.stray || varied.stray, plan);
    }
    vs = run.variants!.map((v) => ({ form: before + v.form + after, use: v.use, stray: v.stray || varied.stray }));
  }
  if (!vs) vs = variantsOf(underlying, shared);
  for (let k = 1; k < prenouns.length; k++) vs = [...vs, ...variantsOf(underlyingOf(p.pos, p.encoded, cell, prenouns[k]), shared)];
  const r = ranked(p, vs, devoice);
  return declension(p, gloss, cell, key, underlying, r.forms, r.medler, r.stray, plan);
}

/** A cell's variants ranked by the noun's preferences (stable), spelled, each form once (ADR 005a, 018a). */
function ranked(p: Prepared, vs: Array<Variant | SpelledVariant>, devoice: [string, RegExp] | null): RankedForms {
  let order = vs;
  if (vs.length > 1) {
    // Stable sort by cost (insertion sort: a handful of variants).
    const costs = vs.map((v) => cost(v, p.prefs));
    const at = vs.map((_, k) => k);
    for (let k = 1; k < at.length; k++) {
      const o = at[k]!;
      let j = k - 1;
      for (; j >= 0 && costs[at[j]!]! > costs[o]!; j--) at[j + 1] = at[j]!;
      at[j + 1] = o;
    }
    order = at.map((k) => vs[k]!);
  }
  let stray = false;
  const forms: string[] = [];
  /** Per form (same index): does every variant that gives it use a Medler rule? */
  const medler: boolean[] = [];
  for (const v of order) {
    let [text, unresolved] = "form" in v ? [v.form, v.stray] : spelled(p, v.text);
    stray ||= unresolved;
    if (devoice) text = text.replace(devoice[1], devoice[0]);
    const at = forms.indexOf(text);
    if (at < 0) {
      forms.push(text);
      medler.push(usesMedler(v));
    } else if (medler[at] && !usesMedler(v)) medler[at] = false;
  }
  return { forms, medler, stray };
}

/** No variant (frozen: shared by the declensions that have none, as inflection.ts's). */
const NO_VARIANTS: string[] = Object.freeze([]) as unknown as string[];

/** A paradigm cell's declension with one form (the join's): as `declension` gives it. */
function joinedDeclension(p: Prepared, gloss: Gloss, plan: CellPlan, form: string, medler: boolean, stray: boolean): Declension {
  const { confidence, note } = confidenceOf(p, plan.cell, plan.key, stray, plan.category);
  const underlying = plan.before + p.encoded + plan.suffix;
  const d: Declension = note
    ? {
        form,
        variants: NO_VARIANTS,
        gloss: gloss(plan.cell, plan.frame),
        confidence,
        confidenceNote: note,
        cell: plan.cell,
        key: plan.key,
        pos: p.pos,
        shape: p.shape,
        underlying,
      }
    : { form, variants: NO_VARIANTS, gloss: gloss(plan.cell, plan.frame), confidence, cell: plan.cell, key: plan.key, pos: p.pos, shape: p.shape, underlying };
  if (medler) d.headwordOptional = true;
  return d;
}

function declension(
  p: Prepared,
  gloss: Gloss,
  cell: NounCell,
  key: string,
  underlying: string,
  forms: string[],
  medler: boolean[],
  stray: boolean,
  plan?: CellPlan,
): Declension {
  const { confidence, note } = plan ? confidenceOf(p, cell, key, stray, plan.category) : confidenceOf(p, cell, key, stray);
  const form = forms[0] ?? "";
  const variants = forms.slice(1);
  const copy = plan ? plan.cell : { ...cell };
  const d: Declension = note
    ? {
        form,
        variants,
        gloss: plan ? gloss(cell, plan.frame) : gloss(cell),
        confidence,
        confidenceNote: note,
        cell: copy,
        key,
        pos: p.pos,
        shape: p.shape,
        underlying,
      }
    : { form, variants, gloss: plan ? gloss(cell, plan.frame) : gloss(cell), confidence, cell: copy, key, pos: p.pos, shape: p.shape, underlying };
  if (forms.length > 1) {
    const optional = forms.filter((_, k) => k > 0 && medler[k]);
    if (optional.length) d.optionalVariants = optional;
  }
  if (medler[0]) d.headwordOptional = true;
  return d;
}

/** The cells of a class with their keys and plans (nounCells' order), made once. */
const CELLS = new Map<string, CellPlans>();

function cellPlan(pos: NounPos, cell: NounCell, ids: RunIds): CellPlan {
  const prenouns = cell.prenoun ? (PRENOUNS.get(cell.prenoun)?.underlying.map(encodeStem) ?? null) : null;
  const pieces = cellPiecesOf(underlyingOf(pos, "", cell), cell.prenoun, ids);
  return {
    ...pieces,
    cell: Object.freeze({ ...cell }),
    key: nounCellKey(cell),
    prenouns,
    before: pieces.prefix + (prenouns?.[0] ?? ""),
    category: categoryOf(pos, cell),
    frame: glossFrame(pos, cell),
    devoicable: devoicable(cell),
    prenoun: !prenouns ? "" : prenouns.length === 1 ? prenouns[0]! : null,
  };
}

/** Every cell of a noun with its form (cells that do not exist are left out). */
export function nounParadigm(lexeme: NounLexeme, opts: NounCellOptions = {}, memo: GrammarMemo = newGrammarMemo()): Declension[] {
  const pos = nounPosOf(lexeme.pos);
  if (!pos) return [];
  const p = prepare(lexeme, memo);
  if (!p) return [];
  // Kept per class and option (a caller's own prenoun list is listed each time, not kept).
  const id = opts.prenouns && opts.whole ? null : `${pos}${opts.whole ? "*" : opts.extended ? "+" : ""}`;
  let cells = id ? CELLS.get(id) : undefined;
  if (!cells) {
    const ids: RunIds = new Map();
    const plans = nounCells(pos, opts)
      .filter((c) => !nounCellProblem(pos, c))
      .map((cell) => cellPlan(pos, cell, ids));
    cells = { plans, runs: ids.size };
    if (id) CELLS.set(id, cells);
  }
  const kept = p.results?.get(lexeme.gloss ?? "");
  const gloss = kept?.gloss ?? nounGlosser(lexeme.gloss ?? "", pos);
  // The pieces of its cells' words, each worked out once for the paradigm (not kept after it).
  const shared = joinerOf(p.encoded, (raw) => spelled(p, raw), cells.runs);
  const { plans } = cells;
  const out = new Array<Declension>(plans.length);
  for (let k = 0; k < plans.length; k++) {
    const plan = plans[k]!;
    const hit = kept && kept.cells.get(plan.key);
    // One variant per piece: the form is the pieces' spellings joined.
    const joined = hit || plan.prenoun === null ? null : joinedForm(shared, plan, plan.prenoun);
    if (joined !== null) {
      const form = p.devoice && plan.devoicable ? joined.replace(p.devoice[1], p.devoice[0]) : joined;
      out[k] = joinedDeclension(p, gloss, plan, form, shared.medler, shared.stray);
    } else out[k] = hit || declined(p, gloss, plan.cell, plan.key, shared, plan);
  }
  return out;
}

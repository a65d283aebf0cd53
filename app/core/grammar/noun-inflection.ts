/**
 * Noun inflection: the forms of a noun in a cell, from its underlying stem (noun-tables.ts) through the ordered
 * rules (noun-phonology.ts), with a confidence level and an English gloss (noun-gloss.ts). Pure; memoised per noun.
 * Design, sources and scores: docs/decisions/005a-noun-paradigm-classes.md.
 */
import { isDependent, nounCellKey, nounCellProblem, nounCells, nounPosOf, type NounCell, type NounCellOptions, type NounPos } from "./noun-cells";
import { categoryOf, confidenceOf, type Confidence, type NounConfidence } from "./noun-confidence";
import { glossFrame, nounGlosser, type GlossFrame } from "./noun-gloss";
import { cellPiecesOf, joinedForm, joinerOf, piecewiseVariants, type CellPieces, type Joiner } from "./noun-join";
import { siteSpelling, surfaceNoun, type OptionalRule, type Variant } from "./noun-phonology";
import { newGrammarMemo, type GrammarMemo, type MemoMap } from "./memo";
import { PRENOUNS } from "./noun-prenouns";
import { encodeStem, hasUnknownSymbol, nounShape, underlyingOf, type NounShape } from "./noun-tables";

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
const usesMedler = (v: Variant) => v.use.wiCoal[0] > 0 || v.use.wDel[0] > 0;

/** Default choice among the optional rules' outputs: 1 = prefer applied, 0 = prefer not applied. */
const DEFAULT_PREF: Record<OptionalRule, 0 | 1> = { initV: 0, wiCoal: 0, n2del: 1, wDel: 0 };
type Prefs = Record<OptionalRule, 0 | 1>;

/**
 * How a noun writes n' where a vowel was lost before g/k (surfaceNoun's "^" marks), as its headword does: "fst" as the
 * reference (nothing; n' only where ambigsync wrote it), "apos" n' at every such site (n'kaat, n'gamwin), "none" never
 * (the headword writes ng where the reference has n'g).
 */
export type NApos = "fst" | "apos" | "none";
const N_APOS: NApos[] = ["fst", "apos", "none"];
export function resolveNApos(text: string, mode: NApos): string {
  if (mode === "apos") return text.includes("^") ? text.replace(/\^/g, "'") : text;
  const out = text.includes("^") ? text.replace(/\^/g, "") : text;
  return mode === "none" && out.includes("n'g") ? out.replace(/n'(?=g)/g, "n") : out;
}

export type Prepared = {
  pos: NounPos; encoded: string; shape: NounShape; locked: boolean; prefs: Prefs; devoice: [string, RegExp] | null; unknown: boolean;
  nApos: NApos;
  /** The citation form the rules give, and the lemma, when the dictionary lemma is not among the rules' forms. */
  disagrees: { rules: string; lemma: string } | null;
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

const fold = (s: string) => s.toLowerCase().replace(/[’‘`]/g, "'").replace(/(?<![csznh'])h/g, "'").replace(/'+/g, "'");
/** Undo the dictionary's final devoicing (gaazhak ~ gaazhag, nnagish ~ nnagizh), to compare spellings. */
const voice = (s: string) => s.replace(/p$/, "b").replace(/t$/, "d").replace(/k$/, "g").replace(/sh$/, "zh").replace(/ch$/, "j").replace(/(?<![sz])s$/, "z");
/** The lemma's devoiced final (gaazhak: k for g), if the dictionary devoices it. */
const DEVOICED: Array<[RegExp, string, RegExp]> = [
  [/p$/, "p", /b$/], [/t$/, "t", /d$/], [/k$/, "k", /g$/], [/sh$/, "sh", /zh$/], [/ch$/, "ch", /j$/], [/(?<![sz])s$/, "s", /z$/],
];
const bare = (s: string) => voice(s.replace(/['-]/g, ""));

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
  if (pos && (raw || !isDependent(pos))) {
    // Without an underlying stem, the lemma stands in (its short vowels protected from syncope: `low`).
    const encoded = raw ? encodeStem(raw) : lockVowels(lexeme.name.trim().toLowerCase());
    const shape: NounShape = raw ? nounShape(raw) : "lemma";
    out = { pos, encoded, shape, locked: !raw, prefs: { ...DEFAULT_PREF }, devoice: null, unknown: raw ? hasUnknownSymbol(raw) : false, nApos: "fst",
      disagrees: null, conf: [], results: null, count: 0 };
    // The lemma is the citation form (unpossessed singular; 1s singular for dependent nouns): it says which optional
    // rules the noun follows (zhashk vs wzhashk) and whether the dictionary writes final devoicing (gaazhak).
    const citation: NounCell = isDependent(pos) ? { number: "sg", possessor: "1s" } : { number: "sg" };
    const lemma = fold(lexeme.name.trim());
    const vs = surfaceNoun(underlyingOf(pos, encoded, citation));
    let spelled: string[] = [];
    let at = -1;
    // The n' spelling the headword shows (the reference's first: a headword without such a site keeps it).
    for (const mode of N_APOS) {
      spelled = vs.map((v) => fold(siteSpelling(resolveNApos(unlock(v.text), mode))));
      at = spelled.indexOf(lemma);
      if (at < 0) at = spelled.findIndex((f) => voice(f) === voice(lemma));
      if (at >= 0) {
        out.nApos = mode;
        break;
      }
    }
    if (at < 0) spelled = vs.map((v) => fold(siteSpelling(resolveNApos(unlock(v.text), "fst"))));
    if (at < 0) at = spelled.findIndex((f) => bare(f) === bare(lemma));
    const match = vs[at];
    if (!match && raw) out.disagrees = { rules: spelled[0] ?? "", lemma: lexeme.name.trim() };
    if (match) {
      for (const r of Object.keys(out.prefs) as OptionalRule[]) {
        const [applied, sites] = match.use[r];
        if (sites > 0) out.prefs[r] = applied * 2 >= sites && applied > 0 ? 1 : 0;
      }
    }
    const dv = DEVOICED.find(([re]) => re.test(lemma));
    if (dv && spelled.some((f) => dv[2].test(f))) out.devoice = [dv[1], dv[2]];
  }
  memo.nounPrepared.set(id, out);
  return out;
}

// Locked (lemma) vowels: ä ï ö are kept by every rule, then written a i o again.
const LOCKED: Record<string, string> = { a: "ä", i: "ï", o: "ö" };
const lockVowels = (s: string) => s.replace(/[’‘`]/g, "'").replace(/aa|ii|oo|[aio]/g, (v) => LOCKED[v] ?? v);
const unlock = (s: string) => s.replace(/ä/g, "a").replace(/ï/g, "i").replace(/ö/g, "o");

function cost(v: Variant, prefs: Prefs): number {
  const u = v.use;
  return (prefs.initV ? u.initV[1] - u.initV[0] : u.initV[0]) + (prefs.wiCoal ? u.wiCoal[1] - u.wiCoal[0] : u.wiCoal[0])
    + (prefs.n2del ? u.n2del[1] - u.n2del[0] : u.n2del[0]) + (prefs.wDel ? u.wDel[1] - u.wDel[0] : u.wDel[0]);
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

/** A cell of a class, its key and its affixes around the stem (noun-join.ts), made once per class. */
type CellPlan = CellPieces & { cell: NounCell; key: string; prenouns: string[] | null; category: number; frame: GlossFrame; devoicable: boolean };
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
  return cell.number === "sg" && !cell.diminutive && !cell.pejorative && !cell.poss_theme && !cell.mode && (pr === "1s" || pr === "2s" || pr === "3s" || pr === undefined);
}

function declined(p: Prepared, gloss: Gloss, cell: NounCell, key: string, shared?: Joiner, plan?: CellPlan): Declension {
  // A prenoun with two underlying forms (zaaw-, ozaaw-) gives the forms of both, the first one's first.
  const prenouns = plan ? plan.prenouns ?? NO_PRENOUN : cell.prenoun ? PRENOUNS.get(cell.prenoun)!.underlying.map(encodeStem) : NO_PRENOUN;
  const underlying = plan ? plan.prefix + prenouns[0] + p.encoded + plan.suffix : underlyingOf(p.pos, p.encoded, cell, prenouns[0]);
  // The dictionary's final devoicing (gaazhak) is written where the stem ends the word, as in the lemma.
  const devoice = p.devoice && (plan ? plan.devoicable : devoicable(cell)) ? p.devoice : null;
  if (shared && plan && prenouns.length === 1) {
    // One variant per piece: the form is the pieces' spellings joined.
    const joined = joinedForm(shared, plan, prenouns[0]!);
    if (joined !== null) return declension(p, gloss, cell, key, underlying, [devoice ? joined.replace(devoice[1], devoice[0]) : joined], [shared.medler], shared.stray, plan);
  }
  let vs = variantsOf(underlying, shared);
  for (let k = 1; k < prenouns.length; k++) vs = [...vs, ...variantsOf(underlyingOf(p.pos, p.encoded, cell, prenouns[k]), shared)];
  let ranked = vs;
  if (vs.length > 1) {
    // Stable sort by cost (insertion sort: a handful of variants).
    const costs = vs.map((v) => cost(v, p.prefs));
    const order = vs.map((_, k) => k);
    for (let k = 1; k < order.length; k++) {
      const o = order[k]!;
      let j = k - 1;
      for (; j >= 0 && costs[order[j]!]! > costs[o]!; j--) order[j + 1] = order[j]!;
      order[j + 1] = o;
    }
    ranked = order.map((k) => vs[k]!);
  }
  let stray = false;
  const forms: string[] = [];
  /** Per form (same index): does every variant that gives it use a Medler rule? */
  const medler: boolean[] = [];
  for (const v of ranked) {
    let [text, unresolved] = spelled(p, v.text);
    stray ||= unresolved;
    if (devoice) text = text.replace(devoice[1], devoice[0]);
    const at = forms.indexOf(text);
    if (at < 0) {
      forms.push(text);
      medler.push(usesMedler(v));
    } else if (medler[at] && !usesMedler(v)) medler[at] = false;
  }
  return declension(p, gloss, cell, key, underlying, forms, medler, stray, plan);
}

function declension(
  p: Prepared, gloss: Gloss, cell: NounCell, key: string, underlying: string, forms: string[], medler: boolean[], stray: boolean,
  plan?: CellPlan,
): Declension {
  const { confidence, note } = plan ? confidenceOf(p, cell, key, stray, plan.category) : confidenceOf(p, cell, key, stray);
  const form = forms[0] ?? "";
  const variants = forms.slice(1);
  const d: Declension = note
    ? { form, variants, gloss: plan ? gloss(cell, plan.frame) : gloss(cell), confidence, confidenceNote: note, cell: { ...cell }, key, pos: p.pos, shape: p.shape, underlying }
    : { form, variants, gloss: plan ? gloss(cell, plan.frame) : gloss(cell), confidence, cell: { ...cell }, key, pos: p.pos, shape: p.shape, underlying };
  if (forms.length > 1) {
    const optional = forms.filter((_, k) => k > 0 && medler[k]);
    if (optional.length) d.optionalVariants = optional;
  }
  if (medler[0]) d.headwordOptional = true;
  return d;
}

/** The cells of a class with their keys and plans (nounCells' order), made once. */
const CELLS = new Map<string, CellPlan[]>();

function cellPlan(pos: NounPos, cell: NounCell): CellPlan {
  const prenouns = cell.prenoun ? PRENOUNS.get(cell.prenoun)?.underlying.map(encodeStem) ?? null : null;
  return { ...cellPiecesOf(underlyingOf(pos, "", cell), cell.prenoun), cell, key: nounCellKey(cell), prenouns, category: categoryOf(pos, cell), frame: glossFrame(pos, cell), devoicable: devoicable(cell) };
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
    cells = nounCells(pos, opts).filter((c) => !nounCellProblem(pos, c)).map((cell) => cellPlan(pos, cell));
    if (id) CELLS.set(id, cells);
  }
  const kept = p.results?.get(lexeme.gloss ?? "");
  const gloss = kept?.gloss ?? nounGlosser(lexeme.gloss ?? "", pos);
  // The pieces of its cells' words, each worked out once for the paradigm (not kept after it).
  const shared = joinerOf(p.encoded, (raw) => spelled(p, raw));
  return cells.map((plan) => kept?.cells.get(plan.key) ?? declined(p, gloss, plan.cell, plan.key, shared, plan));
}

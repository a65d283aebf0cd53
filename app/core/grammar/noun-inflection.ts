/**
 * Noun inflection: the forms of a noun in a cell, from its underlying stem (noun-tables.ts) through the ordered
 * rules (noun-phonology.ts), with a confidence level and an English gloss (noun-gloss.ts). Pure; memoised per noun.
 * Design, sources and scores: docs/decisions/005a-noun-paradigm-classes.md.
 */
import { isDependent, nounCellKey, nounCellProblem, nounCells, nounPosOf, type NounCell, type NounPos } from "./noun-cells";
import { nounGlosser } from "./noun-gloss";
import { siteSpelling, surfaceNoun, type OptionalRule, type Variant } from "./noun-phonology";
import { encodeStem, hasUnknownSymbol, nounShape, underlyingOf, type NounShape } from "./noun-tables";

export type NounLexeme = { name: string; pos: string; stem?: string | null; gloss?: string | null };
export type NounConfidence = "high" | "medium" | "low";
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
};

/**
 * Stem shapes whose every reference cell the engine reproduces, by class (otw_dev_noun_paradigms.tsv, 120 nouns;
 * scores in ADR 005a). Other shapes go through the same rules but are `medium`.
 */
const CONFIRMED: Record<NounPos, NounShape[]> = {
  na: ["compound", "consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
  ni: ["a1", "compound", "consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
  nad: ["compound", "consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
  nid: ["consonant", "glide", "i1", "ny", "o", "special", "vowel", "w1", "w2"],
};
const REFERENCE_CELLS = new Map<NounPos, Set<string>>();
function isReferenceCell(pos: NounPos, key: string): boolean {
  let set = REFERENCE_CELLS.get(pos);
  if (!set) REFERENCE_CELLS.set(pos, (set = new Set(nounCells(pos).map(nounCellKey))));
  return set.has(key);
}

/** Default choice among the optional rules' outputs: 1 = prefer applied, 0 = prefer not applied. */
const DEFAULT_PREF: Record<OptionalRule, 0 | 1> = { initV: 0, wiCoal: 0, n2del: 1, wDel: 0 };
type Prefs = Record<OptionalRule, 0 | 1>;

type Prepared = {
  pos: NounPos; encoded: string; shape: NounShape; locked: boolean; prefs: Prefs; devoice: [string, RegExp] | null; unknown: boolean;
  /** The citation form the rules give, and the lemma, when the dictionary lemma is not among the rules' forms. */
  disagrees: { rules: string; lemma: string } | null;
  /** Confidence and note by (not a reference cell ? 1 : 0) + (possessive theme ? 2 : 0), built when first needed. */
  conf: Array<Confidence | undefined>;
  /** The declensions made, per gloss and cell key (only while the noun is among the last ones declined, see HELD). */
  results: Map<string, Glossed> | null;
  count: number;
};
type Confidence = { confidence: NounConfidence; note?: string };
type Glossed = { gloss: (cell: NounCell) => string; cells: Map<string, Declension> };
const prepared = new Map<string, Prepared | null>();
/** Per lexeme object, with the fields the entry was made for (a lexeme changed in place is prepared again). */
const byLexeme = new WeakMap<NounLexeme, { pos: string; name: string; stem: string | null | undefined; p: Prepared | null }>();

/**
 * Nouns whose decline() results are kept (a cell met again gives the same object: analyseNoun keeps its spelling keys
 * per Declension), oldest first, and how many they hold: at most HELD in all, the last few hundred candidates of
 * analyseNoun, which declines a few cells of each (its repeats are within ~250 nouns). nounParadigm's results are not
 * kept (it reuses those that are): as with the verb engine's STEM_CACHE (inflection.ts), a declension's ~200 objects
 * held in a cache survive young-generation collections (copied, then promoted) for nothing; kept, a steady run of new
 * extended declensions cost ~2.5 ms each instead of ~1.9 (alternated runs, session 12).
 */
const HELD = 8_000;
const holding = new Map<Prepared, true>();
let held = 0;
let newest: Prepared | null = null;

const fold = (s: string) => s.toLowerCase().replace(/[’‘`]/g, "'").replace(/(?<![csznh'])h/g, "'").replace(/'+/g, "'");
/** Undo the dictionary's final devoicing (gaazhak ~ gaazhag, nnagish ~ nnagizh), to compare spellings. */
const voice = (s: string) => s.replace(/p$/, "b").replace(/t$/, "d").replace(/k$/, "g").replace(/sh$/, "zh").replace(/ch$/, "j").replace(/(?<![sz])s$/, "z");
/** The lemma's devoiced final (gaazhak: k for g), if the dictionary devoices it. */
const DEVOICED: Array<[RegExp, string, RegExp]> = [
  [/p$/, "p", /b$/], [/t$/, "t", /d$/], [/k$/, "k", /g$/], [/sh$/, "sh", /zh$/], [/ch$/, "ch", /j$/], [/(?<![sz])s$/, "s", /z$/],
];
const bare = (s: string) => voice(s.replace(/['-]/g, ""));

function prepare(lexeme: NounLexeme): Prepared | null {
  const seen = byLexeme.get(lexeme);
  if (seen && seen.pos === lexeme.pos && seen.name === lexeme.name && seen.stem === lexeme.stem) return seen.p;
  const p = prepareById(lexeme);
  byLexeme.set(lexeme, { pos: lexeme.pos, name: lexeme.name, stem: lexeme.stem, p });
  return p;
}

function prepareById(lexeme: NounLexeme): Prepared | null {
  const id = `${lexeme.pos}\u0000${lexeme.name}\u0000${lexeme.stem ?? ""}`;
  if (prepared.has(id)) return prepared.get(id)!;
  const pos = nounPosOf(lexeme.pos);
  let out: Prepared | null = null;
  const raw = lexeme.stem?.trim();
  if (pos && (raw || !isDependent(pos))) {
    // Without an underlying stem, the lemma stands in (its short vowels protected from syncope: `low`).
    const encoded = raw ? encodeStem(raw) : lockVowels(lexeme.name.trim().toLowerCase());
    const shape: NounShape = raw ? nounShape(raw) : "lemma";
    out = { pos, encoded, shape, locked: !raw, prefs: { ...DEFAULT_PREF }, devoice: null, unknown: raw ? hasUnknownSymbol(raw) : false, disagrees: null,
      conf: [], results: null, count: 0 };
    // The lemma is the citation form (unpossessed singular; 1s singular for dependent nouns): it says which optional
    // rules the noun follows (zhashk vs wzhashk) and whether the dictionary writes final devoicing (gaazhak).
    const citation: NounCell = isDependent(pos) ? { number: "sg", possessor: "1s" } : { number: "sg" };
    const lemma = fold(lexeme.name.trim());
    const vs = surfaceNoun(underlyingOf(pos, encoded, citation));
    const spelled = vs.map((v) => fold(siteSpelling(unlock(v.text))));
    let at = spelled.indexOf(lemma);
    if (at < 0) at = spelled.findIndex((f) => voice(f) === voice(lemma));
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
  if (prepared.size >= 20_000) prepared.clear();
  prepared.set(id, out);
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
function hold(p: Prepared): void {
  p.count++;
  if (newest !== p) {
    holding.delete(p);
    holding.set(p, true);
    newest = p;
  }
  if (++held <= HELD) return;
  for (const old of holding.keys()) {
    if (held <= HELD || old === p) break;
    holding.delete(old);
    held -= old.count;
    old.count = 0;
    old.results = null;
  }
}

/**
 * The form of a noun in a cell, or null when the cell does not exist for the noun's class (obviative inanimates,
 * unpossessed dependent nouns, a singular/plural animate possessed by a 3rd person) or the noun has no usable stem.
 */
export function decline(lexeme: NounLexeme, cell: NounCell): Declension | null {
  const p = prepare(lexeme);
  if (!p || nounCellProblem(p.pos, cell)) return null;
  const g = glossed(p, lexeme.gloss ?? "");
  const key = nounCellKey(cell);
  const hit = g.cells.get(key);
  if (hit !== undefined) return hit;
  const result = declined(p, g.gloss, cell, key);
  g.cells.set(key, result);
  hold(p);
  return result;
}

function declined(p: Prepared, gloss: (cell: NounCell) => string, cell: NounCell, key: string): Declension {
  const underlying = underlyingOf(p.pos, p.encoded, cell);
  const vs = surfaceNoun(underlying);
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
  // The dictionary's final devoicing (gaazhak) is written where the stem ends the word, as in the lemma.
  const pr = cell.possessor;
  const devoice = p.devoice && cell.number === "sg" && !cell.diminutive && !cell.pejorative && !cell.poss_theme
    && (pr === "1s" || pr === "2s" || pr === "3s" || pr === undefined) ? p.devoice : null;
  const forms: string[] = [];
  for (const v of ranked) {
    let text = p.locked ? unlock(v.text) : v.text; // only a lemma stem has locked vowels
    if (/[A-Z]/.test(text)) {
      stray = true; // a special symbol the rules leave unresolved (the FST writes it out: ninwiinshki1)
      text = text.replace(/[A-Z]/g, "");
    }
    text = siteSpelling(text);
    if (devoice) text = text.replace(devoice[1], devoice[0]);
    if (!forms.includes(text)) forms.push(text);
  }
  const { confidence, note } = confidenceOf(p, key, cell, stray);
  return {
    form: forms[0] ?? "",
    variants: forms.slice(1),
    gloss: gloss(cell),
    confidence,
    ...(note ? { confidenceNote: note } : {}),
    cell: { ...cell },
    key,
    pos: p.pos,
    shape: p.shape,
    underlying,
  };
}

const STRAY: Confidence = { confidence: "low", note: "The rules leave a special stem symbol unresolved here (the reference FST writes it out); the form is a guess." };
const LOCKED_NOTE: Confidence = { confidence: "low", note: "No underlying stem: built on the dictionary spelling, which hides the vowels syncope needs." };
const UNKNOWN_NOTE: Confidence = { confidence: "low", note: "The stem uses a symbol this engine does not model." };

function confidenceOf(p: Prepared, key: string, cell: NounCell, stray: boolean): Confidence {
  if (p.locked) return LOCKED_NOTE;
  if (stray) return STRAY;
  if (p.unknown) return UNKNOWN_NOTE;
  const at = (isReferenceCell(p.pos, key) ? 0 : 1) + (cell.poss_theme ? 2 : 0);
  return (p.conf[at] ??= confidenceFor(p, at));
}
function confidenceFor(p: Prepared, at: number): Confidence {
  const notes: string[] = [];
  let confidence: NounConfidence = "high";
  if (p.disagrees !== null) {
    confidence = "medium";
    notes.push(`The rules give "${p.disagrees.rules}" where the dictionary writes the lemma "${p.disagrees.lemma}", so this noun may not follow them exactly.`);
  }
  if (!CONFIRMED[p.pos].includes(p.shape)) {
    confidence = "medium";
    notes.push(`The reference sample has no ${p.pos.toUpperCase()} with a stem of shape "${p.shape}"; built by the same rules.`);
  }
  if (at & 1) {
    confidence = "medium";
    notes.push("Possessed diminutive, contemptive and pejorative forms are built by the same rules but are not in the reference paradigms.");
  }
  if (at & 2) {
    confidence = "medium";
    notes.push("The possessive theme -im is lexical: not every noun takes it (the reference FST allows it on every noun).");
  }
  return notes.length ? { confidence, note: notes.join(" ") } : { confidence };
}

/** The cells of a class with their keys (nounCells' order), made once. */
const CELLS = new Map<string, Array<{ cell: NounCell; key: string }>>();

/** Every cell of a noun with its form (cells that do not exist are left out). */
export function nounParadigm(lexeme: NounLexeme, opts: { extended?: boolean } = {}): Declension[] {
  const pos = nounPosOf(lexeme.pos);
  if (!pos) return [];
  const p = prepare(lexeme);
  if (!p) return [];
  const id = `${pos}${opts.extended ? "+" : ""}`;
  let cells = CELLS.get(id);
  if (!cells) CELLS.set(id, (cells = nounCells(pos, opts).filter((c) => !nounCellProblem(pos, c)).map((cell) => ({ cell, key: nounCellKey(cell) }))));
  const kept = p.results?.get(lexeme.gloss ?? "");
  const gloss = kept?.gloss ?? nounGlosser(lexeme.gloss ?? "", pos);
  return cells.map(({ cell, key }) => kept?.cells.get(key) ?? declined(p, gloss, cell, key));
}

/**
 * Noun inflection: the forms of a noun in a cell, from its underlying stem (noun-tables.ts) through the ordered
 * rules (noun-phonology.ts), with a confidence level and an English gloss (noun-gloss.ts). Pure; memoised per noun.
 * Design, sources and scores: docs/decisions/005a-noun-paradigm-classes.md.
 */
import { isDependent, nounCellKey, nounCellProblem, nounCells, nounPosOf, type NounCell, type NounPos } from "./noun-cells";
import { nounGloss } from "./noun-gloss";
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
  /** The citation form the rules give when the dictionary lemma is not among them. */
  disagrees: string | null;
};
const prepared = new Map<string, Prepared | null>();
const cache = new Map<string, Declension | null>();

const fold = (s: string) => s.toLowerCase().replace(/[’‘`]/g, "'").replace(/(?<![csznh'])h/g, "'").replace(/'+/g, "'");
/** Undo the dictionary's final devoicing (gaazhak ~ gaazhag, nnagish ~ nnagizh), to compare spellings. */
const voice = (s: string) => s.replace(/p$/, "b").replace(/t$/, "d").replace(/k$/, "g").replace(/sh$/, "zh").replace(/ch$/, "j").replace(/(?<![sz])s$/, "z");
/** The lemma's devoiced final (gaazhak: k for g), if the dictionary devoices it. */
const DEVOICED: Array<[RegExp, string, RegExp]> = [
  [/p$/, "p", /b$/], [/t$/, "t", /d$/], [/k$/, "k", /g$/], [/sh$/, "sh", /zh$/], [/ch$/, "ch", /j$/], [/(?<![sz])s$/, "s", /z$/],
];
const bare = (s: string) => voice(s.replace(/['-]/g, ""));

function prepare(lexeme: NounLexeme): Prepared | null {
  const id = `${lexeme.pos}\u0000${lexeme.name}\u0000${lexeme.stem ?? ""}`;
  if (prepared.has(id)) return prepared.get(id)!;
  const pos = nounPosOf(lexeme.pos);
  let out: Prepared | null = null;
  const raw = lexeme.stem?.trim();
  if (pos && (raw || !isDependent(pos))) {
    // Without an underlying stem, the lemma stands in (its short vowels protected from syncope: `low`).
    const encoded = raw ? encodeStem(raw) : lockVowels(lexeme.name.trim().toLowerCase());
    const shape: NounShape = raw ? nounShape(raw) : "lemma";
    out = { pos, encoded, shape, locked: !raw, prefs: { ...DEFAULT_PREF }, devoice: null, unknown: raw ? hasUnknownSymbol(raw) : false, disagrees: null };
    // The lemma is the citation form (unpossessed singular; 1s singular for dependent nouns): it says which optional
    // rules the noun follows (zhashk vs wzhashk) and whether the dictionary writes final devoicing (gaazhak).
    const citation: NounCell = isDependent(pos) ? { number: "sg", possessor: "1s" } : { number: "sg" };
    const lemma = fold(lexeme.name.trim());
    const vs = surfaceOf(underlyingOf(pos, encoded, citation));
    const spelled = vs.map((v) => fold(siteSpelling(unlock(v.text))));
    let at = spelled.indexOf(lemma);
    if (at < 0) at = spelled.findIndex((f) => voice(f) === voice(lemma));
    if (at < 0) at = spelled.findIndex((f) => bare(f) === bare(lemma));
    const match = vs[at];
    if (!match && raw) out.disagrees = spelled[0] ?? "";
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

/**
 * The rules' output depends on the underlying word only: memoised, so nouns with the same stem (homonyms, a noun and
 * its compounds' cells) and the citation form that prepare() checks share it. Callers copy before sorting.
 */
const surfaces = new Map<string, readonly Variant[]>();
function surfaceOf(underlying: string): readonly Variant[] {
  let vs = surfaces.get(underlying);
  if (!vs) {
    if (surfaces.size >= 20_000) surfaces.clear();
    surfaces.set(underlying, (vs = surfaceNoun(underlying)));
  }
  return vs;
}

// Locked (lemma) vowels: ä ï ö are kept by every rule, then written a i o again.
const LOCKED: Record<string, string> = { a: "ä", i: "ï", o: "ö" };
const lockVowels = (s: string) => s.replace(/[’‘`]/g, "'").replace(/aa|ii|oo|[aio]/g, (v) => LOCKED[v] ?? v);
const unlock = (s: string) => s.replace(/ä/g, "a").replace(/ï/g, "i").replace(/ö/g, "o");

function cost(v: Variant, prefs: Prefs): number {
  let c = 0;
  for (const r of Object.keys(prefs) as OptionalRule[]) {
    const [applied, sites] = v.use[r];
    c += prefs[r] ? sites - applied : applied;
  }
  return c;
}

/**
 * The form of a noun in a cell, or null when the cell does not exist for the noun's class (obviative inanimates,
 * unpossessed dependent nouns, a singular/plural animate possessed by a 3rd person) or the noun has no usable stem.
 */
export function decline(lexeme: NounLexeme, cell: NounCell): Declension | null {
  const p = prepare(lexeme);
  if (!p || nounCellProblem(p.pos, cell)) return null;
  const key = nounCellKey(cell);
  const id = `${lexeme.pos}\u0000${lexeme.name}\u0000${lexeme.stem ?? ""}\u0000${lexeme.gloss ?? ""}\u0000${key}`;
  const hit = cache.get(id);
  if (hit !== undefined) return hit;
  const underlying = underlyingOf(p.pos, p.encoded, cell);
  const ranked = surfaceOf(underlying).slice().sort((a, b) => cost(a, p.prefs) - cost(b, p.prefs));
  let stray = false;
  // The dictionary's final devoicing (gaazhak) is written where the stem ends the word, as in the lemma.
  const bareStem = cell.number === "sg" && !cell.diminutive && !cell.pejorative && !cell.poss_theme && ["1s", "2s", "3s", undefined].includes(cell.possessor);
  const forms: string[] = [];
  for (const v of ranked) {
    let text = unlock(v.text);
    if (/[A-Z]/.test(text)) {
      stray = true; // a special symbol the rules leave unresolved (the FST writes it out: ninwiinshki1)
      text = text.replace(/[A-Z]/g, "");
    }
    text = siteSpelling(text);
    if (p.devoice && bareStem) text = text.replace(p.devoice[1], p.devoice[0]);
    if (!forms.includes(text)) forms.push(text);
  }
  const { confidence, note } = confidenceOf(p, key, cell, stray);
  const result: Declension = {
    form: forms[0] ?? "",
    variants: forms.slice(1),
    gloss: nounGloss(lexeme.gloss ?? "", p.pos, cell),
    confidence,
    ...(note ? { confidenceNote: note } : {}),
    cell: { ...cell },
    key,
    pos: p.pos,
    shape: p.shape,
    underlying,
  };
  if (cache.size >= 50_000) cache.clear();
  cache.set(id, result);
  return result;
}

function confidenceOf(p: Prepared, key: string, cell: NounCell, stray: boolean): { confidence: NounConfidence; note?: string } {
  if (p.locked) return { confidence: "low", note: "No underlying stem: built on the dictionary spelling, which hides the vowels syncope needs." };
  if (stray) return { confidence: "low", note: "The rules leave a special stem symbol unresolved here (the reference FST writes it out); the form is a guess." };
  if (p.unknown) return { confidence: "low", note: "The stem uses a symbol this engine does not model." };
  const notes: string[] = [];
  let confidence: NounConfidence = "high";
  if (p.disagrees !== null) {
    confidence = "medium";
    notes.push(`The rules give "${p.disagrees}" where the dictionary writes the lemma, so this noun may not follow them exactly.`);
  }
  if (!CONFIRMED[p.pos].includes(p.shape)) {
    confidence = "medium";
    notes.push(`The reference sample has no ${p.pos.toUpperCase()} with a stem of shape "${p.shape}"; built by the same rules.`);
  }
  if (!isReferenceCell(p.pos, key)) {
    confidence = "medium";
    notes.push("Possessed diminutive, contemptive and pejorative forms are built by the same rules but are not in the reference paradigms.");
  }
  if (cell.poss_theme) {
    confidence = "medium";
    notes.push("The possessive theme -im is lexical: not every noun takes it (the reference FST allows it on every noun).");
  }
  return notes.length ? { confidence, note: notes.join(" ") } : { confidence };
}

/** Every cell of a noun with its form (cells that do not exist are left out). */
export function nounParadigm(lexeme: NounLexeme, opts: { extended?: boolean } = {}): Declension[] {
  const pos = nounPosOf(lexeme.pos);
  if (!pos) return [];
  return nounCells(pos, opts).map((c) => decline(lexeme, c)).filter((d): d is Declension => d !== null);
}

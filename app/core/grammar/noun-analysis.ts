/**
 * Noun analysis: the lemma and cell(s) of an inflected noun (jiimaanan → jiimaan, plural), over a list of noun
 * lexemes. Pure. Kept apart from the verb analyser (analysis.ts) so that it can be hooked in there.
 *
 * Index: each noun under the first consonants of its stem's skeleton (vowels, glides, h and ' dropped, voicing
 * merged). Syncope and the other rules only drop vowels, glides and h, so a form's skeleton is a person prefix
 * (n, g, nd, gd, d or nothing), the stem's skeleton and the suffixes' skeleton. For the few candidates found, only
 * the cells whose prefix and suffixes fit the rest of the word are generated (decline memoises them) and compared
 * under the spelling keys below.
 * long-file: the skeleton index, the narrowing of candidates and the matching of cells share the index's private
 * arrays.
 */
import { newGrammarMemo, type GrammarMemo } from "./memo";
import { nounCellKey, nounCells, nounPosOf, type NounCell, type NounPos } from "./noun-cells";
import { decline, type Declension, type NounConfidence, type NounLexeme } from "./noun-inflection";
import { CHECKED_PRENOUNS, PRENOUNS } from "./noun-prenouns";
import { encodeStem, underlyingOf } from "./noun-tables";

export type NounAnalysis = {
  lexeme: NounLexeme;
  cell: NounCell;
  key: string;
  /** The engine's form of that cell (site spelling). */
  form: string;
  gloss: string;
  confidence: NounConfidence;
  /** Why the confidence is not "high" (a prenoun the reference does not check, …), as decline() gives it. */
  confidenceNote?: string;
  /** exact: same spelling (glottal stop h or '); loose: only without apostrophes/hyphens. */
  match: "exact" | "loose";
};

export type NounIndex = {
  lexemes: NounLexeme[];
  /** Stem skeleton per lexeme, and lexemes by its first KEY_LEN consonants. */
  keys: string[];
  buckets: Map<string, number[]>;
  /** Lexemes by the skeleton of the lemma itself (the citation form, even where the rules spell it otherwise). */
  lemmas: Map<string, number[]>;
  /** Per lexeme, its class and underlying stem ("" without a stem: such a noun's forms come from its own lemma). */
  stems: string[];
  /** Per lexeme, the spelling key of its lemma. */
  lemmaKeys: string[];
  /**
   * The spelling keys of a declension's forms (form first, then its variants) and their loose keys, per Declension
   * object, worked out at first use: decline() memoises its results, so a cell met again (another pass, another
   * word) reuses them. Kept with the index, so the service that owns the index owns them.
   */
  formKeys: WeakMap<Declension, { exact: string[]; loose: string[] }>;
  /** The engine's memo the index declines with (memo.ts): the caller's, so its cells are declined once. */
  memo: GrammarMemo;
};

const KEY_LEN = 2;

/**
 * Spelling key: lower case, ’ → ', punctuation around the word dropped ("Jiimaanan."), the FST's glottal h (and the '
 * before it) → ', n' before g/k → n (the dictionary writes n'kaat, the reference nkaat), final devoicing undone.
 */
export function nounSpellingKey(word: string): string {
  return word
    .normalize("NFC")
    .toLowerCase()
    .trim()
    .replace(/[’‘`ʼ]/g, "'")
    .replace(/^[^\p{L}]+|[^\p{L}']+$/gu, "")
    .replace(/'h/g, "'")
    .replace(/(?<![csznh'])h/g, "'")
    .replace(/'+/g, "'")
    .replace(/n'(?=[gk])/g, "n")
    .replace(/p$/, "b")
    .replace(/t$/, "d")
    .replace(/k$/, "g")
    .replace(/sh$/, "zh")
    .replace(/ch$/, "j")
    .replace(/(?<![sz])s$/, "z");
}
const looseKey = (key: string) => key.replace(/['\-\s]/g, "");

/** Consonant skeleton: no vowels, glides, h, ' or hyphens; voicing merged. */
function skeleton(text: string): string {
  return text
    .replace(/[aioeAIJOEäïöwyhWUYQ'^<>\-\s]/g, "")
    .replace(/N/g, "n")
    .replace(/S/g, "s")
    .replace(/D/g, "d")
    .replace(/M/g, "m")
    .replace(/p/g, "b")
    .replace(/t/g, "d")
    .replace(/k/g, "g")
    .replace(/c/g, "j")
    .replace(/s/g, "z");
}

function stemSkeleton(lexeme: NounLexeme): string | null {
  if (!nounPosOf(lexeme.pos)) return null;
  const raw = lexeme.stem?.trim();
  return skeleton(raw ? encodeStem(raw) : lexeme.name.toLowerCase());
}

/** Indexes the noun lexemes (other parts of speech are skipped). */
export function buildNounIndex(lexemes: NounLexeme[], memo: GrammarMemo = newGrammarMemo()): NounIndex {
  const index: NounIndex = { lexemes: [], keys: [], buckets: new Map(), lemmas: new Map(), stems: [], lemmaKeys: [], formKeys: new WeakMap(), memo };
  const push = (map: Map<string, number[]>, k: string, id: number) => {
    const list = map.get(k);
    if (list) list.push(id);
    else map.set(k, [id]);
  };
  for (const lexeme of lexemes) {
    const key = stemSkeleton(lexeme);
    if (key === null) continue;
    const id = index.lexemes.length;
    index.lexemes.push(lexeme);
    index.keys.push(key);
    const raw = lexeme.stem?.trim();
    index.stems.push(raw ? `${nounPosOf(lexeme.pos)}\u0000${raw}` : "");
    push(index.buckets, key.slice(0, KEY_LEN), id);
    const lemmaKey = nounSpellingKey(lexeme.name);
    index.lemmaKeys.push(lemmaKey);
    push(index.lemmas, skeleton(lemmaKey), id);
  }
  return index;
}

// Per class and cell: the skeletons its person prefix (and prenoun) and its suffixes may show (n2 written or not).
type CellShape = { cell: NounCell; key: string; prefixes: string[]; suffixes: string[] };
/**
 * A class's cell shapes, with their indices by prefix skeleton + suffix skeleton (`frames`), every prefix skeleton
 * they have and the indices of the citation cell, so that a candidate's framed cells are looked up rather than each
 * tested.
 */
type Shapes = { list: CellShape[]; frames: Map<string, number[]>; prefixes: string[]; citation: number[] };
const PREFIX_SKELETONS: Record<string, string[]> = { "": [""], "1": ["n", "nd"], "2": ["g", "gd"], "3": ["", "d"] };
/** A class's cell shapes per cell list (they depend only on the code: a table built at first use). */
const SHAPES = new Map<string, Shapes>();
/**
 * Cell lists searched: today's cells, the extended ones, then the rest of the whole paradigm (preterit, vocative …),
 * with every prenoun the engine declines: the reference's four first, then the others (decline() marks those
 * "medium", with a note).
 */
type Level = 0 | 1 | 2;
const LEVELS: Level[] = [0, 1, 2];

/** The prefix skeletons of a cell: its person prefix, then its prenoun's (each underlying form) if it has one. */
function prefixSkeletons(cell: NounCell): string[] {
  const id = `${cell.possessor?.[0] ?? ""}\u0000${cell.prenoun ?? ""}`;
  let out = PREFIX_SHAPES.get(id);
  if (!out) {
    const person = PREFIX_SKELETONS[cell.possessor?.[0] ?? ""]!;
    const pn = cell.prenoun ? (PRENOUNS.get(cell.prenoun)?.underlying ?? []).map((u) => skeleton(encodeStem(u))) : null;
    out = pn ? [...new Set(person.flatMap((pre) => pn.map((k) => pre + k)))] : person;
    PREFIX_SHAPES.set(id, out);
  }
  return out;
}
/** `prefixSkeletons` by possessor and prenoun, and `qSkeletons` by suffix: tables built at first use. */
const PREFIX_SHAPES = new Map<string, string[]>();
const ALL_PRENOUNS = [...CHECKED_PRENOUNS, ...[...PRENOUNS.keys()].filter((p) => !(CHECKED_PRENOUNS as readonly string[]).includes(p))];
const CITATION = nounCellKey({ number: "sg" });
const CITATION_DEPENDENT = nounCellKey({ number: "sg", possessor: "1s" });
const frameKey = (prefix: string, suffix: string) => `${prefix}\u0000${suffix}`;

/** The skeletons of a suffix with each n2 written or not (-naan-ba: the first written, the last dropped). */
function qSkeletons(suffix: string): string[] {
  const known = SUFFIX_SHAPES.get(suffix);
  if (known) return known;
  let out = [suffix];
  for (let at = suffix.indexOf("Q"); at >= 0; at = suffix.indexOf("Q", at + 1)) {
    out = out.flatMap((s) => [s.slice(0, at) + "n" + s.slice(at + 1), s]);
  }
  const skeletons = [...new Set(out.map(skeleton))];
  SUFFIX_SHAPES.set(suffix, skeletons);
  return skeletons;
}
const SUFFIX_SHAPES = new Map<string, string[]>();

function cellShapes(pos: NounPos, level: Level): Shapes {
  const id = `${pos}${level}`;
  let out = SHAPES.get(id);
  if (!out) {
    // Each list holds only what the one before lacks (each cell list starts with the one before it).
    const cells =
      level === 2
        ? nounCells(pos, { whole: true, prenouns: ALL_PRENOUNS }).slice(nounCells(pos, { extended: true }).length)
        : level === 1
          ? nounCells(pos, { extended: true }).slice(nounCells(pos).length)
          : nounCells(pos);
    const list = cells.map((cell) => {
      const suffix = underlyingOf(pos, "", cell).replace(/^[^>]*/, "");
      return {
        cell,
        key: nounCellKey(cell),
        prefixes: prefixSkeletons(cell),
        suffixes: qSkeletons(suffix),
      };
    });
    const frames = new Map<string, number[]>();
    const citationKey = pos === "nad" || pos === "nid" ? CITATION_DEPENDENT : CITATION;
    const citation: number[] = [];
    list.forEach((cs, i) => {
      if (cs.key === citationKey) citation.push(i);
      for (const k of new Set(cs.prefixes.flatMap((pre) => cs.suffixes.map((suf) => frameKey(pre, suf))))) {
        const at = frames.get(k);
        if (at) at.push(i);
        else frames.set(k, [i]);
      }
    });
    const prefixes = [...new Set(list.flatMap((cs) => cs.prefixes))].sort((a, b) => a.length - b.length);
    SHAPES.set(id, (out = { list, frames, prefixes, citation }));
  }
  return out;
}

/** The spelling keys of a declension's forms and their loose keys (see `NounIndex.formKeys`). */
function keysOfDeclension(idx: NounIndex, d: Declension): { exact: string[]; loose: string[] } {
  let k = idx.formKeys.get(d);
  if (!k) {
    const exact = d.variants.length ? [d.form, ...d.variants].map(nounSpellingKey) : [nounSpellingKey(d.form)];
    idx.formKeys.set(d, (k = { exact, loose: exact.map(looseKey) }));
  }
  return k;
}

/**
 * What a word's noun candidates are found by: the skeletons its stem may start (after 0–2 prefix consonants, or
 * after a prenoun's hyphen), a candidate's stem skeleton being one's start; and the lemma skeleton it may be.
 */
function stemRests(key: string, skel: string): string[] {
  const rests: string[] = [];
  for (let j = 0; j <= 2 && j <= skel.length; j++) rests.push(skel.slice(j));
  // A prenoun (gchi-, ndoozaaw-) stands before the stem, hyphenated: the stem also starts after the first hyphen.
  const hyphen = key.indexOf("-");
  if (hyphen > 0) rests.push(skeleton(key.slice(hyphen + 1)));
  return rests;
}

/** The noun keys of a word (a stored index's look-ups, app/core/lexicon-keys.ts): stem-skeleton starts, lemma skeleton. */
export function nounLookups(word: string): { stems: string[]; lemma: string | null } {
  const key = nounSpellingKey(word);
  if (!key) return { stems: [], lemma: null };
  const skel = skeleton(key);
  const stems = new Set<string>();
  for (const rest of stemRests(key, skel)) for (let n = 0; n <= rest.length; n++) stems.add(rest.slice(0, n));
  return { stems: [...stems], lemma: skel };
}

/** A noun's stem skeleton and lemma skeleton, as `nounLookups` finds them (null: not a noun). */
export function nounKeysOf(lexeme: NounLexeme): { stem: string; lemma: string } | null {
  const stem = stemSkeleton(lexeme);
  return stem === null ? null : { stem, lemma: skeleton(nounSpellingKey(lexeme.name)) };
}

/**
 * Every (noun, cell) whose form is `word`, accepting the glottal stop as h or ', final devoicing and, failing an
 * exact match, spellings without apostrophes or hyphens. Takes an index from buildNounIndex (which keeps what
 * analyses work out) or a plain list of lexemes (indexed afresh for the call).
 */
export function analyseNoun(index: NounIndex | NounLexeme[], word: string): NounAnalysis[] {
  const idx = Array.isArray(index) ? buildNounIndex(index) : index;
  const key = nounSpellingKey(word);
  if (!key) return [];
  const skel = skeleton(key);
  const hyphen = key.indexOf("-");
  const candidates = new Set<number>();
  for (const rest of stemRests(key, skel)) {
    for (let len = 0; len <= KEY_LEN; len++) {
      for (const id of idx.buckets.get(rest.slice(0, len)) ?? []) {
        const k = idx.keys[id]!;
        if ((k.length >= KEY_LEN || k.length === len) && rest.startsWith(k)) candidates.add(id);
      }
    }
  }
  for (const id of idx.lemmas.get(skel) ?? []) candidates.add(id);
  const ids = [...candidates].sort((a, b) => a - b);
  // Every exact reading (same spelling) in the basic cells, the extended cells and the rest of the whole paradigm
  // (preterit, vocative, prenouns …), in that order: a form can be two cells (bezhgoognzhiinying: "in the dear little
  // horse" and "in his/her dear little horse"). Failing any, the loose readings (no apostrophes or hyphens) of the
  // first list that has one. A prenoun's forms are hyphenated, so a word without a hyphen is not looked for exactly
  // among them. Each candidate's framed cells are declined once (decline memoises them for the loose pass).
  const exact: NounAnalysis[] = [];
  /** The cells already read per lexeme (object identity), so a cell is reported once. */
  const found = new Map<NounLexeme, Set<string>>();
  for (const level of LEVELS) readings(idx, ids, key, skel, level, hyphen >= 0 ? "exact" : "exact-plain", found, exact);
  if (exact.length) return exact;
  const wantLoose = looseKey(key);
  for (const level of LEVELS) {
    const loose: NounAnalysis[] = [];
    readings(idx, ids, wantLoose, skel, level, "loose", new Map(), loose);
    if (loose.length) return loose;
  }
  return [];
}

/**
 * The readings of the word among one cell list's cells of the candidates: exact (`want` is the word's spelling key;
 * "exact-plain": not among prenoun cells) or loose (`want` is its loose key), pushed to `out`.
 */
function readings(
  idx: NounIndex,
  ids: number[],
  want: string,
  skel: string,
  level: Level,
  kind: "exact" | "exact-plain" | "loose",
  found: Map<NounLexeme, Set<string>>,
  out: NounAnalysis[],
): void {
  /** Per class and stem, the framed cells and which of them the word matches (`stemMatches`). */
  const byStem = new Map<string, StemMatches>();
  for (const id of ids) {
    const lexeme = idx.lexemes[id]!;
    const pos = nounPosOf(lexeme.pos)!;
    const { list, citation: citationCells } = cellShapes(pos, level);
    const sid = idx.stems[id]!;
    let m = sid ? byStem.get(sid) : undefined;
    if (!m) {
      m = stemMatches(idx, lexeme, pos, idx.keys[id]!, skel, want, level, kind);
      if (sid) byStem.set(sid, m);
    }
    const lemma = citationCells.length > 0 && (kind === "loose" ? looseKey(idx.lemmaKeys[id]!) : idx.lemmaKeys[id]!) === want;
    const picked = new Set(m.matched);
    if (lemma) for (const i of citationCells) picked.add(i);
    for (const i of [...picked].sort((a, b) => a - b)) {
      const cs = list[i]!;
      if (found.get(lexeme)?.has(cs.key)) continue;
      const d = decline(lexeme, cs.cell, idx.memo);
      if (!d) continue;
      out.push(reading(lexeme, cs, d, kind === "loose" ? "loose" : "exact"));
      addFound(found, lexeme, cs.key);
    }
  }
}

function reading(lexeme: NounLexeme, cs: CellShape, d: Declension, match: "exact" | "loose"): NounAnalysis {
  return {
    lexeme,
    cell: cs.cell,
    key: cs.key,
    form: d.form,
    gloss: d.gloss,
    confidence: d.confidence,
    ...(d.confidenceNote ? { confidenceNote: d.confidenceNote } : {}),
    match,
  };
}

/**
 * The cells of one noun's class whose prefix and suffix skeletons frame the stem's in the word (what the word has
 * after a person prefix + the stem's skeleton) and that have a form spelled as the word (`want`: its spelling key,
 * or its loose key, without apostrophes and hyphens). The same for every noun of the class with the same underlying stem (the rules'
 * forms depend on the stem alone; what a noun's lemma changes, the order of the variants and the dictionary's final
 * devoicing, the spelling keys undo), so worked out for the first of them and shared. Matches of the lemma itself are
 * the caller's (they depend on the lemma).
 */
type StemMatches = { matched: Set<number> };
function stemMatches(
  idx: NounIndex,
  lexeme: NounLexeme,
  pos: NounPos,
  stemKey: string,
  skel: string,
  want: string,
  level: Level,
  kind: "exact" | "exact-plain" | "loose",
): StemMatches {
  const { list, frames, prefixes } = cellShapes(pos, level);
  const matched = new Set<number>();
  for (const pre of prefixes) {
    if (!skel.startsWith(pre) || !skel.startsWith(stemKey, pre.length)) continue;
    for (const i of frames.get(frameKey(pre, skel.slice(pre.length + stemKey.length))) ?? []) {
      if (matched.has(i) || (kind === "exact-plain" && list[i]!.cell.prenoun)) continue;
      const d = decline(lexeme, list[i]!.cell, idx.memo);
      if (!d) continue;
      const keys = keysOfDeclension(idx, d);
      if ((kind === "loose" ? keys.loose : keys.exact).includes(want)) matched.add(i);
    }
  }
  return { matched };
}

function addFound(found: Map<NounLexeme, Set<string>>, lexeme: NounLexeme, key: string): void {
  const seen = found.get(lexeme);
  if (seen) seen.add(key);
  else found.set(lexeme, new Set([key]));
}

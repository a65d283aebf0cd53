/**
 * Analysis: which verb and cell a written word form can be (`analyse`), over a lexicon index (`buildLexicon`).
 * Candidates come from the consonant skeleton of the stem (consonants survive syncope and the rules, except w, y and
 * the glottal stop, and a stem-final consonant that may alternate); for each candidate every form is generated once
 * (inflection.ts) and indexed by its spelling keys (spelling.ts). Pure; the caches live in the Lexicon object and in
 * the memo it was built with (memo.ts), which the service that owns the lexicon hands in.
 * Before a candidate's cell is generated, its consonants are checked against the word's (projection.ts,
 * today-narrowing.ts): a sound test that never drops a form the word could match, or what a stored index noted of the
 * verb (cell-hints.ts); for the short-keyed stems (candidates for most words) it is
 * worked out for every cell at the first analysis (`byProjection`): one look-up by the word's projection.
 */
import { cellKey, verbClassOf, type Cell, type VerbClass } from "./cells";
import { inflect, siteForms, stemOf, type Confidence, type LexemeInput } from "./inflection";
import { newGrammarMemo, type GrammarMemo } from "./memo";
import { ALL_CELLS, forEachCellProjection, groupCells, groupOf, GROUPS, project } from "./projection";
import type { Stem } from "./stems";
import { looseSpellingKey, normaliseWordform, spellingKeys } from "./spelling";
import { PREFIX_SKELETONS, skeletonOf, stemKeyOf, wholeCandidates } from "./skeleton";
import type { LexemeHints } from "./cell-hints";
import { possibleCells } from "./today-narrowing";
import { analyseWhole, type WholeHints } from "./whole-analysis";
import { newWholeCaches, type WholeCaches } from "./whole-narrowing";

/** One reading of a word: lemma, cell, primary form, gloss; `variant`: the label when it is only an optional variant. */
export type Analysis = { lexeme: LexemeInput; cell: Cell; form: string; gloss: string; confidence: Confidence; variant?: string };

/** Opaque index for analysis: verbs by stem skeleton, plus per-verb spelling keys of every generated form. */
export type Lexicon = {
  readonly byKey: Map<string, number[]>;
  readonly lexemes: LexemeInput[];
  readonly maxKeyLength: number;
  /** Per verb: its stem key ("": none, a candidate for every word in every prefix group) and the index of its (class, stem) in `stems`. */
  readonly keyOf: string[];
  readonly stemOf: number[];
  /** The distinct (class, stem) pairs, with the verbs that share each. */
  readonly stems: Array<{ cls: VerbClass; stem: Stem; verbs: number[] }>;
  /** Built at the first analysis, not with the lexicon (pages that list words never pay for it). */
  projection: ProjectionIndex | null;
  /**
   * Class and stem → per cell index, the spelling keys of the cell's forms (every form and variant), generated on
   * first use, for recently used stems (verbs sharing a stem share the entry).
   */
  readonly forms: Map<string, Array<string[] | undefined>>;
  /**
   * Stem index → per cell index, the projections of the cell's forms where the join cannot split the stem (see
   * `possibleCells`), for recently used stems: apart from `forms` and kept for more stems, as every word has a
   * score of such candidates and they recur from word to word (one short string per cell).
   */
  readonly whole: Map<number, Array<string | undefined>>;
  /** Recent answers of `analyse` by word. */
  readonly answers: Map<string, Analysis[]>;
  /** Verbs without a stem key (candidates for every word), and the whole verb's caches (whole-analysis.ts). */
  readonly unkeyed: number[];
  readonly wholeCaches: WholeCaches;
  /** The engine's memo the lexicon was built with: its stems, the join's pieces, the head and tail projections. */
  readonly memo: GrammarMemo;
  /** Per verb index, what a stored index notes of it (`LexiconOptions.hints`). */
  readonly hints: Map<number, LexemeHints>;
};

const FORM_CACHE_ENTRIES = 1_500;
/** Room for every cell index of a class in `byProjection`'s packed numbers. */
const CELL_SLOTS = Math.max(...Object.values(ALL_CELLS).map((cells) => cells.length));
const ANSWER_CACHE_LIMIT = 20_000;

/** Stems whose key is at most this long are worked out at the first analysis (`byProjection`). */
export const PROJECTED_KEY_LENGTH = 1;

/**
 * `projected: false`: no first-analysis index of the short-keyed stems (a query's few candidates are narrowed per
 * word instead: the same answers). `caches`: the generated forms' keys and the whole verb's caches by class and
 * stem, shared between such lexicons (the caller owns and bounds them: `newAnalysisCaches`).
 */
export type LexiconOptions = {
  projected?: boolean;
  caches?: AnalysisCaches;
  /** By lexeme id: what a stored index notes of a verb (cell-hints.ts), used instead of working it out. */
  hints?: ReadonlyMap<number, LexemeHints>;
};
export type AnalysisCaches = { readonly forms: Lexicon["forms"]; readonly wholeCaches: WholeCaches };
export const newAnalysisCaches = (memo: GrammarMemo = newGrammarMemo()): AnalysisCaches => ({ forms: new Map(), wholeCaches: newWholeCaches(memo) });

/** `memo`: the engine's memo for its analyses (a service's, bounded; by default one that keeps everything). */
export function buildLexicon(lexemes: LexemeInput[], memo: GrammarMemo = newGrammarMemo(), options: LexiconOptions = {}): Lexicon {
  const byKey = new Map<string, number[]>();
  const list: LexemeInput[] = [];
  const keyOf: string[] = [];
  const stemIndex: number[] = [];
  const stems: Lexicon["stems"] = [];
  const stemIds = new Map<string, number>();
  let maxKeyLength = 0;
  const unkeyed: number[] = [];
  const hints = new Map<number, LexemeHints>();
  for (const lexeme of lexemes) {
    const cls = verbClassOf(lexeme.pos);
    if (!cls) continue;
    const stem = stemOf(lexeme, cls, memo);
    if (!stem.text) continue;
    const li = list.push(lexeme) - 1;
    const hint = lexeme.id === undefined ? undefined : options.hints?.get(lexeme.id);
    if (hint) hints.set(li, hint);
    const id = `${cls}\u0000${stem.text}`;
    let si = stemIds.get(id);
    if (si === undefined) stemIds.set(id, (si = stems.push({ cls, stem, verbs: [] }) - 1));
    stems[si]!.verbs.push(li);
    stemIndex.push(si);
    // A compound's key is its first piece's (a prefix goes before it; the pieces after may change more).
    const key = stemKeyOf(stem.text.split("-")[0]!);
    keyOf.push(key);
    if (!key) {
      unkeyed.push(li);
      continue;
    }
    maxKeyLength = Math.max(maxKeyLength, key.length);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(li);
    else byKey.set(key, [li]);
  }
  const caches = options.caches ?? newAnalysisCaches(memo);
  return {
    byKey,
    lexemes: list,
    maxKeyLength,
    keyOf,
    stemOf: stemIndex,
    stems,
    projection: options.projected === false ? { byProjection: new Map(), projected: new Uint8Array(stems.length) } : null,
    forms: caches.forms,
    whole: new Map(),
    answers: new Map(),
    unkeyed,
    wholeCaches: caches.wholeCaches,
    memo,
    hints,
  };
}

/**
 * The short-keyed stems (unkeyed or one consonant: candidates for most words): every projection of each of their
 * cells (projection.ts) → stem index * CELL_SLOTS + cell index, and which stems are in it (their cells are
 * not narrowed per word). Worked out once per lexicon, at its first analysis.
 */
type ProjectionIndex = { byProjection: Map<string, number[]>; projected: Uint8Array };

/** Builds the first-analysis index now (benchmarks time it apart from the first call of a word). */
export function prepareAnalysis(lexicon: Lexicon): void {
  projectionOf(lexicon);
}

function projectionOf(lexicon: Lexicon): ProjectionIndex {
  if (lexicon.projection) return lexicon.projection;
  const { stems, keyOf } = lexicon;
  const byProjection = new Map<string, number[]>();
  const projected = new Uint8Array(stems.length);
  stems.forEach(({ cls, stem, verbs }, si) => {
    if (!verbs.some((li) => keyOf[li]!.length <= PROJECTED_KEY_LENGTH)) return;
    projected[si] = 1;
    for (const group of GROUPS) {
      forEachCellProjection(
        stem,
        groupCells(cls, group),
        (p, ci) => {
          const packed = si * CELL_SLOTS + ci;
          const bucket = byProjection.get(p);
          if (!bucket) byProjection.set(p, [packed]);
          // A cell's projections come one cell at a time: a repeat of this cell's is the bucket's last entry.
          else if (bucket[bucket.length - 1] !== packed) bucket.push(packed);
        },
        lexicon.memo,
      );
    }
  });
  return (lexicon.projection = { byProjection, projected });
}

/** Spelling keys of the forms of one verb's cell, generated on first use (shared per stem). */
function keysOf(lexicon: Lexicon, cls: VerbClass, stem: Stem, ci: number): string[] {
  const id = `${cls}\u0000${stem.text}`;
  let cells = lexicon.forms.get(id);
  if (!cells) {
    if (lexicon.forms.size >= FORM_CACHE_ENTRIES) lexicon.forms.delete(lexicon.forms.keys().next().value!);
    lexicon.forms.set(id, (cells = []));
  }
  let keys = cells[ci];
  if (!keys) {
    const set = new Set<string>();
    for (const form of siteForms(cls, stem, ALL_CELLS[cls][ci]!, lexicon.memo) ?? []) for (const key of spellingKeys(form)) set.add(key);
    cells[ci] = keys = [...set];
  }
  return keys;
}

/** Punctuation around a word in running text (quotes, brackets, full stops); apostrophes inside are kept. */
export const AROUND = /^[\s"“”«»‹›([{¿¡]+|[\s.,;:!?"“”«»‹›)\]}…]+$/g;

export function analyse(wordform: string, lexicon: Lexicon): Analysis[] {
  const known = lexicon.answers.get(wordform);
  if (known) return known.slice();
  const word = wordform.replace(AROUND, "");
  const answer = word ? analyseWord(word, lexicon) : [];
  const seen = new Set(answer.map((a) => `${a.lexeme.name}\u0000${a.lexeme.pos}\u0000${cellKey(a.cell)}`));
  const key = word ? looseSpellingKey(word) : "";
  const hints: WholeHints = {
    cells: (li, kind, p) => {
      const cells = lexicon.hints.get(li)?.cells;
      return cells && (cells.get(p)?.[kind] ?? []);
    },
    joined: (li) => !!lexicon.hints.get(li)?.joined,
  };
  for (const { li, cell } of word ? analyseWhole(key, lexicon.wholeCaches, (t) => wholeCandidates(lexicon, t), hints) : []) {
    const lexeme = lexicon.lexemes[li]!;
    const id = `${lexeme.name}\u0000${lexeme.pos}\u0000${cellKey(cell)}`;
    const inf = seen.has(id) ? null : inflect(lexeme, cell, lexicon.memo);
    seen.add(id);
    if (!inf) continue;
    const reading: Analysis = { lexeme, cell, form: inf.form, gloss: inf.gloss, confidence: inf.confidence };
    const optional = inf.optionalVariants?.find((v) => looseSpellingKey(v.form) === key);
    if (optional && ![inf.form, ...inf.variants].some((f) => looseSpellingKey(f) === key)) reading.variant = optional.label;
    answer.push(reading);
  }
  if (lexicon.answers.size >= ANSWER_CACHE_LIMIT) lexicon.answers.clear();
  lexicon.answers.set(wordform, answer);
  return answer.slice();
}

function analyseWord(wordform: string, lexicon: Lexicon): Analysis[] {
  const keys = spellingKeys(wordform);
  const skeleton = skeletonOf(normaliseWordform(wordform).replace(/'h/g, "'"));
  // Candidates: verb index → the prefix groups the word may start with for it (unkeyed verbs: every group).
  const candidates = new Map<number, Set<string>>();
  const add = (li: number, group: string) => {
    const groups = candidates.get(li);
    if (groups) groups.add(group);
    else candidates.set(li, new Set([group]));
  };
  for (const prefix of PREFIX_SKELETONS) {
    if (!skeleton.startsWith(prefix)) continue;
    const group = prefix[0] === "n" || prefix[0] === "g" ? prefix[0] : "";
    const rest = skeleton.slice(prefix.length);
    for (let j = 1; j <= Math.min(rest.length, lexicon.maxKeyLength); j++) for (const li of lexicon.byKey.get(rest.slice(0, j)) ?? []) add(li, group);
  }
  // Verbs without a key are candidates in every group (the projection index holds them, when there is one).
  for (const li of lexicon.unkeyed) for (const group of GROUPS) add(li, group);
  const isCandidate = (li: number, group: string) => !lexicon.keyOf[li] || !!candidates.get(li)?.has(group);
  const word = project(keys[0]!);
  const hits: Array<{ k: number; li: number; ci: number }> = [];
  const match = (li: number, si: number, ci: number) => {
    const { cls, stem } = lexicon.stems[si]!;
    const formKeys = keysOf(lexicon, cls, stem, ci);
    keys.forEach((key, k) => {
      if (formKeys.includes(key)) hits.push({ k, li, ci });
    });
  };
  // Stems worked out when the lexicon was built: their cells with the word's projection, by look-up.
  const { byProjection, projected } = projectionOf(lexicon);
  for (const packed of byProjection.get(word) ?? []) {
    const si = Math.floor(packed / CELL_SLOTS);
    const ci = packed % CELL_SLOTS;
    const group = groupOf(lexicon.stems[si]!.cls)[ci]!;
    for (const li of lexicon.stems[si]!.verbs) if (isCandidate(li, group)) match(li, si, ci);
  }
  // The other candidates: their cells narrowed now (once per stem and group).
  const narrowed = new Map<string, number[]>();
  for (const [li, groups] of candidates) {
    const si = lexicon.stemOf[li]!;
    if (projected[si]) continue;
    const hinted = lexicon.hints.get(li)?.cells;
    if (hinted) {
      const cellGroups = groupOf(lexicon.stems[si]!.cls);
      for (const ci of hinted.get(word)?.today ?? []) if (groups.has(cellGroups[ci]!)) match(li, si, ci);
      continue;
    }
    for (const group of groups) {
      const id = `${si}:${group}`;
      let cells = narrowed.get(id);
      if (!cells) narrowed.set(id, (cells = possibleCells(lexicon, si, group, word)));
      for (const ci of cells) match(li, si, ci);
    }
  }
  hits.sort((a, b) => a.k - b.k || a.li - b.li || a.ci - b.ci);
  const out: Analysis[] = [];
  const seen = new Set<string>();
  for (const { li, ci } of hits) {
    const id = `${li}:${ci}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const lexeme = lexicon.lexemes[li]!;
    const cell = ALL_CELLS[verbClassOf(lexeme.pos)!][ci]!;
    const inf = inflect(lexeme, cell, lexicon.memo)!;
    out.push({ lexeme, cell, form: inf.form, gloss: inf.gloss, confidence: inf.confidence });
  }
  return out;
}

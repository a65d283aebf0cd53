/**
 * A noun paradigm's words in runs of pieces (noun-join.ts): each head (prefix, prenoun and the stem up to its last
 * cut) and each tail (the rest of the stem and an ending) is worked out and spelled once for the paradigm, and a
 * cell's form is its head's and its tail's joined. Pure; a paradigm's Joiner lives while it is declined.
 */
import { cutsOf, OPEN, pathsOf, type Path } from "./noun-join";
import type { RuleUse } from "./noun-phonology";

/**
 * A run of pieces (a paradigm's head: prefix, prenoun and the stem up to its last cut; or a tail: the rest of the
 * stem and an ending), and, where each piece has one variant, their spelling joined (`spell`: the noun's spelling of
 * a piece, which no spelling rule reads across a cut either) and whether a piece left a symbol unresolved or used a
 * Medler rule.
 */
export type Run = {
  text: string | null;
  stray: boolean;
  medler: boolean;
  /** Where one piece has several variants (text null): the run's, and as the noun's cells rank them (noun-inflection.ts). */
  variants: SpelledVariant[] | null;
  ranked: RankedForms | null;
};
/** A variant of a run whose pieces but one have one variant each: spelled, with its choices. */
export type SpelledVariant = { form: string; use: RuleUse; stray: boolean };
/** Variants ranked and spelled as a cell shows them: the forms, whether each only comes from a Medler rule, stray. */
export type RankedForms = { forms: string[]; medler: boolean[]; stray: boolean };

/** A run's pieces: `text` cut as a word would be, its last piece open (not the word's end) if `open`. */
function runOf(text: string, open: boolean, pieces: Map<string, Path[]>, spell: (raw: string) => [string, boolean]): Run {
  const cuts = cutsOf(text);
  const parts: Path[][] = [];
  let from = 0;
  for (let k = 0; k <= cuts.length; k++) {
    const to = k < cuts.length ? cuts[k]! : text.length;
    let piece = text.slice(from, to);
    if ((k < cuts.length || open) && piece.charCodeAt(piece.length - 1) !== 45) piece += OPEN; // 45: "-"
    let out = pieces.get(piece);
    if (!out) pieces.set(piece, (out = pathsOf(piece)));
    if (piece !== OPEN) parts.push(out);
    from = to;
  }
  const run: Run = { text: "", stray: false, medler: false, variants: null, ranked: null };
  let multi: Path[] | null = null;
  let before = "";
  for (const part of parts) {
    if (part.length !== 1) {
      if (multi) return { text: null, stray: false, medler: false, variants: null, ranked: null };
      multi = part;
      before = run.text!;
      run.text = "";
      continue;
    }
    const path = part[0]!;
    if (path.spelled === undefined) [path.spelled, path.stray] = spell(path.text);
    run.text += path.spelled;
    run.stray ||= path.stray!;
    run.medler ||= path.use.wiCoal[0] > 0 || path.use.wDel[0] > 0;
  }
  if (!multi) return run;
  // One piece with variants (the others have no site): the run's variants are that piece's, in its order, each text
  // once (as joinedVariants gives them).
  const after = run.text!;
  const seen = new Set<string>();
  const variants: SpelledVariant[] = [];
  for (const path of multi) {
    if (seen.has(path.text)) continue;
    seen.add(path.text);
    if (path.spelled === undefined) [path.spelled, path.stray] = spell(path.text);
    variants.push({ form: before + path.spelled + after, use: path.use, stray: run.stray || path.stray! });
  }
  return { text: null, stray: false, medler: false, variants, ranked: null };
}

/**
 * What a paradigm's cells share, worked out once for it (kept only while it is declined): the noun's encoded stem
 * and its last cut (0: none), its words' pieces and runs of pieces (the heads, per prefix and prenoun: the stem up
 * to its last cut; the tails, per ending: the rest; by the run numbers of the class's cells, `CellPieces`), and the
 * noun's spelling of a piece.
 */
export type Joiner = {
  stem: string;
  cut: number;
  pieces: Map<string, Path[]>;
  runs: Array<Run | undefined>;
  spell: (raw: string) => [string, boolean];
  /** The last joinedForm's: did a piece leave a symbol unresolved, did one use a Medler rule? */
  stray: boolean;
  medler: boolean;
};
/**
 * A cell's affixes around the stem (and prenoun), with the numbers of its runs among those of its cell list (`RunIds`:
 * the head per prefix and prenoun, the tail per ending, the whole word per prefix and ending where the stem has no
 * cut): per class, made once.
 */
export type CellPieces = { prefix: string; suffix: string; head: number; tail: number; plain: number };
/** A cell list's run numbers, by run (made with the list). */
export type RunIds = Map<string, number>;

/** A paradigm's joiner, for a cell list of `runs` run numbers. */
export function joinerOf(stem: string, spell: (raw: string) => [string, boolean], runs: number): Joiner {
  const cuts = cutsOf(stem);
  return {
    stem,
    cut: cuts.length ? cuts[cuts.length - 1]! : 0,
    pieces: new Map(),
    runs: new Array<Run | undefined>(runs).fill(undefined),
    spell,
    stray: false,
    medler: false,
  };
}

function idOf(ids: RunIds, key: string): number {
  let id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size));
  return id;
}

/** A cell's pieces from its affixes (the underlying word of an empty stem: prefix < > suffix). */
export function cellPiecesOf(affixes: string, prenoun: string | undefined, ids: RunIds): CellPieces {
  const at = affixes.indexOf("<") + 1;
  const prefix = affixes.slice(0, at);
  const suffix = affixes.slice(at);
  return { prefix, suffix, head: idOf(ids, `\u0002${prefix}${prenoun ?? ""}`), tail: idOf(ids, suffix), plain: idOf(ids, `${prefix}\u0001${suffix}`) };
}

/**
 * A cell's spelled form where each piece of its head and tail has one variant (null otherwise), with the encoded
 * prenoun (or "") it is declined with; whether a piece left a symbol unresolved or used a Medler rule is left in
 * `j.stray` and `j.medler`.
 */
export function joinedForm(j: Joiner, c: CellPieces, prenoun: string): string | null {
  // (A cell's runs are worked out here first: joinedVariantsOf reads them after it.)
  if (j.cut === 0 && !prenoun) {
    const whole = (j.runs[c.plain] ??= runOf(c.prefix + j.stem + c.suffix, false, j.pieces, j.spell));
    j.stray = whole.stray;
    j.medler = whole.medler;
    return whole.text;
  }
  const head = (j.runs[c.head] ??= runOf(c.prefix + prenoun + j.stem.slice(0, j.cut), true, j.pieces, j.spell));
  const tail = (j.runs[c.tail] ??= runOf(j.stem.slice(j.cut) + c.suffix, false, j.pieces, j.spell));
  if (head.text === null || tail.text === null) return null;
  j.stray = head.stray || tail.stray;
  j.medler = head.medler || tail.medler;
  return head.text + tail.text;
}

/**
 * Where joinedForm found more than one variant for a cell (one piece of its head or tail has several, every other
 * piece one): the run with them, the other run's spelling before or after it and whether it left a symbol unresolved
 * (null otherwise: the cell is worked out from its word). The cell's variants are the run's, in the order the whole
 * word's cascade gives them. Only after joinedForm for the same cell.
 */
export function variedRunOf(j: Joiner, c: CellPieces, prenoun: string): { run: Run; before: string; after: string; stray: boolean } | null {
  if (j.cut === 0 && !prenoun) {
    const whole = j.runs[c.plain]!;
    return whole.variants ? { run: whole, before: "", after: "", stray: false } : null;
  }
  const head = j.runs[c.head]!;
  const tail = j.runs[c.tail]!;
  if (head.text !== null && tail.variants) return { run: tail, before: head.text, after: "", stray: head.stray };
  if (tail.text !== null && head.variants) return { run: head, before: "", after: tail.text, stray: tail.stray };
  return null;
}

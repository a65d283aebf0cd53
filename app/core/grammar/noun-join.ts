/**
 * A noun's cell worked out in pieces: the cascade (noun-phonology.ts) runs once per piece of a paradigm, not once
 * per cell, and each cell's variants are its pieces' joined. Pure.
 *
 * Where a word may be cut (`cutsOf`), no rule of the cascade reads across the cut:
 * - after a hyphen (a prenoun's, a compound's): syncope, apocope and the vowel rules see it as a word's end or start;
 * - before a long vowel (aa ii oo e) that follows a plain consonant: the vowel rules read at most the neighbouring
 *   symbol, which on either side of the cut is the consonant or the long vowel; str1 marks the long vowel strong and
 *   str3's alternation restarts after it, so the stress of what follows does not depend on what goes before; str2,
 *   apocope and the word-final rules (final ny, glide loss, n2) read the word's end, which a piece before the cut
 *   does not have: it ends with a mark (`|`) that no rule reads, so nothing there is taken for a word's end. Not
 *   after w before ii (wi is the site of an optional rule), nor after a special symbol (capital letters).
 * The word's variants are then the pieces' variants combined. Their order is the cascade's: an optional rule tries
 * every subset of its sites, as a number whose bits are the sites left to right, so the word's variants come in the
 * order of their choices step by step, at each step the last piece's choice first, then the one before it. Where a
 * step would meet more sites in two pieces or more than the cascade tries (6), the word is run whole.
 * Checked against the whole-word cascade on every cell of every demo and development noun
 * (tests/unit/grammar-noun-join.test.ts).
 */
import { N_APOS_STEP, NOUN_STEPS, surfaceNoun, syncopeUnmarked, type OptionalRule, type RuleUse, type Variant } from "./noun-phonology";

/**
 * A piece's variant (the `&` and `|` marks dropped), with its choice and site count at each optional step; `spelled`
 * and `stray` are left to the caller (a paradigm's pieces are one noun's: its spelling of them, noun-inflection.ts).
 */
export type Path = { text: string; use: RuleUse; masks: number[]; sites: number[]; spelled?: string; stray?: boolean };

/** Most sites an optional step tries (noun-phonology.ts `optional`). */
const MAX_SITES = 6;
const NONE: RuleUse = Object.freeze({
  initV: Object.freeze([0, 0]),
  wiCoal: Object.freeze([0, 0]),
  n2del: Object.freeze([0, 0]),
  wDel: Object.freeze([0, 0]),
}) as unknown as RuleUse;
/** The end of a piece that is not the word's end: read by no rule, dropped when the pieces are joined. */
export const OPEN = "|";
/** Consonants after which a long vowel starts a piece (lower case: no special symbol), by character code. */
const PLAIN = new Uint8Array(128);
for (const c of "bdgptkjczsmnhyw'") PLAIN[c.charCodeAt(0)] = 1;

/**
 * The cascade as the join runs it: without the n' step (the noun's spelling, noun-inflection.ts) and with syncope
 * writing no stress marks (no rule after it reads one; the word's variants are the same).
 */
type JoinStep = { rule: ((s: string) => string) | null; name: OptionalRule; sites: (s: string) => number[]; apply: (s: string, at: number[]) => string };
const JOIN_STEPS: JoinStep[] = NOUN_STEPS.filter((step) => step.name !== N_APOS_STEP).map((step) =>
  "rule" in step
    ? { rule: step.name === "syncope" ? syncopeUnmarked : step.rule, name: "initV", sites: () => [], apply: (s) => s }
    : { rule: null, name: step.name as OptionalRule, sites: step.sites, apply: step.apply },
);

/** A path's masks and site counts where no optional step met a site (frozen: shared). */
const NO_CHOICE: number[] = Object.freeze(JOIN_STEPS.filter((step) => step.rule === null).map(() => 0)) as unknown as number[];

/** The cascade's variants of an underlying string (a word or a piece), with their choices. */
export function pathsOf(underlying: string): Path[] {
  // One path until an optional step meets a site.
  let text = underlying;
  let passed = 0; // optional steps without a site
  let k = 0;
  for (; k < JOIN_STEPS.length; k++) {
    const step = JOIN_STEPS[k]!;
    if (step.rule !== null) text = step.rule(text);
    else if (step.sites(text).length === 0) passed++;
    else break;
  }
  if (k === JOIN_STEPS.length) return [{ text: text.includes(OPEN) ? text.replaceAll(OPEN, "") : text, use: NONE, masks: NO_CHOICE, sites: NO_CHOICE }];
  let vs: Path[] = [{ text, use: NONE, masks: new Array<number>(passed).fill(0), sites: new Array<number>(passed).fill(0) }];
  for (; k < JOIN_STEPS.length; k++) {
    const step = JOIN_STEPS[k]!;
    if (step.rule !== null) {
      for (const v of vs) v.text = step.rule(v.text);
      continue;
    }
    const rule = step.name;
    const out: Path[] = [];
    for (const v of vs) {
      const at = step.sites(v.text);
      if (at.length === 0) {
        v.masks.push(0); // each path is its own until a step with sites copies it
        v.sites.push(0);
        out.push(v);
        continue;
      }
      const n = Math.min(at.length, MAX_SITES);
      for (let mask = 0; mask < 1 << n; mask++) {
        const chosen = at.filter((_, k) => k < n && mask & (1 << k));
        const use: RuleUse = { initV: v.use.initV, wiCoal: v.use.wiCoal, n2del: v.use.n2del, wDel: v.use.wDel };
        use[rule] = [v.use[rule][0] + chosen.length, v.use[rule][1] + at.length];
        out.push({ text: step.apply(v.text, chosen), use, masks: [...v.masks, mask], sites: [...v.sites, at.length] });
      }
    }
    vs = out;
  }
  for (const v of vs) if (v.text.includes(OPEN)) v.text = v.text.replaceAll(OPEN, "");
  return vs;
}

/** Where an underlying word may be cut (see above): the index each piece after the first starts at. */
export function cutsOf(w: string): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < w.length; i++) {
    const p = w.charCodeAt(i - 1);
    const c = w.charCodeAt(i);
    if (p === 45)
      cuts.push(i); // after "-"
    // e (101), or aa ii oo (97 105 111) and not a third one, after a plain consonant; not wii (w 119).
    else if (
      p < 128 &&
      PLAIN[p] &&
      (c === 101 ? w.charCodeAt(i + 1) !== 101 : (c === 97 || c === 105 || c === 111) && w.charCodeAt(i + 1) === c && w.charCodeAt(i + 2) !== c) &&
      !(p === 119 && c === 105)
    )
      cuts.push(i);
  }
  return cuts;
}

const addUse = (a: RuleUse, b: RuleUse): RuleUse =>
  a === NONE
    ? b
    : b === NONE
      ? a
      : {
          initV: [a.initV[0] + b.initV[0], a.initV[1] + b.initV[1]],
          wiCoal: [a.wiCoal[0] + b.wiCoal[0], a.wiCoal[1] + b.wiCoal[1]],
          n2del: [a.n2del[0] + b.n2del[0], a.n2del[1] + b.n2del[1]],
          wDel: [a.wDel[0] + b.wDel[0], a.wDel[1] + b.wDel[1]],
        };

/**
 * The variants of the pieces' words joined, as surfaceNoun gives them for the whole word (same texts, uses and
 * order), or null where a step meets more sites in two pieces or more than the cascade tries.
 */
function joinedVariants(parts: Path[][]): Variant[] | null {
  let single = true;
  for (const part of parts) if (part.length !== 1) single = false;
  if (single) {
    let text = "";
    let use = NONE;
    for (const [p] of parts) {
      text += p!.text;
      use = addUse(use, p!.use);
    }
    return [{ text, use }];
  }
  const steps = parts[0]![0]!.masks.length;
  let multi = -1;
  for (let k = 0; k < parts.length; k++) if (parts[k]!.length > 1) multi = multi === -1 ? k : -2;
  if (multi >= 0) {
    // One piece with variants (the others have none, so no site): the cascade's order is that piece's.
    let before = "";
    let after = "";
    let use = NONE;
    for (let k = 0; k < parts.length; k++) {
      if (k === multi) continue;
      const p = parts[k]![0]!;
      if (k < multi) before += p.text;
      else after += p.text;
      use = addUse(use, p.use);
    }
    const seen = new Map<string, Variant>();
    for (const p of parts[multi]!) {
      const text = before + p.text + after;
      if (!seen.has(text)) seen.set(text, { text, use: addUse(use, p.use) });
    }
    return [...seen.values()];
  }
  // Every combination, one variant of each piece.
  let combos: Path[][] = [[]];
  for (const part of parts) {
    const next: Path[][] = [];
    for (const c of combos) for (const p of part) next.push([...c, p]);
    combos = next;
  }
  for (const c of combos) {
    for (let j = 0; j < steps; j++) {
      let total = 0;
      let with_ = 0;
      for (const p of c) {
        total += p.sites[j]!;
        if (p.sites[j]) with_++;
      }
      if (total > MAX_SITES && with_ > 1) return null;
    }
  }
  // The cascade's order: step by step, the last piece's choice first, then the one before it.
  combos.sort((a, b) => {
    for (let j = 0; j < steps; j++) {
      for (let k = a.length - 1; k >= 0; k--) if (a[k]!.masks[j] !== b[k]!.masks[j]) return a[k]!.masks[j]! - b[k]!.masks[j]!;
    }
    return 0;
  });
  const seen = new Map<string, Variant>();
  for (const c of combos) {
    let text = "";
    let use = NONE;
    for (const p of c) {
      text += p.text;
      use = addUse(use, p.use);
    }
    if (!seen.has(text)) seen.set(text, { text, use });
  }
  return [...seen.values()];
}

/**
 * The pieces of an underlying word, each worked out once in `pieces` (a paradigm's, kept only while it is declined),
 * or null where the word has no cut.
 */
function partsOf(underlying: string, pieces: Map<string, Path[]>): Path[][] | null {
  const cuts = cutsOf(underlying);
  if (cuts.length === 0) return null;
  const parts: Path[][] = [];
  let from = 0;
  for (let k = 0; k <= cuts.length; k++) {
    const to = k < cuts.length ? cuts[k]! : underlying.length;
    let text = underlying.slice(from, to);
    if (k < cuts.length && text.charCodeAt(text.length - 1) !== 45) text += OPEN; // 45: "-"
    let out = pieces.get(text);
    if (!out) pieces.set(text, (out = pathsOf(text)));
    parts.push(out);
    from = to;
  }
  return parts;
}

/** The variants of an underlying word from its pieces (`partsOf`), or from the whole word where they cannot be joined. */
export function piecewiseVariants(underlying: string, pieces: Map<string, Path[]>): Variant[] {
  const parts = partsOf(underlying, pieces);
  return (parts && joinedVariants(parts)) ?? surfaceNoun(underlying);
}

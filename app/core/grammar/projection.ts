/**
 * Consonant projections for the analyser's narrowing (analysis.ts): which cells of a verb may have a written
 * word's consonants, known from the join's pieces before any form is generated. Pure.
 */
import { cellKey, cellsOf, type Cell, type VerbClass } from "./cells";
import { endingsOf, prefixOf, PREFIX_TEXT, TABLES } from "./inflection";
import type { GrammarMemo, MemoMap } from "./memo";
import { joinHead, joinTail, joinTailOnce, preFinalConsonants } from "./phonology";
import type { Stem } from "./stems";

export const ALL_CELLS: Record<VerbClass, Cell[]> = {
  vai: cellsOf("vai"),
  vii: cellsOf("vii"),
  vti: cellsOf("vti"),
  vta: cellsOf("vta"),
  vaio: cellsOf("vaio"),
};

// ── narrowing ──
// A word matches a form only if some spelling key of each is the same; every key of a spelling has the same
// consonant projection (`project`: b d g p t k j c z s m n, voicing pairs merged, everything else dropped, letter by
// letter), so the word's projection must be the form's. A form is the word-final rules (apocope, syncope, codawdel:
// they drop vowels, glides and w, write ', and turn n2 into n or drop it) and the site's spelling (h → ', n') applied
// to a head variant + the stem's middle + a tail variant of the join (phonology.ts): none of them adds, drops or
// changes one of the projected letters except n2. So the form's projection is known from the join's pieces, with
// each n2 read as n or as nothing, before anything is generated (without the join: from the strings before the
// word-final rules).
const PROJECT: Record<string, string> = { b: "b", p: "b", d: "d", t: "d", g: "g", k: "g", j: "j", c: "j", z: "z", s: "z", m: "m", n: "n", "6": "6" };
/** PROJECT by character code, upper-case letters included (what each projects to after lower-casing; "" none). */
const PROJECT_CODES: string[] = Array.from({ length: 128 }, (_, code) => PROJECT[String.fromCharCode(code).toLowerCase()] ?? "");

/** The consonant projection of a string (lower-cased first, as the spelling keys are); n2 (6) kept as a marker. */
export function project(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code < 128 ? PROJECT_CODES[code]! : (PROJECT[text[i]!.toLowerCase()] ?? "");
  }
  return out;
}

/** Every projection of a string before the word-final rules: each n2 read as n or dropped. */
export function projections(text: string): string[] {
  let out = [project(text)];
  while (out[0]!.includes("6")) out = out.flatMap((p) => [p.replace("6", "n"), p.replace("6", "")]);
  return out;
}

/** `projections(text)` added to a list of distinct projections (the common case, no n2, without new arrays). */
export function addProjections(list: string[], text: string): void {
  const p = project(text);
  if (p.includes("6")) {
    for (const q of projections(text)) if (!list.includes(q)) list.push(q);
  } else if (!list.includes(p)) list.push(p);
}

declare module "./memo" {
  interface GrammarMemo {
    /** The projections of a tail variant list, by the join's list. */
    readonly tailProjections: WeakMap<string[], Set<string>>;
    /** Class + prefix group + tail text → the group's cells by prefix text and tail projection. */
    readonly tailCells: MemoMap<string, TailCells[]>;
    /** Class and tail text (`tailId`) → ending → the projections of its tail variants (null: it does not join). */
    readonly tailEndings: MemoMap<string, Map<string, string[] | null> | string>;
  }
}

/** A class's tail text as the tail indices and a stored index know it (tail-endings.ts). */
export const tailId = (cls: VerbClass, tailText: string) => `${cls}|${tailText}`;

/**
 * The projections of the join's tail variants of `stem` (whose tail text is `tailText`) + an ending, or null when the
 * ending does not join, by ending: kept by class and tail text in `memo` for the tail indices (today's `tailCells`,
 * the whole verb's), which ask every ending of a tail text once and keep what they make of them, so the join's own
 * memo is not filled. A stored index may have put them there, as the stored text, read at first use.
 */
export function tailsByEnding(cls: VerbClass, stem: string, tailText: string, memo?: GrammarMemo): (ending: string) => string[] | null {
  const id = tailId(cls, tailText);
  const entry = memo?.tailEndings.get(id);
  let known: Map<string, string[] | null>;
  if (typeof entry === "object") known = entry;
  else {
    known = entry === undefined ? new Map() : decodeTailEndings(entry);
    memo?.tailEndings.set(id, known);
  }
  return (ending) => {
    let out = known.get(ending);
    if (out === undefined) {
      const tail = joinTailOnce(stem, ending, memo);
      if (tail) {
        out = [];
        for (const v of tail) addProjections(out, v);
      } else out = null;
      known.set(ending, out);
    }
    return out;
  };
}

/**
 * The stored text of a tail text's projections (tail-endings.ts): one line per ending, "ending<TAB>p,p" (at least
 * one projection, maybe the empty one) or "ending<TAB>!" (no join).
 */
export function decodeTailEndings(text: string): Map<string, string[] | null> {
  const out = new Map<string, string[] | null>();
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    const value = line.slice(tab + 1);
    // A tail can project to nothing: "" is one projection, the empty string.
    out.set(line.slice(0, tab), value === "!" ? null : value.split(","));
  }
  return out;
}

/** Projections of a tail variant list (kept in `memo` by the join's array, which the memo keeps too). */
export function tailSet(tail: string[], memo?: GrammarMemo): Set<string> {
  let set = memo?.tailProjections.get(tail);
  if (!set) {
    set = new Set(tail.flatMap(projections));
    memo?.tailProjections.set(tail, set);
  }
  return set;
}

/** The cells of a class by prefix group ("" none or unwritten o-, "n", "g"): index, prefix text, encoded endings. */
export type GroupCell = { ci: number; prefixText: string; endings: string[] };
const GROUP_CELLS = new Map<VerbClass, Map<string, GroupCell[]>>();
export function groupCells(cls: VerbClass, group: string): GroupCell[] {
  let map = GROUP_CELLS.get(cls);
  if (!map) {
    GROUP_CELLS.set(cls, (map = new Map()));
    ALL_CELLS[cls].forEach((cell, ci) => {
      const prefix = prefixOf(cls, cell);
      const g = prefix === "n" || prefix === "g" ? prefix : "";
      const endings = endingsOf(TABLES[cls], cellKey(cell));
      if (!endings) return; // no forms
      const list = map!.get(g);
      const entry = { ci, prefixText: prefix ? PREFIX_TEXT[prefix]! : "", endings };
      if (list) list.push(entry);
      else map!.set(g, [entry]);
    });
  }
  return map.get(group) ?? [];
}

export const GROUPS = ["", "n", "g"];
/** The group of each cell index of a class (cells without forms: undefined). */
const GROUP_OF = new Map<VerbClass, string[]>();
export function groupOf(cls: VerbClass): string[] {
  let out = GROUP_OF.get(cls);
  if (!out) {
    GROUP_OF.set(cls, (out = []));
    for (const g of GROUPS) for (const { ci } of groupCells(cls, g)) out[ci] = g;
  }
  return out;
}

/**
 * Every projection of each of a stem's cells in `cells` (one class's prefix group; the set `possibleCells` tests the
 * word's projection against), handed to `emit` cell after cell: a head variant + the middle + a tail variant where
 * the join splits the stem for every ending of the cell, else the strings before the word-final rules. A cell's
 * projections are all handed before the next cell's, some of them more than once. The head projections are worked
 * out again only where the prefix text changes from one cell to the next, not per cell, and nothing is collected:
 * the analyser's index (`projectionOf`, run once per isolate over every short-keyed stem) spent most of its time
 * making sets and arrays per cell.
 */
export function forEachCellProjection(stem: Stem, cells: GroupCell[], emit: (projection: string, ci: number) => void, memo?: GrammarMemo): void {
  const text = stem.text;
  let prefixText: string | undefined;
  let heads: string[] | null = null;
  let inner = "";
  for (const cell of cells) {
    if (cell.prefixText !== prefixText) {
      prefixText = cell.prefixText;
      const joint = joinHead(prefixText, text, memo);
      heads = joint && [...new Set(joint.head.flatMap(projections))];
      inner = joint ? project(joint.inner) : "";
    }
    let joins = heads !== null;
    for (let e = 0; joins && e < cell.endings.length; e++) joins = joinTail(text, cell.endings[e]!, memo) !== null;
    if (joins) {
      for (const ending of cell.endings) {
        const tails = tailSet(joinTail(text, ending, memo)!, memo);
        for (const h of heads!) for (const t of tails) emit(h + inner + t, cell.ci);
      }
    } else {
      for (const ending of cell.endings)
        for (const s of preFinalConsonants(cell.prefixText, text, ending, memo)) for (const p of projections(s)) emit(p, cell.ci);
    }
  }
}

/**
 * One prefix text's cells of a class's prefix group, for the stems with one tail text: the projections of their
 * tail variants → the cells with an ending that has it (`byTail`), and the cells where not every ending joins
 * (`partial`: only their endings before the first that does not are in `byTail`). The join's tail variants depend on
 * the stem only through its tail text, so this is worked out once per (class, group, tail text), and a candidate
 * stem then needs only its head variants and a look-up of what the word leaves after them, instead of testing every
 * ending of every cell.
 */
export type TailCells = { prefixText: string; cells: GroupCell[]; byTail: Map<string, number[]>; partial: GroupCell[] };

/**
 * The cells of (class, group) by prefix text for stems with `stem`'s tail text `tailText` (see `TailCells`), kept
 * in `memo` (a lexicon of 15,000 verbs has ~900 tail texts per class).
 */
export function tailCells(cls: VerbClass, group: string, stem: string, tailText: string, memo?: GrammarMemo): TailCells[] {
  const id = `${cls}\u0000${group}\u0000${tailText}`;
  let out = memo?.tailCells.get(id);
  if (!out) {
    const byPrefix = new Map<string, TailCells>();
    const tailsOf = tailsByEnding(cls, stem, tailText, memo);
    for (const cell of groupCells(cls, group)) {
      let entry = byPrefix.get(cell.prefixText);
      if (!entry) byPrefix.set(cell.prefixText, (entry = { prefixText: cell.prefixText, cells: [], byTail: new Map(), partial: [] }));
      entry.cells.push(cell);
      for (const ending of cell.endings) {
        const tails = tailsOf(ending);
        if (!tails) {
          entry.partial.push(cell);
          break;
        }
        for (const t of tails) {
          const list = entry.byTail.get(t);
          if (!list) entry.byTail.set(t, [cell.ci]);
          else if (list[list.length - 1] !== cell.ci) list.push(cell.ci);
        }
      }
    }
    out = [...byPrefix.values()];
    memo?.tailCells.set(id, out);
  }
  return out;
}

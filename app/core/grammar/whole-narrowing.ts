/**
 * The whole-verb analyser's narrowing (whole-analysis.ts): which cells of a candidate stem may have a word's
 * consonant projection (projection.ts), found before any form is generated. Where the join splits the stem (or its
 * changed stems), the word must be a head variant's projection + the middle's + a tail variant's: the tail variants'
 * projections of a group's endings are indexed per tail text (`groupTails`), shared by the stems that end alike, and
 * looked up only for the groups whose head variants begin the word; where the join cannot split, the strings before
 * the word-final rules are projected (kept per stem). Also what a stored index keeps of it (cell-hints.ts): a stem's
 * cells by projection (`wholeCellsOf`) and whether it joins every ending (`allJoin`). Pure: the caches are passed in.
 */
import { cellKey, cellsOf, type Cell, type Order, type VerbClass } from "./cells";
import type { GrammarMemo } from "./memo";
import { modeEndings } from "./mode-tables";
import { joinHead, preFinalConsonants, tailTextOf } from "./phonology";
import { prefixOf, PREFIX_TEXT } from "./prefix";
import { project, projections, tailsByEnding } from "./projection";
import { changedStems } from "./whole-verb";

/** One class's whole-verb cells without preverbs for the analyser, by join (`groups`: same prefix text, changed or not). */
export type ClassCells = { cells: Cell[]; prefixes: string[]; endings: Array<string[] | null>; groups: Group[] };
/** One class's neutral cells preverbs go on (`bases`, without a prefix), and the keys of the cells with preverbs. */
export type ClassBases = { bases: Cell[]; prefixes: string[]; endings: Array<string[] | null>; pvKeys: Set<string>; groups: Group[] };
/** Cells that share a prefix text and whether the stem changes: their indices and encoded endings. */
export type Group = { prefixText: string; change: boolean; cells: number[]; endings: string[][] };
/** A spelled preverb chain: its loose key, preverbs, order kind and the person prefix on it. */
export type Head = { key: string; preverbs: string[]; conj: boolean; prefixText: string };
/**
 * Per stem: loose keys of the forms of each cell (`forms`: ClassCells.cells; `bases`: ClassBases.bases), generated
 * on first use (a few cells per stem: the pieces they share are not kept), the stem's changed stems, and the
 * projections of what the join cannot split. The rest of the stem's narrowing is not kept: it is made of the tail
 * indices (`tails`, kept by tail text) and the join's head variants (kept in the memo), and would keep tail indices
 * the caches have let go.
 */
export type StemEntry = {
  forms: Array<string[] | undefined>;
  bases: Array<string[] | undefined>;
  changed: string[];
  /** By kind, group and (changed) stem: the projections of the cells the join leaves to the whole-word rules (`wholeOf`). */
  whole: Map<string, Map<string, number[]>>;
};
/**
 * A group's cells for the stems with one tail text (projection.ts `tailCells`): tail projection → cell indices with an
 * ending that has it, and the cells where not every ending joins (tested on the strings before the word-final rules).
 */
type GroupTails = { byTail: Map<string, number[]>; partial: number[] };

/**
 * A stem's narrowing for one kind of cells: per group and (changed) stem the join splits, the projections of its
 * head variants + middle (`starts`) and the group's tail index; and per group and (changed) stem, the projections of
 * the strings before the word-final rules of the cells the join cannot split → those cells (`whole`, `wholeOf`).
 */
type Plan = { joined: Array<{ starts: string[]; byTail: Map<string, number[]> }>; whole: Array<Map<string, number[]>> };

/** The caller's caches (the analyser keeps one per lexicon). */
export type WholeCaches = {
  readonly stems: Map<string, StemEntry>;
  readonly classes: Partial<Record<VerbClass, ClassCells>>;
  readonly bases: Partial<Record<VerbClass, ClassBases>>;
  readonly tails: Map<string, GroupTails>;
  /** The tail indices' cell lists, one array per distinct list (tail indices repeat a few lists many times). */
  readonly lists: Map<string, number[]>;
  heads: Head[] | null;
  /** The engine's memo of the lexicon (memo.ts): the join's pieces. */
  readonly memo: GrammarMemo;
};
export const newWholeCaches = (memo: GrammarMemo): WholeCaches => ({
  stems: new Map(),
  classes: {},
  bases: {},
  tails: new Map(),
  lists: new Map(),
  heads: null,
  memo,
});

const STEM_ENTRIES = 1_000;
const TAIL_ENTRIES = 3_000;
const LIST_ENTRIES = 10_000;
export const conjOrder = (o: Order) => o === "conj" || o === "conj-neg";
const prefixTextOf = (cls: VerbClass, cell: Cell) => {
  if (conjOrder(cell.order) || cell.participle) return "";
  const p = prefixOf(cls, { order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) });
  return p ? PREFIX_TEXT[p]! : "";
};

/** Cells grouped by prefix text and change; a cell without endings has no forms and is left out. */
function groupsOf(cells: Cell[], prefixes: string[], endings: Array<string[] | null>): Group[] {
  const byId = new Map<string, Group>();
  cells.forEach((cell, i) => {
    const e = endings[i];
    if (!e?.length) return;
    const id = `${prefixes[i]}\u0000${!!cell.change}`;
    let group = byId.get(id);
    if (!group) byId.set(id, (group = { prefixText: prefixes[i]!, change: !!cell.change, cells: [], endings: [] }));
    group.cells.push(i);
    group.endings.push(e);
  });
  return [...byId.values()];
}

export function classCells(caches: WholeCaches, cls: VerbClass): ClassCells {
  const out = caches.classes[cls];
  if (out) return out;
  const today = new Set(cellsOf(cls).map(cellKey));
  const cells = cellsOf(cls, { all: true }).filter((c) => !c.preverbs?.length && !today.has(cellKey(c)));
  const prefixes = cells.map((c) => prefixTextOf(cls, c));
  // A cell's endings as wholeVerbForms reads them (they do not depend on change); none where it builds no form.
  const endings = cells.map((c) => (exists(c) ? modeEndings(cls, c) : null));
  return (caches.classes[cls] = { cells, prefixes, endings, groups: groupsOf(cells, prefixes, endings) });
}

/** The class's bases (`ClassBases`), worked out when a word first starts with a preverb chain. */
export function classBases(caches: WholeCaches, cls: VerbClass): ClassBases {
  let out = caches.bases[cls];
  if (out) return out;
  const byKey = new Map<string, Cell>();
  const pvKeys = new Set<string>();
  for (const c of cellsOf(cls, { all: true })) {
    if (!c.preverbs?.length) continue;
    pvKeys.add(cellKey(c));
    const base: Cell = { order: c.order, subject: c.subject, ...(c.object ? { object: c.object } : {}) };
    byKey.set(cellKey(base), base);
  }
  const bases = [...byKey.values()];
  const endings = bases.map((c) => modeEndings(cls, c));
  out = {
    bases,
    prefixes: bases.map((c) => prefixTextOf(cls, c)),
    endings,
    pvKeys,
    groups: groupsOf(
      bases,
      bases.map(() => ""),
      endings,
    ),
  };
  return (caches.bases[cls] = out);
}

/** Whether wholeVerbForms can build a cell at all (change and participles in the conjunct, modes not on the imperative). */
function exists(cell: Cell): boolean {
  const conj = conjOrder(cell.order);
  if ((cell.change || cell.participle) && !conj) return false;
  return !(cell.mode && cell.order !== "ind" && cell.order !== "ind-neg" && !conj);
}

export function stemEntry(caches: WholeCaches, cls: VerbClass, stem: string): StemEntry {
  const id = `${cls}\u0000${stem}`;
  let entry = caches.stems.get(id);
  if (entry) {
    // Most recently used last: the short stems, candidates for most words, stay.
    caches.stems.delete(id);
    caches.stems.set(id, entry);
    return entry;
  }
  entry = { forms: [], bases: [], changed: changedStems(stem), whole: new Map() };
  if (caches.stems.size >= STEM_ENTRIES) caches.stems.delete(caches.stems.keys().next().value!);
  caches.stems.set(id, entry);
  return entry;
}

/**
 * A group's tail index for the stems with `stem`'s tail text (`GroupTails`), kept in the caches by class, kind, group
 * and tail text. The groups share most endings: each ending's tail projections are kept by tail text for a while
 * (projection.ts `tailsByEnding`, shared with today's tail indices), so a stem's other groups find them.
 */
function groupTails(caches: WholeCaches, cls: VerbClass, kind: string, gi: number, group: Group, stem: string, tailText: string): GroupTails {
  const id = `${cls}\u0000${kind}\u0000${gi}\u0000${tailText}`;
  let out = caches.tails.get(id);
  if (out) return out;
  out = { byTail: new Map(), partial: [] };
  const tailsOf = tailsByEnding(cls, stem, tailText, caches.memo);
  group.cells.forEach((ci, k) => {
    for (const ending of group.endings[k]!) {
      const set = tailsOf(ending);
      if (!set) {
        out!.partial.push(ci);
        return;
      }
      for (const t of set) add(out!.byTail, t, ci);
    }
  });
  for (const [t, list] of out.byTail) out.byTail.set(t, shared(caches, list));
  if (caches.tails.size >= TAIL_ENTRIES) caches.tails.delete(caches.tails.keys().next().value!);
  caches.tails.set(id, out);
  return out;
}

/** One array for every equal list of cells (`WholeCaches.lists`). */
function shared(caches: WholeCaches, list: number[]): number[] {
  const id = list.join(",");
  const known = caches.lists.get(id);
  if (known) return known;
  if (caches.lists.size >= LIST_ENTRIES) caches.lists.clear();
  caches.lists.set(id, list);
  return list;
}

/**
 * The cells of a class's groups whose forms of a stem may have the consonant projection `word` (projection.ts): a
 * superset of the cells with a form spelled as the word, found before any form is generated. Where the join splits
 * the stem (or its changed stems), the word must be a head variant's projection + the middle's + a tail variant's,
 * looked up among the tail projections of the group's endings; elsewhere the strings before the word-final rules
 * are projected. Sorted, as the cells are listed.
 */
export function possible(
  caches: WholeCaches,
  cls: VerbClass,
  kind: "cells" | "bases",
  groups: Group[],
  entry: StemEntry,
  stem: string,
  word: string,
  joined: boolean,
): number[] {
  const found = new Set<number>();
  // As `planOf`, but a group's tail index is looked up only when one of its starts begins the word, or when some of
  // its endings may not join (`joined` false: not known), whose cells are tested whole.
  groups.forEach((group, gi) => {
    (group.change ? entry.changed : [stem]).forEach((s, si) => {
      const tailText = tailTextOf(s, caches.memo);
      const joint = tailText === null ? null : joinHead(group.prefixText, s, caches.memo);
      if (!joint) {
        for (const ci of wholeOf(caches, entry, `${kind}\u0000${gi}\u0000${si}`, group, group.cells, s).get(word) ?? []) found.add(ci);
        return;
      }
      const inner = project(joint.inner);
      let tails: GroupTails | undefined;
      for (const h of joint.head) {
        for (const p of projections(h)) {
          const start = p + inner;
          if (!word.startsWith(start)) continue;
          tails ??= groupTails(caches, cls, kind, gi, group, s, tailText!);
          for (const ci of tails.byTail.get(word.slice(start.length)) ?? []) found.add(ci);
        }
      }
      if (!tails && joined) return;
      const { partial } = tails ?? groupTails(caches, cls, kind, gi, group, s, tailText!);
      if (partial.length) for (const ci of wholeOf(caches, entry, `${kind}\u0000${gi}\u0000${si}`, group, partial, s).get(word) ?? []) found.add(ci);
    });
  });
  return [...found].sort((x, y) => x - y);
}

/**
 * The projections of the strings before the word-final rules of some cells of a group (where the join cannot split
 * the stem, or an ending does not join), kept with the stem under `id`.
 */
function wholeOf(caches: WholeCaches, entry: StemEntry, id: string, group: Group, cells: number[], stem: string): Map<string, number[]> {
  let out = entry.whole.get(id);
  if (out) return out;
  out = new Map();
  for (const ci of cells) {
    for (const ending of group.endings[group.cells.indexOf(ci)]!) {
      for (const str of preFinalConsonants(group.prefixText, stem, ending, caches.memo)) for (const p of projections(str)) add(out, p, ci);
    }
  }
  entry.whole.set(id, out);
  return out;
}

/** A stem's `Plan` for one kind of cells. */
function planOf(caches: WholeCaches, cls: VerbClass, kind: string, groups: Group[], entry: StemEntry, stem: string): Plan {
  const plan: Plan = { joined: [], whole: [] };
  groups.forEach((group, gi) => {
    (group.change ? entry.changed : [stem]).forEach((s, si) => {
      const tailText = tailTextOf(s, caches.memo);
      const joint = tailText === null ? null : joinHead(group.prefixText, s, caches.memo);
      let partial: number[] = group.cells;
      if (joint) {
        const tails = groupTails(caches, cls, kind, gi, group, s, tailText!);
        const inner = project(joint.inner);
        const starts = new Set<string>();
        for (const h of joint.head) for (const p of projections(h)) starts.add(p + inner);
        plan.joined.push({ starts: [...starts], byTail: tails.byTail });
        partial = tails.partial;
      }
      if (partial.length) plan.whole.push(wholeOf(caches, entry, `${kind}\u0000${gi}\u0000${si}`, group, partial, s));
    });
  });
  return plan;
}

function add(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
}

/**
 * Every consonant projection that lets `possible` keep a cell of a stem, with the cells it keeps: the word's (its
 * whole-verb cells, `cells`) or what follows a preverb chain (the bases, `bases`). A word whose look-ups
 * (`wholeLookups`) project to none of them reads as none of the stem's whole-verb cells: what a stored index narrows a
 * query's candidates by (app/core/lexicon-keys.ts), and, stored with them, the narrowing itself (cell-hints.ts).
 */
export function wholeCellsOf(caches: WholeCaches, cls: VerbClass, stem: string): Record<"cells" | "bases", Map<string, Set<number>>> {
  const entry = stemEntry(caches, cls, stem);
  const out = { cells: new Map<string, Set<number>>(), bases: new Map<string, Set<number>>() };
  const put = (map: Map<string, Set<number>>, p: string, cells: Iterable<number>) => {
    let set = map.get(p);
    if (!set) map.set(p, (set = new Set()));
    for (const ci of cells) set.add(ci);
  };
  for (const [kind, groups] of [
    ["cells", classCells(caches, cls).groups],
    ["bases", classBases(caches, cls).groups],
  ] as const) {
    const plan = planOf(caches, cls, kind, groups, entry, stem);
    for (const whole of plan.whole) for (const [p, cells] of whole) put(out[kind], p, cells);
    for (const { starts, byTail } of plan.joined) for (const s of starts) for (const [t, cells] of byTail) put(out[kind], s + t, cells);
  }
  return out;
}

/**
 * Whether the join splits the stem and its changed stems for every group of cells and bases, and joins every ending
 * there: then a word none of whose starts a group's head variants begin is none of that group's forms (`possible`).
 * What a stored index notes with a keyed verb (cell-hints.ts), so that a request need not build the tail indices of
 * the candidates a word cannot be.
 */
export function allJoin(caches: WholeCaches, cls: VerbClass, stem: string): boolean {
  const entry = stemEntry(caches, cls, stem);
  for (const [kind, groups] of [
    ["cells", classCells(caches, cls).groups],
    ["bases", classBases(caches, cls).groups],
  ] as const) {
    for (const [gi, group] of groups.entries()) {
      for (const s of group.change ? entry.changed : [stem]) {
        const tailText = tailTextOf(s, caches.memo);
        if (tailText === null || !joinHead(group.prefixText, s, caches.memo)) return false;
        if (groupTails(caches, cls, kind, gi, group, s, tailText).partial.length) return false;
      }
    }
  }
  return true;
}

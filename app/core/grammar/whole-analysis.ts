/**
 * Analysis of the whole verb's forms (modes, changed conjunct, participles, preverbs, the VTA's new persons): which
 * verb and cell a written word can be, beside today's cells (analysis.ts). Candidate verbs come from analysis.ts
 * (consonant skeleton of the stem). Before a candidate's cell is generated, the word's consonant projection
 * (projection.ts) is looked up among what the cell's forms can have: the join's head variants of the stem (or of its
 * changed stems) + the tail projections of the cell's endings, kept per tail text and shared by the stems that end
 * alike; where the join cannot split the stem, the strings before the word-final rules. Only the cells found are
 * generated (once per stem) and compared by their loose spelling key (glottal h or ', no apostrophes or hyphens,
 * final stops voiced). A preverb chain (ngii-, gaa-, daa-gii-, …) does not depend on the stem: a word that starts
 * with one (hyphen or not) is looked up as chain + the stem's form without a prefix, narrowed the same way. Pure:
 * the caches are passed in.
 */
import { cellKey, cellsOf, type Cell, type Order, type VerbClass } from "./cells";
import type { GrammarMemo } from "./memo";
import { modeEndings } from "./mode-tables";
import { joinHead, joinTail, preFinalConsonants, siteSurfaceForms, tailTextOf } from "./phonology";
import { prefixOf, PREFIX_TEXT } from "./prefix";
import { project, projections, tailSet } from "./projection";
import { looseSpellingKey } from "./spelling";
import { changedStems, preverbHeads, wholeVerbForms } from "./whole-verb";

/** One class's cells for the analyser: whole-verb cells without preverbs, and the neutral cells preverbs go on. */
type ClassCells = {
  cells: Cell[]; prefixes: string[]; bases: Cell[]; basePrefixes: string[]; baseEndings: Array<string[] | null>; pvKeys: Set<string>;
  /** The cells (`cells`) and the bases by join: same prefix text, changed or not (see `Group`). */
  cellGroups: Group[]; baseGroups: Group[];
};
/** Cells that share a prefix text and whether the stem changes: their indices and encoded endings. */
type Group = { prefixText: string; change: boolean; cells: number[]; endings: string[][] };
/** A spelled preverb chain: its loose key, preverbs, order kind and the person prefix on it. */
type Head = { key: string; preverbs: string[]; conj: boolean; prefixText: string };
/**
 * Per stem: loose keys of the forms of each cell (`forms`: ClassCells.cells; `bases`: ClassCells.bases), generated
 * on first use (a few cells per stem: the pieces they share are not kept), and the stem's changed stems.
 */
type StemEntry = {
  forms: Array<string[] | undefined>; bases: Array<string[] | undefined>; changed: string[];
  /** Per kind of cells, how the word's projection narrows them (`Plan`), worked out at the stem's first use. */
  plans: { cells?: Plan; bases?: Plan };
};
/**
 * A group's cells for the stems with one tail text (projection.ts `tailCells`): tail projection → cell indices with an
 * ending that has it, and the cells where not every ending joins (tested on the strings before the word-final rules).
 */
type GroupTails = { byTail: Map<string, number[]>; partial: number[] };

/**
 * A stem's narrowing for one kind of cells: per group and (changed) stem the join splits, the projections of its
 * head variants + middle (`starts`) and the group's tail index; and the projections of the strings before the
 * word-final rules of the cells the join cannot split → those cells (`whole`).
 */
type Plan = { joined: Array<{ starts: string[]; byTail: Map<string, number[]> }>; whole: Map<string, number[]> };

/** The caller's caches (the analyser keeps one per lexicon). */
export type WholeCaches = {
  readonly stems: Map<string, StemEntry>;
  readonly classes: Partial<Record<VerbClass, ClassCells>>;
  readonly tails: Map<string, GroupTails>;
  heads: Head[] | null;
  /** The engine's memo of the lexicon (memo.ts): the join's pieces. */
  readonly memo: GrammarMemo;
};
export const newWholeCaches = (memo: GrammarMemo): WholeCaches => ({ stems: new Map(), classes: {}, tails: new Map(), heads: null, memo });

const STEM_ENTRIES = 1_000;
const TAIL_ENTRIES = 1_000;
const conjOrder = (o: Order) => o === "conj" || o === "conj-neg";
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

function classCells(caches: WholeCaches, cls: VerbClass): ClassCells {
  let out = caches.classes[cls];
  if (out) return out;
  const today = new Set(cellsOf(cls).map(cellKey));
  const all = cellsOf(cls, { all: true });
  const cells = all.filter((c) => !c.preverbs?.length && !today.has(cellKey(c)));
  const baseKeys = new Map<string, Cell>();
  const pvKeys = new Set<string>();
  for (const c of all) {
    if (!c.preverbs?.length) continue;
    pvKeys.add(cellKey(c));
    const base: Cell = { order: c.order, subject: c.subject, ...(c.object ? { object: c.object } : {}) };
    baseKeys.set(cellKey(base), base);
  }
  const bases = [...baseKeys.values()];
  const prefixes = cells.map((c) => prefixTextOf(cls, c));
  const baseEndings = bases.map((c) => modeEndings(cls, c));
  // A cell's endings as wholeVerbForms reads them (they do not depend on change); none where it builds no form.
  const cellEndings = cells.map((c) => (exists(c) ? modeEndings(cls, c) : null));
  out = {
    cells, prefixes, bases, basePrefixes: bases.map((c) => prefixTextOf(cls, c)), baseEndings, pvKeys,
    cellGroups: groupsOf(cells, prefixes, cellEndings), baseGroups: groupsOf(bases, bases.map(() => ""), baseEndings),
  };
  return (caches.classes[cls] = out);
}

/** Whether wholeVerbForms can build a cell at all (change and participles in the conjunct, modes not on the imperative). */
function exists(cell: Cell): boolean {
  const conj = conjOrder(cell.order);
  if ((cell.change || cell.participle) && !conj) return false;
  return !(cell.mode && cell.order !== "ind" && cell.order !== "ind-neg" && !conj);
}

function stemEntry(caches: WholeCaches, cls: VerbClass, stem: string): StemEntry {
  const id = `${cls}\u0000${stem}`;
  let entry = caches.stems.get(id);
  if (entry) {
    // Most recently used last: the short stems, candidates for most words, stay.
    caches.stems.delete(id);
    caches.stems.set(id, entry);
    return entry;
  }
  entry = { forms: [], bases: [], changed: changedStems(stem), plans: {} };
  if (caches.stems.size >= STEM_ENTRIES) caches.stems.delete(caches.stems.keys().next().value!);
  caches.stems.set(id, entry);
  return entry;
}

/** A group's tail index for the stems with `stem`'s tail text (`GroupTails`), kept in the caches. */
function groupTails(caches: WholeCaches, cls: VerbClass, kind: string, gi: number, group: Group, stem: string, tailText: string): GroupTails {
  const id = `${cls}\u0000${kind}\u0000${gi}\u0000${tailText}`;
  let out = caches.tails.get(id);
  if (out) return out;
  out = { byTail: new Map(), partial: [] };
  group.cells.forEach((ci, k) => {
    for (const ending of group.endings[k]!) {
      const tail = joinTail(stem, ending, caches.memo);
      if (!tail) {
        out!.partial.push(ci);
        return;
      }
      for (const t of tailSet(tail, caches.memo)) add(out!.byTail, t, ci);
    }
  });
  if (caches.tails.size >= TAIL_ENTRIES) caches.tails.delete(caches.tails.keys().next().value!);
  caches.tails.set(id, out);
  return out;
}

/**
 * The cells of a class's groups whose forms of a stem may have the consonant projection `word` (projection.ts): a
 * superset of the cells with a form spelled as the word, found before any form is generated. Where the join splits
 * the stem (or its changed stems), the word must be a head variant's projection + the middle's + a tail variant's,
 * looked up among the tail projections of the group's endings; elsewhere the strings before the word-final rules
 * are projected. Sorted, as the cells are listed.
 */
function possible(caches: WholeCaches, cls: VerbClass, kind: "cells" | "bases", groups: Group[], entry: StemEntry, stem: string, word: string): number[] {
  let plan = entry.plans[kind];
  if (!plan) entry.plans[kind] = plan = planOf(caches, cls, kind, groups, entry, stem);
  const found = new Set<number>(plan.whole.get(word));
  for (const { starts, byTail } of plan.joined) {
    for (const start of starts) {
      if (!word.startsWith(start)) continue;
      for (const ci of byTail.get(word.slice(start.length)) ?? []) found.add(ci);
    }
  }
  return [...found].sort((x, y) => x - y);
}

/** A stem's `Plan` for one kind of cells (see `StemEntry.plans`). */
function planOf(caches: WholeCaches, cls: VerbClass, kind: string, groups: Group[], entry: StemEntry, stem: string): Plan {
  const plan: Plan = { joined: [], whole: new Map() };
  groups.forEach((group, gi) => {
    for (const s of group.change ? entry.changed : [stem]) {
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
      for (const ci of partial) {
        for (const ending of group.endings[group.cells.indexOf(ci)]!) {
          for (const str of preFinalConsonants(group.prefixText, s, ending, caches.memo)) for (const p of projections(str)) add(plan.whole, p, ci);
        }
      }
    }
  });
  return plan;
}

function add(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
}

/** Loose keys of a whole-verb cell's forms of a stem, generated on first use. */
function cellKeys(cls: VerbClass, cc: ClassCells, entry: StemEntry, stem: string, i: number, memo: GrammarMemo): string[] {
  let keys = entry.forms[i];
  if (!keys) entry.forms[i] = keys = [...new Set((wholeVerbForms(cls, stem, cc.cells[i]!, cc.prefixes[i]!, memo) ?? []).map(looseSpellingKey))];
  return keys;
}

/** Loose keys of a base's forms without a prefix (what follows a preverb chain), generated on first use. */
function baseKeys(cc: ClassCells, entry: StemEntry, stem: string, i: number, memo: GrammarMemo): string[] {
  let keys = entry.bases[i];
  if (!keys) {
    const set = new Set<string>();
    for (const e of cc.baseEndings[i] ?? []) for (const f of siteSurfaceForms("", stem, e, memo)) set.add(looseSpellingKey(f));
    entry.bases[i] = keys = [...set];
  }
  return keys;
}

function headsOf(caches: WholeCaches): Head[] {
  if (caches.heads) return caches.heads;
  const out: Head[] = [];
  const seen = new Set<string>();
  for (const preverbs of [["gii"], ["wii"], ["ga"], ["da"], ["daa"], ["daa", "gii"], ["bi"], ["maajii"], ["ishkwaa"], ["e"], ["gaa"]]) {
    for (const conj of [false, true]) {
      for (const prefixText of conj ? [""] : ["", ...Object.values(PREFIX_TEXT)]) {
        for (const h of preverbHeads({ order: conj ? "conj" : "ind", subject: "3s", preverbs }, prefixText) ?? []) {
          const key = looseSpellingKey(h);
          const id = `${key}|${preverbs.join("+")}|${conj}|${prefixText}`;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({ key, preverbs, conj, prefixText });
        }
      }
    }
  }
  return (caches.heads = out);
}

export type WholeHit = { li: number; cell: Cell };

/**
 * The whole-verb cells a word can be: `word` its loose key; `candidates(rest)` the candidate verbs (lexeme index,
 * class, stem text) for a written string, from the stem skeleton.
 */
export function analyseWhole(
  word: string,
  caches: WholeCaches,
  candidates: (text: string) => Iterable<{ li: number; cls: VerbClass; stem: string }>,
): WholeHit[] {
  const out: WholeHit[] = [];
  const projected = project(word);
  // Per stem: the cells (or bases) that may spell the word or the rest after a head, worked out once per call.
  const narrowed = new Map<string, number[]>();
  const cellsFor = (cls: VerbClass, stem: string, kind: "cells" | "bases", text: string, p: string): { cc: ClassCells; entry: StemEntry; list: number[] } => {
    const cc = classCells(caches, cls);
    const entry = stemEntry(caches, cls, stem);
    const id = `${cls}\u0000${stem}\u0000${kind}\u0000${text}`;
    let list = narrowed.get(id);
    if (!list) narrowed.set(id, (list = possible(caches, cls, kind, kind === "cells" ? cc.cellGroups : cc.baseGroups, entry, stem, p)));
    return { cc, entry, list };
  };
  for (const { li, cls, stem } of candidates(word)) {
    const { cc, entry, list } = cellsFor(cls, stem, "cells", word, projected);
    for (const i of list) if (cellKeys(cls, cc, entry, stem, i, caches.memo).includes(word)) out.push({ li, cell: cc.cells[i]! });
  }
  for (const head of headsOf(caches)) {
    if (word.length <= head.key.length || !word.startsWith(head.key)) continue;
    const rest = word.slice(head.key.length);
    const restProjection = project(rest);
    for (const { li, cls, stem } of candidates(rest)) {
      const { cc, entry, list } = cellsFor(cls, stem, "bases", rest, restProjection);
      for (const i of list) {
        const base = cc.bases[i]!;
        if (conjOrder(base.order) !== head.conj || cc.basePrefixes[i] !== head.prefixText) continue;
        if (!baseKeys(cc, entry, stem, i, caches.memo).includes(rest)) continue;
        const cell = { ...base, preverbs: head.preverbs };
        if (cc.pvKeys.has(cellKey(cell))) out.push({ li, cell });
      }
    }
  }
  return out;
}

/**
 * Every consonant projection that lets `possible` keep a cell of a stem: the word's (its whole-verb cells) or what
 * follows a preverb chain (the bases). A word whose look-ups (`wholeLookups`) project to none of them reads as none
 * of the stem's whole-verb cells: what a stored index narrows a query's candidates by (app/core/lexicon-keys.ts).
 */
export function wholeProjectionsOf(caches: WholeCaches, cls: VerbClass, stem: string): Set<string> {
  const cc = classCells(caches, cls);
  const entry = stemEntry(caches, cls, stem);
  const out = new Set<string>();
  for (const [kind, groups] of [["cells", cc.cellGroups], ["bases", cc.baseGroups]] as const) {
    const plan = (entry.plans[kind] ??= planOf(caches, cls, kind, groups, entry, stem));
    for (const p of plan.whole.keys()) out.add(p);
    for (const { starts, byTail } of plan.joined) for (const s of starts) for (const t of byTail.keys()) out.add(s + t);
  }
  return out;
}

/** The texts `analyseWhole` looks candidates up by for a word (its loose key): the word, and what follows each chain. */
export function wholeLookups(caches: WholeCaches, word: string): string[] {
  const out = [word];
  for (const head of headsOf(caches)) if (word.length > head.key.length && word.startsWith(head.key)) out.push(word.slice(head.key.length));
  return out;
}

/**
 * Analysis of the whole verb's forms (modes, changed conjunct, participles, preverbs, the VTA's new persons): which
 * verb and cell a written word can be, beside today's cells (analysis.ts). Candidate verbs come from analysis.ts
 * (consonant skeleton of the stem); for each candidate stem every whole-verb cell without preverbs is generated once
 * and indexed by its loose spelling key (glottal h or ', no apostrophes or hyphens, final stops voiced), kept in the
 * caller's cache object. A preverb chain (ngii-, gaa-, daa-gii-, …) does not depend on the stem: a word that starts
 * with one (hyphen or not) is looked up as chain + the stem's form without a prefix. Pure: the caches are passed in.
 */
import { cellKey, cellsOf, type Cell, type Order, type VerbClass } from "./cells";
import { modeEndings } from "./mode-tables";
import { siteSurfaceForms } from "./phonology";
import { prefixOf, PREFIX_TEXT } from "./prefix";
import { looseSpellingKey } from "./spelling";
import { preverbHeads, wholeVerbForms } from "./whole-verb";

/** One class's cells for the analyser: whole-verb cells without preverbs, and the neutral cells preverbs go on. */
type ClassCells = {
  cells: Cell[]; prefixes: string[]; bases: Cell[]; basePrefixes: string[]; baseEndings: Array<string[] | null>; pvKeys: Set<string>;
};
/** A spelled preverb chain: its loose key, preverbs, order kind and the person prefix on it. */
type Head = { key: string; preverbs: string[]; conj: boolean; prefixText: string };
/** Per stem: loose key of a form → cell indices (`forms`: ClassCells.cells; `bases`: ClassCells.bases). */
type StemIndex = { forms: Map<string, number[]>; bases: Map<string, number[]> };

/** The caller's caches (the analyser keeps one per lexicon). */
export type WholeCaches = {
  readonly stems: Map<string, StemIndex>;
  readonly classes: Partial<Record<VerbClass, ClassCells>>;
  heads: Head[] | null;
};
export const newWholeCaches = (): WholeCaches => ({ stems: new Map(), classes: {}, heads: null });

const STEM_ENTRIES = 600;
const conjOrder = (o: Order) => o === "conj" || o === "conj-neg";
const prefixTextOf = (cls: VerbClass, cell: Cell) => {
  if (conjOrder(cell.order) || cell.participle) return "";
  const p = prefixOf(cls, { order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) });
  return p ? PREFIX_TEXT[p]! : "";
};

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
  out = {
    cells, prefixes: cells.map((c) => prefixTextOf(cls, c)), bases, basePrefixes: bases.map((c) => prefixTextOf(cls, c)),
    baseEndings: bases.map((c) => modeEndings(cls, c)), pvKeys,
  };
  return (caches.classes[cls] = out);
}

function add(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
}

function stemIndex(caches: WholeCaches, cls: VerbClass, stem: string): StemIndex {
  const id = `${cls}\u0000${stem}`;
  let entry = caches.stems.get(id);
  if (entry) return entry;
  const cc = classCells(caches, cls);
  entry = { forms: new Map(), bases: new Map() };
  const memo = new Map<string, string[]>();
  cc.cells.forEach((cell, i) => {
    for (const f of wholeVerbForms(cls, stem, cell, cc.prefixes[i]!, memo) ?? []) add(entry!.forms, looseSpellingKey(f), i);
  });
  cc.bases.forEach((_cell, i) => {
    for (const e of cc.baseEndings[i] ?? []) for (const f of siteSurfaceForms("", stem, e)) add(entry!.bases, looseSpellingKey(f), i);
  });
  if (caches.stems.size >= STEM_ENTRIES) caches.stems.delete(caches.stems.keys().next().value!);
  caches.stems.set(id, entry);
  return entry;
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
  for (const { li, cls, stem } of candidates(word)) {
    const cc = classCells(caches, cls);
    for (const i of stemIndex(caches, cls, stem).forms.get(word) ?? []) out.push({ li, cell: cc.cells[i]! });
  }
  for (const head of headsOf(caches)) {
    if (word.length <= head.key.length || !word.startsWith(head.key)) continue;
    const rest = word.slice(head.key.length);
    for (const { li, cls, stem } of candidates(rest)) {
      const cc = classCells(caches, cls);
      for (const i of stemIndex(caches, cls, stem).bases.get(rest) ?? []) {
        const base = cc.bases[i]!;
        if (conjOrder(base.order) !== head.conj || cc.basePrefixes[i] !== head.prefixText) continue;
        const cell = { ...base, preverbs: head.preverbs };
        if (cc.pvKeys.has(cellKey(cell))) out.push({ li, cell });
      }
    }
  }
  return out;
}

/**
 * Analysis of the whole verb's forms (modes, changed conjunct, participles, preverbs, the VTA's new persons): which
 * verb and cell a written word can be, beside today's cells (analysis.ts). Candidate verbs come from analysis.ts
 * (consonant skeleton of the stem). Before a candidate's cell is generated, the cells whose forms may have the word's
 * consonant projection are found (whole-narrowing.ts), or read from what a stored index noted (cell-hints.ts). Only
 * the cells found are generated (once per stem) and compared by their loose spelling key (glottal h or ', no
 * apostrophes or hyphens, final stops voiced). A preverb chain (ngii-, gaa-, daa-gii-, …) does not depend on the stem: a word that starts
 * with one (hyphen or not) is looked up as chain + the stem's form without a prefix, narrowed the same way. Pure:
 * the caches are passed in.
 */
import { cellKey, type Cell, type VerbClass } from "./cells";
import type { GrammarMemo } from "./memo";
import { siteSurfaceForms } from "./phonology";
import { PREFIX_TEXT } from "./prefix";
import { project } from "./projection";
import { looseSpellingKey } from "./spelling";
import { preverbHeads, wholeVerbForms } from "./whole-verb";
import {
  classBases,
  classCells,
  conjOrder,
  possible,
  stemEntry,
  type ClassBases,
  type ClassCells,
  type Group,
  type Head,
  type StemEntry,
  type WholeCaches,
} from "./whole-narrowing";

/** Loose keys of a whole-verb cell's forms of a stem, generated on first use. */
function cellKeys(cls: VerbClass, cc: ClassCells, entry: StemEntry, stem: string, i: number, memo: GrammarMemo): string[] {
  let keys = entry.forms[i];
  if (!keys) entry.forms[i] = keys = [...new Set((wholeVerbForms(cls, stem, cc.cells[i]!, cc.prefixes[i]!, memo, cc.endings[i]) ?? []).map(looseSpellingKey))];
  return keys;
}

/** Loose keys of a base's forms without a prefix (what follows a preverb chain), generated on first use. */
function baseKeys(cb: ClassBases, entry: StemEntry, stem: string, i: number, memo: GrammarMemo): string[] {
  let keys = entry.bases[i];
  if (!keys) {
    const set = new Set<string>();
    for (const e of cb.endings[i] ?? []) for (const f of siteSurfaceForms("", stem, e, memo)) set.add(looseSpellingKey(f));
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
export type WholeHints = { cells(li: number, kind: "cells" | "bases", projection: string): number[] | undefined; joined(li: number): boolean };
const NO_HINTS: WholeHints = { cells: () => undefined, joined: () => false };

/**
 * The whole-verb cells a word can be: `word` its loose key; `candidates(rest)` the candidate verbs (lexeme index,
 * class, stem text) for a written string, from the stem skeleton; `hints` what a stored index knows of a candidate
 * (cell-hints.ts): its cells of a kind with a projection (undefined: not known, they are worked out), and whether
 * all its endings join (`allJoin`).
 */
export function analyseWhole(
  word: string,
  caches: WholeCaches,
  candidates: (text: string) => Iterable<{ li: number; cls: VerbClass; stem: string }>,
  hints: WholeHints = NO_HINTS,
): WholeHit[] {
  const out: WholeHit[] = [];
  const projected = project(word);
  // Per stem: the cells (or bases) that may spell the word or the rest after a head, worked out once per call.
  const narrowed = new Map<string, number[]>();
  const cellsFor = (
    li: number,
    cls: VerbClass,
    stem: string,
    kind: "cells" | "bases",
    groups: Group[],
    text: string,
    p: string,
  ): { entry: StemEntry; list: number[] } => {
    const entry = stemEntry(caches, cls, stem);
    const known = hints.cells(li, kind, p);
    if (known) return { entry, list: known };
    const joined = hints.joined(li);
    const id = `${cls}\u0000${stem}\u0000${kind}\u0000${text}\u0000${joined}`;
    let list = narrowed.get(id);
    if (!list) narrowed.set(id, (list = possible(caches, cls, kind, groups, entry, stem, p, joined)));
    return { entry, list };
  };
  for (const { li, cls, stem } of candidates(word)) {
    const cc = classCells(caches, cls);
    const { entry, list } = cellsFor(li, cls, stem, "cells", cc.groups, word, projected);
    for (const i of list) if (cellKeys(cls, cc, entry, stem, i, caches.memo).includes(word)) out.push({ li, cell: cc.cells[i]! });
  }
  for (const head of headsOf(caches)) {
    if (word.length <= head.key.length || !word.startsWith(head.key)) continue;
    const rest = word.slice(head.key.length);
    const restProjection = project(rest);
    for (const { li, cls, stem } of candidates(rest)) {
      const cb = classBases(caches, cls);
      const { entry, list } = cellsFor(li, cls, stem, "bases", cb.groups, rest, restProjection);
      for (const i of list) {
        const base = cb.bases[i]!;
        if (conjOrder(base.order) !== head.conj || cb.prefixes[i] !== head.prefixText) continue;
        if (!baseKeys(cb, entry, stem, i, caches.memo).includes(rest)) continue;
        const cell = { ...base, preverbs: head.preverbs };
        if (cb.pvKeys.has(cellKey(cell))) out.push({ li, cell });
      }
    }
  }
  return out;
}

/** The texts `analyseWhole` looks candidates up by for a word (its loose key): the word, and what follows each chain. */
export function wholeLookups(caches: WholeCaches, word: string): string[] {
  const out = [word];
  for (const head of headsOf(caches)) if (word.length > head.key.length && word.startsWith(head.key)) out.push(word.slice(head.key.length));
  return out;
}

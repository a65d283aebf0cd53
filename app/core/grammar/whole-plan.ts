/**
 * The whole verb's cells worked out once per class (`WholePlan`: endings, person prefix, preverb heads, the slots
 * of the stem's forms), and a stem's forms kept by slot (`WholeStem`), so that a paradigm of a new stem runs the
 * phonology once per distinct prefix + stem + ending and does no other per-cell work than joining them. Gives the
 * same forms, in the same order, as whole-verb.ts `wholeVerbForms` (which the analyser uses, uncached). Pure: the plans are
 * kept by the caller (inflection.ts, with today's cells' plans), the stem's forms with the stem's other forms.
 */
import { cellKey, type Cell, type VerbClass } from "./cells";
import type { GlossFrame } from "./gloss";
import { modeEndings } from "./mode-tables";
import { siteSurfaceForms, siteSurfaceFormsRegular, type JoinMemo } from "./phonology";
import { prefixOf, PREFIX_TEXT } from "./prefix";
import type { Level } from "./confidence";
import { changedStems, preverbHeads } from "./whole-verb";

/** A class's whole-verb plans by cell key, and the slot of each distinct person prefix + ending. */
/** `byCell`: the plan of a cell object seen before (checked against the cell's fields: no key is built). */
export type WholePlans = { byKey: Map<string, WholePlan | null>; slots: Map<string, number>; byCell: WeakMap<Cell, { cell: Cell; plan: WholePlan | null }> };
export const newWholePlans = (): WholePlans => ({ byKey: new Map(), slots: new Map(), byCell: new WeakMap() });

const samePreverbs = (a: string[] | undefined, b: string[] | undefined) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i])) || (!a?.length && !b?.length);
/** Whether a cell still has the fields it had when its plan was found. */
const sameCell = (a: Cell, b: Cell) =>
  a.order === b.order &&
  a.subject === b.subject &&
  a.object === b.object &&
  a.mode === b.mode &&
  a.change === b.change &&
  a.participle === b.participle &&
  samePreverbs(a.preverbs, b.preverbs);

export type WholePlan = {
  cell: Cell;
  conj: boolean;
  prefixText: string;
  endings: string[];
  /** Per ending: the slot of its forms (person prefix + ending; "" + ending after a preverb chain). */
  slots: number[];
  /** The spelled preverb chains (with and without Medler's rules), or null without preverbs. */
  heads: string[] | null;
  headsRegular: string[] | null;
  /** The English readings' frame (gloss.ts), at first use. */
  frame?: GlossFrame;
};

const conjOrder = (cell: Cell) => cell.order === "conj" || cell.order === "conj-neg";

/** A whole-verb cell's plan, or null where wholeVerbForms builds no form for any stem. */
export function wholePlanOf(plans: WholePlans, cls: VerbClass, cell: Cell): WholePlan | null {
  const seen = plans.byCell.get(cell);
  if (seen && sameCell(seen.cell, cell)) return seen.plan;
  const key = cellKey(cell);
  let plan = plans.byKey.get(key);
  if (plan === undefined) plans.byKey.set(key, (plan = makePlan(plans, cls, cell)));
  plans.byCell.set(cell, { cell: { ...cell, ...(cell.preverbs ? { preverbs: [...cell.preverbs] } : {}) }, plan });
  return plan;
}

function makePlan(plans: WholePlans, cls: VerbClass, cell: Cell): WholePlan | null {
  const conj = conjOrder(cell);
  if ((cell.change || cell.participle) && !conj) return null;
  if (cell.participle && cell.preverbs?.length) return null;
  if (cell.mode && cell.order !== "ind" && cell.order !== "ind-neg" && !conj) return null;
  const endings = modeEndings(cls, { ...cell, preverbs: undefined, change: undefined });
  if (!endings?.length) return null;
  const p = conj || cell.participle ? null : prefixOf(cls, { order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) });
  const prefixText = p ? PREFIX_TEXT[p]! : "";
  const pv = !!cell.preverbs?.length;
  const heads = pv ? preverbHeads(cell, prefixText) : null;
  if (pv && !heads) return null;
  const slotPrefix = pv ? "" : prefixText;
  const slots = endings.map((e) => {
    const id = `${slotPrefix}\u0000${e}`;
    let slot = plans.slots.get(id);
    if (slot === undefined) plans.slots.set(id, (slot = plans.slots.size));
    return slot;
  });
  return { cell, conj, prefixText, endings, slots, heads, headsRegular: pv ? preverbHeads(cell, prefixText, true) : null };
}

/** A stem's whole-verb forms by slot, per stem variant (0: the stem, 1…: its changed stems), with and without Medler. */
export type WholeStem = {
  changed: string[] | undefined;
  levelKey?: string;
  /** The levels of the stem's shape and problem by plan (the memo's `wholeLevels` entry, looked up once per stem). */
  levels?: Map<WholePlan, Level>;
  forms: Array<Array<string[] | undefined>>;
  regular: Array<Array<string[] | undefined>>;
};
export const newWholeStem = (): WholeStem => ({ changed: undefined, forms: [], regular: [] });

/**
 * The forms of a slot for a stem variant. Without Medler's rules: the same list where its forms do not differ in
 * their count of w or o (no Medler rule applied: each of its forms has its regular counterpart, which differs).
 */
function slotForms(
  ws: WholeStem,
  regular: boolean,
  variant: number,
  slot: number,
  prefix: string,
  stem: string,
  ending: string,
  memo: JoinMemo | undefined,
): string[] {
  const byVariant = regular ? ws.regular : ws.forms;
  const list = (byVariant[variant] ??= []);
  let out = list[slot];
  if (!out) {
    if (!regular) list[slot] = out = siteSurfaceForms(prefix, stem, ending, memo);
    else {
      const all = slotForms(ws, false, variant, slot, prefix, stem, ending, memo);
      list[slot] = out = all.length > 1 && mayHaveMedler(all) ? siteSurfaceFormsRegular(prefix, stem, ending, memo) : all;
    }
  }
  return out;
}

/** How many times `c` occurs in `f`. */
function count(f: string, c: string): number {
  let n = 0;
  for (let i = f.indexOf(c); i >= 0; i = f.indexOf(c, i + 1)) n++;
  return n;
}

/** Whether forms may differ by Medler's rules: in their count of w or of o (w + i → o, w lost). */
export function mayHaveMedler(forms: string[]): boolean {
  const w = count(forms[0]!, "w");
  const o = count(forms[0]!, "o");
  for (let i = 1; i < forms.length; i++) if (count(forms[i]!, "w") !== w || count(forms[i]!, "o") !== o) return true;
  return false;
}

function push(out: string[], forms: string[]): void {
  for (const f of forms) if (!out.includes(f)) out.push(f);
}

/** The site-spelled forms of a plan's cell for a stem, primary first (`regular`: without Medler's rules), or null. */
export function planForms(plan: WholePlan, stemText: string, ws: WholeStem, memo: JoinMemo | undefined, regular = false): string[] | null {
  if (!stemText) return null;
  const out: string[] = [];
  const { endings, slots } = plan;
  if (!plan.heads) {
    const stems = plan.cell.change ? (ws.changed ??= changedStems(stemText)) : null;
    if (!stems) {
      // One ending: its slot's list itself (never changed by the caller).
      if (endings.length === 1) {
        const only = slotForms(ws, regular, 0, slots[0]!, plan.prefixText, stemText, endings[0]!, memo);
        return only.length ? only : null;
      }
      for (let k = 0; k < endings.length; k++) push(out, slotForms(ws, regular, 0, slots[k]!, plan.prefixText, stemText, endings[k]!, memo));
    } else if (stems.length === 1 && endings.length === 1) {
      const only = slotForms(ws, regular, 1, slots[0]!, plan.prefixText, stems[0]!, endings[0]!, memo);
      return only.length ? only : null;
    } else {
      for (let v = 0; v < stems.length; v++) {
        for (let k = 0; k < endings.length; k++) push(out, slotForms(ws, regular, v + 1, slots[k]!, plan.prefixText, stems[v]!, endings[k]!, memo));
      }
    }
    return out.length ? out : null;
  }
  const heads = (regular ? plan.headsRegular : plan.heads) ?? [];
  const bases: string[] = [];
  for (let k = 0; k < endings.length; k++) push(bases, slotForms(ws, regular, 0, slots[k]!, "", stemText, endings[k]!, memo));
  for (const b of bases) for (const h of heads) if (!out.includes(h + b)) out.push(h + b);
  return out.length ? out : null;
}

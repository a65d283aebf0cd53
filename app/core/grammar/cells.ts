/**
 * Cells and their labels: verb classes, orders, persons, the cells docs/product.md §5 allows, cell keys and the one
 * definition of the names the site shows for orders, classes and persons. Pure; imports the VAIO's cells and the
 * cell types (cell-types.ts) only.
 */
import { vaioWholeCells } from "./vaio-cells";

import type { Cell, Mode, Order, ParticipleHead, Person, VerbClass } from "./cell-types";

export type { Cell, Mode, Order, ParticipleHead, Person, VerbClass } from "./cell-types";

/** Today's orders (pages list these); the delayed imperative is one of the whole verb's cells (`cellsOf` with `all`). */
export const ORDERS: Order[] = ["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-pro"];
export const VERB_CLASSES: VerbClass[] = ["vai", "vii", "vta", "vti"];
/** The classes /conj and /paradigms offer: the product reference's four, then the VAIO (issue 37). */
export const CONJUGATOR_CLASSES: VerbClass[] = [...VERB_CLASSES, "vaio"];

/**
 * Verb orders as docs/product.md §9 names them: the only definition. /conj ("ind Independent"), /paradigms and /conj-data
 * ("Independent (vai-ind)"), the learn pages ("Independent order") and word search ("Independent: I", app/core/cell-labels.ts) all read it.
 */
export const ORDER_NAMES: Record<Order, string> = {
  ind: "Independent",
  "ind-neg": "Independent Negative",
  conj: "Conjunct",
  "conj-neg": "Conjunct Negative",
  imp: "Imperative",
  "imp-pro": "Imperative Prohibitive",
  "imp-delayed": "Delayed Imperative",
};

export const CLASS_NAMES: Record<VerbClass, string> = {
  vai: "Animate Intransitive",
  vii: "Inanimate Intransitive",
  vta: "Transitive Animate",
  vti: "Transitive Inanimate",
  vaio: "Animate Intransitive with Object",
};

/**
 * Plain-English person labels (the codes stay available beside them). The English glosses use the same names with
 * "obviative" and "inanimate" shortened (see gloss.ts).
 */
export const PERSON_NAMES: Record<Person, string> = {
  "1s": "I",
  "2s": "you (sg)",
  "3s": "s/he",
  "3'": "s/he (obviative)",
  "1p": "we (excl.)",
  "21": "we (incl.)",
  "2p": "you (pl)",
  "3p": "they",
  x: "someone",
  "0s": "it",
  "0p": "they (inanimate)",
  "0's": "it (obviative)",
  "0'p": "they (inanimate, obviative)",
  "0": "it",
  "0'": "it (obviative)",
};

export function verbClassOf(pos: string): VerbClass | null {
  if (pos === "vai" || pos === "vii" || pos === "vti" || pos === "vta" || pos === "vaio") return pos;
  const p = pos.trim().toLowerCase();
  return p === "vai" || p === "vii" || p === "vti" || p === "vta" || p === "vaio" ? p : null;
}

// ── allowed cells (docs/product.md §5) ──
const ANIMATE: Person[] = ["1s", "2s", "3s", "3'", "1p", "21", "2p", "3p", "x"];
const IMP_SUBJECTS: Person[] = ["2s", "2p", "21"];
export const VTA_OBJECTS: Partial<Record<Person, Person[]>> = {
  "1s": ["2s", "3s", "2p", "3p"],
  "2s": ["1s", "3s", "1p", "3p"],
  "3s": ["1s", "2s", "3'", "1p", "21", "2p"],
  "3'": ["3s", "3p"],
  "1p": ["2s", "3s", "2p", "3p"],
  "21": ["3s", "3p"],
  "2p": ["1s", "3s", "1p", "3p"],
  "3p": ["1s", "2s", "3'", "1p", "21", "2p"],
  x: ["1s", "2s", "3s", "1p", "21", "2p", "3p"],
};

/** Subjects docs/product.md §5 allows for a class and order. */
export function subjectsOf(cls: VerbClass, order: Order): Person[] {
  const imp = order === "imp" || order === "imp-pro";
  if (cls === "vii") return imp ? [] : order === "conj" || order === "conj-neg" ? ["0", "0'"] : ["0s", "0p", "0's", "0'p"];
  if (imp) return IMP_SUBJECTS;
  if (cls === "vti" && (order === "ind" || order === "ind-neg")) return ANIMATE.filter((p) => p !== "x");
  if (cls === "vaio" && (order === "ind" || order === "ind-neg")) return ANIMATE.filter((p) => p !== "x" && p !== "3'");
  return ANIMATE;
}

/** Objects docs/product.md §5 allows for a class, order and subject ([] for intransitives). */
export function objectsOf(cls: VerbClass, order: Order, subject: Person): Person[] {
  if (cls === "vai" || cls === "vii") return [];
  if (cls === "vaio")
    return order === "conj" || order === "conj-neg" ? ["0"] : order === "ind" || order === "ind-neg" || subject === "21" ? ["0s", "0p"] : ["0s"];
  if (cls === "vti") {
    if (order === "conj" || order === "conj-neg") return ["0"];
    if ((order === "imp" || order === "imp-pro") && subject !== "21") return ["0"];
    return ["0s", "0p"];
  }
  const objs = VTA_OBJECTS[subject] ?? VTA_OBJECTS["3s"]!;
  return order === "imp" || order === "imp-pro" ? objs.filter((o) => o === "1s" || o === "1p" || o === "3s" || o === "3p") : objs;
}

export type CellsOptions = {
  /**
   * Also the whole verb's cells the engine builds: modes, the changed conjunct, participles, preverbs, and the VTA's
   * inanimate subjects and x→3'/x→x. Without it, today's cells only (pages and tests that list today's paradigm).
   */
  all?: boolean;
};

/**
 * The delayed imperative ("go away later", -kan/-keg) as the reference has it (otw_dev_verb_paradigms.tsv
 * `imp_delayed`): VAI 2s, 2p; VTI 2s/2p→0 and 21→0s/0p; VTA 2s/2p→1s, 3s, 3p; no VII.
 */
function delayedCells(cls: VerbClass): Cell[] {
  const order: Order = "imp-delayed";
  if (cls === "vai") return (["2s", "2p"] as Person[]).map((subject) => ({ order, subject }));
  if (cls === "vti")
    return [
      ["2s", "0"],
      ["2p", "0"],
      ["21", "0s"],
      ["21", "0p"],
    ].map(([s, o]) => ({ order, subject: s as Person, object: o as Person }));
  if (cls === "vaio") return (["2s", "2p"] as Person[]).map((subject) => ({ order, subject, object: "0s" as Person }));
  if (cls === "vta") return (["2s", "2p"] as Person[]).flatMap((subject) => (["1s", "3s", "3p"] as Person[]).map((object) => ({ order, subject, object })));
  return [];
}

export function cellsOf(cls: VerbClass, order?: Order | CellsOptions, options?: CellsOptions): Cell[] {
  const only = typeof order === "string" ? order : undefined;
  const all = (typeof order === "object" ? order : options)?.all ?? false;
  if (only === "imp-delayed") return delayedCells(cls);
  const orders = only ? [only] : ORDERS;
  const out: Cell[] = [];
  for (const o of orders) {
    for (const subject of subjectsOf(cls, o)) {
      const objects = objectsOf(cls, o, subject);
      if (objects.length === 0) out.push({ order: o, subject });
      else for (const object of objects) out.push({ order: o, subject, object });
    }
  }
  return all ? [...out, ...wholeVerbCells(cls, out, orders), ...(only ? [] : delayedCells(cls))] : out;
}

export const MODES: Mode[] = ["prt", "dub", "dubprt"];
/** Preverb chains the reference has, and the orders each goes with (e-, gaa- make the verb conjunct). */
export const PREVERB_CHAINS: Array<{ preverbs: string[]; orders: Order[] }> = [
  ...["gii", "wii", "ga", "da", "daa"].map((p) => ({ preverbs: [p], orders: ["ind", "ind-neg", "conj", "conj-neg"] as Order[] })),
  ...[["daa", "gii"], ["bi"], ["maajii"], ["ishkwaa"]].map((preverbs) => ({ preverbs, orders: ["ind", "conj"] as Order[] })),
  ...["e", "gaa"].map((p) => ({ preverbs: [p], orders: ["conj", "conj-neg"] as Order[] })),
];

/**
 * The VTA participles the reference has: the conjunct cell (subject>object), the head (the one(s) named), the
 * polarities it has changed ("pos", "neg", both), and the unchanged cells it also has (mode or "neu", "-neg" suffixed).
 */
export const VTA_PARTICIPLES: ReadonlyArray<{ s: Person; o: Person; head: ParticipleHead; pol: "pos" | "neg" | "both"; plain?: string[] }> = [
  ...(["1s", "21", "2p"] as Person[]).map((s) => ({ s, o: "3s" as Person, head: "3p" as ParticipleHead, pol: "both" as const })),
  ...(["2s", "1p"] as Person[]).map((s) => ({ s, o: "3s" as Person, head: "3p" as ParticipleHead, pol: "both" as const, plain: ["neu", "neu-neg"] })),
  ...(["1s", "21", "2p"] as Person[]).map((o) => ({ s: "3s" as Person, o, head: "3p" as ParticipleHead, pol: "both" as const })),
  { s: "3s", o: "1p", head: "3p", pol: "both", plain: ["neu", "neu-neg"] },
  { s: "3s", o: "2s", head: "3p", pol: "both" },
  { s: "3s", o: "3'", head: "3'", pol: "both" },
  { s: "3p", o: "3'", head: "3'", pol: "both" },
  { s: "3p", o: "3'", head: "3p", pol: "both" },
  ...(["3p", "3'", "0p"] as ParticipleHead[]).map((head) => ({ s: "3'" as Person, o: "3p" as Person, head, pol: "pos" as const })),
  { s: "0", o: "1s", head: "0p", pol: "both", plain: ["neu", "neu-neg", "prt", "prt-neg"] },
  ...(["2s", "1p", "21", "2p"] as Person[]).map((o) => ({ s: "0" as Person, o, head: "0p" as ParticipleHead, pol: "both" as const })),
  { s: "0", o: "3s", head: "0p", pol: "pos", plain: ["dub", "dubprt"] },
  { s: "0", o: "3s", head: "3'", pol: "pos", plain: ["dub", "dubprt"] },
  { s: "0", o: "3s", head: "3p", pol: "neg" },
];

/** The VTA participle cells of a conjunct cell, as the reference has them (3s→2s has no positive dubitatives). */
function vtaParticiples(c: Cell): Cell[] {
  const out: Cell[] = [];
  const neg = c.order === "conj-neg";
  for (const p of VTA_PARTICIPLES) {
    if (p.s !== c.subject || p.o !== c.object) continue;
    const participle = p.head;
    if (p.pol === "both" || p.pol === (neg ? "neg" : "pos")) {
      out.push({ ...c, change: true, participle });
      for (const mode of MODES) {
        if (!neg && c.subject === "3s" && c.object === "2s" && mode !== "prt") continue;
        out.push({ ...c, mode, change: true, participle });
      }
    }
    for (const m of p.plain ?? []) {
      if (m.endsWith("-neg") !== neg) continue;
      const mode = m.replace(/-neg$/, "");
      out.push(mode === "neu" ? { ...c, participle } : { ...c, mode: mode as Mode, participle });
    }
  }
  return out;
}

/** The VTA's cells beyond today's persons: inanimate subjects (independent 0s/0p, conjunct 0), x→3' and x→x. */
function vtaNewPersons(o: Order): Cell[] {
  const out: Cell[] = [];
  if (o === "ind" || o === "ind-neg") {
    for (const subject of ["0s", "0p"] as Person[]) {
      for (const object of ["1s", "2s", "3s", "1p", "21", "2p", "3p"] as Person[]) out.push({ order: o, subject, object });
    }
    if (o === "ind-neg") out.push({ order: o, subject: "0s", object: "3'" });
    out.push({ order: o, subject: "x", object: "3'" }, { order: o, subject: "x", object: "x" });
  } else if (o === "conj" || o === "conj-neg") {
    for (const object of ["1s", "2s", "3s", "1p", "21", "2p"] as Person[]) out.push({ order: o, subject: "0", object });
  }
  return out;
}

/** Whether an independent cell has the preterit-dubitative (3rd persons only; VTA: the passive's). */
function hasIndDubPrt(cls: VerbClass, c: Cell): boolean {
  if (cls === "vii") return true;
  if (cls === "vai") return ["3s", "3'", "3p", "x"].includes(c.subject);
  if (cls === "vti") return ["3s", "3'", "3p"].includes(c.subject) && c.object === "0s";
  return c.subject === "x" && ["3s", "3'", "3p", "x"].includes(c.object ?? "");
}

function wholeVerbCells(cls: VerbClass, today: Cell[], orders: Order[]): Cell[] {
  if (cls === "vaio") return vaioWholeCells(today, orders, PREVERB_CHAINS);
  const out: Cell[] = [];
  const base = [...today.filter((c) => c.order !== "imp" && c.order !== "imp-pro"), ...(cls === "vta" ? orders.flatMap(vtaNewPersons) : [])];
  const vtaOld = (c: Cell) =>
    cls === "vta" && !(c.subject === "0" || c.subject === "0s" || c.subject === "0p" || c.object === "x" || (c.subject === "x" && c.object === "3'"));
  for (const c of base) {
    const conj = c.order === "conj" || c.order === "conj-neg";
    if (cls === "vta" && !vtaOld(c)) out.push(c);
    // Modes (the reference has no negative dubitatives of the VTA conjunct x→3s).
    const noDub = cls === "vta" && c.order === "conj-neg" && c.subject === "x" && c.object === "3s";
    for (const mode of MODES) {
      if ((mode === "dubprt" && !conj && !hasIndDubPrt(cls, c)) || (noDub && mode !== "prt")) continue;
      out.push({ ...c, mode });
    }
    if (conj) {
      out.push({ ...c, change: true });
      for (const mode of MODES) if (!(noDub && mode !== "prt")) out.push({ ...c, mode, change: true });
      if (cls === "vta") out.push(...vtaParticiples(c));
      if (cls === "vai" && (c.subject === "3s" || c.subject === "3'")) {
        const participle = c.subject === "3s" ? "3p" : "3'";
        out.push({ ...c, participle }, { ...c, change: true, participle });
        for (const mode of MODES) out.push({ ...c, mode, change: true, participle });
      }
    }
    for (const { preverbs, orders: pvOrders } of PREVERB_CHAINS) if (pvOrders.includes(c.order)) out.push({ ...c, preverbs });
  }
  // The VTA's 0→3' has the preterit and dubitative where it has no neutral cell (-igninaaban, -igninaadig).
  if (cls === "vta") {
    for (const o of orders) {
      if (o !== "ind" && o !== "ind-neg") continue;
      for (const subject of ["0s", "0p"] as Person[]) {
        if (o === "ind-neg" && subject === "0s") continue;
        for (const mode of ["prt", "dub"] as Mode[]) out.push({ order: o, subject, object: "3'", mode });
      }
    }
  }
  return out;
}

/** Whether docs/product.md §5 allows a cell for a class. */
export function isAllowed(cls: VerbClass, cell: Cell): boolean {
  if (!ORDERS.includes(cell.order)) return false;
  if (!subjectsOf(cls, cell.order).includes(cell.subject)) return false;
  const objs = objectsOf(cls, cell.order, cell.subject);
  return objs.length === 0 ? cell.object === undefined : cell.object !== undefined && objs.includes(cell.object);
}

/**
 * A stable key: today's cells as before ("ind 1s>3s"); the new features only when set, in a fixed order after it
 * ("conj 3s prt chg pcp:3p pv:gii+maajii").
 */
export function cellKey(cell: Cell): string {
  const base = `${cell.order} ${cell.subject}${cell.object ? `>${cell.object}` : ""}`;
  if (!cell.mode && !cell.change && !cell.participle && !cell.preverbs?.length) return base;
  let key = base;
  if (cell.mode) key += ` ${cell.mode}`;
  if (cell.change) key += " chg";
  if (cell.participle) key += ` pcp:${cell.participle}`;
  if (cell.preverbs?.length) key += ` pv:${cell.preverbs.join("+")}`;
  return key;
}

/** Whether a cell uses any of the whole verb's features (mode, change, participle, preverbs). */
export function isWholeVerbCell(cell: Cell): boolean {
  return !!(cell.mode || cell.change || cell.participle || cell.preverbs?.length);
}

export function cellLabel(cell: Cell): string {
  const s = `${PERSON_NAMES[cell.subject]} (${cell.subject})`;
  return cell.object ? `${s} → ${PERSON_NAMES[cell.object]} (${cell.object})` : s;
}

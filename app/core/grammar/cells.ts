/**
 * Cells and their labels: verb classes, orders, persons, the cells docs/product.md §5 allows, cell keys and the one
 * definition of the names the site shows for orders, classes and persons. Pure, imports nothing.
 */

export type VerbClass = "vai" | "vii" | "vti" | "vta";
export type Order = "ind" | "ind-neg" | "conj" | "conj-neg" | "imp" | "imp-pro";
export type Person = "1s" | "2s" | "3s" | "3'" | "1p" | "21" | "2p" | "3p" | "x" | "0s" | "0p" | "0's" | "0'p" | "0" | "0'";
export type Cell = { order: Order; subject: Person; object?: Person };

export const ORDERS: Order[] = ["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-pro"];
export const VERB_CLASSES: VerbClass[] = ["vai", "vii", "vta", "vti"];

/**
 * Verb orders as docs/product.md §9 names them: the only definition. /conj ("ind Independent"), /paradigms and /conj-data
 * ("Independent (vai-ind)"), the learn pages ("Independent order") and word search ("Independent, 1s") all read it.
 */
export const ORDER_NAMES: Record<Order, string> = {
  ind: "Independent",
  "ind-neg": "Independent Negative",
  conj: "Conjunct",
  "conj-neg": "Conjunct Negative",
  imp: "Imperative",
  "imp-pro": "Imperative Prohibitive",
};

export const CLASS_NAMES: Record<VerbClass, string> = {
  vai: "Animate Intransitive",
  vii: "Inanimate Intransitive",
  vta: "Transitive Animate",
  vti: "Transitive Inanimate",
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
  const p = pos.trim().toLowerCase();
  return p === "vai" || p === "vii" || p === "vti" || p === "vta" ? p : null;
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
  return ANIMATE;
}

/** Objects docs/product.md §5 allows for a class, order and subject ([] for intransitives). */
export function objectsOf(cls: VerbClass, order: Order, subject: Person): Person[] {
  if (cls === "vai" || cls === "vii") return [];
  if (cls === "vti") {
    if (order === "conj" || order === "conj-neg") return ["0"];
    if ((order === "imp" || order === "imp-pro") && subject !== "21") return ["0"];
    return ["0s", "0p"];
  }
  const objs = VTA_OBJECTS[subject] ?? VTA_OBJECTS["3s"]!;
  return order === "imp" || order === "imp-pro" ? objs.filter((o) => o === "1s" || o === "1p" || o === "3s" || o === "3p") : objs;
}

export function cellsOf(cls: VerbClass, order?: Order): Cell[] {
  const orders = order ? [order] : ORDERS;
  const out: Cell[] = [];
  for (const o of orders) {
    for (const subject of subjectsOf(cls, o)) {
      const objects = objectsOf(cls, o, subject);
      if (objects.length === 0) out.push({ order: o, subject });
      else for (const object of objects) out.push({ order: o, subject, object });
    }
  }
  return out;
}

/** Whether docs/product.md §5 allows a cell for a class. */
export function isAllowed(cls: VerbClass, cell: Cell): boolean {
  if (!subjectsOf(cls, cell.order).includes(cell.subject)) return false;
  const objs = objectsOf(cls, cell.order, cell.subject);
  return objs.length === 0 ? cell.object === undefined : cell.object !== undefined && objs.includes(cell.object);
}

export function cellKey(cell: Cell): string {
  return `${cell.order} ${cell.subject}${cell.object ? `>${cell.object}` : ""}`;
}

export function cellLabel(cell: Cell): string {
  const s = `${PERSON_NAMES[cell.subject]} (${cell.subject})`;
  return cell.object ? `${s} → ${PERSON_NAMES[cell.object]} (${cell.object})` : s;
}

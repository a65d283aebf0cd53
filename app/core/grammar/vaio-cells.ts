/**
 * The VAIO's cells (an animate intransitive verb with an object, `vaio` in the dictionary: njinzan "fight over sth."),
 * as the reference has them (otw_dev_verb_paradigms.tsv and its _more file): today's cells take an inanimate object
 * (independent 0s/0p, conjunct 0, imperative 0s/0p); the whole verb adds animate objects (independent 3s/3p, 3'
 * after a 3rd person; imperative 21→3p), the independent preterit and dubitative of 1s, 2s, 3s, 1p, 21 (the
 * dubitative also without an object), the conjunct's modes, changed conjunct and participles as the VAI's, and
 * preverbs on the neutral inanimate-object cells. Imports types only.
 */
import type { Cell, Mode, Order, ParticipleHead, Person } from "./cell-types";

const MODES: Mode[] = ["prt", "dub", "dubprt"];
/** Independent subjects and their animate objects. */
const ANIMATE_OBJECTS: Array<[Person, Person[]]> = [
  ["1s", ["3s", "3p"]],
  ["2s", ["3s", "3p"]],
  ["3s", ["3'"]],
  ["1p", ["3s", "3p"]],
  ["21", ["3s", "3p"]],
  ["2p", ["3s", "3p"]],
  ["3p", ["3'"]],
];
/** Subjects with independent modes (no 2p, 3p in the reference). */
const MODE_SUBJECTS = new Set<Person>(["1s", "2s", "3s", "1p", "21"]);

/** The animate objects a VAIO's subject takes in an order, without mode or preverb ([] where it has none). */
export function vaioAnimateObjects(order: Order, subject: Person): Person[] {
  if (order === "ind" || order === "ind-neg") return ANIMATE_OBJECTS.find(([s]) => s === subject)?.[1] ?? [];
  return (order === "imp" || order === "imp-pro") && subject === "21" ? ["3p"] : [];
}

/** Whether a VAIO cell has an animate object. */
export const hasAnimateObject = (cell: Cell): boolean => cell.object === "3s" || cell.object === "3p" || cell.object === "3'";

/**
 * The whole verb's VAIO cells for the orders asked. `today`: the class's cells of those orders; `chains`: the preverb
 * chains and their orders (cells.ts).
 */
export function vaioWholeCells(today: Cell[], orders: Order[], chains: Array<{ preverbs: string[]; orders: Order[] }>): Cell[] {
  const out: Cell[] = [];
  for (const order of orders) {
    if (order === "ind" || order === "ind-neg") {
      const animate = ANIMATE_OBJECTS.flatMap(([subject]) => vaioAnimateObjects(order, subject).map((object): Cell => ({ order, subject, object })));
      out.push(...animate);
      const withModes = [...animate, ...today.filter((c) => c.order === order)].filter((c) => MODE_SUBJECTS.has(c.subject));
      for (const mode of ["prt", "dub"] as Mode[]) {
        for (const c of withModes) out.push({ ...c, mode });
        if (mode === "dub") for (const subject of MODE_SUBJECTS) out.push({ order, subject, mode });
      }
    } else for (const object of vaioAnimateObjects(order, "21")) out.push({ order, subject: "21", object });
  }
  for (const c of today) {
    if (c.order !== "conj" && c.order !== "conj-neg") continue;
    for (const mode of MODES) out.push({ ...c, mode });
    out.push({ ...c, change: true });
    for (const mode of MODES) out.push({ ...c, mode, change: true });
    if (c.subject === "3s" || c.subject === "3'") {
      const participle: ParticipleHead = c.subject === "3s" ? "3p" : "3'";
      out.push({ ...c, participle }, { ...c, change: true, participle });
      for (const mode of MODES) out.push({ ...c, mode, change: true, participle });
    }
  }
  for (const c of today) for (const { preverbs, orders: pvOrders } of chains) if (pvOrders.includes(c.order)) out.push({ ...c, preverbs });
  return out;
}

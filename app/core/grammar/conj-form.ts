/**
 * The /conj form's state rules (docs/product.md "Conjugator form", §4 transitions, §5 allowed sets). Pure; shared by the
 * server (GET form without JavaScript) and the browser (instant recompute).
 */
import {
  CLASS_NAMES,
  CONJUGATOR_CLASSES,
  ORDER_NAMES,
  ORDERS,
  objectsOf,
  subjectsOf,
  type Cell,
  type Mode,
  type Order,
  type ParticipleHead,
  type Person,
  type VerbClass,
} from "./cells";
import { vaioAnimateObjects } from "./vaio-cells";

export type ConjState = { type: VerbClass; verb: string; order: Order; subject: Person; object: Person | null };

/**
 * The product reference's 16 verbs, listed first in this order for their class; the VAIO's are the demo lexicon's
 * (the product reference has no VAIO). /paradigms shows each as a sample word.
 */
export const SPEC_VERBS: Record<VerbClass, string[]> = {
  vai: ["maajaa", "yaa", "kido", "zhaa"],
  vii: ["naagshi", "zhiwebad", "te", "yaa"],
  vti: ["zhitoon", "gkendaan", "waabndaan", "yaan"],
  vta: ["waabmaa", "ggwejmaa", "miinaa", "nsaa"],
  vaio: ["daawen", "dnin"],
};

/** "vai Animate Intransitive", … in the order vai, vii, vta, vti, then "vaio Animate Intransitive with Object". */
export const TYPE_OPTIONS: Array<{ value: VerbClass; label: string }> = CONJUGATOR_CLASSES.map((value) => ({ value, label: `${value} ${CLASS_NAMES[value]}` }));

/** "ind Independent", … "imp-pro Imperative Prohibitive". */
export const ORDER_OPTIONS: Array<{ value: Order; label: string }> = ORDERS.map((value) => ({ value, label: `${value} ${ORDER_NAMES[value]}` }));

/**
 * The objects /conj offers a subject: docs/product.md §5's, then for the VAIO its animate objects (the reference's:
 * "I sell him/her", issue 37), which §5 does not list.
 */
export function conjObjectsOf(type: VerbClass, order: Order, subject: Person): Person[] {
  const objects = objectsOf(type, order, subject);
  return type === "vaio" ? [...objects, ...vaioAnimateObjects(order, subject)] : objects;
}

export const isImperative = (o: Order) => o === "imp" || o === "imp-pro";

export function ordersFor(type: VerbClass): Order[] {
  return ORDER_OPTIONS.map((o) => o.value).filter((o) => type !== "vii" || !isImperative(o));
}

/** docs/product.md §4 defaults for a verb type in an order. */
export function defaultsFor(type: VerbClass, order: Order): { subject: Person; object: Person | null } {
  const imp = isImperative(order);
  const conj = order === "conj" || order === "conj-neg";
  if (type === "vai") return { subject: imp ? "2s" : "3s", object: null };
  if (type === "vii") return { subject: conj ? "0" : "0s", object: null };
  if (type === "vti") return { subject: imp ? "2s" : "3s", object: conj || imp ? "0" : "0s" };
  // The VAIO (not in docs/product.md): as vai for the subject; its object is 0 in the conjunct, else 0s.
  if (type === "vaio") return { subject: imp ? "2s" : "3s", object: conj ? "0" : "0s" };
  return imp ? { subject: "2s", object: "1s" } : { subject: "3s", object: "3'" };
}

/**
 * Applies docs/product.md §4: a new type resets verb, subject and object; vii + imperative resets to ind; an imperative forces
 * 2s/2p/21; subject and object are kept when still allowed, else fall back (vta object: 3s or 3', else the first).
 */
export function normaliseState(
  input: { type?: string | null; verb?: string | null; order?: string | null; subject?: string | null; object?: string | null },
  verbsOf: (type: VerbClass) => string[],
  previousType?: string | null,
): ConjState {
  const type: VerbClass = CONJUGATOR_CLASSES.find((t) => t === input.type) ?? "vai";
  const typeChanged = previousType != null && previousType !== type;
  const verbs = verbsOf(type);
  const verb = !typeChanged && input.verb && verbs.includes(input.verb) ? input.verb : (verbs[0] ?? "");
  let order: Order = ordersFor("vta").find((o) => o === input.order) ?? "ind";
  if (type === "vii" && isImperative(order)) order = "ind";
  const defaults = defaultsFor(type, order);
  const subjects = subjectsOf(type, order);
  const subject: Person = !typeChanged && subjects.includes(input.subject as Person) ? (input.subject as Person) : defaults.subject;
  const objects = conjObjectsOf(type, order, subject);
  let object: Person | null = null;
  if (objects.length) {
    if (!typeChanged && objects.includes(input.object as Person)) object = input.object as Person;
    else if (defaults.object && objects.includes(defaults.object)) object = defaults.object;
    else if (type === "vta") object = objects.includes("3s") ? "3s" : objects.includes("3'") ? "3'" : objects[0]!;
    else object = objects[0]!;
  }
  return { type, verb, order, subject, object };
}

// ── the whole verb (issue 37, docs/decisions/018-grammar-whole-verb.md): tense or mode, changed conjunct or
// participle, preverb. Each is a field of its own after the object; an empty value is today's cell.

/** Tense or mode: past and future are preverbs (gii-, wii-/ga-), the rest modes (endings). */
export const TENSE_OPTIONS = [
  { value: "", label: "Present (no preverb, no mode)" },
  { value: "past", label: "Past: gii-" },
  { value: "future", label: "Future: wii- (will, want to)" },
  { value: "future-ga", label: "Future: ga- (will)" },
  { value: "prt", label: "Preterit: -ban (used to, back then)" },
  { value: "dub", label: "Dubitative: maybe, must be" },
  { value: "dubprt", label: "Preterit-dubitative: maybe … back then" },
] as const;
export type Tense = (typeof TENSE_OPTIONS)[number]["value"];

/** The conjunct's changed form and participles ("the one(s) who …"), where the verb has them. */
export const SHAPE_OPTIONS = [
  { value: "", label: "Plain conjunct" },
  { value: "chg", label: "Changed conjunct (initial change: when, the time that …)" },
  { value: "pcp:3p", label: "Participle: the ones who … (3p)" },
  { value: "pcp:3'", label: "Participle: the one(s) who … (3', obviative)" },
  { value: "pcp:0p", label: "Participle: the things that … (0p)" },
] as const;
export type Shape = (typeof SHAPE_OPTIONS)[number]["value"];

/** Preverbs besides gii-, wii-, ga- (under tense); e- and gaa- go with the conjunct only. */
export const PREVERB_OPTIONS = [
  { value: "", label: "None" },
  { value: "da", label: "da- (would, is to)" },
  { value: "daa", label: "daa- (could, should)" },
  { value: "daa+gii", label: "daa-gii- (could have, should have)" },
  { value: "bi", label: "bi- (come and, towards here)" },
  { value: "maajii", label: "maajii- (start to)" },
  { value: "ishkwaa", label: "ishkwaa- (finish, after)" },
  { value: "e", label: "e- (as, that: conjunct only)" },
  { value: "gaa", label: "gaa- (when … did, the one who did: conjunct only)" },
] as const;
export type Preverb = (typeof PREVERB_OPTIONS)[number]["value"];

export type WholeChoice = { tense: Tense; shape: Shape; preverb: Preverb };

const TENSE_PREVERB: Partial<Record<Tense, string>> = { past: "gii", future: "wii", "future-ga": "ga" };
const isConj = (o: Order) => o === "conj" || o === "conj-neg";

/**
 * The cell of a choice: the tense's preverb after a modal preverb (daa-gii-) and before any other (gii-maajii-), a
 * mode, the changed conjunct or a participle (conjunct only). The engine says whether it exists (`inflect` → null).
 */
export function wholeCell(state: ConjState, choice: WholeChoice): Cell {
  const cell: Cell = { order: state.order, subject: state.subject, ...(state.object ? { object: state.object } : {}) };
  const tensePv = TENSE_PREVERB[choice.tense];
  if (!tensePv && choice.tense) cell.mode = choice.tense as Mode;
  if (isConj(state.order) && choice.shape === "chg") cell.change = true;
  if (isConj(state.order) && choice.shape.startsWith("pcp:")) {
    cell.change = true;
    cell.participle = choice.shape.slice(4) as ParticipleHead;
  }
  const other = choice.preverb ? choice.preverb.split("+") : [];
  const modal = other.length === 1 && (other[0] === "da" || other[0] === "daa");
  const preverbs = tensePv ? (modal ? [...other, tensePv] : [tensePv, ...other]) : other;
  // daa-gii- already has the past: gii- once.
  const chain = preverbs.filter((p, i) => preverbs.indexOf(p) === i);
  if (chain.length) cell.preverbs = chain;
  return cell;
}

/**
 * A choice from the query, each field kept only when the order has it: none on the imperatives; the changed
 * conjunct, participles, e- and gaa- in the conjunct only.
 */
export function normaliseWhole(input: { tense?: string | null; shape?: string | null; preverb?: string | null }, order: Order): WholeChoice {
  const none: WholeChoice = { tense: "", shape: "", preverb: "" };
  if (isImperative(order)) return none;
  const tense = TENSE_OPTIONS.find((o) => o.value === input.tense)?.value ?? "";
  const shape = isConj(order) ? (SHAPE_OPTIONS.find((o) => o.value === input.shape)?.value ?? "") : "";
  const preverb = PREVERB_OPTIONS.find((o) => o.value === input.preverb && (isConj(order) || (o.value !== "e" && o.value !== "gaa")))?.value ?? "";
  return { tense, shape, preverb };
}

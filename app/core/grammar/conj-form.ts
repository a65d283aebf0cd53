/**
 * The /conj form's state rules (docs/product.md "Conjugator form", §4 transitions, §5 allowed sets). Pure; shared by the
 * server (GET form without JavaScript) and the browser (instant recompute).
 */
import { CLASS_NAMES, ORDER_NAMES, ORDERS, VERB_CLASSES, objectsOf, subjectsOf, type Order, type Person, type VerbClass } from "./cells";

export type ConjState = { type: VerbClass; verb: string; order: Order; subject: Person; object: Person | null };

/** the product reference's 16 verbs, listed first in this order for their class. */
export const SPEC_VERBS: Record<VerbClass, string[]> = {
  vai: ["maajaa", "yaa", "kido", "zhaa"],
  vii: ["naagshi", "zhiwebad", "te", "yaa"],
  vti: ["zhitoon", "gkendaan", "waabndaan", "yaan"],
  vta: ["waabmaa", "ggwejmaa", "miinaa", "nsaa"],
};

/** "vai Animate Intransitive", … in the order vai, vii, vta, vti. */
export const TYPE_OPTIONS: Array<{ value: VerbClass; label: string }> = VERB_CLASSES.map((value) => ({ value, label: `${value} ${CLASS_NAMES[value]}` }));

/** "ind Independent", … "imp-pro Imperative Prohibitive". */
export const ORDER_OPTIONS: Array<{ value: Order; label: string }> = ORDERS.map((value) => ({ value, label: `${value} ${ORDER_NAMES[value]}` }));

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
  const type: VerbClass = (["vai", "vii", "vta", "vti"] as const).find((t) => t === input.type) ?? "vai";
  const typeChanged = previousType != null && previousType !== type;
  const verbs = verbsOf(type);
  const verb = !typeChanged && input.verb && verbs.includes(input.verb) ? input.verb : verbs[0] ?? "";
  let order: Order = ordersFor("vta").find((o) => o === input.order) ?? "ind";
  if (type === "vii" && isImperative(order)) order = "ind";
  const defaults = defaultsFor(type, order);
  const subjects = subjectsOf(type, order);
  const subject: Person = !typeChanged && subjects.includes(input.subject as Person) ? (input.subject as Person) : defaults.subject;
  const objects = objectsOf(type, order, subject);
  let object: Person | null = null;
  if (objects.length) {
    if (!typeChanged && objects.includes(input.object as Person)) object = input.object as Person;
    else if (defaults.object && objects.includes(defaults.object)) object = defaults.object;
    else if (type === "vta") object = objects.includes("3s") ? "3s" : objects.includes("3'") ? "3'" : objects[0]!;
    else object = objects[0]!;
  }
  return { type, verb, order, subject, object };
}

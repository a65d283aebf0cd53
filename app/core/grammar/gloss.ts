/** English glosses for inflected verbs: person, number, negation, order, objects, irregular verbs. Pure. */
import { PERSON_NAMES, type Cell, type Person, type VerbClass } from "./cells";

/** Subjects in glosses: the person names of cells.ts with "obviative" and "inanimate" shortened ("s/he (obv.)"). */
const SUBJ = Object.fromEntries(
  Object.entries(PERSON_NAMES).map(([person, name]) => [person, name.replace("obviative", "obv.").replace("inanimate", "inan.")]),
) as Record<Person, string>;
const OBJ: Record<Person, string> = {
  "1s": "me", "2s": "you (sg)", "3s": "him/her", "3'": "him/her (obv.)", "1p": "us (excl.)", "21": "us (incl.)",
  "2p": "you (pl)", "3p": "them", x: "someone", "0s": "it", "0p": "them (inan.)", "0's": "it", "0'p": "them",
  "0": "it", "0'": "it",
};
/** Subjects that take the verb's third-person singular ("s/he sees", "it is"). */
const THIRD = new Set<Person>(["3s", "3'", "x", "0s", "0's", "0", "0'"]);

const IRREGULAR_3S: Record<string, string> = { be: "is", have: "has", go: "goes", do: "does", say: "says" };

/** The first sense of a dictionary gloss, e.g. "go away, leave" -> "go away". */
function firstSense(gloss: string): string {
  return gloss.split(/[;,]/)[0]!.trim().replace(/\s+/g, " ") || gloss.trim();
}

function thirdSingular(verb: string): string {
  if (IRREGULAR_3S[verb]) return IRREGULAR_3S[verb]!;
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function withObject(phrase: string, cls: VerbClass, object: Person | undefined): string {
  if (!object) return phrase;
  const o = OBJ[object];
  if (cls === "vta") {
    if (/\bsmb\.?/.test(phrase)) return phrase.replace(/\bsmb\.?/, o);
    if (/\bsth\.? \(an\.\)/.test(phrase)) return phrase.replace(/\bsth\.? \(an\.\)/, o);
    return `${phrase} ${o}`;
  }
  if (/\bsth\.?/.test(phrase)) return phrase.replace(/\bsth\.?/, o);
  return `${phrase} ${o}`;
}

/**
 * A gloss's first sense with an object put in, split into its verb and the rest ("see him/her" → "see", " him/her"),
 * with the verb's third-person singular: the same for every cell with that object, so worked out once per gloss,
 * class kind (VTA or not) and object, not per cell.
 */
type Phrase = { phrase: string; verb: string; tail: string; third: string };
/** Slot of an object in a gloss's phrases: 0 none, then the persons in OBJ's order; VTA after the others. */
const OBJECT_SLOT = new Map<Person | undefined, number>([undefined, ...(Object.keys(OBJ) as Person[])].map((p, i) => [p, i]));
const SLOTS = OBJECT_SLOT.size;
/**
 * Dictionary gloss → its first sense and its phrases by slot, for the most recently used glosses (the oldest goes
 * first). Few: a request uses one or a few verbs, and what is kept the garbage collector copies and promotes.
 */
type Phrases = { sense: string; slots: Array<Phrase | undefined> };
const phrases = new Map<string, Phrases>();
const PHRASE_GLOSSES = 64;

function phraseOf(dictionaryGloss: string, cls: VerbClass, object: Person | undefined): Phrase {
  let entry = phrases.get(dictionaryGloss);
  if (!entry) {
    if (phrases.size >= PHRASE_GLOSSES) phrases.delete(phrases.keys().next().value!);
    phrases.set(dictionaryGloss, (entry = { sense: firstSense(dictionaryGloss), slots: new Array<Phrase | undefined>(2 * SLOTS).fill(undefined) }));
  }
  const slot = (cls === "vta" ? SLOTS : 0) + OBJECT_SLOT.get(object)!;
  let p = entry.slots[slot];
  if (!p) {
    const phrase = withObject(entry.sense, cls, object);
    const space = phrase.indexOf(" ");
    const verb = space < 0 ? phrase : phrase.slice(0, space);
    entry.slots[slot] = p = { phrase, verb, tail: space < 0 ? "" : phrase.slice(space), third: thirdSingular(verb) };
  }
  return p;
}

/** "I go away", "s/he does not see me", "when/that we (incl.) know it", "go away! (you sg)", "don't ...!". */
export function glossFor(dictionaryGloss: string, cls: VerbClass, cell: Cell): string {
  const { phrase, verb, tail, third: verb3 } = phraseOf(dictionaryGloss, cls, cell.object);
  const subject = cell.subject;
  const order = cell.order;
  if (order === "imp") return subject === "21" ? `let's ${phrase}!` : `${phrase}! (${SUBJ[subject]})`;
  if (order === "imp-pro") return subject === "21" ? `let's not ${phrase}!` : `don't ${phrase}! (${SUBJ[subject]})`;
  const neg = order.endsWith("neg");
  const third = THIRD.has(subject);
  let clause: string;
  if (verb === "be") clause = `${SUBJ[subject]} ${subject === "1s" ? "am" : third ? "is" : "are"}${neg ? " not" : ""}${tail}`;
  else if (neg) clause = `${SUBJ[subject]} ${third ? "does" : "do"} not ${phrase}`;
  else clause = `${SUBJ[subject]} ${third ? verb3 : verb}${tail}`;
  return order.startsWith("conj") ? `when/that ${clause}` : clause;
}

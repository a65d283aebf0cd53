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

const IRREGULAR_3S: Record<string, string> = { be: "is", have: "has", go: "goes", do: "does", say: "says" };

/** The first sense of a dictionary gloss, e.g. "go away, leave" -> "go away". */
const senses = new Map<string, string>();

export function firstSense(gloss: string): string {
  let sense = senses.get(gloss);
  if (sense === undefined) {
    const s = gloss.split(/[;,]/)[0]!.trim();
    sense = s.replace(/\s+/g, " ") || gloss.trim();
    if (senses.size >= 20_000) senses.clear();
    senses.set(gloss, sense);
  }
  return sense;
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

/** "I go away", "s/he does not see me", "when/that we (incl.) know it", "go away! (you sg)", "don't ...!". */
export function glossFor(dictionaryGloss: string, cls: VerbClass, cell: Cell): string {
  const phrase = withObject(firstSense(dictionaryGloss), cls, cell.object);
  const [verb, ...rest] = phrase.split(" ");
  const tail = rest.length ? ` ${rest.join(" ")}` : "";
  const subject = cell.subject;
  const neg = cell.order.endsWith("neg") || cell.order === "imp-pro";
  const third = ["3s", "3'", "x", "0s", "0's", "0", "0'"].includes(subject);
  if (cell.order === "imp") {
    if (subject === "21") return `let's ${phrase}!`;
    return `${phrase}! (${SUBJ[subject]})`;
  }
  if (cell.order === "imp-pro") {
    if (subject === "21") return `let's not ${phrase}!`;
    return `don't ${phrase}! (${SUBJ[subject]})`;
  }
  let clause: string;
  const v = verb ?? "";
  if (v === "be") {
    const form = subject === "1s" ? "am" : third ? "is" : "are";
    clause = `${SUBJ[subject]} ${form}${neg ? " not" : ""}${tail}`;
  } else if (neg) {
    clause = `${SUBJ[subject]} ${third ? "does" : "do"} not ${phrase}`;
  } else {
    clause = `${SUBJ[subject]} ${third ? thirdSingular(v) : v}${tail}`;
  }
  return cell.order.startsWith("conj") ? `when/that ${clause}` : clause;
}


/** English glosses for inflected verbs: person, number, negation, order, objects, irregular verbs. Pure. */
import { PERSON_NAMES, type Cell, type Person, type VerbClass } from "./cells";
import { ingOf, pastOf, pastParticipleOf } from "./english";
import type { GrammarMemo, MemoMap } from "./memo";

/** Subjects in glosses: the person names of cells.ts with "obviative" and "inanimate" shortened ("s/he (obv.)"). */
const SUBJ = Object.fromEntries(
  Object.entries(PERSON_NAMES).map(([person, name]) => [person, name.replace("obviative", "obv.").replace("inanimate", "inan.")]),
) as Record<Person, string>;
const OBJ: Record<Person, string> = {
  "1s": "me",
  "2s": "you (sg)",
  "3s": "him/her",
  "3'": "him/her (obv.)",
  "1p": "us (excl.)",
  "21": "us (incl.)",
  "2p": "you (pl)",
  "3p": "them",
  x: "someone",
  "0s": "it",
  "0p": "them (inan.)",
  "0's": "it",
  "0'p": "them",
  "0": "it",
  "0'": "it",
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
  // A VAIO's gloss names its object "something" ("sell something"), or "sth. (an. or in.)": the object goes there.
  if (cls === "vaio" && VAIO_OBJECT.test(phrase)) return phrase.replace(VAIO_OBJECT, o);
  if (/\bsth\.?/.test(phrase)) return phrase.replace(/\bsth\.?/, o);
  return `${phrase} ${o}`;
}
const VAIO_OBJECT = /\b(?:sth\.?|something)(?: \((?:an\.|in\.|an\. or in\.)\))?/;

/**
 * A gloss's first sense with an object put in, split into its verb and the rest ("see him/her" → "see", " him/her"),
 * with the verb's third-person singular: the same for every cell with that object, so worked out once per gloss,
 * class kind (VTA or not) and object, not per cell.
 */
type Phrase = { phrase: string; verb: string; tail: string; third: string };
/** Slot of an object in a gloss's phrases: 0 none, then the persons in OBJ's order; VTA's after them, then VAIO's. */
const OBJECT_SLOT = new Map<Person | undefined, number>([undefined, ...(Object.keys(OBJ) as Person[])].map((p, i) => [p, i]));
const SLOTS = OBJECT_SLOT.size;
/**
 * Dictionary gloss → its first sense and its phrases by slot, kept in the caller's memo (`phrases`: few, the most
 * recently used; a request uses one or a few verbs, and what is kept the garbage collector copies and promotes).
 */
type Phrases = { sense: string; slots: Array<Phrase | undefined> };
declare module "./memo" {
  interface GrammarMemo {
    /** Dictionary gloss → its first sense and phrases by slot. */
    readonly phrases: MemoMap<string, Phrases>;
    /** The gloss looked up last and its entry (a paradigm's cells ask for one gloss in turn). */
    readonly lastPhrases: { gloss: string; entry: Phrases | undefined };
  }
}

function phraseOf(dictionaryGloss: string, cls: VerbClass, object: Person | undefined, memo: GrammarMemo | undefined): Phrase {
  let entry = memo && memo.lastPhrases.gloss === dictionaryGloss ? memo.lastPhrases.entry : memo?.phrases.get(dictionaryGloss);
  if (!entry) {
    entry = { sense: firstSense(dictionaryGloss), slots: new Array<Phrase | undefined>(3 * SLOTS).fill(undefined) };
    memo?.phrases.set(dictionaryGloss, entry);
  }
  if (memo) {
    memo.lastPhrases.gloss = dictionaryGloss;
    memo.lastPhrases.entry = entry;
  }
  const slot = (cls === "vta" ? SLOTS : cls === "vaio" ? 2 * SLOTS : 0) + OBJECT_SLOT.get(object)!;
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
export function glossFor(dictionaryGloss: string, cls: VerbClass, cell: Cell, memo?: GrammarMemo): string {
  const { phrase, verb, tail, third: verb3 } = phraseOf(dictionaryGloss, cls, cell.object, memo);
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

// ── the whole verb (issue 37): tense and modality from preverbs and modes, the changed conjunct, participles ──

/** How a preverb or mode makes the English verb: a tense, a modal, a leading verb ("start to"), or as it is. */
type Tense =
  | { kind: "present" }
  | { kind: "past" }
  | { kind: "used to" }
  | { kind: "modal"; word: string }
  | { kind: "perfect"; word: string }
  | { kind: "lead"; verb: string; rest: string }
  | { kind: "going to" }
  | { kind: "ing"; verb: string };

/**
 * The English readings of each preverb the engine builds, the display reading first, and the label a gloss ends with.
 * The dictionary's own glosses of these preverbs (gii- "[past tense]", wii- "going to, want to; future tense",
 * maajii- "begin, start", bi- "come [and do something]") are the source; ga-, da-, daa- follow Valentine's grammar.
 */
const PREVERB_READINGS: Record<string, { label: string; tenses: Tense[] }> = {
  gii: { label: "past, gii-", tenses: [{ kind: "past" }] },
  wii: { label: "future or want to, wii-", tenses: [{ kind: "modal", word: "will" }, { kind: "going to" }, { kind: "lead", verb: "want", rest: " to" }] },
  ga: { label: "future, ga-", tenses: [{ kind: "modal", word: "will" }] },
  da: {
    label: "future, da-",
    tenses: [
      { kind: "modal", word: "will" },
      { kind: "modal", word: "would" },
    ],
  },
  daa: {
    label: "could/should, daa-",
    tenses: [
      { kind: "modal", word: "could" },
      { kind: "modal", word: "should" },
      { kind: "modal", word: "would" },
    ],
  },
  "daa+gii": {
    label: "could/should have, daa-gii-",
    tenses: [
      { kind: "perfect", word: "could" },
      { kind: "perfect", word: "should" },
      { kind: "perfect", word: "would" },
    ],
  },
  bi: { label: "coming, bi-", tenses: [{ kind: "lead", verb: "come", rest: " to" }] },
  maajii: {
    label: "starting, maajii-",
    tenses: [
      { kind: "lead", verb: "start", rest: " to" },
      { kind: "lead", verb: "begin", rest: " to" },
    ],
  },
  ishkwaa: {
    label: "finishing, ishkwaa-",
    tenses: [
      { kind: "ing", verb: "finish" },
      { kind: "ing", verb: "stop" },
    ],
  },
  e: { label: "e-", tenses: [{ kind: "present" }] },
  gaa: { label: "past, gaa-", tenses: [{ kind: "past" }] },
};
const MODE_LABELS = { prt: "preterit", dub: "dubitative", dubprt: "preterit-dubitative" } as const;

const beForm = (person: Person, past: boolean) =>
  past ? (person === "1s" || THIRD.has(person) ? "was" : "were") : person === "1s" ? "am" : THIRD.has(person) ? "is" : "are";
const doForm = (person: Person) => (THIRD.has(person) ? "does" : "do");

/** The predicate of a clause whose subject is `person`: "left", "did not see me", "will be hungry", "wants to go". */
function predicate(p: Phrase, person: Person, tense: Tense, neg: boolean): string {
  const not = neg ? " not" : "";
  const third = THIRD.has(person);
  switch (tense.kind) {
    case "present":
      if (p.verb === "be") return `${beForm(person, false)}${not}${p.tail}`;
      return neg ? `${doForm(person)} not ${p.phrase}` : `${third ? p.third : p.verb}${p.tail}`;
    case "past":
      if (p.verb === "be") return `${beForm(person, true)}${not}${p.tail}`;
      return neg ? `did not ${p.phrase}` : `${pastOf(p.verb)}${p.tail}`;
    case "used to":
      return neg ? `did not use to ${p.phrase}` : `used to ${p.phrase}`;
    case "modal":
      return `${tense.word}${not} ${p.phrase}`;
    case "perfect":
      return `${tense.word}${not} have ${pastParticipleOf(p.verb)}${p.tail}`;
    case "going to":
      return `${beForm(person, false)}${not} going to ${p.phrase}`;
    case "lead":
      return neg
        ? `${doForm(person)} not ${tense.verb}${tense.rest} ${p.phrase}`
        : `${third ? thirdSingular(tense.verb) : tense.verb}${tense.rest} ${p.phrase}`;
    case "ing":
      return `${neg ? `${doForm(person)} not ${tense.verb}` : third ? thirdSingular(tense.verb) : tense.verb} ${ingOf(p.verb)}${p.tail}`;
  }
}

/** Which participant a participle names: the subject ("those who see me") or the object ("those whom I see"). */
function participleHeadIsSubject(cell: Cell): boolean {
  const { subject, object, participle } = cell;
  if (!object) return true;
  if (participle === "0p") return subject === "0" || subject === "0s" || subject === "0p";
  if (participle === "3'") return subject === "3'" || (object !== "3'" && subject !== "0");
  if (subject === "3p" || object === "3p") return subject === "3p";
  return subject === "3s";
}
const HEADS: Record<string, { words: string; person: Person; who: string; whom: string }> = {
  "3p": { words: "those", person: "3p", who: "who", whom: "whom" },
  "3'": { words: "the one(s) (obv.)", person: "3'", who: "who", whom: "whom" },
  "0p": { words: "the things", person: "0p", who: "that", whom: "that" },
};

/**
 * Every English reading of a whole-verb cell, the one a page shows first; it ends with a note naming what the form
 * adds ("(past, gii-)", "(dubitative)"), which phrase search ignores. The readings differ by tense words only:
 * "s/he will leave", "s/he is going to leave", "s/he wants to leave" (wii-); "I saw you", "I used to see you"
 * (preterit); "maybe s/he left" (preterit-dubitative); "those who leave" (participle).
 */
export function wholeGlosses(dictionaryGloss: string, cls: VerbClass, cell: Cell, limit = Infinity, memo?: GrammarMemo): string[] {
  return framedGlosses(glossFrame(cell), dictionaryGloss, cls, limit, memo);
}

/** What a whole-verb cell's readings are made of beside the dictionary's phrase: the same for every verb. */
export type GlossFrame = { cell: Cell; neg: boolean; conj: boolean; tenses: Tense[]; maybe: string; note: string };

export function glossFrame(cell: Cell): GlossFrame {
  const neg = cell.order.endsWith("neg");
  const conj = cell.order.startsWith("conj");
  const pv = cell.preverbs?.join("+") ?? "";
  const pvReading = pv
    ? (PREVERB_READINGS[pv] ?? { label: `${cell.preverbs!.map((x) => `${x}-`).join("")}`, tenses: [{ kind: "present" } as Tense] })
    : undefined;
  const past = cell.mode === "prt" || cell.mode === "dubprt";
  const tenses: Tense[] =
    pvReading?.tenses ?? (cell.mode === "prt" ? [{ kind: "past" }, { kind: "used to" }] : past ? [{ kind: "past" }] : [{ kind: "present" }]);
  const maybe = cell.mode === "dub" || cell.mode === "dubprt" ? "maybe " : "";
  const notes = [
    pvReading?.label,
    cell.mode ? MODE_LABELS[cell.mode] : undefined,
    cell.change && !cell.participle ? "changed conjunct" : undefined,
    cell.participle ? "participle" : undefined,
  ]
    .filter(Boolean)
    .join(", ");
  return { cell, neg, conj, tenses, maybe, note: notes ? ` (${notes})` : "" };
}

const CHANGED_LEADS = ["whenever ", "when "];
const CONJ_LEADS = ["when/that "];
const NO_LEADS = [""];

/** `wholeGlosses` with the cell's frame worked out before (a paradigm's cells keep theirs). */
export function framedGlosses(frame: GlossFrame, dictionaryGloss: string, cls: VerbClass, limit = Infinity, memo?: GrammarMemo): string[] {
  const { cell, neg, conj, tenses, maybe, note } = frame;
  // The imperatives' new cells (the VAIO's 21→3p) read as today's.
  if (cell.order === "imp" || cell.order === "imp-pro") return [glossFor(dictionaryGloss, cls, cell, memo)];
  if (cell.order === "imp-delayed") {
    const { phrase } = phraseOf(dictionaryGloss, cls, cell.object, memo);
    return [cell.subject === "21" ? `let's ${phrase} later! (delayed imperative)` : `${phrase} later! (${SUBJ[cell.subject]}) (delayed imperative)`];
  }
  const out: string[] = [];
  if (cell.participle) {
    const head = HEADS[cell.participle]!;
    const bySubject = participleHeadIsSubject(cell);
    const p = bySubject ? phraseOf(dictionaryGloss, cls, cell.object, memo) : phraseWithout(dictionaryGloss);
    for (const t of tenses) {
      const clause = bySubject
        ? `${head.who} ${predicate(p, head.person, t, neg)}`
        : `${head.whom} ${SUBJ[cell.subject]} ${predicate(p, cell.subject, t, neg)}`;
      out.push(`${maybe}${head.words} ${clause}${note}`);
      if (out.length >= limit) break;
    }
    return out;
  }
  const p = phraseOf(dictionaryGloss, cls, cell.object, memo);
  const leads = conj ? (cell.change ? CHANGED_LEADS : CONJ_LEADS) : NO_LEADS;
  for (const t of tenses) {
    for (const lead of leads) {
      out.push(`${lead}${maybe}${SUBJ[cell.subject]} ${predicate(p, cell.subject, t, neg)}${note}`);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** A VTA/VTI phrase with its object left out, for a participle that names the object ("those whom I see"). */
function phraseWithout(dictionaryGloss: string): Phrase {
  const sense = firstSense(dictionaryGloss)
    .replace(/\s*\b(?:smb|sth)\.?(?: \(an\.\))?/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const space = sense.indexOf(" ");
  const verb = space < 0 ? sense : sense.slice(0, space);
  return { phrase: sense, verb, tail: space < 0 ? "" : sense.slice(space), third: thirdSingular(verb) };
}

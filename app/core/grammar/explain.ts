/**
 * "Why this form?": the derivation of a verb or noun form, computed only when asked (never by paradigm() or
 * decline()). It replays the engine's own rules (phonology.ts + syncope.ts for verbs, NOUN_STEPS of
 * noun-phonology.ts for nouns) on the underlying prefix + stem + ending and keeps each rule that changed the word,
 * with a plain-English description. The steps end at the engine's form (tests/unit/grammar-explain.test.ts). Pure.
 */
import { cellKey, isAllowed, verbClassOf, type Cell } from "./cells";
import { endingsOf, inflect, prefixOf, PREFIX_TEXT, site, stemOf, TABLES, type LexemeInput } from "./inflection";
import { decline, type NounLexeme } from "./noun-inflection";
import type { NounCell } from "./noun-cells";
import { NOUN_STEPS, siteSpelling as nounSiteSpelling } from "./noun-phonology";
import { boundaryRules, lenPreNas, plainRules, vCoal } from "./phonology";
import { apocope, siteSpelling, syncopate } from "./syncope";

export type DerivationStep = {
  /** The rule's name in the FST's rule file (for the curious), and what it does in plain English. */
  rule: string;
  description: string;
  before: string;
  after: string;
};
export type Derivation = {
  /** The underlying pieces, in the FST's notation (w5, c1 … are special sounds the rules resolve). */
  prefix: string; stem: string; ending: string;
  steps: DerivationStep[];
  /** The engine's form: the last step's `after` (or the pieces joined, when no rule changed anything). */
  form: string;
};

// ── display: internal alphabets → the FST's notation, glottal stop written ' ──
const VERB_SYMBOLS: Record<string, string> = {
  A: "a1", I: "i1", Y: "i2", E: "e1", O: "o1", "1": "w1", "2": "w2", "3": "w3", "4": "w4", "5": "w5", Q: "y1", S: "s1",
  M: "m1", N: "n1", "6": "n2", "7": "n3", "8": "n4", B: "b1", D: "d1", T: "d2", C: "c1", à: "a", ì: "i", ò: "o", "<": "-", ">": "-",
};
const NOUN_SYMBOLS: Record<string, string> = {
  A: "a1", I: "i1", J: "i2", E: "e1", O: "o1", W: "w1", U: "w2", Y: "y1", Q: "n2", N: "n1", S: "s1", D: "d2", M: "m1",
  ä: "a", ï: "i", ö: "o", "<": "-", ">": "-", "^": "", "&": "",
};
const showVerb = (s: string) => siteSpelling(s.replace(/[A-Z1-8àìò<>]/g, (c) => VERB_SYMBOLS[c] ?? c));
const showNoun = (s: string) => nounSiteSpelling(s.replace(/[A-Zäïö<>^&]/g, (c) => NOUN_SYMBOLS[c] ?? c));

type Described = [rule: string, description: string];
/** One entry per rule of phonology.ts's boundaryRules, in order. */
const BOUNDARY: Described[] = [
  ["preLen", "after a person prefix, a stem-initial short o is long"],
  ["preEpen", "d comes in between a person prefix and a vowel (nd-, gd-, d-)"],
  ["a1/i1", "a1 and i1 are long aa and ii before an ending"],
  ["ordAssim", "a nasal becomes n before the conjunct linker and s, z, d, j, g or before k; n + k is ng"],
  ["cnjD1Gnasstem", "after an n-stem, the 3rd-person d of the conjunct is g"],
  ["cnjD1p", "the 3rd-person d + the preterit b is p (-pan), except after a nasal"],
  ["cnjnegsig", "the negative -si + d is -sig"],
  ["cnjd1w4", "d1 before w4 is g"],
  ["cnjoban", "w (and w4) before the preterit b is o (-goban); m + b stay together"],
  ["cnjW3", "the hiatus w of the negative stays before a vowel and goes elsewhere"],
  ["cnjaepen", "after a nasal stem, the conjunct linker takes an a"],
  ["w5o", "3rd-person w5: after a nasal w5 + an/ag is oo, elsewhere w5 is w"],
  ["ccEpen", "i comes in between two consonants where an ending meets the stem"],
];
/** One entry per rule of phonology.ts's plainRules, in order. */
const PLAIN: Described[] = [
  ["cnjHiatus", "the conjunct linker c1 is y between vowels; after a nasal it makes s into z"],
  ["d2", "the d2 of a VII stem: d2 + c1 + g is k, it is lost before s, elsewhere d"],
  ["c1del", "the conjunct linker c1 is lost elsewhere"],
  ["d1", "3rd-person d1: g after a nasal, j before y1 + a vowel, elsewhere d"],
  ["w4", "w4 is w before a vowel and lost elsewhere (the dubitative -wen takes an h: -wenh); the preterit b1 is b"],
  ["m1", "the m1 of a VTI stem: n before s (nz), a before m or n (the vowel grows long), elsewhere m"],
  ["n4", "n4 is a plain n"],
  ["w2", "stem-final w2 is lost before a nasal, elsewhere w"],
  ["palatalisation", "before the palatalising i2, s1 is sh and n1 is zh; i2 is a plain i"],
  ["ny", "a final ny is nh"],
  ["vvvDel", "a short vowel next to a long one is lost"],
  ["y1Coal", "y1 + a short vowel is i"],
  ["w1Coal", "w1 + i, e1 or a is o; elsewhere w1 is lost"],
];
const JOIN: Described = ["join", "the pieces join into one word"];
const SYNCOPE: Described = ["syncope", "short vowels in weak (odd-numbered) positions drop; ' marks a lost vowel between n and z/g/h/s/y"];
const APOCOPE: Described = ["apocope", "a final short vowel or glide is lost (the word keeps two syllables' weight)"];
const SPELLING: Described = ["spelling", "the site's spelling: glottal stop ', and n' before g/k where a stem's first vowel was lost"];

function tracer(show: (s: string) => string) {
  const steps: DerivationStep[] = [];
  return {
    steps,
    step(text: string, next: string, [rule, description]: Described): string {
      const before = show(text);
      const after = show(next);
      if (before !== after) steps.push({ rule, description, before, after });
      return next;
    },
  };
}

/** The derivation of a verb's form in a cell (its primary form), or null when the engine has no form there. */
export function explain(lexeme: LexemeInput, cell: Cell): Derivation | null {
  const cls = verbClassOf(lexeme.pos);
  const inflection = inflect(lexeme, cell);
  if (!cls || !isAllowed(cls, cell) || !inflection) return null;
  const stem = stemOf(lexeme, cls);
  const ending = endingsOf(TABLES[cls], cellKey(cell))?.[0];
  if (ending === undefined || !stem.text) return null;
  const prefix = prefixOf(cls, cell);
  const pre = prefix ? PREFIX_TEXT[prefix]! : "";
  const t = tracer(showVerb);
  // The primary path of phonology.ts's beforeFinal + syncope.ts's finalRules: optional rules not applied (the prefix
  // on the full base, wi kept, w kept before a consonant), except n2del (final n2 lost).
  let s = pre ? `${pre}<${stem.text}${ending}` : `${stem.text}${ending}`;
  boundaryRules.forEach((rule, i) => (s = t.step(s, rule(s), BOUNDARY[i]!)));
  s = t.step(s, s.replace(/[<>]/g, ""), JOIN);
  plainRules.forEach((rule, i) => (s = t.step(s, rule(s), PLAIN[i]!)));
  s = t.step(s, vCoal(s), ["vCoal", "a short vowel after another vowel takes its quality"]);
  s = t.step(s, lenPreNas(s), ["lenPreNas", "a short vowel is long before n + h, y or s"]);
  s = t.step(s, s.replace(/E/g, "i"), ["e1", "e1 is i"]);
  s = t.step(s, apocope(s), APOCOPE);
  s = t.step(s, s.endsWith("6") ? s.slice(0, -1) : s, ["n2del", "a final n2 is lost"]);
  s = t.step(s, s.replace(/6/g, "n"), ["n2", "n2 is n elsewhere"]);
  s = t.step(s, syncopate(s), SYNCOPE);
  const fst = showVerb(s);
  const form = site(s.replace(/[àìò]/g, (c) => VERB_SYMBOLS[c]!), stem, prefix);
  if (form !== fst) t.steps.push({ rule: SPELLING[0], description: SPELLING[1], before: fst, after: form });
  return { prefix: pre, stem: showVerb(stem.text), ending: showVerb(ending), steps: t.steps, form };
}

const NOUN_DESCRIPTIONS: Record<string, string> = {
  preGli: "o- is w- before a vowel-initial dependent stem",
  initV: "the prefix loses its vowel before a short vowel",
  preDel: "ni- and gi- lose their vowel before a vowel-initial dependent stem",
  preLen: "after a prefix, a stem-initial short o is long",
  preEpen: "d comes in between a person prefix and a vowel (nid-, gid-, od-)",
  conPl: "the vowel after -e1ny is i",
  a1i1: "a1 and i1 are long aa and ii before an ending",
  ccEpen: "i comes in between two consonants where an ending meets the stem",
  rmBound: JOIN[1],
  plainSymbols: "the special sounds take their plain values (w2 is lost before a nasal; final ny is nh)",
  vvvDel: "a short vowel next to a long one is lost",
  coalesce: "y1 + a short vowel is i; w1 + i, e1 or a is o, elsewhere w1 is lost",
  wiCoal: "wi may be o",
  vCoal: "a short vowel after another vowel takes its quality",
  lenPreNas: "a short vowel is long before nh, ny or ns; e1 is i",
  apocope: APOCOPE[1],
  n2del: "a final n2 is lost",
  n2n: "n2 is n elsewhere",
  syncope: SYNCOPE[1],
  wDel: "w may be lost before a consonant",
};

type Path = { text: string; steps: DerivationStep[] };

/** The derivation of a noun's form in a cell (the form decline() shows), or null when the cell has no form. */
export function explainDeclension(lexeme: NounLexeme, cell: NounCell): Derivation | null {
  const d = decline(lexeme, cell);
  if (!d) return null;
  // Every path through the optional rules, each with its steps; the one that ends at decline()'s form is shown.
  let paths: Path[] = [{ text: d.underlying, steps: [] }];
  for (const step of NOUN_STEPS) {
    const described: Described = [step.name, NOUN_DESCRIPTIONS[step.name] ?? step.name];
    const next: Path[] = [];
    for (const p of paths) {
      const outs = "rule" in step ? [step.rule(p.text)] : subsets(step.sites(p.text)).map((at) => step.apply(p.text, at));
      for (const out of outs) {
        const t = tracer(showNoun);
        t.step(p.text, out, described);
        next.push({ text: out, steps: [...p.steps, ...t.steps] });
      }
    }
    paths = next;
  }
  const spelled = (p: Path) => showNoun(p.text.replace(/[A-Z]/g, ""));
  const path = paths.find((p) => spelled(p) === d.form) ?? paths.find((p) => spelled(p).slice(0, -1) === d.form.slice(0, -1)) ?? paths[0]!;
  const steps = [...path.steps];
  const last = spelled(path);
  if (last !== d.form) {
    steps.push({ rule: "devoicing", description: "a word-final consonant is written voiceless, as the dictionary writes the noun", before: last, after: d.form });
  }
  const [pre, rest] = d.underlying.includes("<") ? d.underlying.split("<") as [string, string] : ["", d.underlying];
  const [stem, ...ending] = rest.split(">");
  return { prefix: showNoun(pre), stem: showNoun(stem!), ending: showNoun(ending.join(">")), steps, form: d.form };
}

/** Every subset of an optional rule's sites, at most 6 as noun-phonology.ts (the unapplied one first). */
function subsets(at: number[]): number[][] {
  const n = Math.min(at.length, 6);
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) out.push(at.filter((_, k) => k < n && mask & (1 << k)));
  return out;
}

/**
 * "Why this form?": the derivation of a verb or noun form, computed only when asked (never by paradigm() or
 * decline()). It replays the engine's own rules (phonology.ts + syncope.ts for verbs, NOUN_STEPS of
 * noun-phonology.ts for nouns) on the underlying prefix + stem + ending and keeps each rule that changed the word,
 * with a plain-English description. The steps end at the engine's form (tests/unit/grammar-explain.test.ts). Pure.
 * long-file: the verb and noun replays share the step descriptions, the morpheme pieces and their alignment.
 */
import { isAllowed, isWholeVerbCell, verbClassOf, cellKey, type Cell, type VerbClass } from "./cells";
import { newGrammarMemo, type GrammarMemo } from "./memo";
import { endingsOf, inflect, prefixOf, PREFIX_TEXT, site, stemOf, TABLES, type LexemeInput } from "./inflection";
import { morphemesOfEnding, nounMorphemes, prenounMorpheme, PREVERB_ROLES, prefixRole, type Morpheme } from "./morphemes";
import { modeEndings } from "./mode-tables";
import { decline, type NounLexeme } from "./noun-inflection";
import type { NounCell } from "./noun-cells";
import { NOUN_STEPS, siteSpelling as nounSiteSpelling } from "./noun-phonology";
import { boundaryRules, encode, lenPreNas, plainRules, vCoal } from "./phonology";
import type { Stem } from "./stems";
import { apocope, siteSpelling, syncopate } from "./syncope";
import { changedStems } from "./whole-verb";

export type { Morpheme } from "./morphemes";
export type DerivationStep = {
  /** The rule's name in the FST's rule file (for the curious, never shown), and what it does in plain English. */
  rule: string;
  description: string;
  before: string;
  after: string;
  /** Syncope: the positions in `before` of the weak vowels it dropped. */
  weak?: number[];
};
export type Derivation = {
  /** The underlying pieces in plain letters (the rules' special sounds written as the letter they usually are). */
  prefix: string;
  stem: string;
  ending: string;
  /** Each piece named in learner terms, in order: preverb, person prefix, stem, theme sign, negative, mode, person ending. */
  parts: Morpheme[];
  steps: DerivationStep[];
  /** The engine's form: the last step's `after` (or the pieces joined, when no rule changed anything). */
  form: string;
};

// ── display: internal alphabets → plain letters (a special sound as the letter it usually is), glottal stop ' ──
const VERB_PLAIN: Record<string, string> = {
  A: "a",
  I: "i",
  Y: "i",
  E: "e",
  O: "o",
  "1": "w",
  "2": "w",
  "3": "w",
  "4": "w",
  "5": "w",
  Q: "y",
  S: "s",
  M: "m",
  N: "n",
  "6": "n",
  "7": "n",
  "8": "n",
  B: "b",
  D: "d",
  T: "d",
  C: "",
  à: "a",
  ì: "i",
  ò: "o",
  "<": "-",
  ">": "-",
};
const NOUN_PLAIN: Record<string, string> = {
  A: "a",
  I: "i",
  J: "i",
  E: "e",
  O: "o",
  W: "w",
  U: "w",
  Y: "y",
  Q: "n",
  N: "n",
  S: "s",
  D: "d",
  M: "m",
  ä: "a",
  ï: "i",
  ö: "o",
  "<": "-",
  ">": "-",
  "^": "",
  "&": "",
};
const showVerb = (s: string) => siteSpelling(s.replace(/[A-Z1-8àìò<>]/g, (c) => VERB_PLAIN[c] ?? c)).replace(/-+/g, "-");
const showNoun = (s: string) => nounSiteSpelling(s.replace(/[A-Zäïö<>^&]/g, (c) => NOUN_PLAIN[c] ?? c)).replace(/-+/g, "-");
/** A piece shown on its own: no boundary marks at its edges. */
const piece = (s: string, show: (s: string) => string) => show(s).replace(/^-+|-+$/g, "");

type Described = [rule: string, description: string];
/** One entry per rule of phonology.ts's boundaryRules, in order. */
const BOUNDARY: Described[] = [
  ["preLen", "after a person prefix, a short o at the start of the stem is long (oo)"],
  ["preEpen", "a d comes in between a person prefix and a vowel (nd-, gd-, d-)"],
  ["a1/i1", "a stem's final a or i that can lengthen is long (aa, ii) before an ending"],
  ["ordAssim", "a nasal takes the place of the next sound: n before s, z, d, j, g or k, m before b; n + k is ng"],
  ["cnjD1Gnasstem", "after a stem ending in n, the 3rd-person conjunct -d is -g"],
  ["cnjD1p", "the 3rd-person -d and the preterit's b make p (-pan)"],
  ["cnjnegsig", "the negative -si and the 3rd-person -d make -sig"],
  ["cnjd1w4", "the 3rd-person -d is g before the dubitative's w"],
  ["cnjoban", "a w before the preterit's b is o (-goban)"],
  ["cnjW3", "the negative's w stays before a vowel and is lost elsewhere"],
  ["cnjaepen", "after a stem ending in n, the conjunct ending takes an a"],
  ["w5o", "the 3rd-person w is o after a nasal, lost before -goba, and w elsewhere"],
  ["ccEpen", "an i comes in between two consonants where an ending meets the stem"],
];
/** One entry per rule of phonology.ts's plainRules, in order. */
const PLAIN: Described[] = [
  ["cnjHiatus", "the conjunct ending's linking sound is y between two vowels, and after a nasal it makes s into z"],
  ["d2", "an inanimate verb's final d is k before -g, lost before s, and d elsewhere"],
  ["c1del", "the conjunct ending's linking sound is silent elsewhere"],
  ["d1", "the 3rd-person d is g after a nasal, j before y and a vowel, and d elsewhere"],
  ["w4", "the dubitative's w is kept before a vowel and lost elsewhere (-wen gains an h: -wenh)"],
  ["m1", "a VTI stem's final m is n before s (nz), lengthens the vowel before m or n, and is m elsewhere"],
  ["n4", "this n stays n"],
  ["w2", "a stem's final w is lost before a nasal"],
  ["palatalisation", "before an i that palatalises, s becomes sh and n becomes zh"],
  ["ny", "a final ny is written nh"],
  ["vvvDel", "a short vowel next to a long one is lost"],
  ["y1Coal", "y and the short vowel after it merge into i"],
  ["w1Coal", "w and an i, e or a after it merge into o; elsewhere this w is lost"],
];
const JOIN: Described = ["join", "the pieces join into one word"];
const SYNCOPE: Described = [
  "syncope",
  "short vowels in weak positions (every other syllable, counting from the start) drop; ' marks a lost vowel between n and z, g, h, s or y",
];
const APOCOPE: Described = ["apocope", "a final short vowel or glide is lost"];
const SPELLING: Described = ["spelling", "the site's spelling: a glottal stop is written ', and n' before g or k where a vowel was lost"];

/** The positions in `before` of the letters syncope dropped (it only drops letters, and may write an apostrophe). */
function dropped(before: string, after: string): number[] {
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < before.length; i++) {
    if (after[j] === "'" && before[i] !== "'") j++;
    if (before[i] === after[j]) j++;
    else out.push(i);
  }
  return out;
}

/** Records each rule that changed the shown word; `wrap` puts the rest of the word around the part being derived. */
function tracer(show: (s: string) => string, steps: DerivationStep[] = [], wrap: (shown: string) => string = (x) => x) {
  return {
    steps,
    step(text: string, next: string, [rule, description]: Described): string {
      const before = wrap(show(text));
      const after = wrap(show(next));
      if (before !== after) {
        const weak = rule === "syncope" ? dropped(before, after) : [];
        steps.push(weak.length ? { rule, description, before, after, weak } : { rule, description, before, after });
      }
      return next;
    },
  };
}

/**
 * The primary path of phonology.ts's beforeFinal + syncope.ts's finalRules: optional rules not applied (the prefix
 * on the full base, wi kept, w kept before a consonant), except n2del (final n2 lost). Returns the FST-side string.
 */
function replay(t: ReturnType<typeof tracer>, start: string): string {
  let s = start;
  boundaryRules.forEach((rule, i) => (s = t.step(s, rule(s), BOUNDARY[i]!)));
  s = t.step(s, s.replace(/[<>]/g, ""), JOIN);
  plainRules.forEach((rule, i) => (s = t.step(s, rule(s), PLAIN[i]!)));
  s = t.step(s, vCoal(s), ["vCoal", "a short vowel after another vowel takes its quality"]);
  s = t.step(s, lenPreNas(s), ["lenPreNas", "a short vowel is long before nh, y or s"]);
  s = t.step(s, s.replace(/E/g, "i"), ["e1", "this weak e is i"]);
  s = t.step(s, apocope(s), APOCOPE);
  s = t.step(s, s.endsWith("6") ? s.slice(0, -1) : s, ["n2del", "a final n that can drop is lost"]);
  s = t.step(s, s.replace(/6/g, "n"), ["n2", "this n stays n"]);
  return t.step(s, syncopate(s), SYNCOPE);
}

/** Preverbs whose underlying form is not their citation form (whole-verb.ts): bi- is abi-. */
const UNDERLYING_PREVERB: Record<string, string> = { bi: "abi" };

/** The derivation of a verb's form in a cell (its primary form), or null when the engine has no form there. */
export function explain(lexeme: LexemeInput, cell: Cell, memo: GrammarMemo = newGrammarMemo()): Derivation | null {
  const cls = verbClassOf(lexeme.pos);
  const inflection = inflect(lexeme, cell, memo);
  if (!cls || !inflection) return null;
  const stem = stemOf(lexeme, cls, memo);
  if (!stem.text) return null;
  const whole = isWholeVerbCell(cell) || !isAllowed(cls, cell);
  const base: Cell = { order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) };
  const conj = cell.order === "conj" || cell.order === "conj-neg";
  const prefix = whole ? (conj || cell.participle ? null : prefixOf(cls, base)) : prefixOf(cls, cell);
  const pre = prefix ? PREFIX_TEXT[prefix]! : "";
  const ending = whole ? modeEndings(cls, cell)?.[0] : endingsOf(TABLES[cls], cellKey(cell))?.[0];
  if (ending === undefined) return null;
  const preverbs = cell.preverbs ?? [];
  const stemText = cell.change && !preverbs.length ? changedStems(stem.text)[0]! : stem.text;
  const parts = verbParts(cls, cell, pre, stem.text, stemText, ending);
  const steps: DerivationStep[] = [];
  let form: string;
  if (!preverbs.length) {
    const s = replay(tracer(showVerb, steps), pre ? `${pre}<${stemText}${ending}` : `${stemText}${ending}`);
    form = finish(
      steps,
      showVerb(s),
      site(
        s.replace(/[àìò]/g, (c) => VERB_PLAIN[c]!),
        stem,
        prefix,
      ),
    );
  } else {
    // The preverb chain takes the person prefix and is a word of its own before the hyphen; the verb follows.
    const chain = encode(preverbs.map((p) => `${UNDERLYING_PREVERB[p] ?? p}-`).join(""));
    const baseStart = `${stemText}${ending}`;
    const head = replay(
      tracer(showVerb, steps, (x) => x + showVerb(baseStart)),
      pre ? `${pre}<${chain}` : chain,
    );
    const headForm = siteSpelling(head.replace(/[àìò]/g, (c) => VERB_PLAIN[c]!));
    const tail = replay(
      tracer(showVerb, steps, (x) => headForm + x),
      baseStart,
    );
    form = finish(
      steps,
      headForm + showVerb(tail),
      headForm +
        site(
          tail.replace(/[àìò]/g, (c) => VERB_PLAIN[c]!),
          stem as Stem,
          null,
        ),
    );
  }
  if (form !== inflection.form) {
    steps.push({
      rule: "variant",
      description: "the site shows the form an optional rule gives, which speakers also use",
      before: form,
      after: inflection.form,
    });
    form = inflection.form;
  }
  return { prefix: pre, stem: piece(stemText, showVerb), ending: piece(ending, showVerb), parts, steps, form };
}

/** Adds the site's spelling step when it changes the rules' output; returns the form. */
function finish(steps: DerivationStep[], fst: string, form: string): string {
  const last = steps.at(-1)?.after ?? fst;
  if (form !== last) steps.push({ rule: SPELLING[0], description: SPELLING[1], before: last, after: form });
  return form;
}

function verbParts(cls: VerbClass, cell: Cell, pre: string, stemText: string, changed: string, ending: string): Morpheme[] {
  const parts: Morpheme[] = [];
  for (const p of cell.preverbs ?? []) parts.push({ text: `${p}-`, role: `preverb ${p}- (${PREVERB_ROLES[p] ?? "a preverb"})` });
  if (pre) parts.push({ text: `${pre}-`, role: prefixRole(pre) });
  const plainStem = piece(stemText, showVerb);
  const plainChanged = piece(changed, showVerb);
  parts.push({
    text: plainChanged,
    role: plainChanged === plainStem ? "stem" : `stem, with initial change (${plainStem} → ${plainChanged}: its first vowel changes)`,
  });
  parts.push(...morphemesOfEnding(showVerb(ending).replace(/^-/, ""), cls, cell));
  return parts;
}

const NOUN_DESCRIPTIONS: Record<string, string> = {
  preGli: "o- is w- before a vowel-initial dependent stem",
  initV: "the prefix loses its vowel before a short vowel",
  preDel: "ni- and gi- lose their vowel before a vowel-initial dependent stem",
  preLen: "after a prefix, a stem-initial short o is long",
  preEpen: "d comes in between a person prefix and a vowel (nid-, gid-, od-)",
  conPl: "the vowel after the contemptive -eny is i",
  a1i1: "a stem's final a or i that can lengthen is long (aa, ii) before an ending",
  ccEpen: "i comes in between two consonants where an ending meets the stem",
  rmBound: JOIN[1],
  plainSymbols: "the special sounds take their plain values (a stem's final w is lost before a nasal; a final ny is nh)",
  vvvDel: "a short vowel next to a long one is lost",
  coalesce: "y and a short vowel after it merge into i; w and an i, e or a after it into o, elsewhere this w is lost",
  wiCoal: "wi may be o",
  vCoal: "a short vowel after another vowel takes its quality",
  lenPreNas: "a short vowel is long before nh, ny or ns; a weak e is i",
  apocope: APOCOPE[1],
  n2del: "a final n that can drop is lost",
  n2n: "this n stays n",
  syncope: SYNCOPE[1],
  wDel: "w may be lost before a consonant",
};

type Path = { text: string; steps: DerivationStep[] };

/** The derivation of a noun's form in a cell (the form decline() shows), or null when the cell has no form. */
export function explainDeclension(lexeme: NounLexeme, cell: NounCell, memo: GrammarMemo = newGrammarMemo()): Derivation | null {
  const d = decline(lexeme, cell, memo);
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
    steps.push({
      rule: "devoicing",
      description: "a word-final consonant is written voiceless, as the dictionary writes the noun",
      before: last,
      after: d.form,
    });
  }
  const [pre, rest] = d.underlying.includes("<") ? (d.underlying.split("<") as [string, string]) : ["", d.underlying];
  const [withPrenoun, ...ending] = rest.split(">");
  const hyphen = cell.prenoun ? withPrenoun!.indexOf("-") : -1;
  const prenoun = hyphen >= 0 ? withPrenoun!.slice(0, hyphen) : "";
  const stem = hyphen >= 0 ? withPrenoun!.slice(hyphen + 1) : withPrenoun!;
  const parts: Morpheme[] = [];
  const prefix = piece(pre, showNoun);
  if (prefix) parts.push({ text: `${prefix}-`, role: prefixRole(prefix) });
  const pn = prenoun ? prenounMorpheme(cell, `${piece(prenoun, showNoun)}-`) : null;
  if (pn) parts.push(pn);
  parts.push({ text: piece(stem, showNoun), role: "stem" });
  parts.push(
    ...nounMorphemes(
      ending.map((e) => piece(e, showNoun)),
      cell,
    ),
  );
  return { prefix, stem: piece(stem, showNoun), ending: piece(ending.join(">"), showNoun), parts, steps, form: d.form };
}

/** Every subset of an optional rule's sites, at most 6 as noun-phonology.ts (the unapplied one first). */
function subsets(at: number[]): number[][] {
  const n = Math.min(at.length, 6);
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) out.push(at.filter((_, k) => k < n && mask & (1 << k)));
  return out;
}

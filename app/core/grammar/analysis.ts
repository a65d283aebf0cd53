/**
 * Analysis: which verb and cell a written word form can be (`analyse`), over a lexicon index (`buildLexicon`).
 * Candidates come from the consonant skeleton of the stem (consonants survive syncope and the rules, except w, y and
 * the glottal stop, and a stem-final consonant that may alternate); for each candidate every form is generated once
 * (inflection.ts) and indexed by its spelling keys (spelling.ts). Pure; the caches live in the Lexicon object.
 */
import { cellsOf, verbClassOf, type Cell, type VerbClass } from "./cells";
import { inflect, prefixOf, siteForms, stemOf, type Confidence, type LexemeInput } from "./inflection";
import { normaliseWordform, spellingKeys } from "./spelling";

export type Analysis = { lexeme: LexemeInput; cell: Cell; form: string; gloss: string; confidence: Confidence };

/** Opaque index for analysis: verbs by stem skeleton, plus per-verb spelling keys of every generated form. */
export type Lexicon = {
  readonly byKey: Map<string, number[]>;
  readonly lexemes: LexemeInput[];
  /** Verbs whose stem has no skeleton key (tried for every word). */
  readonly unkeyed: number[];
  readonly maxKeyLength: number;
  /**
   * Class, stem and person-prefix group ("" none or unwritten o-, "n", "g") → spelling key → cell indices (every
   * form and variant), for recently used stems (verbs sharing a stem share the entry).
   */
  readonly forms: Map<string, Map<string, number[]>>;
  /** Recent answers of `analyse` by word. */
  readonly answers: Map<string, Analysis[]>;
};

const ALL_CELLS: Record<VerbClass, Cell[]> = { vai: cellsOf("vai"), vii: cellsOf("vii"), vti: cellsOf("vti"), vta: cellsOf("vta") };
const FORM_CACHE_ENTRIES = 1_500;
const ANSWER_CACHE_LIMIT = 20_000;

/**
 * Consonant skeleton: vowels, w, y, the glottal stop (' or a plain h), apostrophes and hyphens dropped; zh, sh, ch
 * as one letter each. Works on encoded stems (N S M T D → n s m d d) and on written words alike.
 */
function skeletonOf(text: string): string {
  return text
    .replace(/[NSMTD]/g, (c) => ({ N: "n", S: "s", M: "m", T: "d", D: "d" })[c]!)
    .replace(/zh/g, "Z")
    .replace(/sh/g, "X")
    .replace(/ch/g, "C")
    .replace(/[^bdgptkjcCzZsXmnh]/g, "")
    .replace(/(^|[^n])h/g, "$1")
    .replace(/nh/g, "n");
}

/**
 * The stem's key: its skeleton without the last consonant (it may alternate: n1 → zh, m1 → n, d2 lost, or end the
 * word after apocope and be written devoiced).
 */
function stemKeyOf(encoded: string): string {
  return skeletonOf(encoded.replace(/[1-8QBC]/g, "")).slice(0, -1);
}

/** Skeletons of the person prefixes a word may start with (before a vowel-initial stem: nd, gd, d). */
const PREFIX_SKELETONS = ["", "n", "g", "nd", "gd", "d"];

export function buildLexicon(lexemes: LexemeInput[]): Lexicon {
  const byKey = new Map<string, number[]>();
  const list: LexemeInput[] = [];
  const unkeyed: number[] = [];
  let maxKeyLength = 0;
  for (const lexeme of lexemes) {
    const cls = verbClassOf(lexeme.pos);
    if (!cls) continue;
    const stem = stemOf(lexeme, cls);
    if (!stem.text) continue;
    const li = list.push(lexeme) - 1;
    // A compound's key is its first piece's (a prefix goes before it; the pieces after may change more).
    const key = stemKeyOf(stem.text.split("-")[0]!);
    if (!key) {
      unkeyed.push(li);
      continue;
    }
    maxKeyLength = Math.max(maxKeyLength, key.length);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(li);
    else byKey.set(key, [li]);
  }
  return { byKey, lexemes: list, unkeyed, maxKeyLength, forms: new Map(), answers: new Map() };
}

/** Spelling key → cells of one verb whose prefix is in `group`, generated on first use (shared per stem). */
function formsOf(lexicon: Lexicon, li: number, group: string): Map<string, number[]> {
  const lexeme = lexicon.lexemes[li]!;
  const cls = verbClassOf(lexeme.pos)!;
  const stem = stemOf(lexeme, cls);
  const id = `${cls}\u0000${stem.text}\u0000${group}`;
  let map = lexicon.forms.get(id);
  if (map) return map;
  map = new Map();
  ALL_CELLS[cls].forEach((cell, ci) => {
    const prefix = prefixOf(cls, cell);
    if ((prefix === "n" || prefix === "g" ? prefix : "") !== group) return;
    for (const form of siteForms(cls, stem, cell) ?? []) {
      for (const key of spellingKeys(form)) {
        const cells = map!.get(key);
        if (!cells) map!.set(key, [ci]);
        else if (!cells.includes(ci)) cells.push(ci);
      }
    }
  });
  if (lexicon.forms.size >= FORM_CACHE_ENTRIES) lexicon.forms.delete(lexicon.forms.keys().next().value!);
  lexicon.forms.set(id, map);
  return map;
}

export function analyse(wordform: string, lexicon: Lexicon): Analysis[] {
  const known = lexicon.answers.get(wordform);
  if (known) return known.slice();
  const answer = analyseWord(wordform, lexicon);
  if (lexicon.answers.size >= ANSWER_CACHE_LIMIT) lexicon.answers.clear();
  lexicon.answers.set(wordform, answer);
  return answer.slice();
}

function analyseWord(wordform: string, lexicon: Lexicon): Analysis[] {
  const keys = spellingKeys(wordform);
  const skeleton = skeletonOf(normaliseWordform(wordform).replace(/'h/g, "'"));
  // Candidates: verb index → the prefix groups the word may start with for it.
  const candidates = new Map<number, Set<string>>();
  const add = (li: number, group: string) => {
    const groups = candidates.get(li);
    if (groups) groups.add(group);
    else candidates.set(li, new Set([group]));
  };
  for (const li of lexicon.unkeyed) for (const g of ["", "n", "g"]) add(li, g);
  for (const prefix of PREFIX_SKELETONS) {
    if (!skeleton.startsWith(prefix)) continue;
    const group = prefix[0] === "n" || prefix[0] === "g" ? prefix[0] : "";
    const rest = skeleton.slice(prefix.length);
    for (let j = 1; j <= Math.min(rest.length, lexicon.maxKeyLength); j++) for (const li of lexicon.byKey.get(rest.slice(0, j)) ?? []) add(li, group);
  }
  const hits: Array<{ k: number; li: number; ci: number }> = [];
  for (const [li, groups] of candidates) {
    for (const group of groups) {
      const forms = formsOf(lexicon, li, group);
      keys.forEach((key, k) => {
        for (const ci of forms.get(key) ?? []) hits.push({ k, li, ci });
      });
    }
  }
  hits.sort((a, b) => a.k - b.k || a.li - b.li || a.ci - b.ci);
  const out: Analysis[] = [];
  const seen = new Set<string>();
  for (const { li, ci } of hits) {
    const id = `${li}:${ci}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const lexeme = lexicon.lexemes[li]!;
    const cell = ALL_CELLS[verbClassOf(lexeme.pos)!][ci]!;
    const inf = inflect(lexeme, cell)!;
    out.push({ lexeme, cell, form: inf.form, gloss: inf.gloss, confidence: inf.confidence });
  }
  return out;
}

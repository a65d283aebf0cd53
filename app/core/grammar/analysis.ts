/**
 * Analysis: which verb and cell a written word form can be (`analyse`), over a lexicon index (`buildLexicon`).
 * Candidates come from the consonant skeleton of the stem; their forms are generated (inflection.ts) and compared
 * by spelling keys (spelling.ts). Pure; the caches live in the Lexicon object and in module-level plans.
 */
import { cellKey, cellsOf, verbClassOf, type Cell, type VerbClass } from "./cells";
import { build, inflect, isVowel, prefixOf, stemOf, tableFor, type Confidence, type LexemeInput, type Prefix, type Stem } from "./inflection";
import { normaliseWordform, spellingKeys } from "./spelling";
import { VAI, VAI_AM, VAI_N, VII, VTA, VTI1, VTI2, type Table } from "./tables";

export type Analysis = { lexeme: LexemeInput; cell: Cell; form: string; gloss: string; confidence: Confidence };
/**
 * Opaque index for analysis: verbs by the consonant skeleton of their stem (`byKey`), plus per-verb spelling keys of
 * every generated form, computed on first use and kept for the most recently used verbs (`forms`).
 */
export type Lexicon = {
  readonly byKey: Map<string, number[]>;
  readonly lexemes: LexemeInput[];
  /** Verbs whose stem has no skeleton key (checked for every word). */
  readonly unkeyed: number[];
  readonly maxKeyLength: number;
  /** "<verb index>:<cell index>" → spelling keys of that cell's forms (all variants). */
  readonly forms: Map<string, string[]>;
  /** Verb index → its class, stem and affix table, as used for generating. */
  readonly verbs: Map<number, VerbInfo>;
  /** Recent answers of `analyse` by word (pages analyse the same words again and again). */
  readonly answers: Map<string, Analysis[]>;
};

const ALL_CELLS: Record<VerbClass, Cell[]> = {
  vai: cellsOf("vai"),
  vii: cellsOf("vii"),
  vti: cellsOf("vti"),
  vta: cellsOf("vta"),
};

/** How many (verb, cell) entries keep their generated spelling keys in a lexicon's cache. */
const FORM_CACHE_LIMIT = 50_000;

/**
 * A consonant skeleton like the one `spellingKeys` builds (short a/i/o dropped, as syncope only ever removes those;
 * long vowels upper-cased; e kept), but taken piece by piece between hyphens and apostrophes, with no "~" mark.
 */
function skeletonOf(text: string): string {
  // Per piece between hyphens and apostrophes, so "gichi-inend" or "moon'amaw" do not read as a long vowel. An h
  // other than in sh, zh, ch counts as an apostrophe: a glottal h is written ' or h depending on what syncope leaves.
  return text
    .replace(/(^|[^szc])h/g, "$1'")
    .split(/[-'’‘ʼ\s]/)
    .map((piece) => piece.replace(/aa|ii|oo|[aio]/g, (m) => (m.length === 2 ? m.toUpperCase() : "")))
    .join("");
}

/**
 * Skeletons of what may stand before a stem: nothing, ni-/gi- (n, g), nid-/gid-/od- before a vowel (nd, gd, d), and
 * od- + o- lengthened before a short o (doozhtoon: dOO).
 */
const PREFIX_SKELETONS = ["", "n", "g", "nd", "gd", "d", "ndOO", "gdOO", "dOO"];

/**
 * The part of a stem's skeleton that every surface form of the verb contains: the underlying markers resolved as
 * they surface (N/S/D/I), and the last consonant left out unless a long vowel follows it (stem-final n, s, d
 * alternate: palatalisation, D deletion, n loss; a consonant left word-final by short-vowel loss is devoiced).
 * Short vowels are absent, so syncope, prefixes and suffixes cannot break it.
 */
function stemKeyOf(base: string): string {
  const text = base.replace(/[~\s]/g, "");
  // Unless the stem ends in a long vowel, its last consonant may surface changed or word-final (and devoiced).
  const longFinal = /(aa|ii|oo|e)$/i.test(text.replace(/[-'’‘ʼ]+$/, ""));
  const plain = text
    .replace(/N/g, "n")
    .replace(/S/g, "s")
    .replace(/D/g, "d")
    .replace(/I/g, "i")
    .toLowerCase();
  const skeleton = skeletonOf(plain);
  return longFinal ? skeleton : skeleton.replace(/(sh|zh|ch|[^AIOe])$/, "");
}

/**
 * Indexes verbs for `analyse`. Cheap (one key per verb): the forms themselves are generated only for the verbs a
 * word's skeleton points at, so a 20,000-entry lexicon builds in milliseconds and stays small in memory.
 */
export function buildLexicon(lexemes: LexemeInput[]): Lexicon {
  const byKey = new Map<string, number[]>();
  const list: LexemeInput[] = [];
  const unkeyed: number[] = [];
  let maxKeyLength = 0;
  for (const lexeme of lexemes) {
    const cls = verbClassOf(lexeme.pos);
    if (!cls) continue;
    const { base } = tableFor(cls, stemOf(lexeme, cls));
    if (!base) continue;
    const li = list.push(lexeme) - 1;
    const key = stemKeyOf(base);
    if (!key) {
      unkeyed.push(li);
      continue;
    }
    maxKeyLength = Math.max(maxKeyLength, key.length);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(li);
    else byKey.set(key, [li]);
  }
  return { byKey, lexemes: list, unkeyed, maxKeyLength, forms: new Map(), verbs: new Map(), answers: new Map() };
}

/** Which surface prefix a cell's forms start with: "" (none, or the unwritten o-), n, g, or nd / gd / d before a vowel. */
function prefixGroup(prefix: Prefix, vowelInitial: boolean): string {
  if (!prefix) return "";
  if (!vowelInitial) return prefix === "o" ? "" : prefix;
  return prefix === "o" ? "d" : `${prefix}d`;
}

/** The prefix group of each prefix skeleton in PREFIX_SKELETONS. */
const GROUP_OF_SKELETON: Record<string, string> = { "": "", n: "n", g: "g", nd: "nd", gd: "gd", d: "d", ndOO: "nd", gdOO: "gd", dOO: "d" };

/** Spelling keys of one cell's forms (all suffix variants and prefix shapes), cached per verb and cell. */
function cellKeysOf(lexicon: Lexicon, li: number, ci: number, verb: VerbInfo): string[] {
  const cacheKey = `${li}:${ci}`;
  const cached = lexicon.forms.get(cacheKey);
  if (cached) return cached;
  const cell = ALL_CELLS[verb.cls][ci]!;
  const prefix = prefixOf(verb.cls, cell);
  const keys = new Set<string>();
  for (const suffix of verb.table[cellKey(cell)]!.split("|")) {
    const shapes = [build(prefix, verb.base, verb.stem.locked, suffix, false)];
    if (prefix && isVowel(verb.base[0])) shapes.push(build(prefix, verb.base, verb.stem.locked, suffix, true));
    for (const [p, r, x] of shapes) for (const key of spellingKeys(p + r + x)) keys.add(key);
  }
  if (lexicon.forms.size >= FORM_CACHE_LIMIT) lexicon.forms.clear();
  const list = [...keys];
  lexicon.forms.set(cacheKey, list);
  return list;
}

type VerbInfo = { cls: VerbClass; stem: Stem; table: Table; base: string };

function verbInfoOf(lexicon: Lexicon, li: number): VerbInfo {
  let info = lexicon.verbs.get(li);
  if (!info) {
    const lexeme = lexicon.lexemes[li]!;
    const cls = verbClassOf(lexeme.pos)!;
    const stem = stemOf(lexeme, cls);
    const { table, base } = tableFor(cls, stem);
    if (lexicon.verbs.size >= FORM_CACHE_LIMIT) lexicon.verbs.clear();
    lexicon.verbs.set(li, (info = { cls, stem, table, base }));
  }
  return info;
}

/**
 * A coarse form of a skeleton for comparing word endings: voicing (t/d, k/g, p/b, ch/j, sh/zh) and a plain h
 * ignored, so final devoicing and d + g → k cannot hide a match.
 */
function coarse(skeleton: string): string {
  return skeleton
    .replace(/[sz]h/g, "Z")
    .replace(/ch|j/g, "J")
    .replace(/h/g, "")
    .replace(/t/g, "d")
    .replace(/k/g, "g")
    .replace(/p/g, "b");
}

type CellPlan = { ci: number; prefix: Prefix };
/** Per class and table: cells by the tails their suffixes leave (see `cellPlans`). */
const PLANS = new Map<string, Map<string, CellPlan[]>>();
/** The longest tail of any table, so a word's endings are only cut that long. */
let longestTail = 0;

/**
 * For one class and affix table: its cells by the coarse skeleton each suffix (every variant) leaves at the end of a
 * word. Syncope and the other rules only remove short vowels, voice or devoice, or turn h into ', so a word whose
 * coarse skeleton does not end in one of a cell's tails cannot be a form of that cell.
 */
function cellPlans(cls: VerbClass, table: Table): Map<string, CellPlan[]> {
  const id = `${cls}:${TABLE_IDS.get(table)}`;
  let plans = PLANS.get(id);
  if (plans) return plans;
  plans = new Map();
  ALL_CELLS[cls].forEach((cell, ci) => {
    const entry = table[cellKey(cell)];
    if (entry === undefined) return;
    const tails = new Set<string>();
    for (const suffix of entry.split("|")) {
      const resolved = suffix.replace(/~/g, "").replace(/N/g, "n").replace(/S/g, "s").replace(/D/g, "d").replace(/I/g, "i").toLowerCase();
      tails.add(coarse(skeletonOf(resolved)));
      tails.add(coarse(skeletonOf(resolved.replace(/(^|[^szc])h/g, "$1").replace(/['’‘ʼ]/g, ""))));
    }
    for (const tail of tails) {
      longestTail = Math.max(longestTail, tail.length);
      const list = plans!.get(tail);
      const plan = { ci, prefix: prefixOf(cls, cell) };
      if (list) list.push(plan);
      else plans!.set(tail, [plan]);
    }
  });
  PLANS.set(id, plans);
  return plans;
}

const TABLE_IDS = new Map<Table, string>([
  [VAI, "VAI"], [VAI_AM, "VAI_AM"], [VAI_N, "VAI_N"], [VII, "VII"], [VTA, "VTA"], [VTI1, "VTI1"], [VTI2, "VTI2"],
]);
// Built up front: `longestTail` must be known before the first word is cut into endings.
for (const [cls, table] of [["vai", VAI], ["vai", VAI_AM], ["vai", VAI_N], ["vii", VII], ["vta", VTA], ["vti", VTI1], ["vti", VTI2]] as const) {
  cellPlans(cls, table);
}

/** How many words keep their analyses in a lexicon's cache. */
const ANSWER_CACHE_LIMIT = 20_000;

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
  // Candidate verbs: those whose stem key is a substring of the word's skeleton (as written, and final-voiced).
  const n = normaliseWordform(wordform);
  const plain = n.replace(/['\-\s]/g, "");
  const voiced = plain.replace(/t$/, "d").replace(/k$/, "g").replace(/p$/, "b").replace(/ch$/, "j").replace(/sh$/, "zh");
  // Candidates as "<verb index>:<prefix group>"; verbs without a stem key are tried with every group.
  const candidates = new Set<string>(lexicon.unkeyed.flatMap((li) => ["", "n", "g", "nd", "gd", "d"].map((g) => `${li}:${g}`)));
  const written = n.replace(/t$/, "d").replace(/k$/, "g").replace(/p$/, "b").replace(/ch$/, "j").replace(/sh$/, "zh");
  const skeletons = new Set([skeletonOf(plain), skeletonOf(voiced), skeletonOf(n), skeletonOf(written)]);
  for (const skeleton of skeletons) {
    // The stem starts the word or follows a person prefix; no other morpheme comes before it.
    for (const prefix of PREFIX_SKELETONS) {
      if (!skeleton.startsWith(prefix)) continue;
      const i = prefix.length;
      const last = Math.min(skeleton.length, i + lexicon.maxKeyLength);
      for (let j = i + 1; j <= last; j++) {
        for (const li of lexicon.byKey.get(skeleton.slice(i, j)) ?? []) candidates.add(`${li}:${GROUP_OF_SKELETON[prefix]}`);
      }
    }
  }
  // Generate-and-test: the cells of a candidate whose prefix group and suffix fit the word; keep those whose
  // forms share a spelling key with the word, best key first.
  // Every ending of the word's coarse skeletons, as long as the longest suffix tail.
  const endings = new Set<string>();
  for (const skeleton of skeletons) {
    const e = coarse(skeleton);
    for (let length = 0; length <= Math.min(e.length, longestTail); length++) endings.add(e.slice(e.length - length));
  }
  const hits: Array<{ k: number; li: number; ci: number }> = [];
  for (const candidate of candidates) {
    const colon = candidate.indexOf(":");
    const li = Number(candidate.slice(0, colon));
    const group = candidate.slice(colon + 1);
    const verb = verbInfoOf(lexicon, li);
    if (!verb.base) continue;
    const vowelInitial = isVowel(verb.base[0]);
    const plans = cellPlans(verb.cls, verb.table);
    const tried = new Set<number>();
    for (const ending of endings) {
      for (const { ci, prefix } of plans.get(ending) ?? []) {
        if (tried.has(ci) || prefixGroup(prefix, vowelInitial) !== group) continue;
        tried.add(ci);
        const forms = cellKeysOf(lexicon, li, ci, verb);
        keys.forEach((k, index) => {
          if (forms.includes(k)) hits.push({ k: index, li, ci });
        });
      }
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

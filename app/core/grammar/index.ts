/**
 * Grammar engine public API (issue #3). Pure: no I/O, runs in the Worker and the browser.
 * Signatures here are a contract for other modules; do not change them.
 * Design and sources: docs/decisions/005-grammar-engine.md.
 */
import { normalizeText } from "../orthography";
import { cleanStem, realise, type Piece } from "./phonology";
import { VAI, VAI_AM, VAI_N, VII, VTA, VTI1, VTI2, type Table } from "./tables";
import { glossFor } from "./gloss";

export type VerbClass = "vai" | "vii" | "vti" | "vta";
export type Order = "ind" | "ind-neg" | "conj" | "conj-neg" | "imp" | "imp-pro";
export type Person = "1s" | "2s" | "3s" | "3'" | "1p" | "21" | "2p" | "3p" | "x" | "0s" | "0p" | "0's" | "0'p" | "0" | "0'";
export type Confidence = "high" | "medium" | "low" | "unconfirmed";
export type LexemeInput = { id?: number; name: string; pos: string; stem?: string | null; gloss: string };
export type Cell = { order: Order; subject: Person; object?: Person };
export type Inflection = { prefix: string | null; root: string; suffix: string | null; form: string; variants: string[]; gloss: string; confidence: Confidence; subjectPronoun: string };
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

export const ORDERS: Order[] = ["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-pro"];
export const VERB_CLASSES: VerbClass[] = ["vai", "vii", "vta", "vti"];

export const ORDER_NAMES: Record<Order, string> = {
  ind: "Independent",
  "ind-neg": "Independent Negative",
  conj: "Conjunct",
  "conj-neg": "Conjunct Negative",
  imp: "Imperative",
  "imp-pro": "Imperative Prohibitive",
};

export const CLASS_NAMES: Record<VerbClass, string> = {
  vai: "Animate Intransitive",
  vii: "Inanimate Intransitive",
  vta: "Transitive Animate",
  vti: "Transitive Inanimate",
};

/** Plain-English person labels (the codes stay available beside them). */
export const PERSON_NAMES: Record<Person, string> = {
  "1s": "I",
  "2s": "you (sg)",
  "3s": "s/he",
  "3'": "s/he (obviative)",
  "1p": "we (excl.)",
  "21": "we (incl.)",
  "2p": "you (pl)",
  "3p": "they",
  x: "someone",
  "0s": "it",
  "0p": "they (inanimate)",
  "0's": "it (obviative)",
  "0'p": "they (inanimate, obviative)",
  "0": "it",
  "0'": "it (obviative)",
};

/** Independent pronouns as the dictionary gives them (demo lexicon pr-an entries). */
const PRONOUNS: Partial<Record<Person, string>> = {
  "1s": "niin", "2s": "giin", "3s": "wiin", "3'": "wiin", "1p": "niinwi", "21": "giinwi", "2p": "giinwaa", "3p": "wiinwaa",
};

export function verbClassOf(pos: string): VerbClass | null {
  const p = pos.trim().toLowerCase();
  return p === "vai" || p === "vii" || p === "vti" || p === "vta" ? p : null;
}

// ── allowed cells (SPEC §5) ──
const ANIMATE: Person[] = ["1s", "2s", "3s", "3'", "1p", "21", "2p", "3p", "x"];
const IMP_SUBJECTS: Person[] = ["2s", "2p", "21"];
export const VTA_OBJECTS: Partial<Record<Person, Person[]>> = {
  "1s": ["2s", "3s", "2p", "3p"],
  "2s": ["1s", "3s", "1p", "3p"],
  "3s": ["1s", "2s", "3'", "1p", "21", "2p"],
  "3'": ["3s", "3p"],
  "1p": ["2s", "3s", "2p", "3p"],
  "21": ["3s", "3p"],
  "2p": ["1s", "3s", "1p", "3p"],
  "3p": ["1s", "2s", "3'", "1p", "21", "2p"],
  x: ["1s", "2s", "3s", "1p", "21", "2p", "3p"],
};

/** Subjects SPEC §5 allows for a class and order. */
export function subjectsOf(cls: VerbClass, order: Order): Person[] {
  const imp = order === "imp" || order === "imp-pro";
  if (cls === "vii") return imp ? [] : order === "conj" || order === "conj-neg" ? ["0", "0'"] : ["0s", "0p", "0's", "0'p"];
  if (imp) return IMP_SUBJECTS;
  if (cls === "vti" && (order === "ind" || order === "ind-neg")) return ANIMATE.filter((p) => p !== "x");
  return ANIMATE;
}

/** Objects SPEC §5 allows for a class, order and subject ([] for intransitives). */
export function objectsOf(cls: VerbClass, order: Order, subject: Person): Person[] {
  if (cls === "vai" || cls === "vii") return [];
  if (cls === "vti") {
    if (order === "conj" || order === "conj-neg") return ["0"];
    if ((order === "imp" || order === "imp-pro") && subject !== "21") return ["0"];
    return ["0s", "0p"];
  }
  const objs = VTA_OBJECTS[subject] ?? VTA_OBJECTS["3s"]!;
  return order === "imp" || order === "imp-pro" ? objs.filter((o) => o === "1s" || o === "1p" || o === "3s" || o === "3p") : objs;
}

export function cellsOf(cls: VerbClass, order?: Order): Cell[] {
  const orders = order ? [order] : ORDERS;
  const out: Cell[] = [];
  for (const o of orders) {
    for (const subject of subjectsOf(cls, o)) {
      const objects = objectsOf(cls, o, subject);
      if (objects.length === 0) out.push({ order: o, subject });
      else for (const object of objects) out.push({ order: o, subject, object });
    }
  }
  return out;
}

export function cellKey(cell: Cell): string {
  return `${cell.order} ${cell.subject}${cell.object ? `>${cell.object}` : ""}`;
}

export function cellLabel(cell: Cell): string {
  const s = `${PERSON_NAMES[cell.subject]} (${cell.subject})`;
  return cell.object ? `${s} → ${PERSON_NAMES[cell.object]} (${cell.object})` : s;
}

function isAllowed(cls: VerbClass, cell: Cell): boolean {
  if (!subjectsOf(cls, cell.order).includes(cell.subject)) return false;
  const objs = objectsOf(cls, cell.order, cell.subject);
  return objs.length === 0 ? cell.object === undefined : cell.object !== undefined && objs.includes(cell.object);
}

// ── stems ──
type Stem = { text: string; locked: boolean; shape: string };

const isVowel = (c: string | undefined) => c === "a" || c === "i" || c === "o" || c === "e";

const stems = new Map<string, Stem>();

/** The stem the tables inflect, from the underlying stem or (without one) the lemma; memoised, it is pure. */
function stemOf(lexeme: LexemeInput, cls: VerbClass): Stem {
  const key = `${cls}\u0000${lexeme.stem ?? ""}\u0000${lexeme.stem?.trim() ? "" : lexeme.name}`;
  let stem = stems.get(key);
  if (!stem) {
    stem = computeStem(lexeme, cls);
    if (stems.size >= 20_000) stems.clear();
    stems.set(key, stem);
  }
  return stem;
}

function computeStem(lexeme: LexemeInput, cls: VerbClass): Stem {
  const raw = lexeme.stem?.trim();
  if (raw) {
    const text = cleanStem(raw);
    return { text, locked: false, shape: shapeOf(text, cls, raw) };
  }
  // No underlying stem: fall back to the (already syncopated) lemma, keeping its vowels.
  let text = normaliseWordform(lexeme.name);
  if (cls === "vti") text = text.replace(/aan$/, "am").replace(/oon$/, "oo");
  if (cls === "vta") text = text.replace(/aa$/, "");
  return { text, locked: true, shape: "lemma" };
}

function shapeOf(text: string, cls: VerbClass, raw: string): string {
  if (raw.includes("-")) return "compound";
  const last = text.slice(-1);
  if (cls === "vti") return /am$/.test(text) ? "am" : /oo$/.test(text) ? "oo" : "other";
  if (cls === "vta") return last === "N" || last === "S" ? "pal" : last === "w" ? "w" : isVowel(last) ? "vowel" : "cons";
  if (cls === "vai") {
    if (/(aa|ii|oo|e)$/.test(text)) return "long";
    if (isVowel(last)) return "short";
    return last === "n" ? "n" : /[^a]am$/.test(text) ? "am" : "cons";
  }
  return last === "D" ? "d" : last === "n" ? "n" : isVowel(last) ? "vowel" : "cons";
}

// ── confidence (docs/decisions/005; nishnaabemwin-inflection.md levels) ──
const VTA_UNCONFIRMED = new Set([
  "imp-pro 2s>1p", "imp-pro 2p>1p", "imp-pro 2p>3s", "imp-pro 2p>3p", "conj 3'>3s", "conj-neg 3'>3s",
  "ind 2p>1p", "ind-neg 2p>1p",
]);
const VTA_LOW = new Set([
  "imp 21>3p", "imp-pro 2p>1s", "conj 3'>3p", "conj-neg 3'>3p", "conj x>3s", "conj 2p>3s", "conj-neg x>3s", "conj-neg 2p>3s",
]);
const VTI1_LOW = new Set(["imp 21>0s", "imp 21>0p", "imp-pro 2s>0", "imp-pro 2p>0"]);

function confidenceOf(cls: VerbClass, stem: Stem, key: string, cell: Cell): Confidence {
  if (cls === "vta" && VTA_UNCONFIRMED.has(key)) return "unconfirmed";
  if (stem.shape === "lemma" || stem.shape === "compound") return "low";
  if (cls === "vai") {
    if (stem.shape === "long") return "high";
    if (stem.shape === "short") return "medium";
    if (stem.shape === "n" && (cell.subject === "x" || cell.subject === "2p" || cell.order.startsWith("imp"))) return "low";
    if (stem.shape === "am" && (cell.order.startsWith("imp") || (cell.order === "ind" && ["1p", "21", "2p", "x"].includes(cell.subject)))) return "low";
    return stem.shape === "n" || stem.shape === "am" ? "medium" : "low";
  }
  if (cls === "vii") {
    if (key === "ind-neg 0p" || key === "ind-neg 0'p") return "low";
    if (stem.shape === "d" && key === "ind 0p") return "low";
    return stem.shape === "vowel" || stem.shape === "n" || stem.shape === "d" ? "high" : "low";
  }
  if (cls === "vti") {
    if (stem.shape === "am") return VTI1_LOW.has(key) ? "low" : cell.order.startsWith("imp") ? "medium" : "high";
    return stem.shape === "oo" ? "medium" : "low";
  }
  if (VTA_LOW.has(key)) return "low";
  if (stem.shape === "cons") return /am$/.test(stem.text) && !cell.subject.startsWith("0") ? "high" : "medium";
  if (stem.shape === "pal") return "medium";
  return "low";
}

// ── inflection ──
type Prefix = "n" | "g" | "o" | null;

function prefixOf(cls: VerbClass, cell: Cell): Prefix {
  if (cell.order !== "ind" && cell.order !== "ind-neg") return null;
  const people = [cell.subject, cell.object];
  if (people.some((p) => p === "2s" || p === "2p" || p === "21")) return "g";
  if (people.some((p) => p === "1s" || p === "1p")) return "n";
  if (cls === "vti" && (cell.subject === "3s" || cell.subject === "3p")) return "o";
  if (cls === "vta" && cell.subject !== "x") return "o";
  return null;
}

function tableFor(cls: VerbClass, stem: Stem): { table: Table; base: string } {
  if (cls === "vai") {
    if (stem.shape === "am") return { table: VAI_AM, base: stem.text.slice(0, -2) };
    if (stem.shape === "n") return { table: VAI_N, base: stem.text };
    return { table: VAI, base: stem.text };
  }
  if (cls === "vii") return { table: VII, base: stem.text };
  if (cls === "vta") return { table: VTA, base: stem.text };
  if (/am$/.test(stem.text)) return { table: VTI1, base: stem.text.slice(0, -2) };
  return { table: VTI2, base: stem.text };
}

/** Builds one surface form; `short` = prefix on the separately syncopated base (otw optinitV variant). */
function build(prefix: Prefix, base: string, locked: boolean, suffix: string, short: boolean): [string, string, string] {
  const vowelInitial = isVowel(base[0]);
  if (!prefix) return realise([{ text: base, part: 1, locked }, { text: suffix, part: 2 }]);
  if (!vowelInitial) {
    // The 3rd-person o- is never written, but it keeps the stem's first short vowel.
    if (prefix === "o") {
      const [, r, s] = realise([{ text: "o", part: 0 }, { text: base, part: 1, locked }, { text: suffix, part: 2 }]);
      return ["", r, s];
    }
    return realise([{ text: prefix === "n" ? "ni" : "gi", part: 0 }, { text: base, part: 1, locked }, { text: suffix, part: 2 }]);
  }
  const p = prefix === "n" ? "nid" : prefix === "g" ? "gid" : "od";
  const stemText = base[0] === "o" && base[1] !== "o" ? `o${base}` : base; // od-ozhitoo -> doozhtoon
  if (short) {
    const [, r, s] = realise([{ text: base, part: 1, locked }, { text: suffix, part: 2 }]);
    const pre = prefix === "o" ? "d" : `${prefix}d`;
    const [, r2] = stemText !== base ? realise([{ text: stemText, part: 1, locked }, { text: suffix, part: 2 }]) : [null, r];
    return [pre, r2, s];
  }
  const pieces: Piece[] = [{ text: p, part: 0 }, { text: stemText, part: 1, locked }, { text: suffix, part: 2 }];
  return realise(pieces);
}

/** Memo: lexeme (name, pos, stem, gloss) → cell key → inflection, for the 300 most recent lexemes. */
const cache = new Map<string, Map<string, Inflection | null>>();

function cellsCacheOf(lexeme: LexemeInput): Map<string, Inflection | null> {
  const key = `${lexeme.name}\u0000${lexeme.pos}\u0000${lexeme.stem ?? ""}\u0000${lexeme.gloss}`;
  let cells = cache.get(key);
  if (!cells) {
    if (cache.size >= 300) cache.clear(); // about 50,000 cells at most
    cache.set(key, (cells = new Map()));
  }
  return cells;
}

export function inflect(lexeme: LexemeInput, cell: Cell): Inflection | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls || !isAllowed(cls, cell)) return null;
  return inflectIn(cellsCacheOf(lexeme), lexeme, cls, cell);
}

/** `inflect` for a cell already known to be allowed, with the lexeme's memo at hand. */
function inflectIn(memo: Map<string, Inflection | null>, lexeme: LexemeInput, cls: VerbClass, cell: Cell): Inflection | null {
  const key = cellKey(cell);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const stem = stemOf(lexeme, cls);
  const { table, base } = tableFor(cls, stem);
  const entry = table[key];
  let result: Inflection | null = null;
  if (entry !== undefined && base) {
    const prefix = prefixOf(cls, cell);
    const forms: Array<[string, string, string]> = [];
    for (const suffix of entry.split("|")) {
      forms.push(build(prefix, base, stem.locked, suffix, false));
      if (prefix && isVowel(base[0])) forms.push(build(prefix, base, stem.locked, suffix, true));
    }
    const seen = new Set<string>();
    const unique = forms.filter(([p, r, s]) => {
      const f = p + r + s;
      if (seen.has(f)) return false;
      seen.add(f);
      return true;
    });
    const [p, r, s] = unique[0]!;
    result = {
      prefix: p || null,
      root: r,
      suffix: s || null,
      form: p + r + s,
      variants: unique.slice(1).map(([a, b, c]) => a + b + c),
      gloss: glossFor(lexeme.gloss, cls, cell),
      confidence: confidenceOf(cls, stem, key, cell),
      subjectPronoun: PRONOUNS[cell.subject] ?? "",
    };
  }
  memo.set(key, result);
  return result;
}

export function paradigm(lexeme: LexemeInput, order: Order): Array<{ cell: Cell; label: string; inflection: Inflection | null }> {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return [];
  const memo = cellsCacheOf(lexeme);
  return cellsOf(cls, order).map((cell) => ({ cell, label: cellLabel(cell), inflection: inflectIn(memo, lexeme, cls, cell) }));
}

// ── analysis ──
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

// ── orthography ──
export function normaliseWordform(text: string): string {
  return normalizeText(text).toLowerCase();
}

/**
 * Keys under which a spelling is indexed, so that syncopated and full spellings, apostrophe-less spellings and
 * dictionary final devoicing (zhiwebat ~ zhiwebad) meet: the normalised form, the form without apostrophes and
 * hyphens, and a consonant skeleton (short vowels a/i/o dropped, long vowels kept, final stops voiced).
 */
export function spellingKeys(text: string): string[] {
  const n = normaliseWordform(text);
  const plain = n.replace(/['\-\s]/g, "");
  const voiced = plain.replace(/t$/, "d").replace(/k$/, "g").replace(/p$/, "b").replace(/ch$/, "j").replace(/sh$/, "zh");
  const skeleton = `~${voiced.replace(/aa|ii|oo|[aio]/g, (m) => (m.length === 2 ? m.toUpperCase() : ""))}`;
  return [...new Set([n, plain, voiced, skeleton])];
}

/**
 * Grammar engine public API (issue #3). Pure: no I/O, runs in the Worker and the browser.
 * Signatures here are a contract for other modules; do not change them.
 * Design and sources: docs/decisions/005-grammar-engine.md.
 */
import { normalizeText } from "../utils/orthography";
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
export type Lexicon = { /* opaque, precomputed index for fast analysis */ readonly byKey: Map<string, Array<{ lexeme: number; cell: number; primary: boolean }>>; readonly lexemes: LexemeInput[] };

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

function stemOf(lexeme: LexemeInput, cls: VerbClass): Stem {
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

const cache = new Map<string, Inflection | null>();

export function inflect(lexeme: LexemeInput, cell: Cell): Inflection | null {
  const cls = verbClassOf(lexeme.pos);
  if (!cls || !isAllowed(cls, cell)) return null;
  const cacheKey = `${lexeme.name}\u0000${lexeme.pos}\u0000${lexeme.stem ?? ""}\u0000${lexeme.gloss}\u0000${cellKey(cell)}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) return hit;
  const stem = stemOf(lexeme, cls);
  const { table, base } = tableFor(cls, stem);
  const key = cellKey(cell);
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
  if (cache.size > 50_000) cache.clear();
  cache.set(cacheKey, result);
  return result;
}

export function paradigm(lexeme: LexemeInput, order: Order): Array<{ cell: Cell; label: string; inflection: Inflection | null }> {
  const cls = verbClassOf(lexeme.pos);
  if (!cls) return [];
  return cellsOf(cls, order).map((cell) => ({ cell, label: cellLabel(cell), inflection: inflect(lexeme, cell) }));
}

// ── analysis ──
const ALL_CELLS: Record<VerbClass, Cell[]> = {
  vai: cellsOf("vai"),
  vii: cellsOf("vii"),
  vti: cellsOf("vti"),
  vta: cellsOf("vta"),
};

export function buildLexicon(lexemes: LexemeInput[]): Lexicon {
  const byKey: Lexicon["byKey"] = new Map();
  const list: LexemeInput[] = [];
  for (const lexeme of lexemes) {
    const cls = verbClassOf(lexeme.pos);
    if (!cls) continue;
    const li = list.push(lexeme) - 1;
    const cells = ALL_CELLS[cls];
    const stem = stemOf(lexeme, cls);
    const { table, base } = tableFor(cls, stem);
    for (let ci = 0; ci < cells.length; ci++) {
      const cell = cells[ci]!;
      const entry = table[cellKey(cell)];
      if (entry === undefined || !base) continue;
      const prefix = prefixOf(cls, cell);
      let primary = true;
      for (const suffix of entry.split("|")) {
        const shapes = [build(prefix, base, stem.locked, suffix, false)];
        if (prefix && isVowel(base[0])) shapes.push(build(prefix, base, stem.locked, suffix, true));
        for (const [p, r, s] of shapes) {
          for (const key of spellingKeys(p + r + s)) {
            let bucket = byKey.get(key);
            if (!bucket) byKey.set(key, (bucket = []));
            if (!bucket.some((b) => b.lexeme === li && b.cell === ci)) bucket.push({ lexeme: li, cell: ci, primary });
          }
          primary = false;
        }
      }
    }
  }
  return { byKey, lexemes: list };
}

export function analyse(wordform: string, lexicon: Lexicon): Analysis[] {
  const out: Analysis[] = [];
  const seen = new Set<string>();
  for (const key of spellingKeys(wordform)) {
    for (const hit of lexicon.byKey.get(key) ?? []) {
      const id = `${hit.lexeme}:${hit.cell}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const lexeme = lexicon.lexemes[hit.lexeme]!;
      const cls = verbClassOf(lexeme.pos)!;
      const cell = ALL_CELLS[cls][hit.cell]!;
      const inf = inflect(lexeme, cell)!;
      out.push({ lexeme, cell, form: inf.form, gloss: inf.gloss, confidence: inf.confidence });
    }
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

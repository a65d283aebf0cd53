/**
 * Inflection: the forms of a verb in a cell, built from its stem, the affix tables (tables.ts) and the phonology
 * (phonology.ts), with a confidence level and an English gloss (gloss.ts). Pure; memoised per lexeme.
 */
import { cellKey, cellLabel, cellsOf, isAllowed, verbClassOf, type Cell, type Order, type Person, type VerbClass } from "./cells";
import { glossFor } from "./gloss";
import { cleanStem, realise, type Piece } from "./phonology";
import { normaliseWordform } from "./spelling";
import { VAI, VAI_AM, VAI_N, VII, VTA, VTI1, VTI2, type Table } from "./tables";

export type Confidence = "high" | "medium" | "low" | "unconfirmed";
export type LexemeInput = { id?: number; name: string; pos: string; stem?: string | null; gloss: string };
export type Inflection = { prefix: string | null; root: string; suffix: string | null; form: string; variants: string[]; gloss: string; confidence: Confidence; subjectPronoun: string };

/** Independent pronouns as the dictionary gives them (demo lexicon pr-an entries). */
const PRONOUNS: Partial<Record<Person, string>> = {
  "1s": "niin", "2s": "giin", "3s": "wiin", "3'": "wiin", "1p": "niinwi", "21": "giinwi", "2p": "giinwaa", "3p": "wiinwaa",
};

// ── stems ── (Stem, isVowel, stemOf, Prefix, prefixOf, tableFor and build are exported for analysis.ts only;
// the public API is what index.ts re-exports)
export type Stem = { text: string; locked: boolean; shape: string };

export const isVowel = (c: string | undefined) => c === "a" || c === "i" || c === "o" || c === "e";

const stems = new Map<string, Stem>();

/** The stem the tables inflect, from the underlying stem or (without one) the lemma; memoised, it is pure. */
export function stemOf(lexeme: LexemeInput, cls: VerbClass): Stem {
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
export type Prefix = "n" | "g" | "o" | null;

export function prefixOf(cls: VerbClass, cell: Cell): Prefix {
  if (cell.order !== "ind" && cell.order !== "ind-neg") return null;
  const people = [cell.subject, cell.object];
  if (people.some((p) => p === "2s" || p === "2p" || p === "21")) return "g";
  if (people.some((p) => p === "1s" || p === "1p")) return "n";
  if (cls === "vti" && (cell.subject === "3s" || cell.subject === "3p")) return "o";
  if (cls === "vta" && cell.subject !== "x") return "o";
  return null;
}

export function tableFor(cls: VerbClass, stem: Stem): { table: Table; base: string } {
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
export function build(prefix: Prefix, base: string, locked: boolean, suffix: string, short: boolean): [string, string, string] {
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

/**
 * The whole verb's forms: a cell with a mode, the changed conjunct, a participle or preverbs, built by rules over
 * the underlying stem: initial change rewrites the stem's first vowel (ccnjlong/ccnjshort of the FST's phonology,
 * with its optional excrescent n/m and the en- of d-initial stems); a preverb chain takes the person prefix
 * (`ni<gii-` → ngii-) and is its own syncope domain before the hyphen, the verb after it spelled as without a prefix;
 * the endings come from mode-tables.ts. Pure.
 */
import type { Cell, VerbClass } from "./cells";
import { modeEndings } from "./mode-tables";
import { encode, siteSurfaceForms, siteSurfaceFormsRegular, type JoinMemo } from "./phonology";

/** The alternatives the conjunct allows for a lone da-, ga-, daa- (→ ji-). */
const CONJ_ALTERNATES: Record<string, string[]> = { da: ["da", "ji"], ga: ["ga", "ji"], daa: ["daa", "da", "ji"] };
/** Preverbs whose underlying form is not their citation form: bi- is abi- (nd-abi-, gd-bi- after a prefix). */
const UNDERLYING: Record<string, string> = { bi: "abi" };
/** Preverbs that make the verb conjunct (they never take a person prefix). */
const CONJ_ONLY_PREVERBS = new Set(["e", "gaa"]);
const PREVERB_TEXT = /^[a-z']+$/;

const V = "aeioàìòAIEO";
const isVowel = (c: string | undefined) => c !== undefined && V.includes(c);

/**
 * Initial change of an encoded stem (or preverb chain): the first vowel after its first consonants; primary first,
 * then the FST's optional variants: excrescent n before d / m before b after the changed vowel, en- before a stem
 * that starts with d.
 */
export function changedStems(text: string): string[] {
  let i = 0;
  while (i < text.length && !isVowel(text[i]) && text[i] !== "-") i++;
  if (i >= text.length || text[i] === "-") return [text];
  const head = text.slice(0, i);
  const c = text[i]!;
  const long = text[i + 1] === c && "aio".includes(c);
  const vowel = long ? c + c : c;
  const rest = text.slice(i + vowel.length);
  const plain = c === "à" ? "a" : c === "ì" ? "i" : c === "ò" ? "o" : c === "A" ? "a" : c === "I" ? "i" : c === "O" ? "o" : c === "E" ? "E" : c;
  let changed: string[];
  if (long) changed = plain === "i" ? ["aa"] : plain === "a" ? ["yaa"] : ["waa"];
  else if (plain === "e") changed = ["ye"];
  else if (plain === "i" || plain === "a") changed = ["e"];
  else if (plain === "o") changed = ["we", "e"];
  else return [text];
  const out: string[] = [];
  for (const ch of changed) out.push(head + ch + rest);
  const next = rest[0];
  if (next === "d" || next === "b") for (const ch of changed) out.push(head + ch + (next === "d" ? "n" : "m") + rest);
  if (head === "d") out.push(`end${text.slice(1)}`);
  return [...new Set(out)];
}

/** The preverb chains of a cell (conjunct alternates expanded), hyphen-terminated, encoded. */
function chainsOf(cell: Cell): string[] | null {
  const pvs = cell.preverbs!;
  if (!pvs.every((p) => PREVERB_TEXT.test(p))) return null;
  const conj = cell.order === "conj" || cell.order === "conj-neg";
  if (!conj && pvs.some((p) => CONJ_ONLY_PREVERBS.has(p))) return null;
  let chains = [""];
  pvs.forEach((p) => {
    const alts = conj && pvs.length === 1 ? (CONJ_ALTERNATES[p] ?? [p]) : [UNDERLYING[p] ?? p];
    chains = chains.flatMap((c) => alts.map((a) => `${c}${a}-`));
  });
  return chains.map(encode);
}

/** `regular`: without Medler's two optional rules (phonology.ts `siteSurfaceFormsRegular`). */
const formsOf = (prefix: string, stem: string, ending: string, regular: boolean, memo?: JoinMemo): string[] =>
  (regular ? siteSurfaceFormsRegular : siteSurfaceForms)(prefix, stem, ending, memo);

function push(out: string[], forms: string[]): void {
  for (const f of forms) if (!out.includes(f)) out.push(f);
}

/**
 * The spelled preverb chains of a cell with preverbs (person prefix on the first, hyphen-terminated), primary first,
 * or null: they depend on the cell's preverbs, order kind, change and prefix only, never on the stem.
 */
export function preverbHeads(cell: Cell, prefixText: string, regular = false): string[] | null {
  const chains = chainsOf(cell);
  if (!chains) return null;
  const heads: string[] = [];
  for (const chain of chains) for (const c of cell.change ? changedStems(chain) : [chain]) push(heads, formsOf(prefixText, c, "", regular));
  return heads;
}

/**
 * The site-spelled forms of a whole-verb cell, primary first, or null when it does not exist or no rule builds it.
 * `prefixText`: the person prefix of the cell's neutral counterpart ("" in the conjunct).
 */
export function wholeVerbForms(
  cls: VerbClass,
  stemText: string,
  cell: Cell,
  prefixText: string,
  memo?: JoinMemo,
  /** The cell's endings (`modeEndings`), when the caller keeps them. */
  known?: string[] | null,
): string[] | null {
  const conj = cell.order === "conj" || cell.order === "conj-neg";
  if ((cell.change || cell.participle) && !conj) return null;
  if (cell.participle && cell.preverbs?.length) return null;
  if (cell.mode && cell.order !== "ind" && cell.order !== "ind-neg" && !conj) return null;
  const endings = known === undefined ? modeEndings(cls, cell) : known;
  if (!endings?.length || !stemText) return null;
  const out: string[] = [];
  if (!cell.preverbs?.length) {
    const stems = cell.change ? changedStems(stemText) : [stemText];
    for (const s of stems) for (const e of endings) push(out, formsOf(prefixText, s, e, false, memo));
    return out.length ? out : null;
  }
  const heads = preverbHeads(cell, prefixText);
  if (!heads) return null;
  const bases: string[] = [];
  for (const e of endings) push(bases, formsOf("", stemText, e, false, memo));
  // Primary first: the first head with the first base.
  for (const b of bases) for (const h of heads) if (!out.includes(h + b)) out.push(h + b);
  return out.length ? out : null;
}

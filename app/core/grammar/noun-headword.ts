/**
 * What a noun's dictionary headword says about its forms (ADR 005a, 018a): which optional rules it follows (zhashk vs
 * wzhashk), how it writes n' before g/k, whether the dictionary writes final devoicing (gaazhak), and whether the
 * rules give it at all. Pure; noun-inflection.ts keeps the result per noun in the GrammarMemo.
 */
import { isDependent, type NounCell, type NounPos } from "./noun-cells";
import { siteSpelling, surfaceNoun, type OptionalRule } from "./noun-phonology";
import { encodeStem, hasUnknownSymbol, nounShape, underlyingOf, type NounShape } from "./noun-tables";

/** Default choice among the optional rules' outputs: 1 = prefer applied, 0 = prefer not applied. */
const DEFAULT_PREF: Record<OptionalRule, 0 | 1> = { initV: 0, wiCoal: 0, n2del: 1, wDel: 0 };
export type Prefs = Record<OptionalRule, 0 | 1>;

/**
 * How a noun writes n' where a vowel was lost before g/k (surfaceNoun's "^" marks), as its headword does: "fst" as the
 * reference (nothing; n' only where ambigsync wrote it), "apos" n' at every such site (n'kaat, n'gamwin), "none" never
 * (the headword writes ng where the reference has n'g).
 */
export type NApos = "fst" | "apos" | "none";
const N_APOS: NApos[] = ["fst", "apos", "none"];
export function resolveNApos(text: string, mode: NApos): string {
  if (mode === "apos") return text.includes("^") ? text.replace(/\^/g, "'") : text;
  const out = text.includes("^") ? text.replace(/\^/g, "") : text;
  return mode === "none" && out.includes("n'g") ? out.replace(/n'(?=g)/g, "n") : out;
}

/** A noun's stem as the rules read it, and what its headword says. */
export type HeadwordFacts = {
  encoded: string;
  shape: NounShape;
  locked: boolean;
  prefs: Prefs;
  devoice: [string, RegExp] | null;
  unknown: boolean;
  nApos: NApos;
  /** The citation form the rules give, and the lemma, when the dictionary lemma is not among the rules' forms. */
  disagrees: { rules: string; lemma: string } | null;
};

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/(?<![csznh'])h/g, "'")
    .replace(/'+/g, "'");
/** Undo the dictionary's final devoicing (gaazhak ~ gaazhag, nnagish ~ nnagizh), to compare spellings. */
const voice = (s: string) =>
  s
    .replace(/p$/, "b")
    .replace(/t$/, "d")
    .replace(/k$/, "g")
    .replace(/sh$/, "zh")
    .replace(/ch$/, "j")
    .replace(/(?<![sz])s$/, "z");
/** The lemma's devoiced final (gaazhak: k for g), if the dictionary devoices it. */
const DEVOICED: Array<[RegExp, string, RegExp]> = [
  [/p$/, "p", /b$/],
  [/t$/, "t", /d$/],
  [/k$/, "k", /g$/],
  [/sh$/, "sh", /zh$/],
  [/ch$/, "ch", /j$/],
  [/(?<![sz])s$/, "s", /z$/],
];
const bare = (s: string) => voice(s.replace(/['-]/g, ""));

// Locked (lemma) vowels: ä ï ö are kept by every rule, then written a i o again.
const LOCKED: Record<string, string> = { a: "ä", i: "ï", o: "ö" };
const lockVowels = (s: string) => s.replace(/[’‘`]/g, "'").replace(/aa|ii|oo|[aio]/g, (v) => LOCKED[v] ?? v);
export const unlock = (s: string) => s.replace(/ä/g, "a").replace(/ï/g, "i").replace(/ö/g, "o");

/**
 * The facts of a noun of class `pos` with headword `name` and underlying stem `raw` (trimmed; without one, the lemma
 * stands in, its short vowels protected from syncope: `locked`).
 */
export function headwordFacts(pos: NounPos, name: string, raw: string | undefined): HeadwordFacts {
  const encoded = raw ? encodeStem(raw) : lockVowels(name.trim().toLowerCase());
  const shape: NounShape = raw ? nounShape(raw) : "lemma";
  const out: HeadwordFacts = {
    encoded,
    shape,
    locked: !raw,
    prefs: { ...DEFAULT_PREF },
    devoice: null,
    unknown: raw ? hasUnknownSymbol(raw) : false,
    nApos: "fst",
    disagrees: null,
  };
  // The lemma is the citation form (unpossessed singular; 1s singular for dependent nouns): it says which optional
  // rules the noun follows (zhashk vs wzhashk) and whether the dictionary writes final devoicing (gaazhak).
  const citation: NounCell = isDependent(pos) ? { number: "sg", possessor: "1s" } : { number: "sg" };
  const lemma = fold(name.trim());
  const vs = surfaceNoun(underlyingOf(pos, encoded, citation));
  let spelled: string[] = [];
  let at = -1;
  // The n' spelling the headword shows (the reference's first: a headword without such a site keeps it).
  for (const mode of N_APOS) {
    spelled = vs.map((v) => fold(siteSpelling(resolveNApos(unlock(v.text), mode))));
    at = spelled.indexOf(lemma);
    if (at < 0) at = spelled.findIndex((f) => voice(f) === voice(lemma));
    if (at >= 0) {
      out.nApos = mode;
      break;
    }
  }
  if (at < 0) spelled = vs.map((v) => fold(siteSpelling(resolveNApos(unlock(v.text), "fst"))));
  if (at < 0) at = spelled.findIndex((f) => bare(f) === bare(lemma));
  const match = vs[at];
  if (!match && raw) out.disagrees = { rules: spelled[0] ?? "", lemma: name.trim() };
  if (match) {
    for (const r of Object.keys(out.prefs) as OptionalRule[]) {
      const [applied, sites] = match.use[r];
      if (sites > 0) out.prefs[r] = applied * 2 >= sites && applied > 0 ? 1 : 0;
    }
  }
  const dv = DEVOICED.find(([re]) => re.test(lemma));
  if (dv && spelled.some((f) => dv[2].test(f))) out.devoice = [dv[1], dv[2]];
  return out;
}

/**
 * Noun morphology: the underlying stem in the rule alphabet of noun-phonology.ts, the stem-shape classes, and the
 * affixes of each cell (facts from the Odawa FST's noun lexicons, giellalt/lang-ciw `inc/flattened/otw.lexc`:
 * prefixes ni-/gi-/o-, -e1ns / -e1ny, -m, -sh, -naa n2 y1 / -waa / -niw2, -ag / -an1 / -an1 / -ng). Pure.
 */
import type { NounCell, NounPos, NounPossessor } from "./noun-cells";

/** The reference's stem-shape classes (otw_dev_noun_paradigms.tsv `stem_shape`), plus "lemma" for no stem. */
export type NounShape = "consonant" | "vowel" | "w2" | "w1" | "i1" | "a1" | "ny" | "o" | "glide" | "special" | "compound" | "lemma";

/** Valentine's special vowels as the FST's first rule maps them (rmvalent), then the other symbols to one letter. */
export function encodeStem(stem: string): string {
  return stem
    .trim()
    .replace(/[’‘`]/g, "'")
    .replace(/Va1/g, "o")
    .replace(/Vi1/g, "a")
    .replace(/Vv1/g, "i")
    .replace(/Vo1/g, "wa")
    .replace(/Vo2/g, "a")
    .toLowerCase()
    .replace(/a1/g, "A")
    .replace(/i1/g, "I")
    .replace(/i2/g, "J")
    .replace(/e1/g, "E")
    .replace(/o1/g, "O")
    .replace(/w1/g, "W")
    .replace(/w2/g, "U")
    .replace(/y1/g, "Y")
    .replace(/n1/g, "N")
    .replace(/s1/g, "S")
    .replace(/n2/g, "Q")
    .replace(/d2/g, "D")
    .replace(/m1/g, "M")
    .replace(/[0-9]/g, "")
    .replace(/[^a-zA-Z'^-]/g, "");
}

/** Does the stem use a numbered symbol this engine does not model (its plain letter is used instead)? */
export const hasUnknownSymbol = (stem: string) => /[0-9]/.test(stem.replace(/V[aiov][12]|[aieo]1|i2|w[12]|y1|n[12]|s1|d2|m1/g, ""));

/** The stem-shape class, as the reference assigns it (compound, then the final symbol, then Valentine symbols). */
export function nounShape(stem: string): NounShape {
  const s = stem.trim().replace(/^\^/, "");
  if (s.includes("-")) return "compound";
  if (/w2$/.test(s)) return "w2";
  if (/w1$/.test(s)) return "w1";
  if (/i1$/.test(s)) return "i1";
  if (/a1$/.test(s)) return "a1";
  if (/ny$/.test(s)) return "ny";
  if (/V[aiov][12]/.test(s)) return "special";
  if (/[^ao]o$/.test(s) || s === "o") return "o";
  if (/[wy]$/.test(s)) return "glide";
  if (/[aeio]$/.test(s)) return "vowel";
  return "consonant";
}

// ── affixes (underlying, in the rule alphabet) ──
const PREFIX: Record<NounPossessor, string> = { "1s": "ni<", "2s": "gi<", "3s": "o<", "1p": "ni<", "21": "gi<", "2p": "gi<", "3p": "o<", "3'": "o<" };
const POSS_NUMBER: Partial<Record<NounPossessor, string>> = { "1p": ">naaQY", "21": ">naaQY", "2p": ">waa", "3p": ">waa", "3'": ">niU" };

/**
 * The underlying word of a cell: prefix < [prenoun-] stem > dim/con > theme > pej > possessor number > preterit
 * `-ban2i1` > number/obviative/locative, or > vocative plural `-dig` (LEXICON N_MOOD_GET of the FST). `prenoun` is
 * one underlying form of the cell's prenoun, encoded (noun-prenouns.ts), hyphen included.
 */
export function underlyingOf(pos: NounPos, encodedStem: string, cell: NounCell, prenoun = ""): string {
  const animate = pos === "na" || pos === "nad";
  let w = cell.possessor ? PREFIX[cell.possessor] : "";
  w += prenoun ? prenoun + encodedStem : encodedStem;
  if (cell.diminutive === "dim") w += ">Ens";
  if (cell.diminutive === "con") w += ">Eny";
  if (cell.poss_theme) w += ">m";
  if (cell.pejorative) w += ">sh";
  if (cell.possessor) w += POSS_NUMBER[cell.possessor] ?? "";
  if (cell.vocative) return `${w}>dig`;
  if (cell.mode === "prt") w += ">baQI";
  if (cell.number === "pl") w += animate ? ">ag" : ">aN";
  if (cell.obviative) w += ">aN";
  if (cell.locative) w += ">ng";
  return w;
}

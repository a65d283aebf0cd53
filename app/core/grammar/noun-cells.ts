/**
 * Noun classes and cells: which cells a noun class has, cell keys, and the plain-English names shown for them.
 * Pure. Cells use the column names and values of the reference (otw_dev_noun_paradigms.tsv and _more) verbatim; the
 * vocative plural is `{ number: "pl", vocative: true }` (the FST's `+Voc+Pl`), a prenoun its name (`PN/gchi+` → "gchi").
 */
import { CHECKED_PRENOUNS, PRENOUNS, isPrenoun } from "./noun-prenouns";

export type NounPos = "na" | "ni" | "nad" | "nid";
export type NounPossessor = "1s" | "2s" | "3s" | "1p" | "21" | "2p" | "3p" | "3'";
/** One noun cell: exactly one of number / obviative / locative, the rest optional. */
export type NounCell = {
  number?: "sg" | "pl";
  obviative?: "obv";
  locative?: "loc";
  possessor?: NounPossessor;
  poss_theme?: "yes";
  diminutive?: "dim" | "con";
  pejorative?: "pej";
  /** Preterit ("the late …", "former …"): `-ban`. */
  mode?: "prt";
  /** Vocative plural ("you dogs!", `-dig`): only with number "pl". */
  vocative?: true;
  /** A prenoun (gchi "big", mji "bad", shki "new", zaaw "brown" … see noun-prenouns.ts); the person prefix goes on it. */
  prenoun?: string;
};

export const NOUN_POS: NounPos[] = ["na", "ni", "nad", "nid"];
export const NOUN_POSSESSORS: NounPossessor[] = ["1s", "2s", "3s", "1p", "21", "2p", "3p", "3'"];

export const NOUN_CLASS_NAMES: Record<NounPos, string> = {
  na: "Animate noun",
  ni: "Inanimate noun",
  nad: "Dependent animate noun (always possessed)",
  nid: "Dependent inanimate noun (always possessed)",
};

/** Possessors as plain English determiners ("my canoe"); 3' is a 3rd person other than the one in focus. */
export const POSSESSOR_NAMES: Record<NounPossessor, string> = {
  "1s": "my",
  "2s": "your (sg)",
  "3s": "his/her",
  "1p": "our (excl.)",
  "21": "our (incl.)",
  "2p": "your (pl)",
  "3p": "their",
  "3'": "his/her/their (obviative possessor)",
};

export function nounPosOf(pos: string): NounPos | null {
  const p = pos.trim().toLowerCase();
  return p === "na" || p === "ni" || p === "nad" || p === "nid" ? p : null;
}

export const isAnimate = (pos: NounPos) => pos === "na" || pos === "nad";
export const isDependent = (pos: NounPos) => pos === "nad" || pos === "nid";
const isThird = (p: NounPossessor | undefined) => p === "3s" || p === "3p" || p === "3'";

/** Why a cell does not exist for a class (null: it exists). */
export function nounCellProblem(pos: NounPos, cell: NounCell): string | null {
  if ((cell.number ? 1 : 0) + (cell.obviative ? 1 : 0) + (cell.locative ? 1 : 0) !== 1) return "a cell has exactly one of number, obviative, locative";
  if (cell.number && cell.number !== "sg" && cell.number !== "pl") return "number is sg or pl";
  if (cell.obviative && (cell.obviative !== "obv" || !isAnimate(pos))) return "only animate nouns are obviative";
  if (cell.locative && cell.locative !== "loc") return "locative is loc";
  if (cell.possessor && !NOUN_POSSESSORS.includes(cell.possessor)) return "unknown possessor";
  if (!cell.possessor && isDependent(pos)) return "dependent nouns are always possessed";
  if (cell.poss_theme && (cell.poss_theme !== "yes" || !cell.possessor)) return "the possessive theme needs a possessor";
  if (cell.diminutive && cell.diminutive !== "dim" && cell.diminutive !== "con") return "diminutive is dim or con";
  if (cell.pejorative && cell.pejorative !== "pej") return "pejorative is pej";
  if (isAnimate(pos) && isThird(cell.possessor) && cell.number) return "an animate noun possessed by a 3rd person is obviative";
  if (cell.mode !== undefined && cell.mode !== "prt") return "mode is prt (preterit)";
  if (cell.vocative !== undefined && (cell.vocative !== true || cell.number !== "pl")) return "the vocative is plural only";
  if (cell.vocative && cell.mode) return "a vocative has no preterit";
  if (cell.prenoun !== undefined && !isPrenoun(cell.prenoun)) return "unknown prenoun";
  return null;
}

/** Stable key of a cell: "pl", "obv dim", "1s loc", "3' obv im" (im = possessive theme). */
export function nounCellKey(cell: NounCell): string {
  // As [possessor, slot, diminutive, pejorative, im].filter(Boolean).join(" "), without the arrays.
  let key = cell.possessor ? `${cell.possessor}` : "";
  const slot = cell.number ?? cell.obviative ?? cell.locative;
  if (slot) key = key ? `${key} ${slot}` : `${slot}`;
  if (cell.diminutive) key = key ? `${key} ${cell.diminutive}` : `${cell.diminutive}`;
  if (cell.pejorative) key = key ? `${key} ${cell.pejorative}` : `${cell.pejorative}`;
  if (cell.poss_theme) key = key ? `${key} im` : "im";
  // Fields of the whole paradigm (issue 37) come last, only when set, so that today's keys are unchanged.
  if (cell.mode) key = `${key} ${cell.mode}`;
  if (cell.vocative) key = `${key} voc`;
  if (cell.prenoun) key = `${key} ${cell.prenoun}-`;
  return key;
}

export function parseNounCellKey(key: string): NounCell | null {
  const cell: NounCell = {};
  for (const part of key.trim().split(/\s+/)) {
    if (part === "sg" || part === "pl") cell.number = part;
    else if (part === "obv") cell.obviative = part;
    else if (part === "loc") cell.locative = part;
    else if (part === "dim" || part === "con") cell.diminutive = part;
    else if (part === "pej") cell.pejorative = part;
    else if (part === "im") cell.poss_theme = "yes";
    else if (part === "prt") cell.mode = part;
    else if (part === "voc") cell.vocative = true;
    else if (part.endsWith("-") && isPrenoun(part.slice(0, -1))) cell.prenoun = part.slice(0, -1);
    else if ((NOUN_POSSESSORS as string[]).includes(part)) cell.possessor = part as NounPossessor;
    else return null;
  }
  return cell;
}

function slotsOf(pos: NounPos, possessor?: NounPossessor): NounCell[] {
  const out: NounCell[] = [];
  if (!(isAnimate(pos) && isThird(possessor))) out.push({ number: "sg" }, { number: "pl" });
  if (isAnimate(pos)) out.push({ obviative: "obv" });
  out.push({ locative: "loc" });
  return out;
}

export type NounCellOptions = {
  /** Also possessed diminutive, contemptive and pejorative cells. */
  extended?: boolean;
  /**
   * The whole paradigm the reference has (implies `extended`): also diminutive/contemptive + pejorative together, the
   * preterit of every cell, vocative plurals, and the plain cells with each prenoun of `prenouns`.
   */
  whole?: boolean;
  /** Prenouns for `whole` (default: the four the reference checks, gchi mji shki zaaw). */
  prenouns?: readonly string[];
};

/**
 * The cells of a class, in the reference's order: unpossessed plain / dim / con / pej (not for dependent nouns), then
 * possessed without and with the possessive theme, by possessor. With `extended`, also possessed diminutive,
 * contemptive and pejorative cells (the FST builds them; the first reference's paradigms do not list them). With
 * `whole`, after those: dim/con + pej, then the preterit of every cell so far, the vocative plurals, the prenouns.
 */
export function nounCells(pos: NounPos, opts: NounCellOptions = {}): NounCell[] {
  if (opts.whole) return wholeCells(pos, opts.prenouns ?? CHECKED_PRENOUNS);
  return baseCells(pos, !!opts.extended);
}

function baseCells(pos: NounPos, extended: boolean): NounCell[] {
  const out: NounCell[] = [];
  const derivs: Array<Pick<NounCell, "diminutive" | "pejorative">> = [{}, { diminutive: "dim" }, { diminutive: "con" }, { pejorative: "pej" }];
  if (!isDependent(pos)) for (const d of derivs) for (const s of slotsOf(pos)) out.push({ ...s, ...d });
  for (const d of extended ? derivs : [{}]) {
    for (const theme of [false, true]) {
      for (const possessor of NOUN_POSSESSORS) {
        for (const s of slotsOf(pos, possessor)) out.push({ ...s, possessor, ...d, ...(theme ? { poss_theme: "yes" as const } : {}) });
      }
    }
  }
  return out;
}

const BOTH: Array<Pick<NounCell, "diminutive" | "pejorative">> = [
  { diminutive: "dim", pejorative: "pej" },
  { diminutive: "con", pejorative: "pej" },
];

function wholeCells(pos: NounPos, prenouns: readonly string[]): NounCell[] {
  const out = baseCells(pos, true);
  // diminutive or contemptive + pejorative, unpossessed then possessed (without, with the theme).
  if (!isDependent(pos)) for (const d of BOTH) for (const s of slotsOf(pos)) out.push({ ...s, ...d });
  for (const d of BOTH) {
    for (const theme of [false, true]) {
      for (const possessor of NOUN_POSSESSORS) {
        for (const s of slotsOf(pos, possessor)) out.push({ ...s, possessor, ...d, ...(theme ? { poss_theme: "yes" as const } : {}) });
      }
    }
  }
  const n = out.length;
  for (let i = 0; i < n; i++) out.push({ ...out[i]!, mode: "prt" });
  // Vocative plurals: every plural cell without the preterit.
  for (let i = 0; i < n; i++) if (out[i]!.number === "pl") out.push({ ...out[i]!, vocative: true });
  for (const prenoun of prenouns) {
    if (!PRENOUNS.has(prenoun)) continue;
    for (const c of baseCells(pos, false)) if (!c.poss_theme && !c.diminutive && !c.pejorative) out.push({ ...c, prenoun });
  }
  return out;
}

/** Plain-English name of a cell, e.g. "my · plural · with -im". */
export function nounCellLabel(cell: NounCell): string {
  const parts: string[] = [];
  if (cell.possessor) parts.push(`${POSSESSOR_NAMES[cell.possessor]} (${cell.possessor})`);
  if (cell.number) parts.push(cell.number === "sg" ? "singular" : "plural");
  if (cell.obviative) parts.push("obviative (a further 3rd person)");
  if (cell.locative) parts.push("locative (in, at, on)");
  if (cell.diminutive === "dim") parts.push("diminutive -ens (little)");
  if (cell.diminutive === "con") parts.push("contemptive -enh (dear or poor little)");
  if (cell.pejorative) parts.push("pejorative -ish (no-good)");
  if (cell.poss_theme) parts.push("with the possessive theme -im");
  if (cell.mode === "prt") parts.push("preterit -ban (the late, former)");
  if (cell.vocative) parts.push("vocative (calling to them)");
  if (cell.prenoun) parts.push(`prenoun ${cell.prenoun}- (${PRENOUNS.get(cell.prenoun)?.gloss ?? "?"})`);
  return parts.join(" · ");
}

/**
 * The pieces of a form named in learner terms for "Why this form?" (explain.ts): preverbs, the person prefix, the
 * stem, and the ending cut into its theme sign ("inverse -igo"), negative ("-sii"), mode ("preterit -ban",
 * "dubitative -dig") and person ending; for nouns the prenoun, possessor, derivatives, number, locative, preterit
 * and vocative. Input is the plain-letter underlying ending (explain.ts's display), "-" between its pieces. Pure.
 */
import type { Cell, VerbClass } from "./cells";
import type { NounCell } from "./noun-cells";
import { PRENOUNS } from "./noun-prenouns";

export type Morpheme = { text: string; role: string };

/** What each preverb the engine builds adds, in plain words (gii- is the dictionary's "[past tense]"). */
export const PREVERB_ROLES: Record<string, string> = {
  gii: "past",
  wii: "future, want to",
  ga: "future",
  da: "future",
  daa: "could, should",
  bi: "coming",
  abi: "coming",
  maajii: "starting",
  ishkwaa: "finishing, after",
  e: "as, when",
  gaa: "past, in the changed conjunct",
  ji: "future, in the conjunct",
};

const PREFIX_ROLES: Record<string, string> = {
  ni: "person prefix ni- (I, we)",
  gi: "person prefix gi- (you, or we including you)",
  o: "person prefix o- (him, her, them)",
};
export const prefixRole = (prefix: string) => PREFIX_ROLES[prefix] ?? `person prefix ${prefix}-`;

type Pattern = { re: RegExp; role: (cell: Cell, cls: VerbClass, at: number) => string | null };
const neg = (cell: Cell) => cell.order.endsWith("neg");
const prt = (cell: Cell) => cell.mode === "prt" || cell.mode === "dubprt";
const dub = (cell: Cell) => cell.mode === "dub" || cell.mode === "dubprt";
const VERB_PATTERNS: Pattern[] = [
  { re: /igoo/y, role: (c, cls, at) => (cls === "vta" && at === 0 && c.subject === "x" ? "theme sign -igoo (passive: someone does it)" : null) },
  { re: /igo?/y, role: (c, cls, at) => (cls === "vta" && at === 0 ? "theme sign, inverse -igo (the other acts on the one in focus)" : null) },
  { re: /aa/y, role: (c, cls, at) => (cls === "vta" && at === 0 ? "theme sign, direct -aa (the one in focus acts on the other)" : null) },
  { re: /in/y, role: (c, cls, at) => (cls === "vta" && at === 0 && (c.object === "2s" || c.object === "2p") ? "theme sign -in (I or we → you)" : null) },
  { re: /i/y, role: (c, cls, at) => (cls === "vta" && at === 0 && (c.object === "1s" || c.object === "1p") ? "theme sign -i (you → me or us)" : null) },
  { re: /goban|gobane|gwaaban|goba/y, role: (c) => (c.mode === "dubprt" ? "mode: preterit-dubitative -goban (maybe … did)" : null) },
  { re: /si(?:noo|iw|i|w)?|snoo/y, role: (c) => (neg(c) ? "negative -sii (not)" : null) },
  { re: /baani?|bani?|ba|pani?/y, role: (c) => (prt(c) ? "mode: preterit -ban (past, no longer so)" : null) },
  { re: /dig|wen|en/y, role: (c) => (dub(c) ? "mode: dubitative -dig (maybe)" : null) },
];

/** A verb ending cut into named pieces; what no pattern names is the person ending (who does it, to whom). */
export function morphemesOfEnding(ending: string, cls: VerbClass, cell: Cell): Morpheme[] {
  const out: Morpheme[] = [];
  const chunks = ending.split("-").filter(Boolean);
  let rest = "";
  const flush = () => {
    if (rest) out.push({ text: `-${rest}`, role: "person ending (who does it, to whom)" });
    rest = "";
  };
  let at = 0;
  chunks.forEach((chunk, ci) => {
    const last = ci === chunks.length - 1;
    if (
      last &&
      ci > 0 &&
      (chunk === "ag" || chunk === "an") &&
      (cell.participle || /3p|3'/.test(`${cell.subject}${cell.object ?? ""}`) || cell.subject.startsWith("0"))
    ) {
      flush();
      const role = cell.participle
        ? `participle ending -${chunk === "ag" ? "ig" : "in"} (those who, the one who)`
        : chunk === "ag"
          ? "plural -ag (they)"
          : "obviative or plural -an";
      out.push({ text: `-${chunk}`, role });
      return;
    }
    let i = 0;
    while (i < chunk.length) {
      let matched = false;
      for (const p of VERB_PATTERNS) {
        p.re.lastIndex = i;
        const m = p.re.exec(chunk);
        if (!m) continue;
        const role = p.role(cell, cls, at + i);
        if (!role) continue;
        flush();
        out.push({ text: `-${m[0]}`, role });
        i += m[0].length;
        matched = true;
        break;
      }
      if (!matched) rest += chunk[i++];
    }
    at += chunk.length;
  });
  flush();
  return out;
}

/** A noun's ending pieces ("-ens", "-naan", "-ban", "-ag", "-ing"), named by the cell's features. */
export function nounMorphemes(pieces: string[], cell: NounCell): Morpheme[] {
  const out: Morpheme[] = [];
  for (const text of pieces.filter(Boolean)) {
    let role = "ending";
    if (/^e?ns$|^ens/.test(text) && cell.diminutive === "dim") role = "diminutive -ens (little)";
    else if (/^enh|^eny|^en/.test(text) && cell.diminutive === "con") role = "contemptive -enh (dear or poor little)";
    else if (/^i?sh/.test(text) && cell.pejorative) role = "pejorative -ish (no-good)";
    else if (/^i?m$/.test(text) && cell.poss_theme) role = "possessive theme -im";
    else if (/^(naa|waa|inaa)/.test(text) && cell.possessor) role = "possessor ending (our, your, their)";
    else if (/^ba/.test(text) && cell.mode === "prt") role = "preterit -ban (late, former)";
    else if (/^dig/.test(text) && cell.vocative) role = "vocative -dig (calling to them)";
    else if (/^i?ng$/.test(text) && cell.locative) role = "locative -ing (in, at, on)";
    else if (/^(ag|an|a|n)$/.test(text) && cell.number === "pl") role = "plural ending";
    else if (/^(an|a|n|ini?wan)$/.test(text) && cell.obviative) role = "obviative -an (a further 3rd person)";
    out.push({ text: `-${text}`, role });
  }
  return out;
}

/** The prenoun of a noun cell, named ("gchi- (big)"). */
export function prenounMorpheme(cell: NounCell, text: string): Morpheme | null {
  return cell.prenoun ? { text, role: `prenoun ${cell.prenoun}- (${PRENOUNS.get(cell.prenoun)?.gloss ?? "describing the noun"})` } : null;
}

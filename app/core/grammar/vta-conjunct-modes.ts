/**
 * VTA conjunct endings with a mode, and VTA participles, composed from the cell's neutral conjunct ending (tables.ts,
 * encoded) by the Odawa FST's conjunct rules (giellalt/lang-ciw `otw.lexc`, re-stated as composition rules over
 * its morphemes, not as lists of forms):
 * - preterit: the neutral ending + `>b1an2` (after a 1s person ending `-aan`: `>b1aan2` + h);
 * - dubitative: the dubitative's w4 takes the place of the y1/y before a 1st/2nd-person ending (`i2y-an` →
 *   `i2w4-an`), follows the theme aa of a direct cell with a local subject (`aa` + w4 + `ag`), follows a 3rd-person
 *   ending (`-waa`, `d1y1`), and the negative lengthens its -si- (`-siw-` → `-siiw-`); then `>en2` (+ h after a
 *   1st/2nd-person ending); the preterit-dubitative puts `>b1an2` (1s: `>b1aan2`) before that `>en2`;
 * - participles: the conjunct ending (neutral: with y1 where it has none; preterit: + i1; dubitatives: + y1) + the
 *   head's periphery (`>ag` animate plural, `>an` obviative or inanimate plural).
 * The passive (x→…, ending in the VAI conjunct's c1 + person) takes the VAI's order: w4 before c1, no final h.
 * Pure; encoded in and out.
 */
import { VTA_PARTICIPLES, type Cell, type Mode } from "./cells";

const PCP: Record<string, string> = { "3p": ">ag", "3'": ">an", "0p": ">an" };
const LOCAL = new Set(["1s", "2s", "1p", "21", "2p"]);

const HAS_PARTICIPLE = new Set(VTA_PARTICIPLES.map(({ s, o, head }) => `${s}>${o}:${head}`));

/** Direct cells with a local subject (1s→3s … 2p→3p): the dubitative's w4 follows their theme aa. */
const isDirect = (cell: Cell) => LOCAL.has(cell.subject) && (cell.object === "3s" || cell.object === "3p");
/** 3→3' direct (aa + d1y1, aawaa + d1y1): the preterit-dubitative's b1 there stands after a boundary of its own. */
const isThirdDirect = (cell: Cell) => (cell.subject === "3s" || cell.subject === "3p") && cell.object === "3'";

/** The body of the dubitative: w4 placed, the negative's -si- lengthened (not in 1p→2's -igoosiw-). */
function dubBody(n: string, cell: Cell, neg: boolean, mode: Mode): string {
  const b = n.replace(/h$/, "");
  if (b.includes("C")) return neg ? b : b.replace("C", "4C");
  if (/^ind/.test(b)) return `aa4${b}`;
  if (neg) {
    const long = /^igoosi/.test(b) ? b : b.replace(/si(?=[wg])/, "sii").replace(/sinow/, "sinoow");
    if (isDirect(cell)) return mode === "dub" ? long.replace(/4$/, "") : long;
    return mode === "dub" && /[^n]g$/.test(long) ? `${long}4` : long;
  }
  // 21's person ending is -angw (its w4 shows where the neutral has none); 1s→3s's -ag takes no w4 after it.
  const b21 = cell.subject === "21" || cell.object === "21" ? b.replace(/ang$/, "ang4") : b;
  if (isDirect(cell)) return `aa4${b21.replace(/^ag4/, "ag")}`;
  // 0→3s: the inverse's -igo lengthens before d1y1 + w4 (-igoogwenh).
  if (/DQ$/.test(b)) return b.replace(/^igoDQ$/, "igooDQ");
  return b21.replace(/(?<=^(?:Y|igoo|igo))y/, "4");
}

/** The encoded VTA conjunct ending of a cell with a mode and/or a participle, from its neutral ending. */
export function vtaConjunctMode(neutralEnding: string, cell: Cell, neg: boolean): string | null {
  const mode: Mode | undefined = cell.mode;
  const head = cell.participle ? PCP[cell.participle] : "";
  if (head === undefined || (cell.participle && !HAS_PARTICIPLE.has(`${cell.subject}>${cell.object}:${cell.participle}`))) return null;
  // The reference has no negative dubitatives of x→3s.
  if (neg && mode && mode !== "prt" && cell.subject === "x" && cell.object === "3s") return null;
  const n = neutralEnding;
  const passive = n.includes("C") || /^(?:aa>si3)?ind/.test(n);
  const oneS = /aa(?:6|nh)$/.test(n) || (!neg && /aanQ$/.test(n));
  const bare = n.replace(/(?<=aan)[hQ]$/, "");
  if (!mode) {
    if (!head) return null;
    const p = n.replace(/d$/, "D").replace(/4$/, "w4");
    return /(?:Q|waa)$/.test(p) ? `${p}${head}` : `${p}Q${head}`;
  }
  if (mode === "prt") {
    // 3→3' negative: -sii- + the 3rd person's d1 (aasiipan), not the neutral's -sig.
    const b = neg && isThirdDirect(cell) ? bare.replace(/sig(waa)?$/, "sii$1D") : bare;
    return head ? `${b}${oneS ? ">Baa6" : ">Ba6"}I${head}` : `${b}${oneS ? ">Baa6h" : ">Ba6"}`;
  }
  const body = dubBody(bare, cell, neg, mode);
  if (mode === "dub") {
    // A participle's y1 follows -en: the "a" keeps w4 + en from taking the final h (w4enh).
    if (head) {
      const w4 = /(?:4|Q|waa)$/.test(body) || (!isDirect(cell) && /[^n]g$/.test(body));
      return `${body}${w4 ? (/4$/.test(body) ? "a" : "4a") : ""}>e6Q${head}`;
    }
    if (/4$/.test(body)) return `${body}>e6`;
    if (/(?:Q|waa)$/.test(body)) return `${body}4>e6`;
    return `${body}>e6${passive ? "" : "h"}`;
  }
  const dp = /DQ$/.test(body) ? `${body}4${isThirdDirect(cell) ? ">" : ""}` : body.replace(/(?<=waa)4$/, "");
  // The 1s ending's long -baan- (not after 0→1s's y1: -igwaambnenh).
  const b1 = oneS && !/Q$/.test(n) ? ">Baa6" : ">Ba6";
  return `${dp}${b1}>e6${head ? `Q${head}` : passive ? "" : "h"}`;
}

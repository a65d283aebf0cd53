/**
 * Underlying endings of the whole verb beyond the neutral tables (tables.ts): the preterit (-ban), dubitative (-dig,
 * -wenh) and preterit-dubitative (-goban, -banen) of the independent and conjunct orders, the participles, and the
 * VTA cells with inanimate subjects and x→x, in the Odawa FST's morpheme notation (giellalt/lang-ciw `otw.lexc`,
 * re-stated as composition rules, not as lists of forms). `b1` is the preterit's b (d1 + b1 → p, n + b1 → mb,
 * w4 + b1 → ob). Pure; returns the encoded alternatives (the first gives the primary form), or null where the
 * reference has no such cell.
 */
import { cellKey, type Cell, type Person, type VerbClass } from "./cells";
import { encode } from "./phonology";
import { VAI, VAIO, VII, VTA, VTI, type Table } from "./tables";
import { vtaConjunctMode } from "./vta-conjunct-modes";

const TABLES: Record<VerbClass, Table> = { vai: VAI, vii: VII, vti: VTI, vta: VTA, vaio: VAIO };

/** The neutral ending of a cell (today's table), raw notation, alternatives split. */
function neutral(cls: VerbClass, cell: Cell): string[] | null {
  const raw = TABLES[cls][cellKey({ order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) })];
  return raw !== undefined ? raw.split("|") : null;
}

// ── independent order ──
const IND_MODE: Record<string, string> = { prt: "ban2i1", dub: "dig", dubprt: "goban2i1" };

/** VAI (and passive VTA after its theme sign) independent endings with a mode; neg: the negative c1sii before. */
function vaiInd(person: Person, mode: string, neg: string): string | null {
  const m = IND_MODE[mode]!;
  const local = mode === "dubprt" ? null : m;
  switch (person) {
    case "1s":
    case "2s":
      return local && `${neg}naa${local}`;
    case "1p":
    case "21":
      return local && `${neg}min2aa${local}`;
    case "2p":
      return local && `${neg}mwaa${local}`;
    case "3s":
      return `${neg}w5>${m}`;
    case "3'":
      return mode === "dubprt" ? `${neg}ini${m}` : mode === "dub" ? `${neg}w5>${m}en>an` : `${neg}w5>${m}>an`;
    case "3p":
      return mode === "dubprt" ? `${neg}waa${m}` : mode === "dub" ? `${neg}w5>${m}en>ag` : `${neg}w5>${m}>ag`;
    case "x":
      return mode === "prt" && !neg ? `ma${m}` : `${neg}mi${m}`;
    default:
      return null;
  }
}

function viiInd(person: Person, mode: string, neg: string): string {
  const obv = person === "0's" || person === "0'p" ? "iniw" : "";
  const pl = person === "0p" || person === "0'p";
  const m = mode === "dub" ? `>dig${pl ? "enan" : ""}` : `>${IND_MODE[mode]}${pl ? ">an" : ""}`;
  return `${neg ? "c1sinoo" : ""}${obv}${m}`;
}

function vtiInd(subject: Person, object: Person, mode: string, neg: string): string | null {
  const pl = object === "0p";
  const n = neg ? "sii" : "";
  if (mode === "dubprt") {
    if (pl) return null;
    return subject === "3s" ? `${n}>goban2` : subject === "3'" ? `${n}inigoban2` : subject === "3p" ? `${n}>gwaaban2` : null;
  }
  const m = mode === "dub" ? `dig${pl ? "en>an" : ""}` : `ban2i1${pl ? ">an" : ""}`;
  switch (subject) {
    case "1s":
    case "2s":
    case "3s":
      return `${n}naa${m}`;
    case "1p":
    case "21":
      return `${n}min2aa${m}`;
    case "2p":
    case "3p":
      return `${n}naawaa${m}`;
    case "3'":
      return `${n}iniwaa${m}`;
    default:
      return null;
  }
}

/** VTA independent: theme sign + negative + number, then the mode and the 3rd-person periphery. */
function vtaInd(subject: Person, object: Person, mode: string, neg: boolean): string[] | null {
  const m = IND_MODE[mode]!;
  const dub = mode === "dub";
  const periph = (p: string) => (dub ? `${m}en>${p}` : `${m}>${p}`);
  if (subject === "x") {
    const n = neg ? "c1sii" : "";
    if (object === "x") return ["igoo", "aa"].map((t) => `${t}${mode === "prt" && !neg ? `ma${m}` : `${n}mi${m}`}`);
    if (object === "3s" || object === "3p" || object === "3'") {
      return ["igoo", "aa"].map((t) => `${t}${vaiInd(object, mode, n)}`).filter((e) => !e.includes("null"));
    }
    if (mode === "dubprt") return null;
    const local = vaiInd(object, mode, n);
    return local ? [`igoo${local}`] : null;
  }
  if (mode === "dubprt") return null;
  if (subject === "0s" || subject === "0p") {
    const pl = subject === "0p" ? (dub ? "en>an" : ">an") : "";
    const inv = `igo${neg ? "sii" : ""}`;
    let core: string[];
    switch (object) {
      case "1s":
      case "2s":
      case "3s":
        core = [`${inv}naa`];
        break;
      case "3'":
        core = [`${inv}ninaa`];
        break;
      case "1p":
      case "21":
        core = [`${inv}minaa`];
        break;
      case "2p":
      case "3p":
        core = [`${inv}naawaa`];
        break;
      default:
        return null;
    }
    if (subject === "0p" && object !== "3'")
      core.push(object === "1p" || object === "21" ? `${inv}minaa` : object === "2p" || object === "3p" ? `${inv}waa` : inv);
    return [...new Set(core.map((c) => `${c}${m}${pl}`))];
  }
  const key = `${subject}>${object}`;
  const LOCAL: Record<string, [string, string]> = {
    "1s>2s": ["innaa", "isinoonnaa"],
    "1s>2p": ["ininimwaa", "isinooninimwaa"],
    "2s>1s": ["i2naa", "i2siinaa"],
    "2s>1p": ["i2min2aa", "i2siimin2aa"],
    "2p>1s": ["i2mwaa", "i2siimwaa"],
    "2p>1p": ["i2min2aa", "i2siimin2aa"],
    "1p>2s": ["igoonaa", "igoosiinaa"],
    "1p>2p": ["igoomwaa", "igoosiimwaa"],
  };
  if (LOCAL[key]) return [`${LOCAL[key]![neg ? 1 : 0]}${m}`];
  const DIRECT: Record<string, [string, string, string]> = {
    // theme + negative + number, periphery
    "1s>3s": ["aa", "aasii", ""],
    "2s>3s": ["aa", "aasii", ""],
    "1s>3p": ["aa", "aasii", "ag"],
    "2s>3p": ["aa", "aasii", "ag"],
    "3s>3'": ["aa", "aasii", "an"],
    "1p>3s": ["aaminaa", "aasiiminaa", ""],
    "21>3s": ["aaminaa", "aasiiminaa", ""],
    "1p>3p": ["aaminaa", "aasiiminaa", "ag"],
    "21>3p": ["aaminaa", "aasiiminaa", "ag"],
    "2p>3s": ["aawaa", "aasiwaawaa", ""],
    "2p>3p": ["aawaa", "aasiwaawaa", "ag"],
    "3p>3'": ["aawaa", "aasiwaawaa", "an"],
    "3s>1s": ["igo", "igosii", ""],
    "3s>2s": ["igo", "igosii", ""],
    "3p>1s": ["igo", "igosii", "ag"],
    "3p>2s": ["igo", "igosii", "ag"],
    "3s>1p": ["igominaa", "igosiiminaa", ""],
    "3s>21": ["igominaa", "igosiiminaa", ""],
    "3p>1p": ["igominaa", "igosiiminaa", "ag"],
    "3p>21": ["igominaa", "igosiiminaa", "ag"],
    "3s>2p": ["igowaa", "igosiiwaa", ""],
    "3p>2p": ["igowaa", "igosiiwaa", "ag"],
    "3'>3s": ["igo", "igosii", "an"],
    "3'>3p": ["igowaa", "igosiiwaa", "an"],
  };
  const d = DIRECT[key];
  if (!d) return null;
  return [`${d[neg ? 1 : 0]}${d[2] ? periph(d[2]) : m}`];
}

/** VTA neutral cells beyond today's: inanimate subjects (theme -igo + n), x→3' and x→x (passive). */
function vtaNeutralNew(cell: Cell, neg: boolean): string[] | null {
  const { subject, object } = cell;
  const conj = cell.order === "conj" || cell.order === "conj-neg";
  if (subject === "x" && !conj) {
    const n = neg ? "c1sii" : "";
    if (object === "x") return [`igoo${n}m`, `aa${n}m`];
    if (object === "3'") return [`igoo${n}w5>an`, `aa${n}w5>an`];
    return null;
  }
  if (conj && subject === "0") {
    const pos: Record<string, string> = { "1s": "yaany1", "2s": "yan", "1p": "yaang", "21": "yang", "2p": "yegw4", "3s": "d1y1", "3p": "waad1y1" };
    const ng: Record<string, string> = { "1s": "siwaany1", "2s": "siwan", "1p": "siwaang", "21": "siwang", "2p": "siweg", "3s": "sigw4", "3p": "sigw4waa" };
    const e = (neg ? ng : pos)[object ?? ""];
    return e ? [`igo${e}`] : null;
  }
  if (conj || (subject !== "0s" && subject !== "0p")) return null;
  const inv = neg ? "igosiin" : "igon";
  const pl = subject === "0p" ? ">an" : "";
  switch (object) {
    case "1s":
    case "2s":
    case "3s":
      return [`${inv}${pl}`];
    case "1p":
    case "21":
      return [`${inv}aan2y1${pl}`];
    case "2p":
    case "3p":
      return [`${inv}aawaa${pl}`];
    case "3'":
      return neg && !pl ? [`${inv}ini`] : null;
    default:
      return null;
  }
}

/**
 * VAIO independent modes (1s, 2s, 3s: theme n + aa; 1p, 21: min2aa, the VAI's), then the object's periphery: the
 * preterit ban2i1 (0p, 3s, 3' + >an; 3p + >ag), the dubitative dig + en before an object (0s -digen; none: -dig).
 */
function vaioInd(subject: Person, object: Person | undefined, mode: string, neg: boolean): string | null {
  const person = subject === "1s" || subject === "2s" || subject === "3s" ? "naa" : subject === "1p" || subject === "21" ? "min2aa" : null;
  if (!person || mode === "dubprt") return null;
  const third = subject === "3s";
  if (object === undefined ? mode !== "dub" : third ? !["3'", "0s", "0p"].includes(object) : !["3s", "3p", "0s", "0p"].includes(object)) return null;
  const m = mode === "dub" ? (object ? "digen" : "dig") : "ban2i1";
  const tail = object === "3p" ? ">ag" : object && object !== "0s" ? ">an" : "";
  return `${neg ? "c1sii" : ""}${person}${m}${tail}`;
}

// ── conjunct order (VAI, VTI) ──
/**
 * VAI/VTI conjunct endings with a mode, from the neutral person ending: the dubitative's w4 before a 1st/2nd-person
 * ending and after a 3rd-person one, the preterit >b1an2 (1s: >b1aan2 + h), the dubitative >en2; the negative
 * >siiw3 (with a mode) or >siw3.
 */
function cnjMode(person: string, mode: string | undefined, neg: boolean, pcp: string, vti = false): string[] {
  // VTI: the negative preterit takes -siw (3p: the neutral -si-gwaa), the dubitatives -siiw only.
  if (vti && neg && mode === "prt" && person === ">waad1") return ["c1>si>gwaa>b1an2"];
  const is1s = person === ">aanh";
  const p = is1s ? ">aan" : person;
  const third = /D$/.test(encode(p)) || /d1$/.test(p);
  const prt = mode === "prt" || mode === "dubprt";
  const dub = mode === "dub" || mode === "dubprt";
  const w4 = dub ? "w4" : "";
  const body = third ? `${p}${w4}` : `${w4}${p}`;
  const tail = `${prt ? (is1s ? ">b1aan2" : ">b1an2") : ""}${dub ? ">en2" : ""}${is1s && !dub && !pcp ? "h" : ""}`;
  const pcpI = prt && !dub && pcp ? "i1" : "";
  const y1 = !mode && pcp ? "y1" : "";
  const negs = !neg ? [""] : vti ? [mode === "prt" ? ">siw3" : ">siiw3"] : mode ? [">siiw3", ">siw3"] : [">siw3", ">siiw3"];
  return negs.map((n) => `c1${n}${body}${y1}${tail}${pcpI}${pcp}`);
}

const VAI_CNJ_PERSON: Record<string, string> = {
  "1s": ">aanh",
  "2s": ">an",
  "3s": ">d1",
  "3'": ">nid1",
  "1p": ">aang",
  "21": ">angw",
  "2p": ">egw",
  "3p": ">waad1",
  x: ">nd1",
};
const VTI_CNJ_PERSON: Record<string, string> = {
  "1s": ">aanh",
  "2s": ">an",
  "3s": ">d1",
  "3'": ">nid1",
  "1p": ">aang",
  "21": ">ang",
  "2p": ">eg",
  "3p": ">waad1",
  x: ">nd1",
};

function viiCnj(person: Person, mode: string | undefined, neg: boolean): string[] | null {
  const obv = person === "0'";
  const n = neg ? "sinoo" : "";
  if (!mode) return null;
  if (mode === "prt") return [`c1${n}${obv ? ">nig" : "g"}>ban2`];
  const m = mode === "dub" ? "wenh" : "obanen2";
  return [`c1${n}${obv ? ">nig" : "w4g"}${m}`];
}

/** Participle periphery by head. */
const PCP: Record<string, string> = { "3p": ">ag", "3'": ">an", "0p": ">an" };

/**
 * The encoded endings of a cell with a mode or a participle (prefix as its neutral cell's), or null where the
 * reference has no such cell or the engine has no rule for it yet. Change and preverbs do not alter the ending.
 */
export function modeEndings(cls: VerbClass, cell: Cell): string[] | null {
  const mode = cell.mode;
  const neg = cell.order === "ind-neg" || cell.order === "conj-neg";
  const conj = cell.order === "conj" || cell.order === "conj-neg";
  if (!mode && !cell.participle) return (neutral(cls, cell) ?? (cls === "vta" ? vtaNeutralNew(cell, neg) : null))?.map(encode) ?? null;
  if (!conj && !(cell.order === "ind" || cell.order === "ind-neg")) return null;
  let out: string[] | null = null;
  // The VAIO's conjunct is the VAI's, with the inanimate object 0.
  if (cls === "vaio" && conj) return cell.object === "0" ? modeEndings("vai", { ...cell, object: undefined }) : null;
  if (cls === "vaio") {
    const e = vaioInd(cell.subject, cell.object, mode!, neg);
    return e ? [encode(e)] : null;
  }
  if (cls === "vta" && conj) {
    const base: Cell = { order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) };
    const neutralEndings = modeEndings(cls, base);
    if (!neutralEndings) return null;
    const list = neutralEndings.flatMap((e) => vtaConjunctMode(e, cell, neg) ?? []);
    return list.length ? [...new Set(list)] : null;
  }
  if (cell.participle) {
    if (!conj || cls !== "vai") return null;
    if (cell.object) return null;
    const head = cell.participle;
    if (!((cell.subject === "3s" && head === "3p") || (cell.subject === "3'" && head === "3'"))) return null;
    out = cnjMode(VAI_CNJ_PERSON[cell.subject]!, mode, neg, PCP[head]!);
  } else if (!conj) {
    if (cls === "vai") {
      const e = vaiInd(cell.subject, mode!, neg ? "c1sii" : "");
      out = e ? [e] : null;
    } else if (cls === "vii") out = [viiInd(cell.subject, mode!, neg ? "sinoo" : "")];
    else if (cls === "vti") {
      const e = cell.object ? vtiInd(cell.subject, cell.object, mode!, neg ? "y" : "") : null;
      out = e ? [e] : null;
    } else out = cell.object ? vtaInd(cell.subject, cell.object, mode!, neg) : null;
  } else if (cls === "vai" || cls === "vti") {
    const persons = cls === "vai" ? VAI_CNJ_PERSON : VTI_CNJ_PERSON;
    const p = persons[cell.subject];
    // VTI x→0 with the dubitative: w4 + -iing (-wiinge), a 1st/2nd-person-like ending.
    const person = cls === "vti" && cell.subject === "x" && (mode === "dub" || mode === "dubprt") ? ">iing" : p;
    out = person ? cnjMode(person, mode, neg, "", cls === "vti") : null;
  } else if (cls === "vii") out = viiCnj(cell.subject, mode, neg);
  return out && out.length ? out.map(encode) : null;
}

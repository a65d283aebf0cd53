/**
 * English glosses of inflected nouns: "my canoes", "in the house", "his/her little dog(s)". Pure; built from the
 * first sense of the dictionary gloss.
 */
import { isAnimate, type NounCell, type NounPos, type NounPossessor } from "./noun-cells";
import { PRENOUNS } from "./noun-prenouns";

const POSSESSIVE: Record<NounPossessor, string> = {
  "1s": "my",
  "2s": "your (sg)",
  "3s": "his/her",
  "1p": "our (excl.)",
  "21": "our (incl.)",
  "2p": "your (pl)",
  "3p": "their",
  "3'": "his/her (another's)",
};

const IRREGULAR: Record<string, string> = {
  man: "men",
  woman: "women",
  child: "children",
  person: "people",
  foot: "feet",
  tooth: "teeth",
  goose: "geese",
  mouse: "mice",
  louse: "lice",
  ox: "oxen",
  knife: "knives",
  wife: "wives",
  life: "lives",
  leaf: "leaves",
  loaf: "loaves",
  wolf: "wolves",
  half: "halves",
  shelf: "shelves",
  calf: "calves",
  thief: "thieves",
  deer: "deer",
  moose: "moose",
  fish: "fish",
  sheep: "sheep",
  bison: "bison",
  trout: "trout",
  elk: "elk",
  caribou: "caribou",
  clothing: "clothing",
  money: "money",
  water: "water",
  tea: "tea",
  rice: "rice",
  brother: "brothers",
  potato: "potatoes",
  tomato: "tomatoes",
};

function pluralWord(w: string): string {
  const lower = w.toLowerCase();
  const irr = IRREGULAR[lower] ?? (lower.endsWith("man") && !/(human|shaman|german)$/.test(lower) ? `${lower.slice(0, -3)}men` : undefined);
  if (irr) return w[0] === w[0]!.toUpperCase() && w[0] !== w[0]!.toLowerCase() ? irr[0]!.toUpperCase() + irr.slice(1) : irr;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${w}es`;
  if (/[^aeiou]y$/.test(lower)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** English plural of a noun phrase: the head before "of"/"for"/"in"/"with"/"that"/"who"/"used" takes the plural. */
export function pluralise(phrase: string): string {
  const m = /^(.*?)(\s+(?:of|for|in|on|with|that|which|who|used|from|to|made)\b.*)$/.exec(phrase);
  const head = m ? m[1]! : phrase;
  const rest = m ? m[2]! : "";
  const hm = /^(.*?)([A-Za-z'-]+)$/.exec(head);
  if (!hm) return phrase;
  const last = hm[2]!;
  // Hyphenated heads: the first part of "mother-in-law", the last of "half-breed".
  const hyphen = /^([a-z]+)(-in-law|-of-\S+)$/i.exec(last);
  const plural = hyphen ? `${pluralWord(hyphen[1]!)}${hyphen[2]}` : pluralWord(last);
  return `${hm[1]}${plural}${rest}`;
}

/** First sense of a dictionary gloss, without brackets, numbering, or the "my" of dependent nouns. */
export function nounSense(gloss: string): string {
  let s = gloss.trim().replace(/^\d+\s+/, "");
  s = s.split(/;|\s\d+\s/)[0]!.split(",")[0]!;
  s = s
    .replace(/\[[^\]]*\]|\([^)]*\)|<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  s = s.replace(/^(?:my|his|her|his\/her|s\.o\.'s|someone's|one's)\s+/i, "");
  s = s.replace(/^(?:a|an|the)\s+/i, "");
  return s;
}

/** "dog(s)", "box(es)", "piece(s) of wood", "man/men": an obviative does not mark number. */
function eitherNumber(sg: string, pl: string): string {
  if (pl === sg) return sg;
  let a = 0;
  while (a < sg.length && sg[a] === pl[a]) a++;
  let b = 0;
  while (b < sg.length - a && sg[sg.length - 1 - b] === pl[pl.length - 1 - b]) b++;
  const sgMid = sg.slice(a, sg.length - b);
  const plMid = pl.slice(a, pl.length - b);
  if (!sgMid) return `${sg.slice(0, a)}(${plMid})${sg.slice(a)}`;
  const sw = sg.split(" ");
  const pw = pl.split(" ");
  return sw.map((w, k) => (w === pw[k] ? w : `${w}/${pw[k]}`)).join(" ");
}

/**
 * The English gloss of a noun in a cell. The preterit is "late" for animates ("my late grandmother"), "former" for
 * inanimates; a vocative plural is a call ("you dogs!", "my children!"); a prenoun is its gloss ("big canoe").
 */
export function nounGloss(gloss: string, pos: NounPos, cell: NounCell, fallback = "(noun)"): string {
  return nounGlosser(gloss, pos, fallback)(cell);
}

/** A cell's gloss but for the noun: before it, whether the noun is plural, after it (null: an obviative's). */
export type GlossFrame = [before: string, plural: boolean, after: string] | null;

function wordsOf(pos: NounPos, cell: NounCell) {
  const late = cell.mode === "prt" ? (isAnimate(pos) ? "late " : "former ") : "";
  const pn = cell.prenoun ? `${PRENOUNS.get(cell.prenoun)?.gloss ?? cell.prenoun} ` : "";
  const degree = `${late}${cell.diminutive === "dim" ? "little " : cell.diminutive === "con" ? "dear/poor little " : ""}${pn}`;
  return { late, degree, bad: cell.pejorative ? "no-good " : "", owner: cell.possessor ? `${POSSESSIVE[cell.possessor]} ` : "" };
}

/** The frame of a cell's gloss (the same for every noun of the class: a paradigm can keep it per cell). */
export function glossFrame(pos: NounPos, cell: NounCell): GlossFrame {
  if (cell.obviative) return null;
  const { late, degree, bad, owner } = wordsOf(pos, cell);
  if (cell.vocative) return [`${owner || "you "}${degree}${bad}`, true, "!"];
  if (cell.locative) return [`in ${owner || "the "}${degree}${bad}`, false, ""];
  return [owner || !late ? `${owner}${degree}${bad}` : `the ${degree}${bad}`, cell.number === "pl", ""];
}

/**
 * nounGloss for one gloss and class, cell by cell (the sense and its plural are worked out once); `frame`: the
 * cell's glossFrame, if the caller kept it.
 */
export function nounGlosser(gloss: string, pos: NounPos, fallback = "(noun)"): (cell: NounCell, frame?: GlossFrame) => string {
  const sense = nounSense(gloss) || fallback;
  let plural: string | undefined;
  return (cell, frame = glossFrame(pos, cell)) => {
    if (frame) return `${frame[0]}${frame[1] ? (plural ??= pluralise(sense)) : sense}${frame[2]}`;
    const { degree, bad, owner } = wordsOf(pos, cell);
    const third = cell.possessor === "3s" || cell.possessor === "3p" || cell.possessor === "3'";
    const phrase = `${owner}${eitherNumber(`${degree}${bad}${sense}`, `${degree}${bad}${(plural ??= pluralise(sense))}`)}`;
    // Possessed by a 3rd person, an animate is obviative because of its possessor; otherwise say so.
    return isAnimate(pos) && third ? phrase : `${phrase} (obviative)`;
  };
}

/**
 * Confidence of an inflected form and a plain-English reason. `high` only where the engine's rule path for the stem's
 * shape and the cell reproduces the reference paradigms (the Odawa FST: the sample verbs and the 320 development
 * verbs, scored by tests/unit/grammar-dev.test.ts) and the reference notes do not doubt the cell; `unconfirmed`
 * where the reference has no form at all. Pure. A verb whose dictionary lemma the rules do not give has its `high`
 * cells lowered to `medium` afterwards, with both spellings in the note (the lemma check in inflection.ts, ADR 005).
 */
import type { Cell, VerbClass } from "./cells";
import type { GrammarMemo, MemoMap } from "./memo";
import type { Stem } from "./stems";

export type Confidence = "high" | "medium" | "low" | "unconfirmed";
export type Level = { confidence: Confidence; note: string };

/** Cells the reference (FST) does not generate; the engine's form is by analogy. */
const VTA_UNCONFIRMED: Record<string, string> = {
  "imp-pro 2s>1p": "the reference has no prohibitive 2s→1p; built like the imperative -shinaang with the prohibitive -ke",
  "imp-pro 2p>1p": "the reference has no prohibitive 2p→1p; built like 2s→1p",
  "imp-pro 2p>3s": "the reference has no prohibitive 2p→3s; built with the VAI prohibitive -kegon",
  "imp-pro 2p>3p": "the reference has no prohibitive 2p→3p; built with the VAI prohibitive -kegon",
  "conj 3'>3s": "the reference has no conjunct 3'→3s; built like 0→3s (-igod)",
  "conj-neg 3'>3s": "the reference has no negative conjunct 3'→3s; built like 0→3s (-igosig)",
  "ind 2p>1p": "the reference gives this form only for 2s→1p (the same form in Valentine's paradigm)",
  "ind-neg 2p>1p": "the reference gives this form only for 2s→1p (the same form in Valentine's paradigm)",
};

/** Cells the reference notes rate Low: the FST and the hand-written forms (YAML, Valentine) disagree, or an artifact. */
function notesLow(cls: VerbClass, shape: string, key: string, cell: Cell): string | null {
  const disagree = "the Odawa FST and the hand-written reference forms (Valentine 2001 via the FST's tests) disagree on this cell";
  if (
    cls === "vta" &&
    ["imp 21>3p", "imp-pro 2p>1s", "conj 3'>3p", "conj-neg 3'>3p", "conj x>3s", "conj 2p>3s", "conj-neg x>3s", "conj-neg 2p>3s"].includes(key)
  ) {
    return key.includes("3'>3p") ? "the reference gives this form for 0/3' subjects together; 3'→3p is read off it" : disagree;
  }
  if (cls === "vti" && shape === "am" && ["imp 21>0s", "imp 21>0p", "imp-pro 2s>0", "imp-pro 2p>0"].includes(key)) return disagree;
  if (cls === "vii" && (key === "ind-neg 0p" || key === "ind-neg 0'p")) return `${disagree} (-snoowan / -snoon)`;
  if (cls === "vii" && shape === "d" && key === "ind 0p") return `${disagree} (-dwan / -doon)`;
  if (cls === "vai" && shape === "n" && ["ind 2p", "ind x", "imp 2s", "imp 2p", "imp-pro 21"].includes(key)) {
    return `${disagree} (n-stems: -am, -an, -og, -nsiidaa in Valentine; -m, -in, -g, -iinsiidaa in the FST)`;
  }
  if (cls === "vai" && shape === "am" && (cell.order === "imp" || (cell.order === "ind" && ["1p", "21", "2p", "x"].includes(cell.subject)))) {
    return "the FST's double m here (-mmi, -mm) looks like an artifact; other dialects have a long aa (-aam)";
  }
  return null;
}

/**
 * Cells where the rules missed the reference for some development verbs of a shape, by class and shape (from the
 * scoring test). A shape not listed for its class has no verb in the reference data.
 */
const DEV_MISSES: Record<VerbClass, Record<string, string[]>> = {
  vai: { long: [], e: [], short: [], n: [], am: [], m: [], compound: [] },
  vii: { vowel: [], n: [], d: [], cons: [], compound: [] },
  vti: { am: [], oo: [], other: [], compound: [] },
  vta: { "n1/s1": [], w: [], m: [], h: [], n: [], compound: [] },
  vaio: { e: [], short: [], compound: [] },
};

const SHAPE_NAMES: Record<string, string> = {
  long: "long-vowel",
  e: "e-final",
  short: "short-vowel",
  n: "n-final",
  am: "-am",
  m: "m-final",
  compound: "compound",
  vowel: "vowel-final",
  d: "d-final (d2)",
  cons: "consonant-final",
  oo: "-oo (class 2)",
  other: "-i / -e (class 3)",
  "n1/s1": "n1/s1 (palatalising)",
  w: "w-final",
  h: "h-final",
};

/** A medium level for a stem shape the reference data has no verb of in this class (null: it has some). */
export function unscoredShape(cls: VerbClass, stem: Stem): { confidence: Confidence; note: string } | null {
  if (DEV_MISSES[cls][stem.shape] || stem.shape === "lemma") return null;
  return {
    confidence: "medium",
    note: `Medium: no ${SHAPE_NAMES[stem.shape] ?? stem.shape} ${cls.toUpperCase()} stems in the reference data; built by the same rules as the shapes that are.`,
  };
}

declare module "./memo" {
  interface GrammarMemo {
    /** Class + stem shape + problem → cell key → confidence level. */
    readonly levels: MemoMap<string, Map<string, Level>>;
  }
}

/**
 * A cell's level, kept in `memo` by what it depends on: class, stem shape and problem (shared by every stem alike),
 * then cell key.
 */
export function confidenceOf(cls: VerbClass, stem: Stem, key: string, cell: Cell, memo?: GrammarMemo): Level {
  if (!memo) return levelOf(cls, stem, key, cell);
  const id = `${cls}\u0000${stem.shape}\u0000${stem.problem ?? ""}`;
  let byKey = memo.levels.get(id);
  if (!byKey) memo.levels.set(id, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) byKey.set(key, (out = levelOf(cls, stem, key, cell)));
  return out;
}

function levelOf(cls: VerbClass, stem: Stem, key: string, cell: Cell): Level {
  if (cls === "vta" && VTA_UNCONFIRMED[key]) return { confidence: "unconfirmed", note: `Unconfirmed: ${VTA_UNCONFIRMED[key]}.` };
  if (stem.problem) return { confidence: "low", note: `Low: ${stem.problem}.` };
  const low = notesLow(cls, stem.shape, key, cell);
  if (low) return { confidence: "low", note: `Low: ${low}.` };
  const shapeName = `${SHAPE_NAMES[stem.shape] ?? stem.shape} ${cls.toUpperCase()} stems`;
  const misses = DEV_MISSES[cls][stem.shape];
  if (!misses) return { confidence: "medium", note: `Medium: no ${shapeName} in the reference data; built by the same rules as the shapes that are.` };
  if (misses.includes(key)) return { confidence: "medium", note: `Medium: the rules do not reproduce the reference for every ${shapeName} in this cell.` };
  return { confidence: "high", note: `High: the rules reproduce the reference paradigms (Odawa FST) for ${shapeName} in this cell.` };
}

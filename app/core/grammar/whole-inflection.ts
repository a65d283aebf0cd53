/**
 * `inflect` for the whole verb's cells (mode, changed conjunct, participle, preverbs; VTA inanimate subjects and
 * x→x): the forms (whole-verb.ts), a gloss, and a confidence that is "high" only where the rules were checked
 * against the development data for the stem's shape and every category of the cell (tests/unit/grammar-dev-more
 * .test.ts); every other level says why. Pure.
 */
import { isAllowed, type Cell, type Person, type VerbClass } from "./cells";
import { confidenceOf, unscoredShape, type Level } from "./confidence";
import type { GrammarMemo, MemoMap } from "./memo";
import { framedGlosses, glossFrame } from "./gloss";
import type { Inflection, LexemeInput } from "./inflection-types";
import type { Stem } from "./stems";
import { hasAnimateObject } from "./vaio-cells";
import { mayHaveMedler, planForms, wholePlanOf, type WholePlan, type WholePlans, type WholeStem } from "./whole-plan";

export type Category = "prt" | "dub" | "dubprt" | "chg" | "pcp" | "pv" | "inan" | "anim";

/**
 * Categories (`categoryLabel`) whose rules reproduce the development paradigms (otw_dev_verb_paradigms_more.tsv.gz)
 * in at least 99.5% of the cells, per class: the scoring test asserts each one listed here, and only these are high.
 */
export const VERIFIED: Record<VerbClass, ReadonlySet<string>> = {
  vai: new Set([
    "ind:prt",
    "ind:dub",
    "ind:dubprt",
    "ind:pv",
    "cnj:prt",
    "cnj:dub",
    "cnj:dubprt",
    "cnj:chg",
    "cnj:prt+chg",
    "cnj:dub+chg",
    "cnj:dubprt+chg",
    "cnj:pcp",
    "cnj:chg+pcp",
    "cnj:prt+chg+pcp",
    "cnj:dub+chg+pcp",
    "cnj:dubprt+chg+pcp",
    "cnj:pv",
    "imp:delayed",
  ]),
  vii: new Set([
    "ind:prt",
    "ind:dub",
    "ind:dubprt",
    "ind:pv",
    "cnj:prt",
    "cnj:dub",
    "cnj:dubprt",
    "cnj:chg",
    "cnj:prt+chg",
    "cnj:dub+chg",
    "cnj:dubprt+chg",
    "cnj:pv",
  ]),
  vti: new Set([
    "imp:delayed",
    "ind:prt",
    "ind:dub",
    "ind:dubprt",
    "ind:pv",
    "cnj:prt",
    "cnj:dub",
    "cnj:dubprt",
    "cnj:chg",
    "cnj:prt+chg",
    "cnj:dub+chg",
    "cnj:dubprt+chg",
    "cnj:pv",
  ]),
  vaio: new Set([
    "ind:neu",
    "ind:anim",
    "ind:prt",
    "ind:prt+anim",
    "ind:dub",
    "ind:dub+anim",
    "ind:pv",
    "imp:neu",
    "imp:anim",
    "imp:delayed",
    "cnj:neu",
    "cnj:prt",
    "cnj:dub",
    "cnj:dubprt",
    "cnj:chg",
    "cnj:prt+chg",
    "cnj:dub+chg",
    "cnj:dubprt+chg",
    "cnj:pv",
    "cnj:pcp",
    "cnj:chg+pcp",
    "cnj:prt+chg+pcp",
    "cnj:dub+chg+pcp",
    "cnj:dubprt+chg+pcp",
  ]),
  vta: new Set([
    "imp:delayed",
    "ind:prt",
    "ind:dub",
    "ind:dubprt",
    "ind:prt+inan",
    "ind:dub+inan",
    "ind:pv",
    "ind:pv+inan",
    "cnj:chg",
    "cnj:chg+inan",
    "cnj:pv",
    "cnj:pv+inan",
    ...["prt", "dub", "dubprt"].flatMap((m) => [
      `cnj:${m}`,
      `cnj:${m}+chg`,
      `cnj:${m}+inan`,
      `cnj:${m}+chg+inan`,
      `cnj:${m}+chg+pcp`,
      `cnj:${m}+chg+pcp+inan`,
      `cnj:${m}+pcp+inan`,
    ]),
    "cnj:pcp",
    "cnj:chg+pcp",
    "cnj:pcp+inan",
    "cnj:chg+pcp+inan",
  ]),
};

/** The scoring category of a cell: its order kind and features, e.g. "ind:prt", "cnj:chg+dub", "cnj:pv". */
export function categoryLabel(cell: Cell, cls?: VerbClass): string {
  if (cell.order === "imp-delayed") return "imp:delayed";
  const kind = cell.order === "conj" || cell.order === "conj-neg" ? "cnj" : cell.order === "imp" || cell.order === "imp-pro" ? "imp" : "ind";
  return `${kind}:${categoriesOf(cell, cls).join("+") || "neu"}`;
}

const CATEGORY_NAMES: Record<Category, string> = {
  prt: "preterit",
  dub: "dubitative",
  dubprt: "preterit-dubitative",
  chg: "changed conjunct",
  pcp: "participle",
  pv: "preverb",
  inan: "inanimate-subject",
  anim: "animate-object",
};

const PRONOUNS: Partial<Record<Person, string>> = {
  "1s": "niin",
  "2s": "giin",
  "3s": "wiin",
  "3'": "wiin",
  "1p": "niinwi",
  "21": "giinwi",
  "2p": "giinwaa",
  "3p": "wiinwaa",
};

/** The categories a cell belongs to (a neutral cell with none is one of today's, or a new person combination). */
export function categoriesOf(cell: Cell, cls?: VerbClass): Category[] {
  const out: Category[] = [];
  if (cell.mode) out.push(cell.mode);
  if (cell.change) out.push("chg");
  if (cell.participle) out.push("pcp");
  if (cell.preverbs?.length) out.push("pv");
  if (cell.object && (cell.subject === "0s" || cell.subject === "0p" || cell.subject === "0")) out.push("inan");
  if (cls === "vaio" && hasAnimateObject(cell)) out.push("anim");
  return out;
}

/** Combinations the reference has: preverbs only on neutral, unchanged cells; participles only in the conjunct. */
function inReference(cell: Cell): boolean {
  return !(cell.preverbs?.length && (cell.mode || cell.change || cell.participle));
}

const baseOf = (cell: Cell): Cell => ({ order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}) });

function levelOf(cls: VerbClass, stem: Stem, cell: Cell, memo: GrammarMemo): Level {
  if (stem.problem) return { confidence: "low", note: `Low: ${stem.problem}.` };
  if (cls === "vta" && cell.subject === "x" && cell.object === "x") {
    return { confidence: "low", note: "Low: the reference gives x→x (-igoom) without saying what it means; the form is optional." };
  }
  const base = baseOf(cell);
  if (isAllowed(cls, base)) {
    const level = confidenceOf(cls, stem, `${base.order} ${base.subject}${base.object ? `>${base.object}` : ""}`, base, memo);
    if (level.confidence !== "high") return level;
  } else {
    const unscored = unscoredShape(cls, stem);
    if (unscored) return unscored;
  }
  const cats = categoriesOf(cell, cls);
  const names = cell.order === "imp-delayed" ? "delayed imperative" : cats.map((c) => CATEGORY_NAMES[c]).join(" + ") || "this";
  if (!inReference(cell)) {
    return { confidence: "medium", note: `Medium: the reference has no ${names} cells together; the form combines rules checked apart.` };
  }
  if (!VERIFIED[cls].has(categoryLabel(cell, cls))) {
    return {
      confidence: "medium",
      note: `Medium: the ${names} rules do not reproduce the reference for ${cls.toUpperCase()} verbs in enough of these cells to be rated high.`,
    };
  }
  if (stem.shape === "lemma") return { confidence: "medium", note: "Medium: no underlying stem; the lemma was inflected as it is." };
  return {
    confidence: "high",
    note: `High: the rules reproduce the reference paradigms (Odawa FST) for ${cls.toUpperCase()} ${stem.shape} stems in ${names} cells.`,
  };
}

declare module "./memo" {
  interface GrammarMemo {
    /** Stem shape + problem → whole-verb plan → confidence level. */
    readonly wholeLevels: MemoMap<string, Map<WholePlan, Level>>;
  }
}

/** How a variant only Medler's optional rules give is shown. */
export const OPTIONAL_LABEL = "also heard, in some speakers' speech";

/**
 * `plans`: the class's whole-verb plans (whole-plan.ts, kept by the caller); `ws`: the stem's whole-verb forms, kept
 * with its other forms; `keep`: followsHeadword of the lemma; `memo`: the caller's (memo.ts).
 */
export function inflectWhole(
  lexeme: LexemeInput,
  cls: VerbClass,
  cell: Cell,
  stem: Stem,
  plans: WholePlans,
  ws: WholeStem,
  keep: ((form: string) => string) | null,
  memo: GrammarMemo,
): Inflection | null {
  const plan = wholePlanOf(plans, cls, cell);
  const made = plan && planForms(plan, stem.text, ws, memo);
  if (!made) return null;
  const forms = keep ? made.map(keep) : made;
  // Variants only Medler's optional rules give: labelled apart, never equals of the primary form.
  let variants: string[] = NO_VARIANTS;
  let optional: string[] | null = null;
  if (forms.length > 1) {
    if (mayHaveMedler(forms)) {
      const made2 = planForms(plan, stem.text, ws, memo, true) ?? [];
      const regular = keep ? made2.map(keep) : made2;
      variants = [];
      for (let i = 1; i < forms.length; i++) {
        if (regular.includes(forms[i]!)) variants.push(forms[i]!);
        else (optional ??= []).push(forms[i]!);
      }
    } else variants = forms.slice(1);
  }
  const form = forms[0]!;
  const levelKey = (ws.levelKey ??= `${stem.shape}\u0000${stem.problem ?? ""}`);
  let byPlan = ws.levels;
  if (!byPlan) {
    byPlan = memo.wholeLevels.get(levelKey);
    if (!byPlan) memo.wholeLevels.set(levelKey, (byPlan = new Map()));
    ws.levels = byPlan;
  }
  let level = byPlan.get(plan);
  if (!level) byPlan.set(plan, (level = levelOf(cls, stem, cell, memo)));
  const gloss = framedGlosses((plan.frame ??= glossFrame(cell)), lexeme.gloss, cls, 1, memo)[0]!;
  const hyphen = plan.heads ? form.lastIndexOf("-") + 1 : 0;
  const out: Inflection = {
    prefix: hyphen ? form.slice(0, hyphen) : null,
    root: hyphen ? form.slice(hyphen) : form,
    suffix: null,
    form,
    variants,
    gloss,
    confidence: level.confidence,
    confidenceNote: level.note,
    subjectPronoun: PRONOUNS[cell.subject] ?? "",
  };
  if (optional) out.optionalVariants = optional.map((f) => ({ form: f, label: OPTIONAL_LABEL }));
  return out;
}

/** The variants of a form that has none (shared, never changed). */
const NO_VARIANTS: string[] = Object.freeze([]) as unknown as string[];

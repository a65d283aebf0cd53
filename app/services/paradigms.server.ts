/**
 * Paradigm tables (issue #3): the data behind GET /api/paradigm, /paradigms and /conj-data/{kind}.json.
 * Forms come from the grammar engine over the lexeme's stem in D1; rows follow `templateOf` (label "" = separator).
 * The lexemes are read by db/queries/verbs.ts; building the tables happens here.
 */
import type { Db } from "../../db/client";
import { findNoun, findVerb, listNounsNamed, listVerbsNamed, type VerbRow } from "../../db/queries/verbs";
import {
  CLASS_NAMES,
  NOUN_CLASS_NAMES,
  ORDER_NAMES,
  ORDERS,
  PERSON_NAMES,
  cellKey,
  cellsOf,
  decline,
  explain,
  explainDeclension,
  inflect,
  nounCellKey,
  nounCellLabel,
  nounParadigm,
  nounPosOf,
  nounShape,
  parseNounCellKey,
  verbClassOf,
  type Cell,
  type Confidence,
  type Derivation,
  type NounPos,
  type NounShape,
  type Order,
  type Person,
  type VerbClass,
} from "../core/grammar";
import { CONJUGATOR_CLASSES, isWholeVerbCell, PREVERB_CHAINS } from "../core/grammar/cells";
import { verbCellLabel } from "../core/cell-labels";
import { parseVerbCellKey } from "../utils/course";
import type { Built } from "../utils/whole-paradigm";
import { builtOf } from "./conj-whole.server";
import type { TenseForm, WordFormCell, WordForms } from "../utils/word-forms-shape";
import {
  nounKindsOf,
  nounTemplate,
  parseKind,
  parseNounKind,
  SAMPLE_NOUNS,
  SAMPLE_WORDS,
  templateOf,
  type NounKind,
  type SampleWord,
  type VerbKind,
} from "../core/grammar/paradigm-kinds";
import { grammarMemo } from "./grammar-memo.server";

export type ParadigmRow = {
  key: string;
  label: string;
  prefix: string | null;
  root: string | null;
  suffix: string | null;
  form: string | null;
  variants: string[];
  gloss: string | null;
  confidence: Confidence | null;
};

export type ParadigmTable = { title: string; kind: string; word: string; pos: string; gloss: string; rows: ParadigmRow[] };

/** Builds the table of one verb in one kind; separators (label "") are included only when `separators` is set. */
export function paradigmTable(verb: VerbRow, kind: VerbKind, separators = false): ParadigmTable {
  const rows: ParadigmRow[] = [];
  for (const t of templateOf(kind.cls, kind.order)) {
    if (!t.cell) {
      if (separators) rows.push({ key: "", label: "", prefix: null, root: null, suffix: null, form: null, variants: [], gloss: null, confidence: null });
      continue;
    }
    const inf = inflect(verb, t.cell, grammarMemo);
    rows.push({
      key: cellKey(t.cell),
      label: t.label,
      prefix: inf?.prefix ?? null,
      root: inf?.root ?? null,
      suffix: inf?.suffix ?? null,
      form: inf?.form ?? null,
      variants: inf?.variants ?? [],
      gloss: inf?.gloss ?? null,
      confidence: inf?.confidence ?? null,
    });
  }
  return { title: `${verb.name} - ${verb.gloss}`, kind: kind.kind, word: verb.name, pos: verb.pos, gloss: verb.gloss, rows };
}

/**
 * One paradigm of a word (lemma or lexeme id) in a verb kind such as vai-ind, or in a noun kind as /paradigms shows
 * them (na-w2-inf: the noun's class and stem shape must be the kind's); null when either is unknown or they do not fit.
 */
export async function getParadigm(db: Db, word: string, kind: string, separators = false): Promise<ParadigmTable | null> {
  const k = parseKind(kind);
  if (k) {
    const verb = await findVerb(db, k.cls, word);
    return verb ? paradigmTable(verb, k, separators) : null;
  }
  const nk = parseNounKind(kind);
  if (!nk) return null;
  const noun = await findNoun(db, word, nk.pos);
  if (!noun?.stem || !nounKindsOf(nk.pos, nounShape(noun.stem)).includes(nk.kind)) return null;
  return nounTable(noun, nk);
}

export type SampleLexeme = SampleWord & { lexeme: VerbRow };

/** The sample words of /paradigms that exist in the lexicon (first lexeme of each lemma and class), in docs/product.md order. */
export async function listSampleWords(db: Db): Promise<SampleLexeme[]> {
  const rows = await listVerbsNamed(
    db,
    SAMPLE_WORDS.map((w) => w.name),
  );
  return SAMPLE_WORDS.flatMap((w) => {
    const lexeme = rows.find((r) => r.name === w.name && r.pos === w.cls);
    return lexeme ? [{ ...w, lexeme }] : [];
  });
}

/** The persons a word page shows per order (the rest are one click away in /conj): I, you, s/he, they; it, they (0). */
const CORE_SUBJECTS = new Set(["1s", "2s", "3s", "3p", "0s", "0p"]);

/** The core cells of a verb's order: the core subjects (every subject of the imperatives), one object each (3s first). */
function coreCells(cls: VerbClass, order: Order): Cell[] {
  const out: Cell[] = [];
  for (const cell of cellsOf(cls, order)) {
    if (!CORE_SUBJECTS.has(cell.subject) && order !== "imp" && order !== "imp-pro") continue;
    const same = out.findIndex((c) => c.subject === cell.subject);
    if (same < 0) out.push(cell);
    else if (cell.object === "3s" && out[same]!.object !== "3s") out[same] = cell;
  }
  return out;
}

/**
 * A person's code and name, one object per person: the page's data encoder (turbo-stream) writes an object met
 * again as a reference, so the word page's data carries each person once, not once per cell.
 */
const PERSON_CODES = Object.fromEntries(Object.entries(PERSON_NAMES).map(([code, name]) => [code, { code, name }])) as Record<
  Person,
  { code: string; name: string }
>;

/**
 * The forms a word page shows: for a verb, the core cells of each order (plain-English labels, the codes beside them,
 * confidence) and a link to the order's full paradigm in /conj (this lexeme preselected by id); for a noun, its
 * declension. Null for other parts of speech or a word the engine cannot inflect.
 */
export function wordForms(lexeme: { id: number; name: string; pos: string; gloss: string; stem: string | null }): WordForms | null {
  const cls = verbClassOf(lexeme.pos);
  if (cls) {
    const orders = ORDERS.flatMap((order) => {
      const cells = coreCells(cls, order).flatMap((cell): WordFormCell[] => {
        const inf = inflect(lexeme, cell, grammarMemo);
        if (!inf) return [];
        const people = cell.object ? [cell.subject, cell.object] : [cell.subject];
        return [
          {
            key: cellKey(cell),
            label: people.map((p) => PERSON_NAMES[p]).join(" → "),
            codes: people.map((p) => PERSON_CODES[p]),
            form: inf.form,
            variants: inf.variants,
            gloss: inf.gloss,
            // A high form carries no mark, so its note is not shown (and not sent with the page's data).
            confidence: inf.confidence,
            confidenceNote: inf.confidence === "high" ? null : inf.confidenceNote || null,
            ...tensesOf(lexeme, cell),
          },
        ];
      });
      const href = CONJUGATOR_CLASSES.includes(cls)
        ? `/conj?${new URLSearchParams({ type: cls, verb: String(lexeme.id), order, subject: cells[0]?.codes[0]?.code ?? "", full: "1" })}`
        : null;
      return cells.length ? [{ order, name: ORDER_NAMES[order], cells, href }] : [];
    });
    return orders.length ? { kind: "verb", className: CLASS_NAMES[cls], orders } : null;
  }
  const pos = nounPosOf(lexeme.pos);
  if (!pos) return null;
  const rows = nounParadigm(lexeme, {}, grammarMemo).map((d) => ({
    key: d.key,
    label: nounCellLabel(d.cell),
    form: d.form,
    variants: d.variants,
    gloss: d.gloss,
    confidence: d.confidence,
    confidenceNote: d.confidenceNote ?? null,
  }));
  return rows.length ? { kind: "noun", className: NOUN_CLASS_NAMES[pos], rows } : null;
}

/** Orders whose word-page rows show the past and future beside the present (the imperatives have no tense). */
const TENSE_ORDERS = new Set<Order>(["ind", "ind-neg", "conj", "conj-neg"]);

/** The past (gii-) and future (wii-, then ga-) forms of a cell; nothing where the engine builds none. */
function tensesOf(lexeme: { name: string; pos: string; gloss: string; stem: string | null }, cell: Cell): { past?: TenseForm[]; future?: TenseForm[] } {
  if (!TENSE_ORDERS.has(cell.order)) return {};
  const of = (preverbs: string[]): TenseForm[] => {
    const c: Cell = { ...cell, preverbs };
    const inf = inflect(lexeme, c, grammarMemo);
    return inf
      ? [
          {
            key: cellKey(c),
            preverb: preverbs.join("-"),
            form: inf.form,
            confidence: inf.confidence,
            confidenceNote: inf.confidence === "high" ? null : inf.confidenceNote || null,
          },
        ]
      : [];
  };
  const past = of(["gii"]);
  const future = [...of(["wii"]), ...of(["ga"])];
  return { ...(past.length ? { past } : {}), ...(future.length ? { future } : {}) };
}

const KNOWN_PREVERBS = new Set(PREVERB_CHAINS.flatMap((c) => c.preverbs));

/** /conj's tense of a lone preverb (gii- past, wii- and ga- future). */
const TENSE_OF: Record<string, string> = { gii: "past", wii: "future", ga: "future-ga" };

/**
 * A verb cell key as cellKey writes it: today's ("ind 3s>3'") or with the whole verb's features after it
 * ("ind 1s pv:gii", "conj 3s prt chg pcp:3p"); null for anything else.
 */
function parseWholeVerbKey(key: string): Cell | null {
  const [order, person, ...rest] = key.trim().split(/\s+/);
  const cell = parseVerbCellKey(`${order} ${person}`);
  if (!cell) return null;
  for (const part of rest) {
    if (part === "prt" || part === "dub" || part === "dubprt") cell.mode = part;
    else if (part === "chg") cell.change = true;
    else if (part === "pcp:3p" || part === "pcp:3'" || part === "pcp:0p") cell.participle = part.slice(4) as Cell["participle"];
    else if (
      /^pv:[a-z]+(\+[a-z]+)*$/.test(part) &&
      part
        .slice(3)
        .split("+")
        .every((p) => KNOWN_PREVERBS.has(p))
    )
      cell.preverbs = part.slice(3).split("+");
    else return null;
  }
  return cellKey(cell) === key.trim() ? cell : null;
}

/** One form of a word with how it is built ("Why this form?" on its own page, /k/{id}/why?cell=…). */
export type FormWhy = {
  key: string;
  label: string;
  form: string;
  variants: string[];
  gloss: string;
  confidence: Confidence;
  confidenceNote: string | null;
  derivation: Derivation | null;
  /** A whole-verb form the rule-by-rule replay does not cover yet: its pieces in plain words (null otherwise). */
  built: Built | null;
  /** The verb's full paradigm of that order in /conj (null for nouns). */
  paradigmHref: string | null;
};

/** A word's form in a cell (a key as the word page writes it: "ind 1s", "ind 3s>3'", "pl", "1s sg im"), or null. */
export function formWhy(lexeme: { id: number; name: string; pos: string; gloss: string; stem: string | null }, key: string): FormWhy | null {
  const cls = verbClassOf(lexeme.pos);
  if (cls) {
    const cell = parseWholeVerbKey(key);
    const inf = cell ? inflect(lexeme, cell, grammarMemo) : null;
    if (!cell || !inf) return null;
    const people = cell.object ? [cell.subject, cell.object] : [cell.subject];
    const derivation = explain(lexeme, cell, grammarMemo);
    const tense = cell.preverbs?.length === 1 ? TENSE_OF[cell.preverbs[0]!] : cell.mode;
    return {
      key: cellKey(cell),
      label: isWholeVerbCell(cell) ? verbCellLabel(cell) : `${ORDER_NAMES[cell.order]}: ${people.map((p) => `${PERSON_NAMES[p]} (${p})`).join(" → ")}`,
      form: inf.form,
      variants: inf.variants,
      gloss: inf.gloss,
      confidence: inf.confidence,
      confidenceNote: inf.confidence === "high" ? null : inf.confidenceNote,
      derivation,
      built: !derivation && (cell.mode || cell.change || cell.participle || cell.preverbs) ? builtOf(lexeme, cell, inf) : null,
      paradigmHref: !CONJUGATOR_CLASSES.includes(cls)
        ? null
        : `/conj?${new URLSearchParams({ type: cls, verb: String(lexeme.id), order: cell.order, subject: cell.subject, ...(cell.object ? { object: cell.object } : {}), ...(tense ? { tense } : {}), full: "1" })}`,
    };
  }
  if (!nounPosOf(lexeme.pos)) return null;
  const cell = parseNounCellKey(key);
  const d = cell ? decline(lexeme, cell, grammarMemo) : null;
  if (!cell || !d || !d.form) return null;
  return {
    key: d.key,
    label: nounCellLabel(d.cell),
    form: d.form,
    variants: d.variants,
    gloss: d.gloss,
    confidence: d.confidence,
    confidenceNote: d.confidence === "high" ? null : (d.confidenceNote ?? null),
    derivation: explainDeclension(lexeme, cell, grammarMemo),
    built: null,
    paradigmHref: null,
  };
}

export type SampleNoun = { key: string; name: string; pos: NounPos; shape: NounShape; kinds: string[]; lexeme: VerbRow };

/** The sample nouns of /paradigms that exist in the lexicon with an underlying stem, with their class and stem shape. */
export async function listSampleNouns(db: Db, verbKeys: readonly string[] = SAMPLE_WORDS.map((w) => w.key)): Promise<SampleNoun[]> {
  const rows = await listNounsNamed(
    db,
    SAMPLE_NOUNS.map((n) => n.name),
  );
  return SAMPLE_NOUNS.flatMap((n) => {
    const lexeme = rows.find((r) => r.name === n.name && r.pos === n.pos && r.stem);
    if (!lexeme) return [];
    const shape = nounShape(lexeme.stem!);
    const key = verbKeys.includes(n.name) ? `${n.name}-${n.pos}` : n.name;
    return [{ key, name: n.name, pos: n.pos, shape, kinds: nounKindsOf(n.pos, shape), lexeme }];
  });
}

/** The table of a noun in a noun kind (rows carry the whole form: no prefix/root/suffix split for nouns). */
export function nounTable(noun: VerbRow, kind: NounKind): ParadigmTable {
  const rows: ParadigmRow[] = nounTemplate(kind).map((cell) => {
    const d = decline(noun, cell, grammarMemo);
    return {
      key: nounCellKey(cell),
      label: nounCellLabel(cell),
      prefix: null,
      root: null,
      suffix: null,
      form: d?.form ?? null,
      variants: d?.variants ?? [],
      gloss: d?.gloss ?? null,
      confidence: d?.confidence ?? null,
    };
  });
  return { title: `${noun.name} - ${noun.gloss}`, kind: kind.kind, word: noun.name, pos: noun.pos, gloss: noun.gloss, rows };
}

/**
 * The whole paradigm's blocks on /paradigms (issue 37; docs/decisions/018-grammar-whole-verb.md, 018a): beside a
 * kind's table of today's cells, one block per new category, each its own small table the page shows collapsed.
 * Verbs: preterit, dubitative, preterit-dubitative, the changed conjunct, participles, each preverb (and the VTA's
 * further persons). Nouns: preterit, vocative, each prenoun. A cell the engine does not build is left out; a block
 * with no form is not shown.
 */
import {
  cellKey,
  cellsOf,
  decline,
  inflect,
  optionalForms,
  nounCellKey,
  nounCellLabel,
  nounCellProblem,
  nounCells,
  type Cell,
  type NounCell,
} from "../core/grammar";
import { cellLabel } from "../core/grammar/cells";
import { OPTIONAL_VARIANT_NOTE } from "../core/grammar/noun-inflection";
import { PRENOUNS } from "../core/grammar/noun-prenouns";
import type { NounKind, VerbKind } from "../core/grammar/paradigm-kinds";
import type { VerbRow } from "../../db/queries/verbs";
import type { BlockRow, ParadigmBlock } from "../utils/whole-paradigm";
import { grammarMemo } from "./grammar-memo.server";

const MODE_TITLES = {
  prt: "Preterit: -ban (used to, back then)",
  dub: "Dubitative: maybe, must be",
  dubprt: "Preterit-dubitative: maybe … back then",
} as const;
const CHAIN_TITLES: Record<string, string> = {
  gii: "Past: gii-",
  wii: "Future: wii- (will, want to)",
  ga: "Future: ga- (will)",
  da: "da- (would, is to)",
  daa: "daa- (could, should)",
  "daa+gii": "daa-gii- (could have, should have)",
  bi: "bi- (come and)",
  maajii: "maajii- (start to)",
  ishkwaa: "ishkwaa- (finish, after)",
  e: "e- (as, that)",
  gaa: "gaa- (when … did)",
};
const PCP_NAMES: Record<string, string> = { "3p": "the ones who", "3'": "the one(s) who (obviative)", "0p": "the things that" };

function block(id: string, title: string, rows: BlockRow[], optional: boolean): ParadigmBlock {
  const notes = [...new Set(rows.flatMap((r) => (r.note ? [r.note] : [])))];
  return { id, title, rows, notes, optionalNote: optional && rows.some((r) => r.optionalVariants.length) ? OPTIONAL_VARIANT_NOTE : null };
}

function verbRow(verb: VerbRow, cell: Cell, label: string): BlockRow | null {
  const inf = inflect(verb, cell, grammarMemo);
  if (!inf) return null;
  const optional = optionalForms(inf);
  return {
    key: cellKey(cell),
    label,
    prefix: inf.prefix,
    root: inf.root,
    form: inf.form,
    variants: inf.variants.filter((v) => !optional.includes(v)),
    optionalVariants: optional,
    gloss: inf.gloss,
    confidence: inf.confidence,
    note: inf.confidence === "high" ? null : inf.confidenceNote,
  };
}

/** The new features of a cell as a label's tail ("· preterit", "· the ones who (3p)"). */
function featureTail(cell: Cell): string {
  const parts: string[] = [];
  if (cell.participle) parts.push(`${PCP_NAMES[cell.participle]} (${cell.participle})`);
  if (cell.mode) parts.push(MODE_TITLES[cell.mode].split(":")[0]!.toLowerCase());
  return parts.length ? ` · ${parts.join(" · ")}` : "";
}

/** The blocks of a verb kind (the imperative's: the delayed imperative; none for the prohibitive). */
export function verbBlocks(verb: VerbRow, kind: VerbKind): ParadigmBlock[] {
  // The imperative's kind also shows the delayed imperative (-kan, -keg).
  const cells = [...cellsOf(kind.cls, kind.order, { all: true }), ...(kind.order === "imp" ? cellsOf(kind.cls, "imp-delayed") : [])];
  const today = new Set(cellsOf(kind.cls, kind.order).map(cellKey));
  const groups = new Map<string, { title: string; cells: Cell[] }>();
  const add = (id: string, title: string, cell: Cell) => {
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { title, cells: [] }));
    g.cells.push(cell);
  };
  for (const cell of cells) {
    if (today.has(cellKey(cell))) continue;
    if (cell.order === "imp-delayed") add("delayed", "Delayed imperative: -kan, -keg (do it later)", cell);
    else if (cell.preverbs?.length) {
      const chain = cell.preverbs.join("+");
      add(`pv-${chain}`, `Preverb ${CHAIN_TITLES[chain] ?? `${cell.preverbs.join("-")}-`}`, cell);
    } else if (cell.participle) add("pcp", "Participles: the one(s) who …", cell);
    else if (cell.change) add("chg", "Changed conjunct (initial change), with its modes", cell);
    else if (cell.mode) add(cell.mode, MODE_TITLES[cell.mode], cell);
    else add("persons", "More persons: it or they (things) as subject, someone → 3'", cell);
  }
  // Modes, the conjunct's forms, then the preverbs (gii-, wii-, ga- first, as listed), then further persons.
  const order = ["prt", "dub", "dubprt", "chg", "pcp", "pv", "persons", "delayed"];
  const ids = [...groups.keys()].sort((a, b) => rank(a, order) - rank(b, order));
  return ids.flatMap((id) => {
    const g = groups.get(id)!;
    const rows = g.cells.flatMap((c) => verbRow(verb, c, `${cellLabel(c)}${featureTail(c)}`) ?? []);
    return rows.length ? [block(id, g.title, rows, true)] : [];
  });
}

const rank = (id: string, order: string[]) => order.indexOf(id.startsWith("pv-") ? "pv" : id);

function nounRow(noun: VerbRow, cell: NounCell): BlockRow | null {
  const d = decline(noun, cell, grammarMemo);
  if (!d || !d.form) return null;
  const optional = d.optionalVariants ?? [];
  return {
    key: nounCellKey(cell),
    label: nounCellLabel(cell),
    prefix: null,
    root: null,
    form: d.form,
    variants: d.variants.filter((v) => !optional.includes(v)),
    optionalVariants: optional,
    gloss: d.gloss,
    confidence: d.confidence,
    note: d.confidence === "high" ? null : (d.confidenceNote ?? null),
  };
}

/** The blocks of a noun kind: the preterit, the vocative plural, then each prenoun the reference checks. */
export function nounBlocks(noun: VerbRow, kind: NounKind): ParadigmBlock[] {
  const inPart = (c: NounCell) => (kind.part === "inf" ? !c.possessor : !!c.possessor);
  const plain = (c: NounCell) => !c.diminutive && !c.pejorative && !c.poss_theme;
  const whole = nounCells(kind.pos, { whole: true }).filter((c) => inPart(c) && !nounCellProblem(kind.pos, c));
  const groups: Array<{ id: string; title: string; cells: NounCell[] }> = [
    { id: "prt", title: "Preterit: -ban (the late, former)", cells: whole.filter((c) => c.mode === "prt" && !c.diminutive && !c.pejorative) },
    { id: "voc", title: "Vocative: calling to them (plural)", cells: whole.filter((c) => c.vocative && plain(c)) },
    ...[...new Set(whole.flatMap((c) => (c.prenoun ? [c.prenoun] : [])))].map((p) => ({
      id: `pn-${p}`,
      title: `Prenoun ${p}- (${PRENOUNS.get(p)?.gloss ?? p})`,
      cells: whole.filter((c) => c.prenoun === p),
    })),
  ];
  return groups.flatMap((g) => {
    const rows = g.cells.flatMap((c) => nounRow(noun, c) ?? []);
    return rows.length ? [block(g.id, g.title, rows, true)] : [];
  });
}

/**
 * The forms of the offline dictionary pack, made with the grammar engine (server only: the browser gets the keys,
 * app/core/offline-pack.ts, never the engine). Verbs: today's cells of every order (independent, conjunct,
 * imperative, each with its negative); nouns: their plain, possessed, plural, obviative and locative cells. Only the
 * forms the engine gives with high or medium confidence, each with its variants; other words go by headword alone.
 * One entry at a time, so a caller can write each form line out before making the next.
 */
import { ORDERS, VERB_CLASSES, cellKey, cellsOf, verbClassOf } from "./grammar/cells";
import { verbCellLabel } from "./cell-labels";
import { paradigm } from "./grammar/inflection";
import { NOUN_POS, nounCellKey, nounCellLabel, nounCellProblem, nounCells, nounPosOf } from "./grammar/noun-cells";
import { nounParadigm } from "./grammar/noun-inflection";
import { newGrammarMemo, type GrammarMemo } from "./grammar/memo";
import { encodeFormLine, encodeHead, formKey, type PackEntry, type PackMeta } from "./offline-pack";

export type PackSource = { id: number; name: string; pos: string; gloss: string; stem: string | null };

const CONFIDENT = new Set(["high", "medium"]);

type Template = { labels: string[]; slots: Map<string, number> };

function template(cells: Array<{ key: string; label: string }>): Template {
  return { labels: cells.map((c) => c.label), slots: new Map(cells.map((c, i) => [c.key, i])) };
}

/** The templates, one per verb class and noun class: their cells in the engine's order. */
const TEMPLATES: Record<string, Template> = Object.fromEntries([
  ...VERB_CLASSES.map((cls) => [cls, template(cellsOf(cls).map((cell) => ({ key: cellKey(cell), label: verbCellLabel(cell) })))]),
  ...NOUN_POS.map((pos) => [
    pos,
    template(
      nounCells(pos)
        .filter((cell) => !nounCellProblem(pos, cell))
        .map((cell) => ({ key: nounCellKey(cell), label: nounCellLabel(cell) })),
    ),
  ]),
]);

export function packTemplates(): PackMeta["templates"] {
  return Object.fromEntries(Object.entries(TEMPLATES).map(([name, t]) => [name, t.labels]));
}

/** The pack entry of a word: its template is its verb or noun class ("" for other words). */
export function packEntry(s: PackSource): PackEntry {
  const template = verbClassOf(s.pos) ?? nounPosOf(s.pos) ?? "";
  return { id: s.id, name: s.name, pos: s.pos, gloss: s.gloss, template };
}

/** The form keys of a word, per slot of its template (none for other words, or a word the engine cannot inflect). */
export function packSlots(s: PackSource, memo: GrammarMemo = newGrammarMemo()): string[][] {
  const slots: string[][] = [];
  const put = (t: Template, key: string, forms: string[]) => {
    const slot = t.slots.get(key);
    if (slot === undefined) return;
    while (slots.length <= slot) slots.push([]);
    for (const form of forms) {
      const k = formKey(form);
      if (k && !slots[slot]!.includes(k)) slots[slot]!.push(k);
    }
  };
  const lexeme = { id: s.id, name: s.name, pos: s.pos, gloss: s.gloss, stem: s.stem };
  try {
    const cls = verbClassOf(s.pos);
    const nounPos = cls ? null : nounPosOf(s.pos);
    if (cls) {
      for (const order of ORDERS) {
        for (const row of paradigm(lexeme, order, memo)) {
          const inf = row.inflection;
          if (inf && CONFIDENT.has(inf.confidence)) put(TEMPLATES[cls]!, cellKey(row.cell), [inf.form, ...inf.variants]);
        }
      }
    } else if (nounPos) {
      for (const d of nounParadigm(lexeme, {}, memo)) if (CONFIDENT.has(d.confidence)) put(TEMPLATES[nounPos]!, d.key, [d.form, ...d.variants]);
    }
  } catch {
    // A word the engine cannot inflect is still found by its headword.
    return [];
  }
  return slots;
}

/**
 * The whole pack's text, in pieces: the head, then one form line per word. `memo`: the engine's (memo.ts), shared by
 * every word of the pack (the services pass theirs; without one, the pack's own).
 */
export function* packText(sources: readonly PackSource[], version: string, builtAt: string, memo: GrammarMemo = newGrammarMemo()): Generator<string> {
  yield encodeHead({ version, builtAt, templates: packTemplates() }, sources.map(packEntry));
  for (const s of sources) yield encodeFormLine(packSlots(s, memo));
}

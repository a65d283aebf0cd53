/**
 * What the stored index keeps for the analysers (ADR 030): handed to a request's lexicon it takes the place of what
 * they would work out, so it must be that: a spread of the forms of every demo verb reads the same with the cells
 * stored with its keys as without them, and the analyser trusts them (a verb stored with none of a word's projection
 * does not read as that word); the stored tail projections of keyed verbs are the tail indices' own, and a memo that
 * holds only them reads every form alike.
 */
import { describe, expect, test } from "vitest";
import { cellKey, inflect } from "../../app/core/grammar";
import { analyse, buildLexicon, newAnalysisCaches, type Analysis, type Lexicon } from "../../app/core/grammar/analysis";
import type { LexemeInput } from "../../app/core/grammar/inflection";
import { cellsOf, verbClassOf } from "../../app/core/grammar/cells";
import { decodeCellHint, encodeCellHint, type CellHint } from "../../app/core/grammar/cell-hints";
import { joinedVerb, projectedVerb, projectedVerbCells } from "../../app/core/grammar/candidate-keys";
import { newGrammarMemo } from "../../app/core/grammar/memo";
import { decodeTailEndings, tailsByEnding } from "../../app/core/grammar/projection";
import { encodeTailEndings, useTailEndings, verbTails } from "../../app/core/grammar/tail-endings";
import { DEMO_LEXEMES } from "../fixtures/grammar/reference";

/** Every `step`th cell's form of each verb (from an offset by its place) reads the same in both lexicons; how many. */
function sameForms(lexemes: LexemeInput[], step: number, a: Lexicon, b: Lexicon): number {
  let checked = 0;
  lexemes.forEach((lexeme, k) => {
    const all = cellsOf(verbClassOf(lexeme.pos)!, { all: true });
    for (let i = k % step; i < all.length; i += step) {
      const form = inflect(lexeme, all[i]!)?.form;
      if (!form || form.includes(" ")) continue;
      expect(readings(analyse(form, a)), form).toEqual(readings(analyse(form, b)));
      checked++;
    }
  });
  return checked;
}

const readings = (list: Analysis[]) => list.map((a) => `${a.lexeme.name} ${cellKey(a.cell)} ${a.form}`).sort();

describe("stored cells of projected verbs", () => {
  const caches = newAnalysisCaches();
  const projected = DEMO_LEXEMES.filter((l) => verbClassOf(l.pos) && l.stem && projectedVerb(l, caches.wholeCaches));

  test("encode and decode to the same lists", () => {
    const hint: CellHint = { today: [3, 1, 20], cells: [], bases: [7] };
    expect(decodeCellHint(encodeCellHint(hint))).toEqual({ today: [1, 3, 20], cells: [], bases: [7] });
    expect(decodeCellHint(";;")).toEqual({ today: [], cells: [], bases: [] });
  });

  test("the demo lexicon has verbs stored so: short keys, and stems the join cannot split", () => {
    expect(projected.length).toBeGreaterThan(20);
    expect(projected.map((l) => l.name)).toEqual(expect.arrayContaining(["maajaa", "zhaa"]));
  });

  test("every eleventh cell's form of each reads the same with its stored cells as without", { timeout: 120_000 }, () => {
    let checked = 0;
    for (const [k, lexeme] of projected.entries()) {
      const hints = new Map([[lexeme.id!, { cells: projectedVerbCells(lexeme, caches.wholeCaches)! }]]);
      const plain = buildLexicon([lexeme], caches.wholeCaches.memo, { projected: false, caches });
      const hinted = buildLexicon([lexeme], caches.wholeCaches.memo, { projected: false, caches, hints });
      const cls = verbClassOf(lexeme.pos)!;
      cellsOf(cls, { all: true }).forEach((cell, i) => {
        if (i % 11 !== k % 11) return;
        const form = inflect(lexeme, cell)?.form;
        if (!form || form.includes(" ")) return;
        const expected = readings(analyse(form, plain));
        expect(expected.length, form).toBeGreaterThan(0);
        expect(readings(analyse(form, hinted)), form).toEqual(expected);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(400);
  });

  test("the demo's other verbs join every ending, and read the same when the analyser is told so", { timeout: 120_000 }, () => {
    const keyed = DEMO_LEXEMES.filter((l) => verbClassOf(l.pos) && l.stem && !projectedVerb(l, caches.wholeCaches));
    const joined = keyed.filter((l) => joinedVerb(l, caches.wholeCaches));
    expect(joined.length).toBeGreaterThan(keyed.length / 2);
    // Every verb in one lexicon, so that each form meets the others as candidates (whose tail indices are skipped).
    const hints = new Map(joined.map((l) => [l.id!, { joined: true }]));
    const plain = buildLexicon(keyed, caches.wholeCaches.memo, { projected: false, caches });
    const hinted = buildLexicon(keyed, caches.wholeCaches.memo, { projected: false, caches, hints });
    expect(sameForms(keyed, 9, hinted, plain)).toBeGreaterThan(1_000);
  });

  test("a verb stored with none of a word's projection does not read as it", () => {
    const lexeme = projected.find((l) => l.name === "maajaa")!;
    const hints = new Map([[lexeme.id!, { cells: new Map<string, CellHint>() }]]);
    expect(readings(analyse("ngii-maajaa", buildLexicon([lexeme], undefined, { projected: false })))).not.toEqual([]);
    expect(analyse("ngii-maajaa", buildLexicon([lexeme], undefined, { projected: false, hints }))).toEqual([]);
  });
});

describe("stored tail projections of keyed verbs", () => {
  const writer = newAnalysisCaches();
  const keyed = DEMO_LEXEMES.filter((l) => verbClassOf(l.pos) && l.stem && !projectedVerb(l, writer.wholeCaches));

  test("read back, they are the projections the tail indices work out, ending by ending", () => {
    let endings = 0;
    for (const lexeme of keyed) {
      for (const t of verbTails(lexeme, writer.wholeCaches.memo)) {
        const read = decodeTailEndings(encodeTailEndings(t.cls, t.stem, t.tailText, writer.wholeCaches));
        const fresh = tailsByEnding(t.cls, t.stem, t.tailText, newGrammarMemo());
        for (const [ending, projections] of read) expect(projections, `${t.id} ${ending}`).toEqual(fresh(ending));
        endings += read.size;
      }
    }
    expect(endings).toBeGreaterThan(10_000);
  });

  test("a lexicon whose memo holds only the stored ones reads every form as one that works them out", { timeout: 120_000 }, () => {
    const reader = newAnalysisCaches();
    const tails = keyed.flatMap((l) => verbTails(l, writer.wholeCaches.memo));
    useTailEndings(
      reader.wholeCaches.memo,
      tails.map((t) => ({ id: t.id, data: encodeTailEndings(t.cls, t.stem, t.tailText, writer.wholeCaches) })),
    );
    const hints = new Map(keyed.filter((l) => joinedVerb(l, writer.wholeCaches)).map((l) => [l.id!, { joined: true }]));
    const stored = buildLexicon(keyed, reader.wholeCaches.memo, { projected: false, caches: reader, hints });
    expect(sameForms(keyed, 13, stored, buildLexicon(keyed, undefined, { projected: false }))).toBeGreaterThan(500);
  });
});

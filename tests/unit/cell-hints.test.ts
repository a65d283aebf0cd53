/**
 * The cells stored with a projected verb's keys (ADR 030): handed to a request's lexicon they take the place of the
 * analysers' narrowing, so they must be that narrowing: a spread of the forms of every demo verb stored so reads the same with
 * its stored cells as without them, and the analyser trusts them (a verb stored with none of a word's projection
 * does not read as that word).
 */
import { describe, expect, test } from "vitest";
import { cellKey, inflect } from "../../app/core/grammar";
import { analyse, buildLexicon, newAnalysisCaches, type Analysis } from "../../app/core/grammar/analysis";
import { cellsOf, verbClassOf } from "../../app/core/grammar/cells";
import { decodeCellHint, encodeCellHint, type CellHint } from "../../app/core/grammar/cell-hints";
import { joinedVerb, projectedVerb, projectedVerbCells } from "../../app/core/grammar/candidate-keys";
import { DEMO_LEXEMES } from "../fixtures/grammar/reference";

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
    let checked = 0;
    keyed.forEach((lexeme, k) => {
      const all = cellsOf(verbClassOf(lexeme.pos)!, { all: true });
      for (let i = k % 9; i < all.length; i += 9) {
        const form = inflect(lexeme, all[i]!)?.form;
        if (!form || form.includes(" ")) continue;
        expect(readings(analyse(form, hinted)), form).toEqual(readings(analyse(form, plain)));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(1_000);
  });

  test("a verb stored with none of a word's projection does not read as it", () => {
    const lexeme = projected.find((l) => l.name === "maajaa")!;
    const hints = new Map([[lexeme.id!, { cells: new Map<string, CellHint>() }]]);
    expect(readings(analyse("ngii-maajaa", buildLexicon([lexeme], undefined, { projected: false })))).not.toEqual([]);
    expect(analyse("ngii-maajaa", buildLexicon([lexeme], undefined, { projected: false, hints }))).toEqual([]);
  });
});

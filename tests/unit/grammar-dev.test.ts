/**
 * Scores the verb engine on the development paradigms (../shared/data/otw/otw_dev_verb_paradigms.tsv: the Odawa
 * FST's forms for 320 verbs the engine was not written from; see SOURCES.md). Skips when the file is absent (CI
 * without the shared data). Every cell is compared after folding the FST's spelling (glottal h, word-initial n'g,
 * final -t); a cell counts when the engine gives exactly the FST's set of forms (primary + variants). The floors
 * are what the engine reaches, rounded down to 0.5%: they may only rise.
 */
import { describe, expect, test } from "vitest";
import { analyse, buildLexicon, cellKey, inflect } from "../../app/core/grammar";
import { needsSharedData } from "../support/shared-data";
import { DEV_FILE, FAULTY, devRows, fold, score, table } from "./grammar-dev-data";

const FLOORS: Record<string, number> = { vai: 100, vii: 100, vti: 100, vta: 100 };
const ANALYSE_FLOOR = 99;

const rows = devRows();

describe.skipIf(!rows)("development paradigms (held-out style scoring)", needsSharedData, () => {
  test("cells per class reach the floor", () => {
    const scores = score(rows!);
    console.log(`Dev paradigms (${DEV_FILE}):\n${table(scores)}`);
    if (scores.misses.length) console.log(`misses:\n${scores.misses.slice(0, 50).join("\n")}`);
    for (const [cls, floor] of Object.entries(FLOORS)) {
      const s = scores.byClass.get(cls)!;
      expect((100 * s.exact) / s.cells, cls).toBeGreaterThanOrEqual(floor);
    }
  }, 60_000);

  test("faulty source stems are flagged low with a reason", () => {
    for (const row of rows!.filter((r) => FAULTY.has(r.lexeme.name)).slice(0, 200)) {
      const inf = inflect(row.lexeme, row.cell);
      expect(inf?.confidence, `${row.lexeme.name} ${cellKey(row.cell)}`).toBe("low");
      expect(inf?.confidenceNote).toMatch(/^Low: the (VTI|VII) stem/);
    }
  });

  test("analyse finds lemma and cell of dev forms, spelled as the FST writes them (h) and as the site does (')", () => {
    const lexemes = [...new Map(rows!.map((r) => [`${r.lexeme.name} ${r.cls}`, r.lexeme])).values()];
    const lexicon = buildLexicon(lexemes);
    let tried = 0;
    let found = 0;
    const misses: string[] = [];
    // Every cell, each form spelled the FST's way (glottal h), the site's way (') and, for compounds, without hyphens.
    for (const row of rows!) {
      if (FAULTY.has(row.lexeme.name)) continue;
      for (const form of row.forms) {
        for (const spelling of new Set([form, fold(form), fold(form).replace(/-/g, "")])) {
          tried++;
          if (analyse(spelling, lexicon).some((a) => a.lexeme === row.lexeme && cellKey(a.cell) === cellKey(row.cell))) found++;
          else if (misses.length < 20) misses.push(`${spelling}: ${row.lexeme.name} ${cellKey(row.cell)}`);
        }
      }
    }
    expect(analyse("ndakweghaa", lexicon).map((a) => `${a.lexeme.name} ${cellKey(a.cell)}`)).toEqual(
      analyse("ndakweg'aa", lexicon).map((a) => `${a.lexeme.name} ${cellKey(a.cell)}`),
    );
    expect(analyse("ndakweg\u2019aa", lexicon).some((a) => a.lexeme.name === "dkweg'aa" && cellKey(a.cell) === "ind 1s>3s")).toBe(true);
    const pct = (100 * found) / tried;
    console.log(`analyse: ${found}/${tried} dev spellings (${pct.toFixed(2)}%) give the right lemma and cell${misses.length ? `\n${misses.join("\n")}` : ""}`);
    expect(pct).toBeGreaterThanOrEqual(ANALYSE_FLOOR);
  }, 60_000);
});

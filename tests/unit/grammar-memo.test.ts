/**
 * The grammar engine keeps what it reuses in a memo the caller hands in (app/core/grammar/memo.ts, ADR 025), not in
 * module state: the same forms with the service's memo, with a memo of tiny bounds (every part evicting all the
 * time) and with none; the services' memo is made of named BoundedCaches; and no engine module holds a module-level
 * map or variable other than the tables that depend only on the code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { analyse, buildLexicon, cellsOf, explain, inflect, paradigm, verbClassOf, ORDERS } from "../../app/core/grammar";
import { newGrammarMemo, type MakeMap, type MemoMap } from "../../app/core/grammar/memo";
import { nounPosOf } from "../../app/core/grammar/noun-cells";
import { decline, nounParadigm } from "../../app/core/grammar/noun-inflection";
import { BoundedCache } from "../../app/services/bounded-cache.server";
import { grammarMemo } from "../../app/services/grammar-memo.server";
import { DEMO_LEXEMES } from "../fixtures/grammar/reference";

const VERBS = DEMO_LEXEMES.filter((l) => verbClassOf(l.pos));
const NOUNS = DEMO_LEXEMES.filter((l) => nounPosOf(l.pos));
const tiny: MakeMap = <K, V>(name: string): MemoMap<K, V> => new BoundedCache<K, V>(name, { entries: 1 });

test("a verb's paradigm, cells and derivations are the same with the service's memo, a tiny one and none", () => {
  const small = newGrammarMemo(tiny);
  let cells = 0;
  for (const lexeme of VERBS) {
    for (const order of ORDERS) {
      const fresh = paradigm(lexeme, order);
      expect(paradigm(lexeme, order, grammarMemo)).toEqual(fresh);
      expect(paradigm(lexeme, order, small)).toEqual(fresh);
      cells += fresh.length;
    }
    const cls = verbClassOf(lexeme.pos)!;
    const whole = { ...cellsOf(cls)[0]!, mode: "prt" as const };
    expect(inflect(lexeme, whole, small)).toEqual(inflect(lexeme, whole));
    expect(explain(lexeme, cellsOf(cls)[1]!, small)).toEqual(explain(lexeme, cellsOf(cls)[1]!));
  }
  expect(cells).toBeGreaterThan(1000);
});

test("a noun's declension and its cells are the same with the service's memo, a tiny one and none", () => {
  const small = newGrammarMemo(tiny);
  let cells = 0;
  for (const lexeme of NOUNS) {
    const fresh = nounParadigm(lexeme);
    expect(nounParadigm(lexeme, {}, grammarMemo)).toEqual(fresh);
    expect(nounParadigm(lexeme, {}, small)).toEqual(fresh);
    for (const d of fresh.slice(0, 4)) expect(decline(lexeme, d.cell, small)).toEqual(decline(lexeme, d.cell));
    cells += fresh.length;
  }
  expect(cells).toBeGreaterThan(500);
});

test("the analyser finds the same readings with a lexicon built on a tiny memo", () => {
  const plain = buildLexicon(VERBS);
  const small = buildLexicon(VERBS, newGrammarMemo(tiny));
  const words = VERBS.slice(0, 40).flatMap((l) =>
    paradigm(l, "ind")
      .slice(0, 3)
      .flatMap((r) => (r.inflection ? [r.inflection.form] : [])),
  );
  expect(words.length).toBeGreaterThan(60);
  for (const w of words) {
    const readings = analyse(w, plain);
    expect(readings.length, w).toBeGreaterThan(0);
    expect(analyse(w, small)).toEqual(readings);
  }
});

test("the services' memo is made of BoundedCaches, each named", () => {
  const parts = Object.values(grammarMemo).filter((p): p is BoundedCache<unknown, unknown> => p instanceof BoundedCache);
  expect(parts.length).toBeGreaterThanOrEqual(10);
  for (const p of parts) expect(p.name).toMatch(/^grammar /);
});

/** Module-level tables that depend only on the code (ADR 025). */
const CONSTANTS = new Set(["BY_PAST", "OBJECT_SLOT", "ENDINGS", "PLANS", "SHAPES", "PREFIX_SHAPES", "SUFFIX_SHAPES", "GROUP_CELLS", "GROUP_OF", "CELLS"]);

test("the engine keeps no module-level map or variable but the code's tables", () => {
  const dir = "app/core/grammar";
  const found: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    for (const line of readFileSync(`${dir}/${file}`, "utf8").split("\n")) {
      const m = /^(?:export )?(?:const (\w+)(?::[^=]*)? = new (?:Map|WeakMap)\b|let (\w+))/.exec(line);
      if (m && !CONSTANTS.has(m[1] ?? m[2]!)) found.push(`${file}: ${line.slice(0, 80)}`);
    }
  }
  expect(found).toEqual([]);
});

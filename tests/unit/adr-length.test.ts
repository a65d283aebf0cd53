/**
 * Decision records stay decisions (issue 41): context, decision, consequences, at most MAX_LINES lines and MAX_WORDS
 * words each. A later change of mind is a new ADR that supersedes; measured figures go to bench/README.md, not into
 * an ADR's text. A record that outgrows the limits is split into lettered parts (015, 015a, 015b), never cut.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const MAX_LINES = 150;
const MAX_WORDS = 1_000;
const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../docs/decisions");

/** Lines as an editor shows them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.replace(/\r?\n$/, "").split(/\r?\n/).length;
}

/** Words as `wc -w` counts them: runs of characters that are not white space. */
function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

function readAdrs(): Array<{ name: string; text: string }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), "utf8") }));
}

describe("docs/decisions", () => {
  test(`every ADR has at most ${MAX_LINES} lines`, () => {
    const adrs = readAdrs();
    expect(adrs.length).toBeGreaterThan(0);
    const offenders = adrs
      .map(({ name, text }) => ({ name, lines: lineCount(text) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ name, lines }) => `docs/decisions/${name}: ${lines} lines`);
    expect(offenders, `ADRs over ${MAX_LINES} lines (split off figures to bench/README.md, or supersede)`).toEqual([]);
  });

  test(`every ADR has at most ${MAX_WORDS} words`, () => {
    const adrs = readAdrs();
    expect(adrs.length).toBeGreaterThan(0);
    const offenders = adrs
      .map(({ name, text }) => ({ name, words: wordCount(text) }))
      .filter(({ words }) => words > MAX_WORDS)
      .map(({ name, words }) => `docs/decisions/${name}: ${words} words`);
    expect(offenders, `ADRs over ${MAX_WORDS} words (split into lettered parts, or supersede)`).toEqual([]);
  });

  test("lines are counted as an editor shows them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\r\nb\r\n")).toBe(2);
  });

  test("words are counted as wc -w counts them", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount(" \n\t ")).toBe(0);
    expect(wordCount("one")).toBe(1);
    expect(wordCount("  two\twords\n")).toBe(2);
    expect(wordCount("- **Cells.** `Cell` gains `mode?`, —\r\nthree")).toBe(7);
  });
});

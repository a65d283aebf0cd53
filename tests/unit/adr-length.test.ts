/**
 * Decision records stay decisions (issue 41): context, decision, consequences, at most MAX_LINES lines each. A later
 * change of mind is a new ADR that supersedes; measured figures go to bench/README.md, not into an ADR's text.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const MAX_LINES = 150;
const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../docs/decisions");

/** Lines as an editor shows them: a final newline does not start another line. */
function lineCount(text: string): number {
  if (text === "") return 0;
  return text.replace(/\r?\n$/, "").split(/\r?\n/).length;
}

describe("docs/decisions", () => {
  test(`every ADR has at most ${MAX_LINES} lines`, () => {
    const adrs = readdirSync(dir).filter((name) => name.endsWith(".md"));
    expect(adrs.length).toBeGreaterThan(0);
    const offenders = adrs
      .map((name) => ({ name, lines: lineCount(readFileSync(path.join(dir, name), "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ name, lines }) => `docs/decisions/${name}: ${lines} lines`);
    expect(offenders, `ADRs over ${MAX_LINES} lines (split off figures to bench/README.md, or supersede)`).toEqual([]);
  });

  test("lines are counted as an editor shows them", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\n")).toBe(1);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("a\r\nb\r\n")).toBe(2);
  });
});

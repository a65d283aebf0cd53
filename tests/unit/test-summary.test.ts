/**
 * The counts `npm test` ends with (scripts/test-summary.ts): passed, failed and skipped from Vitest's and Playwright's
 * JSON reports, and the tests that need ../shared/data, which may not be skipped while it is there.
 */
import { describe, expect, test } from "vitest";
import { playwrightCounts, SHARED_DATA_TAG, sharedDataProblems, summaryLine, vitestCounts } from "../../scripts/test-summary.ts";

const result = (fullName: string, status: string, tags: string[] = []) => ({ fullName, status, tags });

describe("test summary", () => {
  test("counts passed, failed and skipped of both runners and prints them in one line", () => {
    const vitest = vitestCounts({ numPassedTests: 5, numFailedTests: 1, numRuntimeErrorTests: 1, numPendingTests: 2, numTodoTests: 1 });
    expect(vitest).toEqual({ passed: 5, failed: 2, skipped: 3 });
    const playwright = playwrightCounts({ stats: { expected: 4, flaky: 1, unexpected: 0, skipped: 2 } });
    expect(playwright).toEqual({ passed: 5, failed: 0, skipped: 2 });
    expect(summaryLine({ passed: 10, failed: 2, skipped: 5 })).toBe("10 passed, 2 failed, 5 skipped");
  });

  test("a skipped test that needs ../shared/data is a problem; a skipped test that does not is not", () => {
    const report = (status: string) => ({
      testResults: [{ assertionResults: [result("scores the dev set", status, [SHARED_DATA_TAG]), result("something else", "skipped")] }],
    });
    expect(sharedDataProblems(report("passed"))).toEqual([]);
    expect(sharedDataProblems(report("skipped"))).toEqual(["skipped: scores the dev set"]);
    expect(sharedDataProblems(report("todo"))).toEqual(["skipped: scores the dev set"]);
    // No such test at all (a renamed tag, a filtered run) is a problem too.
    expect(sharedDataProblems({ testResults: [{ assertionResults: [result("something else", "passed")] }] })).toHaveLength(1);
  });
});

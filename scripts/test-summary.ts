// What scripts/test.mjs counts from the test runners' JSON reports, and its summary line "N passed, N failed,
// N skipped". Apart from scripts/test.mjs (which runs everything when imported) so that a unit test can read it.

/** The tag of every test that reads `../shared/data` (reference files beside the repo, never committed). */
export const SHARED_DATA_TAG = "shared-data";

type Counts = { passed: number; failed: number; skipped: number };
type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numRuntimeErrorTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: Array<{ assertionResults?: Array<{ fullName: string; status: string; tags?: string[] }> }>;
};
type PlaywrightReport = { stats?: { expected?: number; flaky?: number; unexpected?: number; skipped?: number } };

const SKIPPED = new Set(["skipped", "pending", "todo", "disabled"]);

/** Passed, failed and skipped tests of a Vitest JSON report (a file that failed to load counts as failed). */
export function vitestCounts(report: VitestReport): Counts {
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Passed (flaky ones included), failed and skipped tests of a Playwright JSON report. */
export function playwrightCounts(report: PlaywrightReport): Counts {
  return {
    passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
    failed: report.stats?.unexpected ?? 0,
    skipped: report.stats?.skipped ?? 0,
  };
}

/**
 * What is wrong with the tests tagged `shared-data` in a Vitest JSON report, for when `../shared/data` is there:
 * the full name of each that was skipped, or a line saying that none ran at all. Empty when all is well.
 */
export function sharedDataProblems(report: VitestReport): string[] {
  const tagged = (report.testResults ?? []).flatMap((file) => (file.assertionResults ?? []).filter((t) => (t.tags ?? []).includes(SHARED_DATA_TAG)));
  if (tagged.length === 0) return [`no test tagged "${SHARED_DATA_TAG}" ran`];
  return tagged.filter((t) => SKIPPED.has(t.status)).map((t) => `skipped: ${t.fullName}`);
}

/** The line `npm test` and CI end with. */
export const summaryLine = ({ passed, failed, skipped }: Counts) => `${passed} passed, ${failed} failed, ${skipped} skipped`;

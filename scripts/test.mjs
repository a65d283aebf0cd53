// npm test: every tier, in order — architecture and unused-export checks, typecheck, unit + Worker integration tests (vitest,
// the latter inside workerd with real local D1/R2/Queues), build, deploy dry-run,
// then Playwright browser tests against the built site. Ends with "N passed, N failed, N skipped".
// When ../shared/data is there, a skipped test tagged "shared-data" (one that reads it) is a failure.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureDevVars, root, run } from "./lib.mjs";
import { playwrightCounts, sharedDataProblems, summaryLine, vitestCounts } from "./test-summary.ts";

const results = { passed: 0, failed: 0, skipped: 0, failures: [] };
const resultsDir = path.join(root, ".test-results");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

function step(name, fn) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const ok = fn();
  console.log(`${ok ? "✓" : "✗"} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) results.failures.push(name);
  return ok;
}

/** A check that is not a test runner counts as one test. */
function check(name, fn) {
  const ok = step(name, fn);
  if (ok) results.passed++;
  else results.failed++;
  return ok;
}

function countFrom(file, read) {
  if (!existsSync(file)) return false;
  const { passed, failed, skipped } = read(JSON.parse(readFileSync(file, "utf8")));
  results.passed += passed;
  results.failed += failed;
  results.skipped += skipped;
  return true;
}

await ensureDevVars();

// Imports point down, no cycles, no over-long files without a reason (docs/architecture.md).
check("architecture (dependency rules, file length)", () => run("node", ["scripts/check-architecture.mjs"]) === 0);

// Nothing exported that nothing uses (scripts/check-unused.mjs).
check("unused exports", () => run("node", ["scripts/check-unused.mjs"]) === 0);

// The linter: ESLint's and typescript-eslint's recommended rules (eslint.config.mjs); the formatting: Prettier's.
check("lint", () => run("eslint", ["."]) === 0);
check("formatting (Prettier)", () => run("prettier", ["--check", "--log-level", "warn", "**/*.{ts,tsx,mjs,cjs,js}"]) === 0);

check(
  "typecheck",
  () =>
    run("wrangler", ["types", "--strict-vars=false"], { capture: true }).code === 0 &&
    run("react-router", ["typegen"], { capture: true }).code === 0 &&
    run("tsc", ["-p", "tsconfig.json"]) === 0,
);

step("unit and Worker tests (vitest)", () => {
  const file = path.join(resultsDir, "vitest.json");
  const code = run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  const counted = countFrom(file, vitestCounts);
  if (!counted) results.failed++;
  return code === 0 && counted;
});

// The tests that read ../shared/data skip themselves without it; with it there, none may be skipped.
if (existsSync(path.join(root, "..", "shared", "data"))) {
  check("no test that needs ../shared/data skipped while it is there", () => {
    const file = path.join(resultsDir, "vitest.json");
    const problems = existsSync(file) ? sharedDataProblems(JSON.parse(readFileSync(file, "utf8"))) : ["no Vitest report"];
    for (const problem of problems) console.error(`  ${problem}`);
    return problems.length === 0;
  });
}

const built = check("build", () => run("react-router", ["build"]) === 0);

check("client JavaScript budget", () => built && run("node", ["scripts/js-budget.mjs"]) === 0);

check("wrangler deploy --dry-run", () => {
  if (!built) return false;
  const out = run("wrangler", ["deploy", "--dry-run", "--outdir", "dist-deploy"], { capture: true });
  const size = /Total Upload: .*/.exec(out.stdout + out.stderr);
  console.log(size ? `  Bundle: ${size[0]}` : out.stdout + out.stderr);
  return out.code === 0;
});

step("browser tests (Playwright + Chromium)", () => {
  const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(chrome)) {
    console.error(
      `No Chromium found at ${chrome}. Install one with \`sudo apt-get install -y chromium\` ` +
        "(Debian/Ubuntu) or set CHROME_PATH to a Chromium/Chrome binary. Playwright's own browser download is not used.",
    );
    results.failed++;
    return false;
  }
  if (!built) {
    results.failed++;
    return false;
  }
  const state = path.join(root, ".wrangler", "e2e");
  rmSync(state, { recursive: true, force: true });
  const migrated = run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { capture: true });
  if (
    migrated.code !== 0 ||
    run("node", ["scripts/seed.ts", "--persist-to", state]) !== 0 ||
    // A short test clip on one demo word, through the import command (tests/fixtures/audio).
    run("node", ["scripts/import.ts", "audio", "tests/fixtures/audio/e2e-audio.tsv", "--persist-to", state]) !== 0 ||
    // Extra rank rows for the editor tests: two affixes with '(' and reference verb forms (tests/fixtures/editor).
    run("node", ["scripts/import.ts", "forms", "tests/fixtures/editor/e2e-forms.tsv", "--persist-to", state]) !== 0
  ) {
    console.error(migrated.stdout, migrated.stderr);
    results.failed++;
    return false;
  }
  const file = path.join(resultsDir, "playwright.json");
  const code = run("playwright", ["test"], { env: { CHROME_PATH: chrome } });
  const counted = countFrom(file, playwrightCounts);
  if (!counted) results.failed++;
  return code === 0 && counted;
});

const summary = summaryLine(results);
writeFileSync(path.join(resultsDir, "summary.txt"), summary + "\n");
if (results.failures.length) console.log(`\nFailed: ${results.failures.join(", ")}`);
console.log(`\n${summary}`);
process.exit(results.failures.length ? 1 : 0);

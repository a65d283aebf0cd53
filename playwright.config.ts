import { defineConfig } from "@playwright/test";

/** Port for the e2e server: separate from `npm start` (8787) and with its own local state. */
export const E2E_PORT = Number(process.env.E2E_PORT || 8799);
export const E2E_STATE = ".wrangler/e2e";
/** maildev for the e2e run: SMTP port the e2e Worker sends to, and its web/API port (tests/e2e/wotd.spec.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 1026);
export const E2E_MAIL_WEB_PORT = Number(process.env.E2E_MAIL_WEB_PORT || 1081);

/**
 * Tests that fill the shared e2e database with the whole dictionary (tests/e2e/admin-import.spec.ts): they run in a
 * project of their own after every other test has finished, so the word list's counts and rankings the other tests
 * read stay those of the demo data while they run.
 */
const FILLS_THE_DATABASE = /@fills-database/;
/** Tests that read the site once the whole dictionary is in (tests/e2e/crawl.spec.ts): after the import. */
const AFTER_THE_FILL = /@after-fill/;

export default defineConfig({
  testDir: "tests/e2e",
  projects: [
    { name: "site", grepInvert: [FILLS_THE_DATABASE, AFTER_THE_FILL] },
    { name: "full-dictionary", grep: FILLS_THE_DATABASE, dependencies: ["site"] },
    { name: "full-dictionary-site", grep: AFTER_THE_FILL, dependencies: ["full-dictionary"] },
  ],
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // 60 s: tests that check several pages with axe take ~10-20 s on this 2-core box and over 30 s when it is busy.
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: ".test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      // The build and the seeded e2e database are prepared by scripts/test.mjs. The page cache is on, as the site ships.
      command: `wrangler dev --port ${E2E_PORT} --ip 127.0.0.1 --persist-to ${E2E_STATE} --var ENVIRONMENT:test --var PAGE_CACHE:on --var SITE_URL:http://127.0.0.1:${E2E_PORT} --var SMTP_PORT:${E2E_SMTP_PORT}`,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
    {
      // The mail catcher for the e2e server (own ports, so `npm start`'s maildev on 1025/1080 can keep running).
      command: `maildev --smtp ${E2E_SMTP_PORT} --web ${E2E_MAIL_WEB_PORT} --ip 127.0.0.1`,
      url: `http://127.0.0.1:${E2E_MAIL_WEB_PORT}/email`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});

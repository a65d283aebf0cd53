/**
 * The admins' import page (issue 38) in a browser: reached from /admin, a dry run of a small file reports per line and
 * writes nothing; axe clean. With ../shared/data there, an admin imports the whole dictionary, then its stems: dry
 * run, import (a queued job: its page shows the batches written until it is done), then the same file again changes
 * nothing. That test fills the shared e2e database, so it is tagged @fills-database and runs after every other test
 * (playwright.config.ts, project "full-dictionary").
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { SHARED_DATA } from "../support/shared-data";

const DICTIONARY = path.join(SHARED_DATA, "nishnaabemwin-dictionary", "nishnaabemwin-dict.tsv");
const STEMS = path.join(SHARED_DATA, "otw", "otw_lexicon_stems.tsv");

async function openImportAsAdmin(page: Page) {
  await page.goto("/biindge?from=admin");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("admin-demo-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: "Import a dictionary or stems file" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import a dictionary or stems file");
}

test("an admin dry-runs a dictionary file: the report lists what would change and every refused line", async ({ page }) => {
  await openImportAsAdmin(page);
  await expectNoAxeViolations(page);
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "small.tsv",
    mimeType: "text/tab-separated-values",
    buffer: Buffer.from("headword\tpos\tgloss\nmaajaa\tvai\tgo away, leave\nzzdryrunword\tvai\ta word only in this test\n\tvai\tno headword\n"),
  });
  await page.getByRole("button", { name: "Dry run" }).click();
  await expect(page.getByRole("status")).toHaveText("Dry run: nothing was written.");
  await expect(page.locator(".import-report")).toContainText("1 added");
  await expect(page.locator(".import-report")).toContainText("Refused lines, not imported (1):");
  await expectNoAxeViolations(page);
  const search = await (await page.request.get("/api/search?q=zzdryrunword")).json();
  expect(search.total).toBe(0);
});

test(
  "an admin imports the whole dictionary and its stems: dry run, a queued job to the last batch, the same file again changes nothing",
  { tag: ["@shared-data", "@fills-database"] },
  async ({ page }) => {
    test.skip(!existsSync(DICTIONARY), "needs ../shared/data (never committed)");
    // Reading the file, planning it and writing 32 batches through the local queue, on a shared 2-core machine.
    test.setTimeout(240_000);
    await openImportAsAdmin(page);
    const file = page.getByLabel("File", { exact: true });
    await file.setInputFiles(DICTIONARY);
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("status")).toHaveText("Dry run: nothing was written.", { timeout: 30_000 });
    await expect(page.locator(".import-report")).toContainText("15,735 lines read → 15,521 entries");
    await expect(page.locator(".import-report")).toContainText("Refused lines, not imported (9):");

    await file.setInputFiles(DICTIONARY);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/import\/jobs\/\d+$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import of nishnaabemwin-dict.tsv (dictionary)");
    await expectNoAxeViolations(page);
    // The page reloads its data while the job runs (no reload of the page): bounded by the test's own timeout.
    await expect(page.getByRole("status")).toHaveText("Done: the whole file is imported.", { timeout: 180_000 });
    await expect(page.locator(".import-progress-text")).toHaveText("32 of 32 batches");
    await expect(page.getByRole("button", { name: "Resume" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    const search = await (await page.request.get("/api/search?q=mdwewedaabii")).json();
    expect(search.total).toBeGreaterThan(0);

    await page.getByRole("link", { name: "← Import" }).click();
    await expect(page.getByRole("link", { name: "nishnaabemwin-dict.tsv (dictionary)" }).first()).toBeVisible();
    await page.getByLabel("File", { exact: true }).setInputFiles(DICTIONARY);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Nothing to change: the database already holds this file.", { timeout: 30_000 });
    await expect(page.locator(".import-report")).toContainText("Lexicon: 0 added, 0 changed, 15521 unchanged.");
    await expect(page).toHaveURL(/\/admin\/import$/);

    // Its stems, the same way (they attach to the dictionary's entries, so after it).
    await page.getByLabel("Kind of file").selectOption("stems");
    await page.getByLabel("File", { exact: true }).setInputFiles(STEMS);
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("status")).toHaveText("Dry run: nothing was written.", { timeout: 30_000 });
    await expect(page.locator(".import-report")).toContainText("otw_lexicon_stems.tsv: 15,056 lines read.");
    await expect(page.locator(".import-report")).toContainText("Stems to set (");
    await page.getByLabel("File", { exact: true }).setInputFiles(STEMS);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import of otw_lexicon_stems.tsv (stems)", { timeout: 30_000 });
    await expect(page.getByRole("status")).toHaveText("Done: the whole file is imported.", { timeout: 180_000 });
    await page.getByRole("link", { name: "← Import" }).click();
    await page.getByLabel("Kind of file").selectOption("stems");
    await page.getByLabel("File", { exact: true }).setInputFiles(STEMS);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Nothing to change: the database already holds this file.", { timeout: 30_000 });
    await expect(page.locator(".import-report")).toContainText("Stems: 0 set");
  },
);

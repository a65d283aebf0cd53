/**
 * The admins' import page (issue 38) in a browser: reached from /admin, a dry run of a small file reports per line and
 * writes nothing (the e2e database is shared, so nothing is imported here); axe clean.
 */
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

test("an admin dry-runs a dictionary file: the report lists what would change and every refused line", async ({ page }) => {
  await page.goto("/biindge?from=admin");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("admin-demo-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("link", { name: "Import a dictionary file" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import a dictionary file");
  await expectNoAxeViolations(page);
  await page.getByLabel("Dictionary file").setInputFiles({
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

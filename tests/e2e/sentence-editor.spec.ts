/**
 * The editor's sentence view (issue 38) in a browser, with and without JavaScript: a translation fixed in the editor
 * is on the public word page at once; the view passes axe. Uses a demo sentence no other test reads (Gwekshin.).
 */
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

// Both cases edit the same sentence: one after the other.
test.describe.configure({ mode: "serial" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("an editor fixes a sentence's translation; the word page shows it at once", async ({ page, browser }) => {
      await page.goto("/biindge?from=DEV_editor/sentences");
      await page.getByLabel("Username").fill("editor");
      await page.getByLabel("Password").fill("editor-demo-2026");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/DEV_editor\/sentences$/);
      await page.getByPlaceholder("Enter Odawa or English phrase...").fill("Gwekshin");
      await page.getByRole("main").getByRole("button", { name: "Search" }).click();
      await page.getByRole("link", { name: "Edit sentence 1" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Edit sentence \d+$/);
      // axe runs in the page: only with JavaScript.
      if (javaScriptEnabled) await expectNoAxeViolations(page);

      const fixed = `S/he turns over (lying down), ${javaScriptEnabled ? "checked" : "checked without JavaScript"}.`;
      await page.getByLabel("English translation").fill(fixed);
      await page.getByRole("button", { name: "Save text" }).click();
      await expect(page.getByRole("status")).toHaveText("Saved.");
      await expect(page.locator(".edit-history")).toContainText(fixed);
      const wordLink = page.getByRole("link", { name: "gwekshin" });
      const href = await wordLink.getAttribute("href");

      // As anyone sees it (the page cache is on).
      const visitor = await browser.newContext({ javaScriptEnabled });
      const anyone = await visitor.newPage();
      await anyone.goto(href!);
      await expect(anyone.getByText(fixed)).toBeVisible();
      await visitor.close();
    });
  });
}

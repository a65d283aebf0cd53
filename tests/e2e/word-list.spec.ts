/**
 * The word list and reports in a browser ("The site around the learner"), on a phone (390 × 740) and a desktop
 * (1280 × 800): /k paging and the A–Z bar with JavaScript off, English phrase search, and a report sent from a
 * word page and resolved in the editor's queue by the demo editor. The e2e database holds the demo seed.
 */
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { width: 390, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("/k pages with Previous/Next links and filters by letter and part of speech", async ({ page }) => {
        await page.goto("/k");
        const count = page.locator(".word-count");
        await expect(count).toContainText(/^\d+ words, page 1 of \d+/);
        await expect(page.getByRole("search", { name: "Word search" })).toBeVisible();
        await expect(page.getByRole("search", { name: "Search words" })).toBeHidden();
        await expectNoHorizontalScroll(page);

        await page.getByRole("link", { name: "Next page" }).click();
        await expect(page).toHaveURL(/\/k\?page=2$/);
        await expect(count).toContainText("page 2 of");
        await page.getByRole("link", { name: "Previous page" }).click();
        await expect(page).toHaveURL(/\/k$/);

        await page.getByRole("navigation", { name: "Words by first letter" }).getByRole("link", { name: /^M:/ }).click();
        await expect(page).toHaveURL(/\/k\?letter=m$/);
        await expect(count).toContainText("words starting with M");
        await expect(page.getByRole("list", { name: "Top words" }).getByRole("link", { name: "maajaa", exact: true })).toBeVisible();

        await page.getByLabel("Part of speech").selectOption("verb");
        await page.getByRole("button", { name: "Search" }).click();
        await expect(page).toHaveURL(/\/k\?q=&pos=verb&letter=m$/);
        await expect(count).toContainText("verbs starting with M");
        await expectNoHorizontalScroll(page);
      });

      test("an English phrase finds the form, with the cell named", async ({ page }) => {
        await page.goto("/k");
        await page.getByLabel("Search Odawa or English").fill("they don't leave");
        await page.getByRole("button", { name: "Search" }).click();
        const hit = page.locator(".form-explanation").first();
        await expect(hit).toContainText("maajaasiiwag → maajaa, they do not leave");
        await expect(hit).toContainText("(Independent Negative: they)");
      });
    });

    // axe runs inside the page, so these checks run with JavaScript on.
    test("the word list, its search results and a word page are axe clean", async ({ page }) => {
      test.setTimeout(90_000);
      for (const path of ["/k", "/k?letter=m&pos=verb&page=1", `/k?q=${encodeURIComponent("I see you")}`, "/k?q=qqqq"]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page);
      }
      await page.goto("/k?q=waabmaa");
      await page.getByRole("link", { name: "waabmaa", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("waabmaa");
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
    });

    test("a report sent from a word page shows in the editor's queue and is resolved there", async ({ page }) => {
      test.setTimeout(90_000);
      const message = `The gloss is wrong (e2e ${viewport.width} ${Date.now()})`;
      await page.goto("/k?q=zhaa");
      await page.getByRole("link", { name: "zhaa", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("zhaa");
      await page.getByRole("link", { name: /Report a problem with zhaa/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
      await expectNoAxeViolations(page);
      await page.getByLabel("What is wrong?").fill(message);
      await page.getByLabel(/Your email/).fill("learner@example.org");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(page.getByRole("status")).toHaveText("Thank you! An editor will look at it.");

      await page.goto("/biindge?from=DEV_editor/reports");
      await page.getByLabel("Username").fill("editor");
      await page.getByLabel("Password").fill("editor-demo-2026");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/DEV_editor\/reports$/);
      const item = page.locator("li", { hasText: message });
      await expect(item).toBeVisible();
      await expect(item.getByRole("link", { name: "Edit in the editor" })).toHaveAttribute("href", "/DEV_editor/words?q=zhaa");
      await expectNoAxeViolations(page);

      await item.getByLabel("Note").fill("Gloss corrected.");
      await item.getByRole("button", { name: "Resolve" }).click();
      await expect(page.getByText("Resolved.", { exact: true })).toBeVisible();
      await expect(page.locator("li", { hasText: message })).toHaveCount(0);
      await page.getByRole("link", { name: "Resolved", exact: true }).click();
      await expect(page.locator("li", { hasText: message })).toContainText("Gloss corrected.");
    });
  });
}

/**
 * A returning visitor: each public page opened, then reloaded (the browser revalidates what it kept and the server
 * may answer 304), must still be styled and hydrated; without JavaScript, still styled. Back and forward across
 * three pages, and a second visit in a new tab, bring the same styled pages. The e2e server runs with the page
 * cache on, as the site ships.
 */
import { expect, test, type Page } from "./fixtures";

const PUBLIC_PAGES = ["/", "/k", "/k/13", "/aambe", "/d", "/d/DEMO1", "/conj", "/paradigms", "/wotd", "/miinad"];

/** The site's stylesheet is in force (app/app.css lays the body out as a column with no margin), not the browser's defaults. */
async function expectStyled(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  const body = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { margin: style.margin, display: style.display };
  });
  expect(body).toEqual({ margin: "0px", display: "flex" });
}

test.describe("with JavaScript", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} reloaded is still styled and hydrated`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.goto(path);
      await expectStyled(page);
      for (let i = 0; i < 2; i++) {
        const response = await page.reload();
        expect([200, 304]).toContain(response?.status());
        await page.locator("html[data-hydrated]").waitFor();
        await expectStyled(page);
      }
      expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    });
  }

  test("back and forward across three pages keep each page styled and working", async ({ page }) => {
    await page.goto("/k");
    await page.goto("/aambe");
    await page.goto("/d");
    await page.goBack();
    await expect(page).toHaveURL(/\/aambe$/);
    await expectStyled(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/k$/);
    await expectStyled(page);
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/\/d$/);
    await expectStyled(page);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor();
    await expectStyled(page);
  });

  test("a second visit in a new tab of the same browser is styled and hydrated", async ({ page, context }) => {
    await page.goto("/k/13");
    const second = await context.newPage();
    await second.goto("/k/13");
    await second.locator("html[data-hydrated]").waitFor();
    await expectStyled(second);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of PUBLIC_PAGES) {
    test(`${path} reloaded is still styled`, async ({ page }) => {
      await page.goto(path);
      await expectStyled(page);
      await page.reload();
      await expectStyled(page);
    });
  }
});

/**
 * Issue 9 §1–2: keyboard-only runs of the lesson player, the conjugator and the editor's edit
 * panel, and the search form with JavaScript off (the other public forms are covered with
 * JavaScript off in their own specs: accounts, conj, paradigms, wotd).
 */
import { expect, test, type Locator, type Page } from "./fixtures";

/** Presses Tab until `target` has focus (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Could not reach the element with Tab");
}

test("lesson player by keyboard only: start, step through every item, finish into practice", async ({ page }) => {
  await page.goto("/aambe/learn/1");
  await page.locator("html[data-hydrated]").waitFor();
  for (let i = 0; i < 20 && !/\/aambe\/practice/.test(page.url()); i++) {
    const next = page
      .getByRole("main")
      .getByRole("link", { name: /^(Start|Next|Finish)/ })
      .first();
    await tabTo(page, next);
    const before = page.url();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.href !== before);
  }
  await expect(page).toHaveURL(/\/aambe\/practice/);
});

test("conjugator by keyboard only: changing the verb type resets verb and subject", async ({ page }) => {
  await page.goto("/conj");
  await page.locator("html[data-hydrated]").waitFor();
  const type = page.getByLabel("Verb type");
  await tabTo(page, type);
  await page.keyboard.press("ArrowDown"); // vai → vii
  await expect(type).toHaveValue("vii");
  await expect(page.getByLabel("Subject")).toHaveValue("0s");
  await expect(page.getByLabel("Verb", { exact: true })).toHaveValue(/naagshi/);
});

test("editor edit panel by keyboard only: open a row with Enter, leave it with Escape", async ({ page }) => {
  await page.goto("/biindge?from=DEV_editor");
  await page.getByLabel("Username").fill("editor");
  await page.getByLabel("Password").fill("editor-demo-2026");
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/DEV_editor$/);
  await page.locator("html[data-hydrated]").waitFor();
  const rowLink = page.getByRole("main").getByRole("table").getByRole("row").nth(1).getByRole("link").first();
  await tabTo(page, rowLink, 120);
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: /Edit/ });
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("search from the navbar completes and finds an inflected form's lemma", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("search", { name: "Search words" }).getByRole("searchbox");
    await box.fill("nmaajaa");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/k\?q=nmaajaa$/);
    await expect(page.getByText(/nmaajaa → maajaa, /)).toBeVisible();
  });
});

import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

// The offline dictionary (ADR 027a): kept from the word list, searched with no connection, removed again.
const PHONE = { width: 360, height: 740 };

test.describe("on a phone (360 px)", () => {
  test.use({ viewport: PHONE });

  test("keeps the dictionary, finds inflected forms with no connection, again after a reload, and removes it", async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto("/k");
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor();
    const panel = page.getByRole("region", { name: "Offline dictionary" });
    await panel.getByRole("button", { name: "Keep the dictionary on this device" }).click();
    await expect(panel.getByRole("status")).toHaveText("The dictionary is kept on this device.", { timeout: 90_000 });
    await expect(panel).toContainText(/Kept on this device: updated .+, \d+ KB\./);
    await expectNoAxeViolations(page);

    await context.setOffline(true);
    const box = page.getByLabel("Search Odawa or English");
    await box.fill("nwaabmaa");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByRole("region", { name: /results? for “/ });
    await expect(results).toContainText("nwaabmaa → waabmaa (Independent: I → s/he)");
    await expect(results.getByRole("listitem").first()).toContainText("see smb.; good-bye");
    await expect(page).toHaveURL(/\/k\?q=nwaabmaa$/);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A second visit with no connection: the kept word list, which searches the kept copy (here, the address's query).
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor();
    await expect(results).toContainText("nwaabmaa → waabmaa");
    await box.fill("Gwaabmin.");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(results).toContainText("Gwaabmin. → waabmaa (Independent: I → you (sg))");
    await box.fill("jiimaanan");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(results.getByRole("listitem").first()).toContainText("jiimaan");
    await expect(results.getByRole("listitem").first()).toContainText("canoe, boat");
    // The part-of-speech filter applies too.
    await page.getByLabel("Part of speech").selectOption("verb");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(results.getByRole("heading")).toHaveText("0 results for “jiimaanan”");
    await expect(page).toHaveURL(/\/k\?q=jiimaanan&pos=verb$/);

    // Removing it frees the space it said it took (the browser's own usage figure is updated lazily, so not read).
    const size = /, (\d+ KB)\./.exec((await panel.textContent()) ?? "")![1];
    await panel.getByRole("button", { name: "Remove" }).click();
    await expect(panel.getByRole("status")).toHaveText(`Removed: ${size} freed.`);
    expect(await page.evaluate(() => caches.has("dictionary-1"))).toBe(false);
    expect(await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("dictionary")))).toEqual([]);
    await expect(panel.getByRole("button", { name: "Keep the dictionary on this device" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the word list does not offer to keep the dictionary", async ({ page }) => {
    await page.goto("/k");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Kidwinan");
    await expect(page.getByRole("button", { name: "Keep the dictionary on this device" })).toHaveCount(0);
  });
});

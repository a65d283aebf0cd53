/**
 * Paint first, then hydrate (app/components/paint-first-scripts.tsx, ADR 015a, paint first), in Chromium at 390 px: no
 * script is requested before the page's first contentful paint, and the page still hydrates (html[data-hydrated])
 * with no error in the console and with its JavaScript behaviour (the phone menu opens as a disclosure, not as the
 * /menu page it is without JavaScript). The HTML shape is tests/integration/paint-first.test.ts.
 */
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 740 } });

for (const path of ["/", "/k/1", "/d/DEMO1", "/conj", "/aambe/learn/1"]) {
  test(`${path}: scripts are fetched after the first paint, then the page hydrates`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(path); // returns once html[data-hydrated] is set (fixtures.ts)
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((r) => /\.m?js(\?|$)/.test(r.name))
        .map((r) => r.startTime),
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint!);
    // Hydrated: the Menu button is a disclosure button now (without JavaScript it is a link to /menu).
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

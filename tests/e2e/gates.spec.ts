/**
 * Quality gates over every route of docs/product.md §2 (issue 9): no axe violations (WCAG 2.2 A/AA) and no
 * horizontal scrolling at 360 px. Route-specific states (dialogs, errors) are checked in each
 * area's own spec.
 */
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

const ROUTES = [
  "/",
  "/index.html",
  "/contact",
  "/biindge",
  "/forgot",
  "/restore",
  "/restore?code=nope",
  "/wiijiiwe",
  "/aambe",
  "/aambe/verbs",
  "/aambe/verbs/vai",
  "/aambe/verbs/vai/learn",
  "/aambe/verbs/vai/practice",
  "/aambe/learn/1",
  "/aambe/learn/2",
  "/aambe/practice",
  "/wiij",
  "/k",
  "/k/1",
  "/k/999999",
  "/d",
  "/d/DEMO1",
  "/d/DEMO2",
  "/conj",
  "/paradigms",
  "/signup-wotd",
  "/unsubscribe",
  "/unsubscribe?t=nope",
  "/confirm-email",
  "/confirm-email?t=nope",
  "/miinad",
  "/about",
  "/menu",
  "/DEV_editor",
  "/admin",
  "/no-such-page",
  "/k?letter=m",
  "/k?q=nwaabmaa",
  "/k?q=qqqq",
  "/report?kind=word&page=%2Fk%2F1&subject=maajaa",
  "/DEV_editor/reports",
];

for (const path of ROUTES) {
  test(`${path}: no axe violations and no horizontal scroll at 360 px`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const response = await page.goto(path);
    expect(response?.status(), "no server error").toBeLessThan(500);
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
  });
}

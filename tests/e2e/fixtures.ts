/**
 * Playwright's `test` for this site: with JavaScript on, `page.goto` of an HTML page returns once the page has
 * hydrated (html[data-hydrated]), not at its `load` event. Pages hydrate after their first paint
 * (app/components/paint-first-scripts.tsx), which can come after `load`: a test that used the page's JavaScript right
 * after `goto` would otherwise race it. A test that does not need the page hydrated (before hydration, or offline
 * where the page's scripts may not be cached) passes `waitUntil` (`"load"` is Playwright's own default).
 */
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const html = response?.headers()["content-type"]?.includes("text/html");
        if (html && options?.waitUntil === undefined) await page.locator("html[data-hydrated]").waitFor();
        return response;
      };
    }
    await use(page);
  },
});

/**
 * The browser tests' `test` and `expect`. Pages load their JavaScript after the first paint
 * (app/services/late-scripts.server.ts), so with JavaScript on, `page.goto` and `page.reload` also wait until
 * React has hydrated the page (`html[data-hydrated]`), for every page of the run, including pages of contexts a
 * test opens itself. With JavaScript off (or a document that is not one of the site's pages) there is no `data-js`
 * mark and nothing to wait for; nor when the page could not fetch its modules (offline: `data-js="failed"`).
 */
import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/** Waits until the page has hydrated, when its JavaScript runs at all. */
export async function hydrated(page: Page) {
  await page.locator('html:not([data-js="on"]), html[data-hydrated]').waitFor({ state: "attached", timeout: 15_000 });
}

const PATCHED = Symbol.for("e2e.waitsForHydration");

function waitAfter(proto: Record<string | symbol, unknown>, name: "goto" | "reload") {
  const original = proto[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
  proto[name] = async function (this: Page, ...args: unknown[]) {
    const response = await original.apply(this, args);
    await hydrated(this);
    return response;
  };
}

export const test = base.extend<object, { waitsForHydration: void }>({
  // Once per worker: every Page of this worker (the Page class is shared) waits for hydration after goto/reload.
  waitsForHydration: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const proto = Object.getPrototypeOf(await context.newPage()) as Record<string | symbol, unknown>;
      await context.close();
      if (!proto[PATCHED]) {
        waitAfter(proto, "goto");
        waitAfter(proto, "reload");
        proto[PATCHED] = true;
      }
      await use();
    },
    { scope: "worker", auto: true },
  ],
});

import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

// The e2e database holds the demo seed, plus tests/fixtures/audio/silence.mp3 attached to maajaa (vai)
// through the import command (scripts/test.mjs).

test("/k → a word → play its recording → back to the list", async ({ page }) => {
  await page.goto("/k");
  await expect(page.getByText("These are the top words in Nishnaabemwin, according to our collected texts.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The list is paged (50 a page): maajaa is under M of the A–Z bar.
  await page.getByRole("navigation", { name: "Words by first letter" }).getByRole("link", { name: /^M:/ }).click();
  await page.getByRole("list", { name: "Top words" }).getByRole("link", { name: "maajaa", exact: true }).click();
  await expect(page).toHaveURL(/\/k\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("maajaa");
  await expect(page.getByText("go away, leave")).toBeVisible();

  const play = page.getByRole("button", { name: /Play recording of maajaa/ });
  await expect(play).toBeVisible();
  await expectNoAxeViolations(page);
  await play.click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const audio = document.querySelector("audio");
        return Boolean(audio && (audio.currentTime > 0 || audio.ended));
      }),
    )
    .toBe(true);
  await expect(page.getByText("Sorry, there is no audio at this URL.")).toHaveCount(0);

  await page.getByRole("link", { name: /Back to the word list/ }).click();
  await expect(page).toHaveURL(/\/k$/);
});

test("a word without a recording has no audio button", async ({ page }) => {
  await page.goto("/k?q=zhaa");
  await page.getByRole("link", { name: "zhaa", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("zhaa");
  await expect(page.getByRole("button", { name: /Play/ })).toHaveCount(0);
});

test("a word's forms: kept as the server wrote them through hydration, brought by a navigation, and by back and forward", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  const forms = page.locator("section.word-forms");
  const formsText = () => forms.evaluate((section) => section.textContent);

  await page.goto("/k?q=maajaa");
  const href = (await page.getByRole("link", { name: "maajaa", exact: true }).first().getAttribute("href"))!;
  // The page as the server wrote it, before any script ran.
  const written = await page.request.get(href).then((r) => r.text());
  await page.goto(href); // returns once hydrated
  expect(await formsText()).toBe(
    await page.evaluate((html) => new DOMParser().parseFromString(html, "text/html").querySelector("section.word-forms")!.textContent, written),
  );
  await expect(forms.getByRole("link", { name: "nmaajaa", exact: true })).toBeVisible();

  // A client-side navigation: the data carries the forms' HTML.
  await page.goto("/k?q=jiimaan");
  await page.getByRole("link", { name: "jiimaan", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("jiimaan");
  await expect(forms.getByRole("link", { name: "jiimaanan", exact: true }).first()).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("maajaa");
  await expect(forms.getByRole("link", { name: "nmaajaa", exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  // The list's document is loaded again and the next step is within it: taken at once, before it hydrates. The page
  // reloads for the address it is at instead of hydrating the list's HTML there: no hydration error.
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("jiimaan");
  await expect(forms.getByRole("link", { name: "jiimaanan", exact: true }).first()).toBeVisible();
  await expect(forms.getByRole("link", { name: "nmaajaa", exact: true })).toHaveCount(0);
  await page.locator("html[data-hydrated]").waitFor();
  expect(errors).toEqual([]);
});

test("a story → tap a word → its gloss, by mouse and by keyboard", async ({ page }) => {
  await page.goto("/d");
  await expect(page.getByText("Not ready to view")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Leaving", exact: true }).click();
  await expect(page.getByText("S/he leaves.")).toBeVisible();

  const word = page.getByRole("button", { name: "Maajaa", exact: true });
  await word.click();
  await expect(word).toHaveAttribute("aria-expanded", "true");
  const popover = page.getByRole("group", { name: "About Maajaa" });
  await expect(popover).toContainText("go away, leave");
  await expect(popover.getByRole("link", { name: "maajaa", exact: true })).toHaveAttribute("href", /\/k\/\d+$/);
  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(word).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "About Maajaa" })).toBeVisible();

  // An inflected word resolves to its lemma through the grammar engine's analyser.
  await page.getByRole("button", { name: "Nmaajaa", exact: true }).click();
  const inflected = page.getByRole("group", { name: "About Nmaajaa" });
  await expect(inflected).toContainText(/nmaajaa → maajaa, .+\(Independent: I\)/);
  await expect(inflected).toContainText("go away, leave");
  await expect(page.getByRole("group", { name: "About Maajaa" })).toHaveCount(0);
});

test("search by an inflected form finds its lemma and explains the form", async ({ page }) => {
  await page.goto("/k");
  const box = page.getByRole("search", { name: "Word search" }).getByRole("searchbox");
  await box.fill("Nmaajaa");
  await box.press("Enter");
  await expect(page.getByText(/nmaajaa → maajaa, /)).toBeVisible();
  await expect(page.getByRole("link", { name: "maajaa", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Play recording of maajaa/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("tap a past form in a story: the preverb form resolves to its lemma", async ({ page }) => {
  await page.goto("/d/DEMO1");
  await expect(page.getByText("I left.")).toBeVisible();
  await page.getByRole("button", { name: "Ngii-maajaa", exact: true }).click();
  const popover = page.getByRole("group", { name: "About Ngii-maajaa" });
  await expect(popover).toContainText(/ngii-maajaa → maajaa, I went away .*with gii-/);
  await expect(popover.getByRole("link", { name: "maajaa", exact: true })).toHaveAttribute("href", /\/k\/\d+$/);
  await expectNoAxeViolations(page);
});

test("search by an inflected past form, and an English past phrase: every reading shown", async ({ page }) => {
  await page.goto("/k?q=ngii-maajaa");
  await expect(page.getByText(/ngii-maajaa → maajaa, I went away/)).toBeVisible();

  await page.goto("/k");
  const box = page.getByRole("search", { name: "Word search" }).getByRole("searchbox");
  await box.fill("I saw you");
  await box.press("Enter");
  await expect(page.getByText(/ggii-waabmin → waabmaa, I saw you \(sg\) \(past, gii-\)/)).toBeVisible();
  await expect(page.getByText(/ggii-waabminnim → waabmaa, I saw you \(pl\) \(past, gii-\)/)).toBeVisible();
  await expect(page.getByText(/→ waabmaa, I saw you \(sg\) \(preterit\)/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/k?q=they+juggle");
  await expect(page.getByText("Not in the dictionary, in Odawa or in English: “juggle”.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the word list" })).toHaveAttribute("href", "/k");
});

test("search from the navbar: English and Odawa, case and apostrophes do not matter", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("search", { name: "Search words" }).getByRole("searchbox");
  await box.fill("LEAVE");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/k\?q=LEAVE$/);
  await expect(page.getByRole("link", { name: "maajaa", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/k?q=N%E2%80%99KAAT");
  await expect(page.getByRole("link", { name: "n'kaat", exact: true })).toBeVisible();
});

test("word and story pages fit a 360 px wide screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/k", "/d/DEMO1", "/k?q=leave"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Why this form? from the word page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("tap a verb form and a noun form: the form's page says how it is built", async ({ page }) => {
      await page.goto("/k?q=maajaa");
      await page.getByRole("link", { name: "maajaa", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("maajaa");
      await page.getByRole("link", { name: "nmaajaa", exact: true }).click();
      await expect(page).toHaveURL(/\/k\/\d+\/why\?cell=ind%201s$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why nmaajaa?");
      await expect(page.getByText("I go away")).toBeVisible();
      await expect(page.getByRole("heading", { name: "How it is built" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "Short vowels in weak positions" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "person prefix ni- (I, we)" })).toBeVisible();
      // axe and the width check run scripts in the page: with JavaScript on only.
      if (javaScriptEnabled) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
      }
      await page.getByRole("link", { name: "← Back to maajaa" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("maajaa");

      await page.goto("/k?q=jiimaan");
      await page.getByRole("link", { name: "jiimaan", exact: true }).first().click();
      await page.getByRole("link", { name: "jiimaanan", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why jiimaanan?");
      await expect(page.getByText("canoes", { exact: false }).first()).toBeVisible();
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  });
}

test("a verb's page shows the past and future beside today's forms, each with how it is built (360 px)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/k?q=maajaa");
  await page.getByRole("link", { name: "maajaa", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("maajaa");
  const forms = page.locator("section.word-forms");
  const independent = forms.getByRole("table", { name: /^Independent \(ind\)/ });
  const mine = independent.getByRole("row").filter({ has: page.getByRole("link", { name: "nmaajaa", exact: true }) });
  await expect(mine.getByRole("link", { name: "ngii-maajaa", exact: true })).toBeVisible();
  await expect(mine.getByRole("link", { name: "nwii-maajaa", exact: true })).toBeVisible();
  await expect(mine.getByRole("link", { name: "nga-maajaa", exact: true })).toBeVisible();
  await expect(mine.locator("[data-tense=past]")).toContainText("past: ngii-maajaa");
  await expectNoAxeViolations(page, "section.word-forms");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await mine.getByRole("link", { name: "ngii-maajaa", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Why ngii-maajaa?");
  await expect(page.locator("main")).toContainText("gii- (past)");
  await expect(page.getByRole("link", { name: "All the forms of this order in the conjugator" })).toHaveAttribute("href", /tense=past/);
});

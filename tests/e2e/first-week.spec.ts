/**
 * A learner's first week (issue 39): a visitor joins from the navigation in two steps at most, a new learner's
 * practice page sends them to lesson 1, and after lesson 1 the home page offers lesson 2 with the cards due. The new
 * and changed pages are checked with axe and for sideways scrolling at 360 px.
 */
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { answerRight, COURSE, joinAsNewLearner, lessonAnswers } from "./learners";

const PHONE = { width: 360, height: 740 };

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()}: horizontal overflow in px`).toBeLessThanOrEqual(0);
}

/** Answers every question of the round right. */
async function playRoundRight(page: Page, lessonIndex: number) {
  const right = lessonAnswers(lessonIndex);
  await page.getByRole("link", { name: "Start", exact: true }).click();
  for (let guard = 0; guard < 30; guard++) {
    const question = page.locator(".practice-question");
    const done = page.getByRole("heading", { name: "Round complete" });
    await expect(question.or(done)).toBeVisible();
    if (await done.isVisible()) return;
    // Typed as the table shows it: the parts joined by hyphens are accepted too.
    await answerRight(page, right);
    if (guard < 2) {
      // A question with its feedback, both kinds: axe clean and no sideways scroll at 360 px.
      await expect(page.locator(".practice-question")).toContainText(/Question \d+ of \d+/);
      await expectNoAxeViolations(page);
      await noSidewaysScroll(page);
    }
    const here = page.url();
    await page.getByRole("link", { name: /Continue|See results/ }).click();
    await expect(page).not.toHaveURL(here);
  }
  throw new Error("the round did not end");
}

test.describe("on a phone (360 px)", () => {
  test.use({ viewport: PHONE });

  test("a visitor joins from the navigation in two steps: Menu, then Join", async ({ page }) => {
    await page.goto("/k");
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of [/Practice/, /Paradigms/, /Biindge/]) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expectNoAxeViolations(page);
    await nav.getByRole("link", { name: /Join/ }).click();
    await expect(page).toHaveURL(/\/wiijiiwe$/);
    await expect(page.getByRole("button", { name: "Join" })).toBeVisible();
    await noSidewaysScroll(page);
  });

  test("a new learner's practice page links to lesson 1; the About page and the footer licence", async ({ page }) => {
    await joinAsNewLearner(page, "fw");
    await page.goto("/aambe/practice");
    await expect(page.getByTestId("item-count")).toHaveText("0");
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
    await page.getByTestId("practice-empty").getByRole("link", { name: "Start with lesson 1" }).click();
    await expect(page).toHaveURL(new RegExp(`/aambe/learn/${COURSE[0].id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE[0].title);

    await page.getByRole("contentinfo").getByRole("link", { name: "About and credits" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About and credits");
    await expect(page.getByRole("contentinfo")).toContainText("CC BY-NC-SA 4.0");
    await expect(page.getByRole("contentinfo")).not.toContainText("All rights reserved");
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
  });
});

test.describe("changed lesson pages at 360 px", () => {
  test.use({ viewport: PHONE });
  // Lessons changed here, and the past (16), the negative past (17), questions (20) and the VTA past (23).
  for (const id of [5, 9, 14, 16, 17, 20, 23]) {
    test(`/aambe/learn/${id}: axe clean, no sideways scroll, examples or the request for them`, async ({ page }) => {
      await page.goto(`/aambe/learn/${id}`);
      await expect(page.getByRole("heading", { name: "Examples" })).toBeVisible();
      if (id === 9) await expect(page.getByTestId("no-examples")).toContainText("the editors are asked for some");
      await expectNoAxeViolations(page);
      await noSidewaysScroll(page);
    });
  }
});

test("after lesson 1 the home page offers lesson 2 and shows the cards due; log-out says so", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await joinAsNewLearner(page, "fw");
  // Just joined: the home page offers the first lesson.
  await expect(page.getByTestId("next-lesson")).toContainText("Start the course: lesson 1");
  await expect(page.getByTestId("home-due")).toHaveText("No cards due");
  await expectNoAxeViolations(page);
  await noSidewaysScroll(page);

  await page.getByTestId("next-lesson").click();
  await expect(page).toHaveURL(new RegExp(`/aambe/learn/${COURSE[0].id}$`));
  await noSidewaysScroll(page);
  await page.getByRole("link", { name: "Practise this lesson" }).click();
  await playRoundRight(page, 0);

  await page.goto("/");
  await expect(page.getByTestId("next-lesson")).toContainText("Continue the course: lesson 2");
  await expect(page.getByTestId("next-lesson")).toContainText(COURSE[1].title);
  // Lesson 1's cards were all answered: what is due now are reviews (new cards come from "Practise this word").
  await expect(page.getByTestId("home-due")).toHaveText(/^(No cards due|\d+ reviews? due)$/);
  // Every item of lesson 1 is a card now.
  await expect(page.getByTestId("next-steps")).toContainText(new RegExp(`\\b${lessonAnswers(0).size} cards`));
  await expectNoAxeViolations(page);
  await noSidewaysScroll(page);

  await page.goto("/niin");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByTestId("farewell")).toContainText("You are logged out");
  await expectNoAxeViolations(page);
});

test.describe("log-in returns to where you were", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const javaScriptEnabled of [true, false]) {
    test(`from /k/13 the header's log-in link brings the learner back to /k/13 (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto("/k/13", javaScriptEnabled ? undefined : { waitUntil: "load" });
      await page
        .getByRole("banner")
        .getByRole("link", { name: /Biindge/ })
        .click();
      await expect(page).toHaveURL(/\/biindge\?from=k%2F13$/);
      await page.getByLabel("Username").fill("learner");
      await page.getByLabel("Password").fill("learner-demo-2026");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/k\/13$/);
      await expect(page.getByRole("banner").getByRole("link", { name: "learner" })).toBeVisible();
      await context.close();
    });
  }
});

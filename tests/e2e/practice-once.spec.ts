/**
 * One review per answer (issue 47), as a learner meets it: a wrong answer, then a reload, shows the question answered
 * with its feedback; Back to an answered question shows it answered, and answering it again (from a page left open
 * before, as a browser's back cache shows it) changes nothing; Forward goes on; the missed item comes back in the
 * round. The account's review count on /niin is exactly the number of answers given. With JavaScript and without.
 * Also the new cards a day, set on /niin.
 */
import { expect, test, type Page } from "./fixtures";
import { COURSE, joinAsNewLearner, lessonAnswers } from "./learners";

const LESSON = 0;
const RIGHT = lessonAnswers(LESSON);

/** Answers the question on the page, right or wrong, and waits for the feedback (by default: right or wrong); its card key. */
async function answer(page: Page, right: boolean, feedback = right ? "Right!" : "Not quite") {
  const question = page.locator(".practice-question");
  await expect(question).toBeVisible();
  const key = (await question.getAttribute("data-card"))!;
  const item = RIGHT.get(key)!;
  if ((await question.getAttribute("data-kind")) === "type") {
    await page.getByLabel("Your answer").fill(right ? item.odawa : `${item.odawa}x`);
    await page.getByRole("button", { name: "Check" }).click();
  } else {
    const choices = page.getByRole("list", { name: "Choices" });
    if (right) await choices.getByRole("button", { name: item.english, exact: true }).click();
    else await choices.getByRole("button").filter({ hasNotText: item.english }).first().click();
  }
  await expect(page.getByRole("status").filter({ hasText: feedback })).toBeVisible();
  return key;
}

/** The question on the page is shown answered: its feedback, the note, and no way to answer again. */
async function expectAnswered(page: Page, feedback: string) {
  await expect(page.getByRole("status").filter({ hasText: feedback })).toBeVisible();
  await expect(page.getByTestId("answered-before")).toBeVisible();
  const question = page.locator(".practice-question");
  if ((await question.getAttribute("data-kind")) === "type") await expect(page.getByRole("button", { name: "Check" })).toBeDisabled();
  else for (const option of await page.getByRole("list", { name: "Choices" }).getByRole("button").all()) await expect(option).toBeDisabled();
  await expect(page.getByRole("link", { name: /Continue|See results/ })).toBeVisible();
}

async function reviewsOnNiin(page: Page) {
  await page.goto("/niin");
  const facts = page.locator(".progress-facts");
  return Number(
    await facts
      .locator("div")
      .filter({ has: page.getByText("Reviews", { exact: true }) })
      .locator("dd")
      .textContent(),
  );
}

for (const javaScriptEnabled of [true, false]) {
  test(`a wrong answer, reload, Back and answer again, Forward: one review per answer, and the missed item comes back (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const nojs = javaScriptEnabled ? undefined : ({ waitUntil: "load" } as const);
    await joinAsNewLearner(page, "once");
    await page.goto(`/aambe/practice?lesson=${COURSE[LESSON].id}`, nojs);
    await page.getByRole("link", { name: "Start", exact: true }).click();
    await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
    const firstUrl = page.url();

    // A copy of the first question left open (what Back shows from the browser's cache).
    const stale = await context.newPage();
    await stale.goto(firstUrl, nojs);
    await expect(stale.locator(".practice-question")).toBeVisible();

    // Question 1: wrong. A reload shows it answered, with its feedback.
    const missed = await answer(page, false);
    await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
    if (javaScriptEnabled) await page.reload();
    else await page.goto(firstUrl, nojs);
    await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
    await expectAnswered(page, "Not quite");
    expect(await page.locator(".practice-question").getAttribute("data-card")).toBe(missed);

    // Answered again from the copy left open, this time right: the first answer stands.
    await answer(stale, true, "Not quite");
    await expect(stale.getByRole("status")).not.toContainText("Right!");
    await stale.close();

    // Question 2: right. Back to question 1 shows it answered; Forward shows question 2 answered.
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page.getByText(/^Question 2 of \d+$/)).toBeVisible();
    const secondUrl = page.url();
    await answer(page, true);
    // Back, as far as question 1 (without JavaScript the history also holds question 2 before its answer): every
    // step back shows an answered question answered.
    for (let back = 0; back < 3 && page.url() !== firstUrl; back++) {
      await page.goBack();
      await expect(page.getByTestId("answered-before")).toBeVisible();
    }
    await expect(page).toHaveURL(firstUrl);
    await expectAnswered(page, "Not quite");
    for (let forward = 0; forward < 3 && page.url() !== secondUrl; forward++) await page.goForward();
    await expect(page).toHaveURL(secondUrl);
    await expectAnswered(page, "Right!");

    // The rest of the round, all right: the missed item comes back, last, as a second try.
    let answers = 2;
    let last = "";
    for (let guard = 0; guard < 30; guard++) {
      const here = page.url();
      await page.getByRole("link", { name: /Continue|See results/ }).click();
      await expect(page).not.toHaveURL(here);
      const done = page.getByRole("heading", { name: "Round complete" });
      await expect(page.locator(".practice-question").or(done)).toBeVisible();
      if (await done.isVisible()) break;
      last = await answer(page, true);
      answers++;
    }
    expect(last).toBe(missed);
    expect(answers).toBe(RIGHT.size + 1);
    await expect(page.getByRole("heading", { name: "Round complete" })).toBeVisible();
    expect(await reviewsOnNiin(page)).toBe(answers);
    await context.close();
  });
}

test("the new cards a day are set on /niin and hold a lesson's round to them", async ({ page }) => {
  await joinAsNewLearner(page, "limit");
  await page.goto("/niin");
  const field = page.getByLabel("New cards a day");
  await expect(field).toHaveValue("20");
  await field.fill("4");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved: up to 4 new cards a day.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("New cards a day")).toHaveValue("4");

  await page.goto(`/aambe/practice?lesson=${COURSE[LESSON].id}`);
  await expect(page.getByTestId("due-count")).toHaveText("4");
  await expect(page.getByTestId("new-cards-waiting")).toContainText(`${RIGHT.size - 4} new items wait for another day: you take up to 4 new cards a day.`);
  await page.getByRole("link", { name: "Start", exact: true }).click();
  await expect(page.getByText("Question 1 of 4")).toBeVisible();
  await page.goto(`/aambe/practice?lesson=${COURSE[LESSON].id}`);
  await page.getByTestId("new-cards-waiting").getByRole("link", { name: "Change how many" }).click();
  await expect(page).toHaveURL(/\/niin#new-cards$/);
});

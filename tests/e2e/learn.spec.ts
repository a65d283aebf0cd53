import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { inflect } from "../../app/core/grammar";
import { VAI_SUBJECTS } from "../../app/components/learn/subjects";
import { expectNoAxeViolations } from "./axe";

// Lesson 1 as seeded (db/seed/data/lessons.tsv). In the e2e database maajaa (lesson 1, item 1)
// has a test recording attached by scripts/test.mjs.
const LESSON_1 = readFileSync(path.join(import.meta.dirname, "../../db/seed/data/lessons.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t"))
  .filter(([lesson]) => lesson === "1")
  .map(([, position, type, value, pos, trans]) => ({ position: Number(position), type, value, pos, trans }));

/** Answers every question of a round; the first typed answer is wrong on purpose. Returns how many were right. */
async function playRound(page: Page) {
  let wrongTyped = false;
  let right = 0;
  await page.getByRole("button", { name: "Start" }).click();
  for (;;) {
    const question = page.locator(".practice-question");
    if (!(await question.isVisible())) break;
    const key = await question.getAttribute("data-card");
    const kind = await question.getAttribute("data-kind");
    const item = LESSON_1.find((i) => key === `lesson:1:${i.position}`)!;
    if (kind === "type") {
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(`How do you say “${item.trans}” in Nishnaabemwin?`);
      if (!wrongTyped) {
        wrongTyped = true;
        await page.getByLabel("Your answer").fill("zzz");
        await page.getByRole("button", { name: "Check" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Not quite" })).toContainText(`The right answer: ${item.value}`);
      } else {
        // Tolerance: case and spacing do not matter.
        await page.getByLabel("Your answer").fill(` ${item.value.toUpperCase()} `);
        await page.getByLabel("Your answer").press("Enter");
        await expect(page.getByRole("status").filter({ hasText: "Right!" })).toContainText(item.value);
        right++;
      }
    } else {
      if (kind === "choose") await expect(question.locator(".practice-prompt")).toHaveText(item.value);
      await page.getByRole("list", { name: "Choices" }).getByRole("button", { name: item.trans, exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Right!" })).toBeVisible();
      right++;
    }
    await page.getByRole("button", { name: /Continue|See results/ }).click();
  }
  await expect(page.getByRole("heading", { name: "Round complete" })).toBeVisible();
  expect(wrongTyped).toBe(true);
  return right;
}

function storedCards(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("srsCards") ?? "{}") as Record<string, { due: number; updatedAt: number }>);
}

test("the lesson player: audio after 250 ms, English after 500 ms, progress, then practice with the lesson stored", async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    const plays: string[] = [];
    (window as unknown as { __plays: string[] }).__plays = plays;
    HTMLMediaElement.prototype.play = function () {
      plays.push(this.currentSrc || this.getAttribute("src") || "");
      return Promise.resolve();
    };
  });
  const plays = () => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays.length);

  await page.goto("/aambe/learn/1");
  await expect(page.getByText(`${LESSON_1.length} items`)).toBeVisible();
  // From here on, time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole("link", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/aambe\/learn\/1\?step=1$/);

  const first = LESSON_1[0];
  await expect(page.locator(".lesson-value")).toHaveText(first.value);
  await expect(page.getByRole("button", { name: `Play ${first.value}` })).toBeVisible();
  await expect(page.getByTestId("lesson-percent")).toHaveText(`${Math.round(100 / LESSON_1.length)}%`);
  await expect(page.getByRole("progressbar")).toHaveAttribute("value", String(Math.round(100 / LESSON_1.length)));
  await expect(page.getByTestId("lesson-trans")).toBeHidden();
  await page.clock.runFor(249);
  expect(await plays()).toBe(0);
  await page.clock.runFor(1);
  await expect.poll(plays).toBe(1);
  await page.clock.runFor(249);
  await expect(page.getByTestId("lesson-trans")).toBeHidden();
  await page.clock.runFor(1);
  await expect(page.getByTestId("lesson-trans")).toHaveText(first.trans);
  await expect(page.getByTestId("lesson-trans")).toBeVisible();

  // Items without a recording have no audio button, and nothing tries to play.
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.locator(".lesson-value")).toHaveText(LESSON_1[1].value);
  await expect(page.getByRole("button", { name: /Play/ })).toHaveCount(0);
  await expect(page.getByTestId("lesson-percent")).toHaveText(`${Math.round(200 / LESSON_1.length)}%`);
  await page.clock.runFor(500);
  await expect(page.getByTestId("lesson-trans")).toHaveText(LESSON_1[1].trans);
  expect(await plays()).toBe(1);

  for (let step = 3; step <= LESSON_1.length; step++) {
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("lesson-percent")).toHaveText(`${Math.round((step * 100) / LESSON_1.length)}%`);
  }
  await expect(page.getByTestId("lesson-percent")).toHaveText("100%");
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  // axe waits on timers: let time flow again.
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Finish" }).click();
  await expect(page).toHaveURL(/\/aambe\/practice$/);
  const stored = await page.evaluate(() => ({
    number: localStorage.getItem("lessonNumber"),
    data: JSON.parse(localStorage.getItem("lessonData") ?? "[]") as Array<{ value: string; trans: string }>,
  }));
  expect(stored.number).toBe("1");
  expect(stored.data.map((i) => [i.value, i.trans])).toEqual(LESSON_1.map((i) => [i.value, i.trans]));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Practice: lesson 1");
  await expect(page.getByRole("heading", { name: "Practice", exact: true })).toBeVisible();
});

test("redirects and the empty lesson", async ({ page }) => {
  await page.goto("/aambe/learn");
  await expect(page).toHaveURL(/\/aambe$/);
  await page.goto("/aambe/learn/404");
  await expect(page).toHaveURL(/\/aambe$/);
  await expect(page.getByRole("link", { name: "Verbs lesson" })).toBeVisible();
  await page.goto("/aambe/learn/2");
  await expect(page.getByText("No lesson data found")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a full practice round from the stored lesson, with a wrong and a right typed answer", async ({ page }) => {
  await page.goto("/aambe/learn/1?step=" + LESSON_1.length);
  await page.getByRole("link", { name: "Finish" }).click();
  await expect(page).toHaveURL(/\/aambe\/practice$/);
  await expect(page.getByText("Your schedule is saved on this device.")).toBeVisible();
  await expect(page.getByTestId("due-count")).toHaveText(String(LESSON_1.length));
  await expectNoAxeViolations(page);
  const right = await playRound(page);
  await expect(page.getByText(`You got ${right} of ${LESSON_1.length} right.`)).toBeVisible();
  expect(right).toBe(LESSON_1.length - 1);
  await expectNoAxeViolations(page);

  const cards = await storedCards(page);
  expect(Object.keys(cards).sort()).toEqual(LESSON_1.map((i) => `lesson:1:${i.position}`).sort());
  const now = await page.evaluate(() => Date.now());
  for (const card of Object.values(cards)) expect(card.due).toBeGreaterThan(now);
  // Everything was just reviewed: nothing is due now.
  await page.getByRole("button", { name: "Practise again" }).click();
  await page.reload();
  await expect(page.getByTestId("due-count")).toHaveText("0");
});

test("a signed-in learner's schedule is saved and read back in a second browser", async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto("/biindge");
  await page.getByLabel("Username").fill("learner");
  await page.getByLabel("Password").fill("learner-demo-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/aambe/practice?lesson=1");
  await expect(page.getByText("Your schedule is saved to your account.")).toBeVisible();
  await playRound(page);
  await expect(page.getByText("Your schedule is saved to your account.")).toBeVisible();
  const saved = await storedCards(page);
  expect(Object.keys(saved)).toHaveLength(LESSON_1.length);

  // A second browser with the same session but empty local storage.
  const { cookies } = await first.storageState();
  const second = await browser.newContext({ storageState: { cookies, origins: [] } });
  const other = await second.newPage();
  await other.goto("/aambe/practice?lesson=1");
  await expect(other.getByText("Your schedule is saved to your account.")).toBeVisible();
  const readBack = await storedCards(other);
  expect(Object.fromEntries(Object.entries(readBack).map(([k, c]) => [k, c.due]))).toEqual(
    Object.fromEntries(Object.entries(saved).map(([k, c]) => [k, c.due])),
  );
  await expect(other.getByTestId("due-count")).toHaveText("0");
  await first.close();
  await second.close();
});

test("/aambe/verbs: counts, labels and one Start", async ({ page }) => {
  await page.goto("/aambe");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Verbs lesson" }).click();
  await expect(page).toHaveURL(/\/aambe\/verbs$/);
  await expect(page.getByText("Coming soon!")).toHaveCount(3);
  await expect(page.getByText("9 basic / 42 total")).toBeVisible();
  await expect(page.getByText("39 basic / 176 total")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Start VAI" }).click();
  await expect(page).toHaveURL(/\/aambe\/verbs\/vai$/);
});

test("/aambe/verbs/vai: the table is the engine's output and the popovers work by keyboard", async ({ page }) => {
  await page.goto("/aambe/verbs/vai");
  const verb = { name: "maajaa", pos: "vai", stem: "maajaa", gloss: "go away, leave" };
  const rows = page.locator(".inflection-table tbody tr");
  await expect(rows).toHaveCount(9);
  for (const [i, subject] of VAI_SUBJECTS.entries()) {
    const expected = inflect(verb, { order: "ind", subject: subject.code });
    await expect(rows.nth(i).locator("th")).toHaveText(subject.label);
    if (expected) await expect(rows.nth(i).locator(".form-cell")).toContainText(expected.form);
    else await expect(rows.nth(i)).toContainText("form not available yet");
  }
  await expectNoAxeViolations(page);

  const term = page.getByRole("button", { name: /Obviative: what does it mean/ });
  await term.focus();
  await page.keyboard.press("Enter");
  const popover = page.getByRole("dialog", { name: "Obviative" });
  await expect(popover).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();

  await page.getByRole("button", { name: /Inclusive “we”: what does it mean/ }).click();
  const inclusive = page.getByRole("dialog", { name: "Inclusive “we”" });
  await expect(inclusive).toBeVisible();
  await inclusive.getByRole("button", { name: "Close" }).click();
  await expect(inclusive).toBeHidden();

  await page.getByRole("link", { name: "Learn step by step" }).click();
  await expect(page).toHaveURL(/\/aambe\/verbs\/vai\/learn$/);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/aambe/verbs/vai/practice steps through nine forms and says 'Finished!'", async ({ page }) => {
    await page.goto("/aambe/verbs/vai/practice");
    for (let n = 1; n <= 9; n++) {
      await expect(page.getByText(`Form ${n} of 9`)).toBeVisible();
      await page.getByRole("button", { name: "Progress" }).click();
    }
    await expect(page.getByRole("alert")).toHaveText("Finished!");
    await expect(page).toHaveURL(/step=9/);
  });

  test("the lesson player's Next and Finish are plain links", async ({ page }) => {
    await page.goto("/aambe/learn/1");
    await page.getByRole("link", { name: "Start" }).click();
    await expect(page.getByText(LESSON_1[0].trans)).toBeVisible();
    await page.goto(`/aambe/learn/1?step=${LESSON_1.length}`);
    await page.getByRole("link", { name: "Finish" }).click();
    await expect(page).toHaveURL(/\/aambe\/practice\?lesson=1$/);
  });
});

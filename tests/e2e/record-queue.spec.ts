/**
 * The recording queue (issue 38) on a phone-sized screen, with Chromium's fake microphone: learners' views order
 * the queue, an editor records three words one after another from the keyboard and the buttons, each word page
 * then plays its clip and credits the speaker, and the learner's "Ask for a recording" is answered.
 * Uses three words no other test touches (the numbers six, seven and eight).
 */
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { FAKE_MICROPHONE } from "./fake-microphone";

test.use({ ...FAKE_MICROPHONE, viewport: { width: 390, height: 844 } });

const WORDS = ["ngodwaaswi", "niizhwaaswi", "nshwaaswi"];
const SPEAKER = "Test Speaker";

async function wordId(page: Page, name: string) {
  const found = (await (await page.request.get(`/api/search?q=${name}`)).json()) as { data: Array<{ id: number; name: string }> };
  return found.data.find((w) => w.name === name)!.id;
}

test("an editor records a queue of three words; the word pages play and credit them; the ask is answered", async ({ page, browser }) => {
  // 165 page views, three recordings checked and stored, and the pages that play them: about half a minute alone,
  // twice that beside the other browser tests on a 2-core machine. A retry cannot help: the first try's recordings stay.
  test.setTimeout(150_000);
  const ids = await Promise.all(WORDS.map((w) => wordId(page, w)));

  // A learner (not signed in: views count for anyone) looks at the three words (most at the first), and asks for a recording of the second.
  const learnerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const learner = await learnerContext.newPage();
  for (const [i, id] of ids.entries()) {
    await learner.goto(`/k/${id}`);
    // Page views well above any other test's, so these three lead the queue, in this order.
    for (let n = 0; n < 60 - i * 5; n++) await learner.request.get(`/k/${id}`);
  }
  await learner.goto(`/k/${ids[1]}`);
  await learner.getByRole("link", { name: "Ask for a recording" }).click();
  await learner.getByRole("button", { name: "Send" }).click();
  await expect(learner.getByText("Thank you! An editor will look at it.")).toBeVisible();
  await learnerContext.close();

  await page.goto("/biindge?from=DEV_editor");
  await page.getByLabel("Username").fill("editor");
  await page.getByLabel("Password").fill("editor-demo-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/DEV_editor$/);

  // Counts shows the views, most viewed first.
  await page.goto("/DEV_editor/counts?sort=views");
  const rows = page.getByRole("row");
  await expect(rows.nth(1)).toContainText(WORDS[0]);
  await expect(rows.nth(1).getByRole("cell").nth(3)).not.toHaveText("0");
  await expectNoAxeViolations(page);

  // The queue: chosen with a plain form, the most viewed words without audio first.
  await page.goto("/DEV_editor/record");
  await page.getByLabel("Queue", { exact: true }).selectOption("viewed");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { level: 2, name: WORDS[0] })).toBeVisible();
  await expectNoAxeViolations(page);

  // First word from the keyboard: R records, R stops, L listens, S saves and moves on.
  await page.getByLabel("Speaker").fill(SPEAKER);
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("r");
  await expect(page.getByRole("button", { name: "STOP" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await page.keyboard.press("r");
  await expect(page.getByLabel("Listen to the recording")).toBeVisible();
  await page.keyboard.press("l");
  await page.keyboard.press("s");
  await expect(page.getByText(`${WORDS[0]}: Saved.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: WORDS[1] })).toBeVisible();

  // Second word with the buttons, redoing the first take; the speaker is remembered.
  await expect(page.getByLabel("Speaker")).toHaveValue(SPEAKER);
  await page.getByRole("button", { name: "RECORD" }).click();
  await expect(page.getByRole("button", { name: "STOP" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await page.getByRole("button", { name: "STOP" }).click();
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(page.getByRole("button", { name: "STOP" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await page.getByRole("button", { name: "STOP" }).click();
  await page.getByRole("button", { name: "Save and next" }).click();
  await expect(page.getByText(new RegExp(`^${WORDS[1]}: Saved\\. \\d+ requests? for it answered\\.$`))).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: WORDS[2] })).toBeVisible();

  // A skip moves on (a plain link) and Start again comes back; then the third word.
  await page.getByRole("link", { name: "Skip", exact: true }).click();
  await expect(page).toHaveURL(/at=1/);
  await expect(page.getByRole("heading", { level: 2, name: WORDS[2] })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 2, name: WORDS[2] })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("r");
  await expect(page.getByRole("button", { name: "STOP" })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await page.keyboard.press("r");
  await expect(page.getByLabel("Listen to the recording")).toBeVisible();
  await page.keyboard.press("s");
  await expect(page.getByText(`${WORDS[2]}: Saved.`)).toBeVisible();
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each word page (as anyone sees it) plays its clip and credits the speaker.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const anyone = await visitor.newPage();
  for (const [i, id] of ids.entries()) {
    await anyone.goto(`/k/${id}`);
    await expect(anyone.getByText(`Recorded by ${SPEAKER}`)).toBeVisible();
    await expect(anyone.getByRole("link", { name: "Ask for a recording" })).toHaveCount(0);
    const src = await anyone.locator(".word-audio audio source").getAttribute("src");
    expect(src).toMatch(new RegExp(`^/audio/word${id}_\\w+\\.ogg$`));
    const clip = await anyone.request.get(src!);
    expect(clip.status(), WORDS[i]).toBe(200);
    await anyone.getByRole("button", { name: /Play/ }).click();
    await expect(anyone.getByRole("button", { name: /Pause/ })).toBeVisible();
  }
  await visitor.close();

  // The learner's ask is closed, with the note.
  await page.goto("/DEV_editor/reports?status=resolved");
  const report = page.getByRole("listitem").filter({ hasText: WORDS[1] }).first();
  await expect(report).toContainText(`Recorded by ${SPEAKER}.`);
});

import { expect, test } from "./fixtures";
import { joinAsNewLearner } from "./learners";

/** "Practise this word" on /conj practises the cell the learner is looking at, its tense included. */
test("with the past selected on /conj, 'Practise this word' asks past forms", async ({ page }) => {
  await joinAsNewLearner(page, "pw");
  await page.goto("/conj?type=vai&verb=maajaa&order=ind&subject=1s");
  await page.getByLabel("Tense or mode", { exact: true }).selectOption("past");
  const shown = page.getByTestId("conj-result").locator("[data-form]");
  await expect(shown).toHaveAttribute("data-form", "ngii-maajaa");

  await page.getByRole("button", { name: "Practise this word" }).click();
  await expect(page).toHaveURL(/\/aambe\/practice\?/);
  const question = page.locator(".practice-question");
  await expect(question).toHaveAttribute("data-card", "verb:maajaa:ind:1s:pv=gii");
  // The first question shows the form and asks what it means: the past form on screen, not the present "nmaajaa".
  await expect(page.locator(".practice-prompt")).toHaveText("ngii-maajaa");
  await expect(page.getByText(/^Question 1 of \d+/)).toBeVisible();
});

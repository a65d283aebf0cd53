import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { FAKE_MICROPHONE } from "./fake-microphone";

test.use(FAKE_MICROPHONE);

test("an editor creates a story with two sentences, records the first, publishes it, and a learner reads it with tap-a-word and its audio", async ({
  browser,
}) => {
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await editor.goto("/biindge?from=DEV_editor/stories");
  await editor.getByLabel("Username").fill("editor");
  await editor.getByLabel("Password").fill("editor-demo-2026");
  await editor.getByRole("button", { name: "Log in" }).click();
  await expect(editor).toHaveURL(/\/DEV_editor\/stories$/);

  const title = `A story ${Math.random().toString(36).slice(2, 8)}`;
  await editor.getByLabel("Title of a new story").fill(title);
  await editor.getByRole("button", { name: "Create story" }).click();
  await expect(editor).toHaveURL(/\/DEV_editor\/stories\/ED[0-9A-Z]{6}$/);
  const id = editor.url().split("/").at(-1)!;
  await expect(editor.getByLabel("Status")).toHaveValue("draft");

  // Two sentences (demo reference forms), and a typo the word check must catch.
  await editor.getByLabel("Sentences").fill("Nmaajaa. | I leave.\nMaajaaqq. | S/he leaves.");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(editor.getByTestId("unknown-count")).toHaveText(/^1 word is not in the dictionary/);
  await expect(editor.locator("mark.unknown-word")).toHaveText("Maajaaqq");
  await expectNoAxeViolations(editor);

  // Still a draft: not readable.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(`/d/${id}`);
  await expect(learner.getByText("This story is not ready to view!")).toBeVisible();

  // A recording of sentence 1 with the fake microphone (the recorder needs JavaScript).
  await expect(editor.getByText("(no recording)")).toHaveCount(2);
  await editor.getByRole("link", { name: "Record sentence 1" }).click();
  await expect(editor).toHaveURL(/\?record=1$/);
  // Clicked once the page has hydrated (clicking again while the microphone starts would stop the recording), and
  // the microphone may take seconds to start on a busy machine.
  await editor.locator("html[data-hydrated]").waitFor();
  await editor.getByRole("button", { name: "RECORD" }).click();
  await expect(editor.getByRole("button", { name: "STOP" })).toBeVisible({ timeout: 10_000 });
  await expect(editor.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await editor.getByRole("button", { name: "STOP" }).click();
  await editor.getByRole("button", { name: "Upload 1 clip" }).click();
  await editor.getByRole("alertdialog").getByRole("button", { name: "Confirm upload" }).click();
  await expect(editor.getByText("Audio recording successfully uploaded!")).toBeVisible();
  await expect(editor.getByText("(recorded)")).toHaveCount(1);
  await expect(editor.getByRole("list").filter({ hasText: "add_audio by editor" })).toBeVisible();

  // Review before publish: its author cannot publish it, but sends it for review; an admin publishes it.
  await editor.getByLabel("Sentences").fill("Nmaajaa. | I leave.\nMaajaa. | S/he leaves.");
  await editor.getByLabel("Status").selectOption("published");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Send it for review: another editor or an admin publishes it.");
  await editor.getByLabel("Status").selectOption("review");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(editor.getByTestId("unknown-count")).toHaveText(/^Every word is in the dictionary/);
  await expect(editor.getByRole("list").filter({ hasText: "send_for_review by editor" })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto(`/biindge?from=DEV_editor/stories/${id}`);
  await admin.getByLabel("Username").fill("admin");
  await admin.getByLabel("Password").fill("admin-demo-2026");
  await admin.getByRole("button", { name: "Log in" }).click();
  await expect(admin).toHaveURL(new RegExp(`/DEV_editor/stories/${id}$`));
  await expect(admin.getByLabel("Status")).toHaveValue("review");
  await admin.getByLabel("Status").selectOption("published");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(admin.getByRole("list").filter({ hasText: "publish by admin" })).toBeVisible();
  await expectNoAxeViolations(admin);
  await adminContext.close();

  await learner.goto("/d");
  await learner.getByRole("link", { name: title }).click();
  await expect(learner).toHaveURL(new RegExp(`/d/${id}$`));
  await expect(learner.getByText("S/he leaves.")).toBeVisible();
  // Sentence 1 kept its recording through the publishing save (same words); sentence 2 has none and no button.
  await expect(learner.getByRole("button", { name: "Play recording of Nmaajaa." })).toBeVisible();
  await expect(learner.locator(".audio-button")).toHaveCount(1);
  await learner.getByRole("button", { name: "Nmaajaa", exact: true }).click();
  await expect(learner.getByRole("group", { name: "About Nmaajaa" })).toContainText("go away, leave");
  await expectNoAxeViolations(learner);
  await editorContext.close();
  await learnerContext.close();
});

/**
 * The editor tool in a browser (issue #8), with Chromium's fake microphone. The e2e database has the demo
 * content plus tests/fixtures/editor/e2e-forms.tsv (a second rank page and forms that take a morph side).
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { FAKE_MICROPHONE } from "./fake-microphone";

test.use(FAKE_MICROPHONE);

async function logIn(page: Page, username: string, password: string, from = "DEV_editor") {
  await page.goto(`/biindge?from=${from}`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${from}$`));
}

test("without a session the editor shows only a login link back to it", async ({ page }) => {
  await page.goto("/DEV_editor");
  const link = page.getByRole("link", { name: "Log in" });
  await expect(link).toHaveAttribute("href", "/biindge?from=DEV_editor");
  await expect(page.getByPlaceholder("Enter Odawa form...")).toHaveCount(0);
});

test("editor: filter, open a row, link a word, set side and emoji, record and upload, then Escape", async ({ page }) => {
  await logIn(page, "editor", "editor-demo-2026");
  await page.getByPlaceholder("Enter Odawa form...").fill("n(d)");
  await page.getByRole("main").getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=n%28d%29/);
  const row = page.getByRole("row").filter({ hasText: "n(d)" }).first();
  await expect(row).toBeVisible();
  await row.getByRole("link").click();

  const panel = page.getByRole("dialog", { name: /Edit/ });
  await expect(panel.getByRole("heading", { name: /Edit n\(d\)/ })).toBeFocused();
  await expectNoAxeViolations(page);

  // Link a word: only a lexeme whose whole name matches (case-insensitively) is offered.
  await panel.getByLabel("Dictionary word (exact name)").fill("MAAJAA");
  await panel.getByRole("button", { name: "Find" }).click();
  await panel.getByRole("button", { name: /^Link maajaa/ }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved.");
  await expect(panel.getByRole("button", { name: /Remove link to maajaa/ })).toBeVisible();

  // Morph side: the form has '(' so the selector shows, and a side must be chosen.
  await panel.getByLabel("Morph side").selectOption("right");
  await panel.getByRole("button", { name: "Save side" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved.");
  await expect(panel.getByRole("heading", { name: /Edit n\(d\)-/ })).toBeVisible();

  await panel.getByLabel("Emoji").fill("🌲");
  await panel.getByRole("button", { name: "Save emoji" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved.");

  // Record a clip with the fake microphone: RECORD/STOP, mm:ss timer, pending list, confirmation with names.
  await panel.getByRole("button", { name: "RECORD" }).click();
  await expect(panel.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await panel.getByRole("button", { name: "STOP" }).click();
  const pending = panel.getByRole("list").filter({ hasText: "nd1.ogg" });
  await expect(pending).toBeVisible();
  await panel.getByRole("button", { name: "Upload 1 clip" }).click();
  const confirm = panel.getByRole("alertdialog");
  await expect(confirm).toContainText("Upload these files?");
  await expect(confirm.getByRole("listitem")).toHaveText(["nd1.ogg"]);
  await confirm.getByRole("button", { name: "Confirm upload" }).click();
  await expect(panel.getByText("Audio recording successfully uploaded!")).toBeVisible();
  await expect(panel.locator(".edit-clips")).toContainText("nd1.ogg");
  await expect(panel.getByText("Audio recording successfully uploaded!")).toHaveCount(0, { timeout: 4000 });

  // History lists the changes with who made them.
  await expect(panel.locator(".edit-history li")).toHaveCount(4);
  await expect(panel.locator(".edit-history")).toContainText("editor");

  // The row: linked (blue), morph side shown, speaker icon.
  const form = row.locator(".form-text");
  await expect(form).toHaveText("n(d)-");
  await expect(form).toHaveClass(/form-linked/);
  await expect(row.getByRole("img", { name: "has audio" })).toBeVisible();

  // Escape leaves the edit panel.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/edit=/);
});

test("editor: arrow keys page through the ranks within 1..last; the footer menu switches views", async ({ page }) => {
  await logIn(page, "editor", "editor-demo-2026");
  const footer = page.getByRole("navigation", { name: "Editor" });
  await expect(footer).toContainText("Page 1 of 2");
  await expectNoAxeViolations(page);
  await page.keyboard.press("ArrowLeft");
  await expect(footer).toContainText("Page 1 of 2");
  // Arrow-key paging needs JavaScript: retry until the page has hydrated.
  await expect(async () => {
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/page=2/, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(footer).toContainText("Page 2 of 2");
  await expect(page.getByRole("cell", { name: "101", exact: true })).toBeVisible();
  await page.locator("body").click({ position: { x: 2, y: 2 } });
  await page.keyboard.press("ArrowRight");
  await expect(footer).toContainText("Page 2 of 2");
  await footer.getByRole("link", { name: "Previous" }).click();
  await expect(footer).toContainText("Page 1 of 2");

  // Typing in the filter does not page.
  await page.getByPlaceholder("Enter Odawa form...").press("ArrowRight");
  await expect(footer).toContainText("Page 1 of 2");

  await footer.locator("summary").click();
  await expect(footer.getByRole("button", { name: "RANKS" })).toBeDisabled();
  await footer.getByRole("link", { name: "WORDS" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Words");
  await expect(page.getByText("Enter text to search")).toBeVisible();
  await page.getByPlaceholder("Enter Odawa or English word...").fill("leave");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("cell", { name: "maajaa", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await footer.locator("summary").click();
  await footer.getByRole("link", { name: "SENTENCES" }).click();
  await page.getByPlaceholder("Enter Odawa or English phrase...").fill("leave");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  const first = page.locator(".editor-sentence").first();
  await first.locator("summary").first().click();
  await expect(first.locator(".word-part-info").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/DEV_editor/counts?pos=verb");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Counts");
  await page.getByRole("row").nth(1).locator("summary").click();
  await expect(page.getByRole("row").nth(1).locator("details span")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("admin: Generate ID and a test recording through /api/upload-audio", async ({ page }) => {
  await logIn(page, "admin", "admin-demo-2026", "admin");
  await page.getByRole("button", { name: "Generate ID" }).click();
  await expect(page.locator(".admin-id")).toHaveText(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}$/);
  // The recorder needs JavaScript: retry until the page has hydrated.
  await expect(async () => {
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Nothing to upload (missing audio or destination).")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole("button", { name: "RECORD" }).click();
  await expect(page.getByRole("timer")).toHaveText("00:01", { timeout: 5000 });
  await page.getByRole("button", { name: "STOP" }).click();
  await expect(page.getByLabel("Play the recording")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Audio recording successfully uploaded!")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the editor's stylesheet: linked by the editor's pages, also after a client-side navigation; public pages carry none of its rules", async ({ page }) => {
  // Each rule's selectors in app/styles/editor.css, whitespace removed (".editor-nava.active" …), as a minified sheet
  // would write them before the rule's "{".
  const css = readFileSync("app/styles/editor.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const selectors = [...css.matchAll(/([^{}]+)\{[^}]*\}/g)].map((m) => m[1]!.replace(/\s+/g, ""));
  expect(selectors).toEqual(expect.arrayContaining([".editor-nava.active", ".editor-table", ".admin-id"]));
  await logIn(page, "editor", "editor-demo-2026");
  const sheet = page.locator('link[rel="stylesheet"][href^="/assets/editor-"]');
  await expect(sheet).toHaveCount(1);
  const navBorder = () => page.locator(".editor-nav").evaluate((el) => getComputedStyle(el).borderBottomStyle);
  // The editor's rules apply (once the stylesheet has loaded).
  await expect.poll(navBorder).toBe("solid");
  for (const path of ["/", "/k/1", "/aambe/learn/1"]) {
    await page.goto(path);
    await expect(sheet).toHaveCount(0);
    const inline = ((await page.locator("style#site-css").textContent()) ?? "").replace(/\s+/g, "");
    expect(inline.length).toBeGreaterThan(10_000);
    expect(
      selectors.filter((s) => inline.includes(`}${s}{`) || inline.startsWith(`${s}{`)),
      path,
    ).toEqual([]);
  }
  // From a hydrated public page to the editor by the site's menu: React Router links the stylesheet on the way.
  await page.locator("html[data-hydrated]").waitFor();
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Editor", exact: true }).click();
  await expect(page).toHaveURL(/\/DEV_editor$/);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true); // no document load: React Router rendered it
  await expect(sheet).toHaveCount(1);
  await expect.poll(navBorder).toBe("solid");
});

test("a learner is told the editor needs the editor role", async ({ page }) => {
  await logIn(page, "learner", "learner-demo-2026", "DEV_editor");
  await expect(page.getByText("does not have the editor role")).toBeVisible();
});

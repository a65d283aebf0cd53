import { expect, test, type Page } from "./fixtures";
import { MESSAGE_MS } from "../../app/utils/account-messages";
import { expectNoAxeViolations } from "./axe";

function uniqueName() {
  return `e2e${Math.random().toString(36).slice(2, 10)}`;
}

async function join(page: Page, username: string, password: string) {
  await page.goto("/wiijiiwe");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Retype password").fill(password);
  await page.getByLabel("Email").fill(`${username.toLowerCase()}@example.org`);
  await page.getByRole("button", { name: "Join" }).click();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("join → navbar name with colour dot → change colour on /niin → survives reload → log out → log in again", async ({ page }) => {
  const name = uniqueName();
  const password = "ziibiwan-nibi-2026";
  await join(page, name.toUpperCase(), password);
  await expect(page).toHaveURL(/\/\?welcome=joined$/);
  await expect(page.getByRole("status").filter({ hasText: `Your account “${name}” has been created.` })).toBeVisible();
  const userLink = nav(page).getByRole("link", { name });
  await expect(userLink).toBeVisible();
  await expect(userLink.locator(".color-dot")).toHaveCSS("background-color", "rgb(130, 91, 148)"); // #825b94

  await userLink.click();
  await expect(page).toHaveURL(/\/niin$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => localStorage.getItem("usernameColor"))).toBe("#825b94");

  await page.getByLabel("Colour").fill("#1a7f5a");
  await page.getByRole("button", { name: "Save colour" }).click();
  await expect(page.getByRole("status")).toHaveText("Your colour is saved.");
  // The navbar changes at once (the root data is revalidated after the save).
  await expect(nav(page).getByRole("link", { name }).locator(".color-dot")).toHaveCSS("background-color", "rgb(26, 127, 90)");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("usernameColor"))).toBe("#1a7f5a");
  // The message hides after 3 s when JavaScript is on.
  await expect(page.getByRole("status")).toHaveCount(0, { timeout: 6000 });

  await page.reload();
  await expect(nav(page).getByRole("link", { name }).locator(".color-dot")).toHaveCSS("background-color", "rgb(26, 127, 90)");
  await expect(page.getByLabel("Colour")).toHaveValue("#1a7f5a");

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/\?bye=logout$/);
  await expect(nav(page).getByRole("link", { name: /Biindge/ })).toBeVisible();
  await page.goto("/niin");
  await expect(page).toHaveURL(/\/biindge\?from=niin$/);

  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid login credentials.");
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/niin$/);
  await expect(nav(page).getByRole("link", { name }).locator(".color-dot")).toHaveCSS("background-color", "rgb(26, 127, 90)");
});

test("sign-up password messages hide after 3 s with JavaScript on", async ({ page }) => {
  await page.clock.install();
  await page.goto("/wiijiiwe");
  await page.getByLabel("Username").fill(uniqueName());
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Retype password").fill("short");
  await page.getByLabel("Email").fill("someone@example.org");
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long.");
  // The page's clock is moved on instead of waited for (it also runs on by itself meanwhile): still shown half way,
  // hidden once the 3 s are over.
  await page.clock.runFor(MESSAGE_MS.password / 2);
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long.");
  await page.clock.runFor(MESSAGE_MS.password / 2);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

const SPACE_REASON = "A username cannot contain spaces: use only lowercase letters a–z, digits, hyphen (-) or underscore (_).";

test("a username typed with a space says why under the field as it is typed, and joining waits for a good one", async ({ page }) => {
  await page.goto("/wiijiiwe");
  const username = page.getByLabel("Username");
  await username.pressSequentially("Maya Walk");
  // Lowercased as typed (docs/product.md), and the reason is there at once, tied to the field.
  await expect(username).toHaveValue("maya walk");
  await expect(page.locator("#username-error")).toHaveText(SPACE_REASON);
  await expect(username).toHaveAttribute("aria-describedby", /username-error/);
  await page.getByLabel("Password", { exact: true }).fill("ziibiwan-nibi-2026");
  await page.getByLabel("Retype password").fill("ziibiwan-nibi-2026");
  await page.getByLabel("Email").fill(`${uniqueName()}@example.org`);
  await page.getByRole("button", { name: "Join" }).click();
  // The browser keeps the form (the field says why); nothing was sent.
  expect(await username.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(SPACE_REASON);
  await expect(page).toHaveURL(/\/wiijiiwe$/);
  await expect(page.locator("#username-error")).toHaveText(SPACE_REASON);

  const name = `maya_${uniqueName()}`;
  await username.fill(name);
  await expect(page.locator("#username-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page).toHaveURL(/\/\?welcome=joined$/);
  await expect(page.getByRole("status").filter({ hasText: `Your account “${name}” has been created.` })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a failed log-in call shows 'Error contacting server!'", async ({ page }) => {
  await page.goto("/biindge");
  await page.locator("html[data-hydrated]").waitFor();
  await page.route("**/biindge.data*", (route) => route.abort());
  await page.getByLabel("Username").fill("learner");
  await page.getByLabel("Password").fill("learner-demo-2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Error contacting server!");
});

// axe runs in the page, so these checks use JavaScript; the HTML is the same server render the
// JavaScript-off tests below use.
test("the account pages have no axe violations", async ({ page }) => {
  for (const path of ["/biindge", "/wiijiiwe", "/forgot", "/restore", "/restore?code=x"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("join, see the error, log out, log in with a from path, and forgot — all as plain forms", async ({ page }) => {
    const name = uniqueName();
    const password = "mshkiki-maskwaa-9";
    await page.clock.install();
    await page.goto("/wiijiiwe");
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Retype password").fill("a-different-one");
    await page.getByLabel("Email").fill(`${name}@example.org`);
    await page.getByRole("button", { name: "Join" }).click();
    // Without JavaScript the message simply stays, and the typed values are kept: past the time after which
    // JavaScript would hide it (the page's clock is moved on, not waited for), it is still shown.
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match!");
    await page.clock.runFor(Math.max(...Object.values(MESSAGE_MS)) + 500);
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match!");
    await expect(page.getByLabel("Username")).toHaveValue(name);

    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Retype password").fill(password);
    await page.getByRole("button", { name: "Join" }).click();
    await expect(page).toHaveURL(/\/\?welcome=joined$/);
    await expect(page.getByRole("status").filter({ hasText: `Your account “${name}” has been created.` })).toBeVisible();
    await expect(nav(page).getByRole("link", { name })).toBeVisible();

    await page.goto("/niin");
    await page.getByLabel("Colour").fill("#aa3366");
    await page.getByRole("button", { name: "Save colour" }).click();
    await expect(page.getByRole("status")).toHaveText("Your colour is saved.");
    await expect(nav(page).getByRole("link", { name }).locator(".color-dot")).toHaveCSS("background-color", "rgb(170, 51, 102)");

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/\?bye=logout$/);
    await expect(nav(page).getByRole("link", { name: /Biindge/ })).toBeVisible();

    await page.goto("/biindge?from=niin");
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/niin$/);
    await page.getByRole("button", { name: "Log out" }).click();

    await page.goto("/biindge?from=//evil.example");
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.getByRole("link", { name }).click();
    await page.getByRole("button", { name: "Log out" }).click();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Biindge/ })
      .click();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Username").fill(name);
    await page.getByLabel("Email").fill(`${name}@example.org`);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toHaveText("A reset link will be sent to your email if your information matches.");
  });

  test("a username with a space is refused with the reason under the field, kept as typed", async ({ page }) => {
    await page.goto("/wiijiiwe");
    await page.getByLabel("Username").fill("Maya Walk");
    await page.getByLabel("Password", { exact: true }).fill("ziibiwan-nibi-2026");
    await page.getByLabel("Retype password").fill("ziibiwan-nibi-2026");
    await page.getByLabel("Email").fill(`${uniqueName()}@example.org`);
    await page.getByRole("button", { name: "Join" }).click();
    await expect(page.locator("#username-error")).toHaveText(SPACE_REASON);
    await expect(page.getByRole("alert")).toHaveText(SPACE_REASON);
    await expect(page.getByLabel("Username")).toHaveValue("Maya Walk");
  });

  test("restore without a valid code shows the invalid-code state with a way to ask again", async ({ page }) => {
    await page.goto("/restore?code=not-a-real-code");
    await expect(page.getByRole("alert")).toContainText("The reset code was invalid. Please request another.");
    await page.getByRole("link", { name: "Request a new reset link" }).click();
    await expect(page).toHaveURL(/\/forgot$/);
  });
});

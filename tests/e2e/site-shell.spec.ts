/**
 * The site around the learner: the compact phone header and its menu (keyboard, and without JavaScript), links by
 * role, the account page (/niin: Word of the Day round trip through maildev, password change, deletion), the
 * legend, and axe on the changed pages in both colour schemes. Phone 390 × 740, laptop 1280 × 800.
 */
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { E2E_MAIL_WEB_PORT } from "../../playwright.config";
import { waitFor } from "../support/wait-for";
import { expectNoAxeViolations } from "./axe";
import { join } from "./learners";

const PHONE = { width: 390, height: 740 };
const LAPTOP = { width: 1280, height: 800 };
const MAILDEV = `http://127.0.0.1:${E2E_MAIL_WEB_PORT}`;

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });

function uniqueName() {
  return `shell${Math.random().toString(36).slice(2, 10)}`;
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto("/biindge");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

type CaughtMail = { subject: string; text: string; to: Array<{ address: string }> };

function waitForMail(request: APIRequestContext, address: string, subject: RegExp) {
  return waitFor(
    async () => {
      const response = await request.get(`${MAILDEV}/email`);
      if (!response.ok()) return undefined;
      const mails = (await response.json()) as CaughtMail[];
      return mails.find((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
    },
    { timeoutMs: 25_000, intervalMs: 500, message: `No email matching ${subject} to ${address} arrived in maildev` },
  );
}

test.describe("on a phone (390 × 740)", () => {
  test.use({ viewport: PHONE });

  test("the header is at most 64 px tall, search is one tap away, and nothing scrolls sideways at 320 px", async ({ page }) => {
    await page.goto("/");
    const header = await page.getByRole("banner").boundingBox();
    expect(header!.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole("search", { name: "Search words" }).getByRole("searchbox")).toBeVisible();
    await expect(menuButton(page)).toBeVisible();
    // The links wait behind the Menu button.
    await expect(nav(page).getByRole("link", { name: /Kidwinan/ })).toBeHidden();

    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ["/", "/k", "/legend", "/menu", "/aambe/verbs/vai"]) {
      await page.goto(path);
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      expect((await page.getByRole("banner").boundingBox())!.height, path).toBeLessThanOrEqual(64);
    }
  });

  test("the menu opens and closes from the keyboard and keeps focus inside while open", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor();
    const button = menuButton(page);
    await button.focus();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const links = nav(page).getByRole("link");
    await expect(links.first()).toBeFocused();
    await expectNoAxeViolations(page);

    // Tab from the last link comes back to the Menu button; Shift+Tab from the button goes to the last link.
    const count = await links.count();
    await links.nth(count - 1).focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(links.nth(count - 1)).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(nav(page)).toBeHidden();

    // A followed link closes the menu.
    await button.click();
    await nav(page)
      .getByRole("link", { name: /Dbaajmownan/ })
      .click();
    await expect(page).toHaveURL(/\/d$/);
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await page.goto("/menu");
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Menu button is a link to /menu, which lists the same navigation", async ({ page }) => {
      await page.goto("/k");
      const header = await page.getByRole("banner").boundingBox();
      expect(header!.height).toBeLessThanOrEqual(64);
      await page.getByRole("banner").getByRole("link", { name: "Menu" }).click();
      await expect(page).toHaveURL(/\/menu$/);
      const menu = page.getByRole("navigation", { name: "Site menu" });
      for (const label of ["Endaayin", "Learn", "Chat", "Kidwinan", "Dbaajmownan", "Conjugator", "Donate", "Biindge"]) {
        await expect(menu.getByRole("link", { name: new RegExp(label) })).toBeVisible();
      }
      // (axe needs JavaScript in the page: /menu is checked with it on, below and in the dark scheme.)
      await menu.getByRole("link", { name: /Conjugator/ }).click();
      await expect(page).toHaveURL(/\/conj$/);
    });
  });
});

test.describe("on a laptop (1280 × 800)", () => {
  test.use({ viewport: LAPTOP });

  test("the links sit in the header; an editor sees Editor, an admin also Admin, a learner neither", async ({ page }) => {
    await page.goto("/");
    await expect(menuButton(page)).toBeHidden();
    await expect(nav(page).getByRole("link", { name: /Kidwinan/ })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Editor" })).toHaveCount(0);

    await logIn(page, "learner", "learner-demo-2026");
    await expect(nav(page).getByRole("link", { name: "learner" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Editor" })).toHaveCount(0);
    await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    await page.context().clearCookies();

    await logIn(page, "editor", "editor-demo-2026");
    await expect(nav(page).getByRole("link", { name: "editor", exact: true })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    await nav(page).getByRole("link", { name: "Editor", exact: true }).click();
    await expect(page).toHaveURL(/\/DEV_editor$/);
    const sections = page.getByRole("navigation", { name: "Sections", exact: true });
    await expect(sections.getByRole("link", { name: "Ranks" })).toHaveAttribute("aria-current", "page");
    await sections.getByRole("link", { name: "Counts" }).click();
    await expect(page).toHaveURL(/\/DEV_editor\/counts$/);
    await page.context().clearCookies();

    await logIn(page, "admin", "admin-demo-2026");
    await expect(nav(page).getByRole("link", { name: "Editor", exact: true })).toBeVisible();
    await nav(page).getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("the chrome's plain links navigate inside the page once hydrated and mark the page you are on", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor();
    const conj = nav(page).getByRole("link", { name: /Conjugator/ });
    await expect(nav(page).getByRole("link", { name: /Endaayin/ })).toHaveAttribute("aria-current", "page");
    await expect(conj).not.toHaveAttribute("aria-current");
    // A value set on the window survives only if the page was not loaded again.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await conj.click();
    await expect(page).toHaveURL(/\/conj$/);
    await expect(conj).toHaveAttribute("aria-current", "page");
    await expect(nav(page).getByRole("link", { name: /Endaayin/ })).not.toHaveAttribute("aria-current");
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("part-of-speech tags explain themselves and lead to the legend", async ({ page }) => {
    await page.goto("/k?q=leave");
    const tag = page.getByRole("main").locator("abbr", { hasText: "vai" }).first();
    await expect(tag).toHaveAttribute("title", /animate intransitive verb/);
    await page.getByRole("main").getByRole("link", { name: "vai" }).first().click();
    await expect(page).toHaveURL(/\/legend#pos-vai$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abbreviations and colours");
    await expect(page.locator("#pos-vai")).toContainText("animate intransitive verb");
    await expectNoAxeViolations(page);
  });
});

test.describe("the account page (/niin) on a phone", () => {
  test.use({ viewport: PHONE });

  test("Word of the Day: prove the address → subscribe → confirm from the email → unsubscribe", async ({ page, request }) => {
    test.setTimeout(90_000);
    const name = uniqueName();
    await join(page, name, "shell-password-2026");
    await page.goto("/niin");
    // Until the account proves its address, /niin shows nothing of that address's subscription.
    await expect(page.getByText("first confirm that the address is yours")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect(page.getByRole("status")).toContainText("We sent a link to your email address.");
    const proof = await waitForMail(request, `${name}@example.org`, /Confirm your email address/);
    const proofLink = new URL(/https?:\/\/\S+\/niin\/address\?code=[\w-]+/.exec(proof.text)![0]);
    await page.goto(proofLink.pathname + proofLink.search);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Confirm my address" }).click();
    await expect(page).toHaveURL(/\/niin\?address=confirmed$/);
    await expect(page.getByRole("status")).toContainText("Your email address is confirmed.");

    await expect(page.getByText("Your email address is not subscribed to the Word of the Day.")).toBeVisible();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText("Almost done: open the email we sent you");
    await expect(page.getByText("Waiting for your confirmation")).toBeVisible();

    const mail = await waitForMail(request, `${name}@example.org`, /Confirm your .*Word of the Day subscription/);
    const link = /https?:\/\/\S+\/confirm-email\?t=[\w-]+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("button", { name: "Confirm" }).click(); // GET changes nothing: the page's button confirms
    await expect(page.getByText("Your email has been confirmed.")).toBeVisible();

    await page.goto("/niin");
    await expect(page.getByText("You receive the Word of the Day by email.")).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toHaveText("You have been unsubscribed from our emails.");
    await expect(page.getByText("You have unsubscribed from the Word of the Day.")).toBeVisible();
  });

  test("password change: wrong current password refused, then changed; the new one logs in", async ({ page }) => {
    const name = uniqueName();
    await join(page, name, "shell-password-2026");
    await page.goto("/niin");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("shell-password-2027");
    await page.getByLabel("Retype new password").fill("shell-password-2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your current password is not correct.");
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Current password").fill("shell-password-2026");
    await page.getByLabel("New password", { exact: true }).fill("shell-password-2027");
    await page.getByLabel("Retype new password").fill("shell-password-2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been changed. Other devices have been logged out.");
    await expectNoAxeViolations(page);

    // Still logged in here; log out and in again with the new password.
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/\?bye=logout$/);
    await expect(page.getByRole("status").filter({ hasText: "You are logged out" })).toBeVisible();
    await logIn(page, name, "shell-password-2027");
    await expect(page).toHaveURL(/\/$/);
  });

  test("account deletion asks for the password, then logs out and the account is gone", async ({ page }) => {
    const name = uniqueName();
    await join(page, name, "shell-password-2026");
    await page.goto("/niin");
    await page.getByLabel("Your password, to confirm").fill("wrong-password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toHaveText("That password is not correct. Your account was not deleted.");

    await page.getByLabel("Your password, to confirm").fill("shell-password-2026");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/\?bye=deleted$/);
    await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/niin");
    await expect(page).toHaveURL(/\/biindge\?from=niin$/);
    await logIn(page, name, "shell-password-2026");
    await expect(page.getByRole("alert")).toHaveText("Invalid login credentials.");
  });
});

test.describe("dark scheme", () => {
  test.use({ colorScheme: "dark", viewport: PHONE });

  test("changed pages have no axe violations (contrast included) in the dark scheme", async ({ page }) => {
    for (const path of ["/", "/k?q=leave", "/legend", "/menu"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
    await logIn(page, "learner", "learner-demo-2026");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/niin");
    await expectNoAxeViolations(page);
  });
});

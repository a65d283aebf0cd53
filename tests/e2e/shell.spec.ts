import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

test("home → navbar → /miinad shows the three donation tiers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome to Nishnaabemwin");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Endaayin", "Learn", "Chat", "Kidwinan", "Dbaajmownan", "Conjugator", "Donate"]) {
    await expect(nav.getByRole("link", { name: new RegExp(label) })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Donate" }).click();
  await expect(page).toHaveURL(/\/miinad$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Giving to Nishnaabemwin");
  const tiers = page.getByRole("list", { name: "Donation tiers" }).getByRole("listitem");
  await expect(tiers).toHaveCount(3);
  for (const [name, amount] of [
    ["Copper", "$3"],
    ["Silver", "$7"],
    ["Gold", "$15"],
  ]) {
    const tier = tiers.filter({ has: page.getByRole("heading", { name }) });
    await expect(tier).toContainText(amount);
    const link = tier.getByRole("link");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
});

test("an unknown page shows the 404 text with a way home", async ({ page }) => {
  const response = await page.goto("/kaa-gego-maanda");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404: Page Not Found");
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a forced error shows the unexpected-error text", async ({ page }) => {
  await page.goto("/_test/error");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Sorry, an unexpected error has occurred.");
});

test("the email parameter is removed from the address bar", async ({ page }) => {
  await page.goto("/wiij?email=reader%40example.org");
  await expect(page).toHaveURL(/\/wiij$/);
  await expect(page.getByText("offline until further notice")).toBeVisible();
});

test("the footer hides the link to the page you are on", async ({ page }) => {
  await page.goto("/contact");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Contact" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Word of the Day" })).toBeVisible();
  await page.goto("/signup-wotd");
  await expect(footer.getByRole("link", { name: "Word of the Day" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Contact" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Donate" })).toBeVisible();
});

test("the shell pages have no axe violations", async ({ page }) => {
  for (const path of ["/", "/wiij", "/miinad", "/no-such-page"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test("pages hydrate under the nonce-based CSP without violations", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
  await expect(page).toHaveURL(/\/wiij$/);
  // A client-side navigation keeps the window: proof the scripts ran.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  expect(problems).toEqual([]);
});

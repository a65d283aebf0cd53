import { expect, test, type APIRequestContext } from "./fixtures";
import { E2E_MAIL_WEB_PORT } from "../../playwright.config";
import { waitFor } from "../support/wait-for";
import { expectNoAxeViolations } from "./axe";

const MAILDEV = `http://127.0.0.1:${E2E_MAIL_WEB_PORT}`;

type CaughtMail = {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  headers: Record<string, string>;
};

/** Polls the e2e mail catcher (maildev's JSON API) for a message to `address` whose subject matches. */
function waitForMail(request: APIRequestContext, address: string, subject: RegExp, timeoutMs = 25_000) {
  return waitFor(
    async () => {
      const response = await request.get(`${MAILDEV}/email`);
      if (!response.ok()) return undefined;
      const mails = (await response.json()) as CaughtMail[];
      return mails.find((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
    },
    { timeoutMs, intervalMs: 500, message: `No email matching ${subject} to ${address} arrived in maildev` },
  );
}

function linkIn(text: string, path: string) {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[?/]/g, "\\$&")}[^\\s]*`).exec(text);
  if (!match) throw new Error(`No ${path} link in the email`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

const SIGNED_UP = "Congratulations, you are now signed up for the Nishnaabemwin Word of the Day!";
const sent = (email: string) => `Almost there: we sent a confirmation link to ${email}.`;

test("sign up on / → confirm from the email → daily job → the word arrives → unsubscribe, twice", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `e2e-${crypto.randomUUID()}@example.org`;

  await page.goto("/");
  const form = page.getByRole("region", { name: "Nishnaabemwin Word of the Day" });
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Sign up" }).click();
  // The truth: a link was sent, to be confirmed; the address bar ends on the sign-up page, not on /?index.
  await expect(form.getByRole("status")).toContainText(sent(email));
  await expect(form.getByRole("status")).toContainText("open the email we sent you and press 'Confirm subscription'");
  await expect(page.getByText(SIGNED_UP)).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup-wotd$/);
  await expectNoAxeViolations(page);

  const confirmation = await waitForMail(request, email, /Confirm your/);
  expect(confirmation.text).toContain("Confirm subscription");
  await page.goto(linkIn(confirmation.text, "/confirm-email?t="));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Your email has been confirmed.")).toBeVisible();
  // Only now is it signed up, in docs/product.md's words.
  await expect(page.getByText(SIGNED_UP)).toBeVisible();

  // The daily cron, through wrangler's local scheduled endpoint.
  const cron = await request.get("/cdn-cgi/local/scheduled?cron=0+12+*+*+*");
  expect(cron.ok()).toBe(true);

  const daily = await waitForMail(request, email, /^Word of the Day: /);
  const word = daily.subject.replace(/^Word of the Day: /, "");
  expect(daily.text).toContain(word);
  expect(daily.html).toContain(word);
  expect(daily.text).toMatch(/\/k\/\d+/);
  expect(daily.headers["list-unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/one-click\?t=[\w-]+>$/);
  expect(daily.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  // The archive has today's word with its own page.
  await page.goto("/wotd");
  await page
    .getByRole("link", { name: new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(word);

  // The visible unsubscribe link: GET shows a button, the button unsubscribes.
  const unsubscribeLink = linkIn(daily.text, "/unsubscribe?t=");
  await page.goto(unsubscribeLink);
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You have been unsubscribed from our emails.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Subscribe again" })).toHaveAttribute("href", "/signup-wotd");

  // The same link opened again says it is done, and asks nothing.
  await page.goto(unsubscribeLink);
  await expect(page.getByRole("status")).toContainText("You are already unsubscribed.");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Subscribe again" })).toHaveAttribute("href", "/signup-wotd");
  await expectNoAxeViolations(page);
});

test("the contact form sends the message to the site owner and says 'Message received!'", async ({ page, request }) => {
  const subject = `E2E ${crypto.randomUUID()}`;
  await page.goto("/contact");
  await expect(page.getByLabel("Subject")).toHaveValue("Aanii!");
  await page.getByLabel("Name", { exact: true }).fill("Nokomis");
  await page.getByLabel("Email", { exact: true }).fill("nokomis@example.org");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Miigwech for the words.");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Message received!")).toBeVisible();
  const mail = await waitForMail(request, "aanii@example.org", new RegExp(subject));
  expect(mail.text).toContain("Miigwech for the words.");
});

test("the Word of the Day and contact pages have no axe violations", async ({ page }) => {
  for (const path of ["/signup-wotd", "/contact", "/wotd", "/unsubscribe", "/confirm-email?t=nope"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-up, contact and unsubscribe forms still work", async ({ page }) => {
    const email = `nojs-${crypto.randomUUID()}@example.org`;
    await page.goto("/signup-wotd");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText(sent(email))).toBeVisible();
    await expect(page).toHaveURL(/\/signup-wotd$/);

    // The home page's form lands on the sign-up page with the answer, never on /?index.
    const home = `nojs-home-${crypto.randomUUID()}@example.org`;
    await page.goto("/");
    await page.getByLabel("Email address").fill(home);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText(sent(home))).toBeVisible();
    await expect(page.getByText(SIGNED_UP)).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup-wotd$/);

    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Nokomis");
    await page.getByLabel("Email", { exact: true }).fill("nokomis@example.org");
    await page.getByLabel("Message").fill("No JavaScript here.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Message received!")).toBeVisible();

    await page.goto("/unsubscribe?t=not-a-real-token-at-all-000000");
    await expect(page.getByText("The provided unsubscribe token is invalid. If you believe this is an error, please contact us.")).toBeVisible();
  });
});

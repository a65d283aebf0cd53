import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";

const worker = exports.default;

async function page(path: string, init?: RequestInit) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text() };
}

test("home is server-rendered with the greeting and the main links", async () => {
  const { response, html } = await page("/");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/html");
  expect(html).toContain("Welcome to Nishnaabemwin");
  for (const href of ['href="/aambe"', 'href="/k/"', 'href="/d/"', 'href="/conj/"']) {
    expect(html).toContain(href);
  }
});

test("/index.html serves the home page too", async () => {
  const { response, html } = await page("/index.html");
  expect(response.status).toBe(200);
  expect(html).toContain("Welcome to Nishnaabemwin");
});

test("the navbar has the seven links and, logged out, the Enter link", async () => {
  const { html } = await page("/wiij");
  for (const href of ["/", "/aambe", "/wiij", "/k", "/d", "/conj", "/miinad", "/biindge"]) {
    expect(html).toContain(`href="${href}"`);
  }
  expect(html).toContain("Endaayin");
});

test("an unknown path answers 404 with the product reference's text", async () => {
  const { response, html } = await page("/no/such/page");
  expect(response.status).toBe(404);
  expect(html).toContain("404: Page Not Found");
  expect(html).toContain("Go home");
});

test("an unexpected error shows the product reference's text and no stack trace", async () => {
  const { response, html } = await page("/_test/error");
  expect(response.status).toBe(500);
  expect(html).toContain("Oops! Sorry, an unexpected error has occurred.");
  expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
});

test("the forced-error route does not exist in production", async () => {
  const { createRequestHandler, RouterContextProvider } = await import("react-router");
  const { cloudflareContext } = await import("../../app/context");
  const { createBindings } = await import("../../app/services/bindings.server");
  const handler = createRequestHandler(() => import("virtual:react-router/server-build"), "production");
  const context = new RouterContextProvider();
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  context.set(cloudflareContext, createBindings({ ...env, ENVIRONMENT: "production" }, ctx));
  const response = await handler(new Request("http://localhost/_test/error"), context);
  expect(response.status).toBe(404);
  expect(await response.text()).toContain("404: Page Not Found");
});

test("?email= on any page logs the click and redirects to the same page without it", async () => {
  const email = `click-${crypto.randomUUID()}@example.org`;
  const { response } = await page(`/miinad?email=${encodeURIComponent(email)}&x=1`);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/miinad?x=1");
  const row = await env.DB.prepare("SELECT email, page FROM click_log WHERE email = ?").bind(email).first();
  expect(row).toEqual({ email, page: "/miinad" });
});

test("footer hides the Word of the Day link on its own page and the Contact link on its own page", async () => {
  const footer = (html: string) => html.slice(html.indexOf('<footer class="footer"'));
  const wotd = footer((await page("/signup-wotd")).html);
  expect(wotd).not.toContain('href="/signup-wotd"');
  expect(wotd).toContain('href="/contact"');
  const contact = footer((await page("/contact")).html);
  expect(contact).not.toContain('href="/contact"');
  expect(contact).toContain('href="/signup-wotd"');
  const home = footer((await page("/")).html);
  for (const href of ["/signup-wotd", "/contact", "/miinad"]) expect(home).toContain(`href="${href}"`);
});

test("/miinad lists the three tiers opening in a new tab", async () => {
  const { html } = await page("/miinad");
  expect(html).toContain("Giving to Nishnaabemwin");
  for (const amount of ["$3", "$7", "$15"]) expect(html).toContain(amount);
  expect(html.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(3);
});

test("/wiij shows the offline notice with its links and effective date", async () => {
  const { html } = await page("/wiij");
  expect(html).toContain("offline until further notice");
  expect(html).toContain("7/2/2025");
  for (const href of ["/conj", "/d", "/k"]) expect(html).toContain(`href="${href}"`);
});

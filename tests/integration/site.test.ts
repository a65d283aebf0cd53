import { env, exports } from "cloudflare:workers";
import { getConfig } from "../../app/services/config.server";
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
  // The Enter link brings the visitor back to this page after log-in.
  for (const href of ["/", "/aambe", "/wiij", "/k", "/d", "/conj", "/miinad", "/biindge?from=wiij"]) {
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

test("?email= (old email links) is dropped from the address with a redirect, and a GET logs nothing", async () => {
  const email = `click-${crypto.randomUUID()}@example.org`;
  const { response } = await page(`/miinad?email=${encodeURIComponent(email)}&x=1`);
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/miinad?x=1");
  expect(await env.DB.prepare("SELECT 1 FROM click_log WHERE email = ?").bind(email).first()).toBeNull();
});

test("a Word of the Day link carries an opaque reference; the page posts it and the click is logged for the subscriber", async () => {
  const { clickTokenFor } = await import("../../app/services/email-tokens.server");
  const email = `ref-${crypto.randomUUID()}@example.org`;
  const row = await env.DB.prepare(
    "INSERT INTO wotd_subscribers (email, status, source, unsubscribe_token_hash) VALUES (?, 'confirmed', 'wotd-signup', ?) RETURNING id",
  )
    .bind(email, crypto.randomUUID())
    .first<{ id: number }>();
  const token = await clickTokenFor(getConfig(env), row!.id);
  expect(token).not.toContain("@");
  // The link itself is a plain GET: it renders the page, hands the reference to the page and writes nothing.
  const { response, html } = await page(`/miinad?r=${encodeURIComponent(token)}`);
  expect(response.status).toBe(200);
  expect(html).toContain(token);
  expect(await env.DB.prepare("SELECT 1 FROM click_log WHERE email = ?").bind(email).first()).toBeNull();
  // What the page posts (navigator.sendBeacon) logs the click under the subscriber's address.
  const post = (body: Record<string, string>) =>
    exports.default.fetch(
      new Request("http://localhost/click", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "http://localhost",
          "CF-Connecting-IP": `10.9.${row!.id % 250}.${Math.floor(Math.random() * 250)}`,
        },
        body: new URLSearchParams(body),
      }),
    );
  expect((await post({ r: token, page: "/miinad" })).status).toBe(200);
  expect(await env.DB.prepare("SELECT email, page FROM click_log WHERE email = ?").bind(email).first()).toEqual({ email, page: "/miinad" });
  // A forged reference writes nothing.
  expect((await post({ r: `${row!.id}.${"A".repeat(22)}`, page: "/wiij" })).status).toBe(200);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM click_log WHERE email = ?").bind(email).first()).toEqual({ n: 1 });
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

test("/about credits the sources, their licences and the speakers in the data; the footer links it and states the licence", async () => {
  await env.DB.prepare(
    "INSERT INTO audio_objects (key, content_type, size, speaker) VALUES ('audio/about-test.mp3', 'audio/mpeg', 10, ' Test Speaker ')",
  ).run();
  await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES ('Nmaajaa.', 'I leave.', 'DEMO')").run();
  const { response, html } = await page("/about");
  expect(response.status).toBe(200);
  expect(html).toContain("About and credits");
  for (const text of [
    "Nishnaabemwin Online Dictionary",
    "giellalt/lang-ciw",
    "Rand Valentine",
    "CC BY-NC-SA 4.0",
    "Test Speaker (1 recording)",
    "Demo sentence (reference verb form): 1 sentence",
  ]) {
    expect(html).toContain(text);
  }
  const home = (await page("/")).html;
  expect(home).toContain('href="/about"');
  expect(home).not.toContain("All rights reserved");
  expect(home).toContain("CC BY-NC-SA 4.0");
  // On its own page the footer does not link to itself.
  expect(html.split('href="/about"').length - 1).toBe(0);
});

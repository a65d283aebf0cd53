import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { answerRight, COURSE, joinAsNewLearner, lessonAnswers } from "./learners";

// Offline (ADR 017): the manifest, the service worker, and practice answers kept offline and sent once.
const LESSON = COURSE[0];
const ANSWERS = lessonAnswers(0);

/** Answers the question on screen right; returns its card key. */

const serverReviews = async (page: Page) => {
  const response = await page.request.get("/api/progress/reviews");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { reviews: Array<{ id: string; key: string }> }).reviews;
};
const outboxIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem("practiceOutbox") ?? "[]") as Array<{ id: string }>).map((e) => e.id).sort());

test("the web app manifest is linked and served, and Chromium finds the site installable", async ({ page }) => {
  await page.goto("/aambe");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1b1d36");
  const response = await page.request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string }> };
  expect(manifest).toMatchObject({ name: "Nishnaabemwin", start_url: "/aambe", display: "standalone" });
  for (const size of ["192x192", "512x512"]) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === "image/png")!;
    const file = await page.request.get(icon.src);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
  }
  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["content-type"]).toContain("javascript");
  // Chromium's own check; a test browser context is always "incognito", which no site can change.
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send("Page.getAppManifest");
  expect(errors).toEqual([]);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
});

test("goes offline after visiting a lesson, answers three cards, comes back online: the server holds exactly those three reviews", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await joinAsNewLearner(page, "off");
  await page.goto(`/aambe/learn/${LESSON.id}`);
  // The service worker takes over; the lesson is then opened again through it (as on a second visit).
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(LESSON.title);
  // The lesson hands its practice to the browser of a signed-in learner.
  await expect
    .poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("practicePacks") ?? "{}").packs ?? {})))
    .toEqual([`lesson=${LESSON.id}`]);

  await context.setOffline(true);
  await page.getByRole("link", { name: "Practise this lesson" }).click();
  await expect(page.getByTestId("due-count")).toHaveText(String(ANSWERS.size));
  await page.getByRole("link", { name: "Start", exact: true }).click();
  const answered: string[] = [];
  for (let i = 0; i < 3; i++) {
    answered.push(await answerRight(page, ANSWERS));
    await expect(page.getByTestId("kept-offline")).toBeVisible();
    if (i === 0) await expectNoAxeViolations(page);
    const here = page.url();
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).not.toHaveURL(here);
  }
  const ids = await outboxIds(page);
  expect(ids).toHaveLength(3);
  // Nothing reached the server yet (the test's own requests are not cut off).
  expect(await serverReviews(page)).toEqual([]);

  // Back online: the page sends the outbox when the connection returns.
  await context.setOffline(false);
  await expect.poll(() => outboxIds(page), { timeout: 15_000 }).toEqual([]);
  const reviews = await serverReviews(page);
  expect(reviews.map((r) => r.id).sort()).toEqual(ids);
  expect(reviews.map((r) => r.key).sort()).toEqual([...answered].sort());

  // The same answers sent again (a lost reply) are not recorded twice.
  await page.evaluate(() => localStorage.setItem("practiceOutbox", "[]"));
  const again = await page.request.post("/api/progress/reviews", {
    headers: { Origin: new URL(page.url()).origin },
    data: { reviews: reviews.map((r) => ({ id: r.id, key: r.key, kind: "type", given: "x", askedAt: 0, answeredAt: Date.now() })) },
  });
  expect(((await again.json()) as { results: Array<{ status: string }> }).results.map((r) => r.status)).toEqual(["duplicate", "duplicate", "duplicate"]);
  expect(await serverReviews(page)).toHaveLength(3);

  // The course path and the lesson open without a connection, from the worker's cache.
  // (Pages work without JavaScript: offline, scripts the worker has not cached leave them unhydrated, so no wait for it.)
  await context.setOffline(true);
  await page.goto("/aambe", { waitUntil: "load" });
  await expect(page.getByRole("list", { name: "Lessons" })).toBeVisible();
  await page.goto(`/aambe/learn/${LESSON.id}`, { waitUntil: "load" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(LESSON.title);
  await context.setOffline(false);
});

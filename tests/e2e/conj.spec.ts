import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

const result = (page: import("@playwright/test").Page) => page.getByTestId("conj-result");

test.describe("/conj with JavaScript", () => {
  test("recomputes on every change and applies the product reference's resets", async ({ page }) => {
    await page.goto("/conj");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odawa Verb Conjugator");
    await expect(page.getByRole("link", { name: "Paradigm tables" })).toHaveAttribute("href", "/paradigms");
    // defaults: vai, maajaa, ind, 3s
    await expect(page.getByLabel("Verb type", { exact: true })).toHaveValue("vai");
    await expect(page.getByLabel("Verb", { exact: true })).toHaveValue("maajaa");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("3s");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "maajaa");

    await page.getByLabel("Subject", { exact: true }).selectOption("1p");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "nmaajaami");
    await expect(result(page).locator(".conj-prefix")).toHaveText("n");
    await expect(result(page).locator(".conj-suffix")).toHaveText("mi");
    await expect(result(page)).toContainText("we (excl.) go away");
    await expect(result(page)).toContainText("niinwi");

    // Changing the type resets verb and subject/object: vta 3s -> 3'
    await page.getByLabel("Verb type", { exact: true }).selectOption("vta");
    await expect(page.getByLabel("Verb", { exact: true })).toHaveValue("waabmaa");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("3s");
    await expect(page.getByLabel("Object", { exact: true })).toHaveValue("3'");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "waabmaan");

    // An imperative forces 2s; a missing reference form is shown as unconfirmed
    await page.getByLabel("Order", { exact: true }).selectOption("imp-pro");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("2s");
    await page.getByLabel("Subject", { exact: true }).selectOption("2p");
    await page.getByLabel("Object", { exact: true }).selectOption("3p");
    await expect(result(page).locator("[data-confidence]")).toHaveAttribute("data-confidence", "unconfirmed");
    await page.getByLabel(/full paradigm/).check();
    await expect(page.getByRole("table")).toContainText("(unconfirmed)");
    await expectNoAxeViolations(page);
  });
});

test.describe("/conj without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form conjugates on the server", async ({ page }) => {
    await page.goto("/conj");
    await page.getByLabel("Verb type", { exact: true }).selectOption("vti");
    await page.getByRole("button", { name: "Conjugate" }).click();
    await expect(page).toHaveURL(/type=vti/);
    await expect(page.getByLabel("Verb", { exact: true })).toHaveValue("zhitoon");
    await expect(page.getByLabel("Object", { exact: true })).toHaveValue("0s");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "doozhtoon");

    await page.getByLabel("Verb", { exact: true }).selectOption("gkendaan");
    await page.getByLabel("Subject", { exact: true }).selectOption("1s");
    await page.getByLabel(/full paradigm/).check();
    await page.getByRole("button", { name: "Conjugate" }).click();
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ngikendaan");
    await expect(page.getByRole("table")).toContainText("gikendaanaawaa");
  });
});

/** No horizontal scroll: the page is no wider than the window. */
async function expectNoHorizontalScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
      .slice(0, 8)
      .map((e) => `${e.tagName}.${e.className}#${e.id} ${Math.round(e.getBoundingClientRect().right)}`)
      .join("; "),
  );
  expect(overflow, wide).toBeLessThanOrEqual(0);
}

test.describe("/conj: tense, mode, conjunct form and preverb (issue 37)", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("a past form and a dubitative form, each with how it is built", async ({ page }) => {
    await page.goto("/conj?type=vai&verb=maajaa&order=ind&subject=1s");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "nmaajaa");
    await page.getByLabel("Tense or mode", { exact: true }).selectOption("past");
    await expect(page).toHaveURL(/tense=past/);
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ngii-maajaa");
    await expect(result(page).locator(".conj-prefix")).toHaveText("ngii-");
    await result(page).getByText("Why this form?").click();
    // The pieces in learner terms: the preverb, the person prefix on it, the stem, and the vowel that drops.
    await expect(result(page)).toContainText("gii-: preverb gii- (past)");
    await expect(result(page)).toContainText("ni-: person prefix");
    await expect(result(page)).toContainText("nigii-maajaa → ngii-maajaa");

    // Maybe s/he left: the dubitative of the 3rd person.
    await page.getByLabel("Subject", { exact: true }).selectOption("3s");
    await page.getByLabel("Tense or mode", { exact: true }).selectOption("dub");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "maajaawdig");
    await expect(result(page)).toContainText("dubitative");
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // The conjunct has the changed form and participles: "the ones who leave".
    await page.getByLabel("Order", { exact: true }).selectOption("conj");
    await page.getByLabel("Conjunct form", { exact: true }).selectOption("pcp:3p");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", /^myaajaa/);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the GET form builds a future form on the server", async ({ page }) => {
      await page.goto("/conj?type=vai&verb=maajaa&order=ind&subject=1s");
      await page.getByLabel("Tense or mode", { exact: true }).selectOption("future");
      await page.getByRole("button", { name: "Conjugate" }).click();
      await expect(page).toHaveURL(/tense=future/);
      await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "nwii-maajaa");
      await page.getByLabel("Preverb", { exact: true }).selectOption("maajii");
      await page.getByRole("button", { name: "Conjugate" }).click();
      await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", /^nwii-maajii-maajaa$/);
    });
  });
});

test.describe("/conj: the VAIO, a verb with an object (issue 37)", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("a learner picks the VAIO, an animate object and the past; reload and back keep each step", async ({ page }) => {
    await page.goto("/conj");
    await page.getByLabel("Verb type", { exact: true }).selectOption("vaio");
    await expect(page.getByLabel("Verb", { exact: true })).toHaveValue("daawen");
    await expect(page.getByLabel("Object", { exact: true })).toHaveValue("0s");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "dadaawen");
    await expect(result(page).locator(".conj-gloss")).toHaveText("s/he sells it");

    await page.getByLabel("Subject", { exact: true }).selectOption("1s");
    await page.getByLabel("Object", { exact: true }).selectOption("3s");
    await expect(page).toHaveURL(/object=3s/);
    await expect(result(page).locator(".conj-gloss")).toHaveText("I sell him/her");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ndadaawenan");

    await page.getByLabel("Object", { exact: true }).selectOption("0s");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ndadaawen");
    await page.getByLabel("Tense or mode", { exact: true }).selectOption("past");
    await expect(page).toHaveURL(/tense=past/);
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ngii-daawen");
    await expect(result(page).locator(".conj-gloss")).toContainText("I sold it");
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    await page.reload();
    await expect(page.getByLabel("Verb type", { exact: true })).toHaveValue("vaio");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ngii-daawen");
    // Each change replaces the address (as for every class): leaving and coming back shows the same form.
    await page.getByRole("link", { name: "Paradigm tables" }).click();
    await expect(page).toHaveURL(/\/paradigms/);
    await page.goBack();
    await expect(page.getByLabel("Tense or mode", { exact: true })).toHaveValue("past");
    await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ngii-daawen");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the GET form conjugates a VAIO on the server", async ({ page }) => {
      await page.goto("/conj?type=vaio&verb=dnin&order=ind&subject=1s&object=0s");
      await expect(result(page).locator("[data-form]")).toHaveAttribute("data-form", "ndanin");
      await page.getByLabel("Order", { exact: true }).selectOption("conj");
      await page.getByRole("button", { name: "Conjugate" }).click();
      await expect(page.getByLabel("Object", { exact: true })).toHaveValue("0");
      await expect(result(page).locator(".conj-gloss")).toHaveText("when/that I own it");
    });
  });
});

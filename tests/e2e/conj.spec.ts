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

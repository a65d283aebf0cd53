import { expect, test, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

const output = (page: Page) => page.getByTestId("paradigm-output");

/** Below 700 px the table is one column: the form cell sits under its label, not beside it. */
async function expectOneColumn(page: Page) {
  await page.waitForLoadState("load"); // layout before the stylesheet has loaded would be the two-column default
  const row = page.locator(".paradigm-table tbody tr[data-key]").first();
  const label = await row.locator("th").boundingBox();
  const form = await row.locator("td").boundingBox();
  expect(label && form).toBeTruthy();
  expect(Math.abs(form!.x - label!.x)).toBeLessThan(2);
  expect(form!.y).toBeGreaterThanOrEqual(label!.y + label!.height - 1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.use({ viewport: { width: 390, height: 844 } });

test.describe("/paradigms with JavaScript", () => {
  test("updates on every change and keeps the kind when the word changes", async ({ page }) => {
    await page.goto("/paradigms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odawa paradigms");
    const word = page.getByLabel("Word", { exact: true });
    const kind = page.getByLabel("Paradigm type", { exact: true });
    await expect(word.locator("option", { hasText: "maajaa (VAI)" })).toHaveCount(1);
    await expect(kind).toHaveValue("");
    await expect(kind.locator("option").first()).toHaveText("Please choose a type");
    await expect(output(page)).toHaveText("Please select a paradigm");

    await kind.selectOption("vai-conj-neg");
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.locator("caption")).toHaveText("maajaa - go away, leave");
    await expect(output(page)).not.toContainText("Loading...");
    await expectOneColumn(page);

    // Same suffix exists for vta: kept. vii has no imperatives: first kind of the class.
    await word.selectOption({ label: "waabmaa (VTA)" });
    await expect(kind).toHaveValue("vta-conj-neg");
    await expect(page.locator("caption")).toContainText("waabmaa - ");
    await expect(page.locator(".paradigm-separator").first()).toBeAttached();
    await kind.selectOption("vta-imp");
    await word.selectOption({ label: "yaa (VII)" });
    await expect(kind).toHaveValue("vii-ind");
    await expect(page.locator("caption")).toContainText("yaa - ");
    await expect(page).toHaveURL(/word=yaa-vii/);
    await expectNoAxeViolations(page);
  });
});

test.describe("/paradigms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form renders the table on the server", async ({ page }) => {
    await page.goto("/paradigms");
    await expect(output(page)).toHaveText("Please select a paradigm");
    await page.getByLabel("Paradigm type", { exact: true }).selectOption("vai-ind");
    await page.getByRole("button", { name: "Show paradigm" }).click();
    await expect(page).toHaveURL(/kind=vai-ind/);
    await expect(page.locator("caption")).toHaveText("maajaa - go away, leave");
    await expect(page.locator(".paradigm-table [data-form]").first()).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
    await expectOneColumn(page);

    await page.getByLabel("Word", { exact: true }).selectOption({ label: "gkendaan (VTI)" });
    await page.getByRole("button", { name: "Show paradigm" }).click();
    await expect(page.getByLabel("Paradigm type", { exact: true })).toHaveValue("vti-ind");
    await expect(page.locator("caption")).toContainText("gkendaan - ");
  });
});

test.describe("/paradigms: the whole paradigm's blocks (issue 37)", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("a verb's preterit and a noun's prenoun open one block at a time", async ({ page }) => {
    await page.goto("/paradigms?word=maajaa&kind=vai-ind");
    const blocks = page.locator(".paradigm-blocks");
    await expect(blocks.getByRole("heading", { name: "More forms" })).toBeVisible();
    const preterit = blocks.locator("details[data-block=prt]");
    await expect(preterit).not.toHaveAttribute("open", "");
    await expect(preterit.locator("[data-form=nmaajaanaaba]")).toBeHidden();
    await preterit.locator("summary").click();
    await expect(preterit.locator("[data-form=nmaajaanaaba]")).toBeVisible();
    const past = blocks.locator("details[data-block='pv-gii']");
    await past.locator("summary").click();
    await expect(past.locator("[data-form='ngii-maajaa']")).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The imperative's kind has the delayed imperative (-kan: the reference's maajaakan).
    await page.goto("/paradigms?word=maajaa&kind=vai-imp");
    const later = page.locator("details[data-block=delayed]");
    await later.locator("summary").click();
    await expect(later.locator("[data-form=maajaakan]")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/paradigms?word=jiimaan&kind=ni-consonant-n-poss");
    const big = page.locator("details[data-block='pn-gchi']");
    await big.locator("summary").click();
    await expect(big.locator("tr[data-key='1s sg gchi-'] [data-form]")).toBeVisible();
    await expect(page.locator("details[data-block=prt] summary")).toContainText("Preterit");
    await expectNoAxeViolations(page);
  });
});

test.describe("/paradigms: the VAIO (issue 37)", () => {
  test("a VAIO sample word shows its kinds, its table and its blocks", async ({ page }) => {
    await page.goto("/paradigms");
    await page.getByLabel("Word", { exact: true }).selectOption("daawen");
    await page.getByLabel("Paradigm type", { exact: true }).selectOption("vaio-ind");
    await expect(page).toHaveURL(/kind=vaio-ind/);
    const table = output(page).locator(".paradigm-table");
    await expect(table.locator("tr[data-key='ind 1s>0s']")).toContainText("ndadaawen");
    const past = page.locator("details[data-block='pv-gii']");
    await past.locator("summary").click();
    await expect(past.locator("[data-form='ngii-daawen']")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByLabel("Paradigm type", { exact: true })).toHaveValue("vaio-ind");
    await expect(table.locator("tr[data-key='ind 1s>0s']")).toContainText("ndadaawen");
  });
});

import { expect, test } from "vitest";
import { normalizeText, toSearchKey } from "../../app/core/orthography";

test("apostrophe look-alikes become the plain apostrophe", () => {
  for (const mark of ["\u2019", "\u2018", "\u02BC", "`", "\u00B4"]) {
    expect(normalizeText(`a${mark}aw`)).toBe("a'aw");
  }
});

test("text is NFC-normalised, trimmed and single-spaced", () => {
  expect(normalizeText("  e\u0301  x ")).toBe("\u00e9 x");
});

test("search keys are lower-case", () => {
  expect(toSearchKey("Nmaajaa")).toBe("nmaajaa");
});

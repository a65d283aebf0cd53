import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { WordForms } from "../../app/components/word-forms";
import type { WordForms as Forms } from "../../app/utils/word-forms";

const cell = (key: string, code: string, name: string, form: string, confidence: "high" | "low" = "high") => ({
  key, label: name, codes: [{ code, name }], form, variants: [], gloss: `${name} go away`, confidence, confidenceNote: confidence === "low" ? "Low: inferred." : null,
});

test("WordForms renders a verb's orders with plain labels, codes in <abbr>, confidence marked and the /conj link", () => {
  const forms: Forms = {
    kind: "verb", className: "Animate Intransitive",
    orders: [{ order: "ind", name: "Independent", href: "/conj?type=vai&verb=7&order=ind&subject=1s&full=1", cells: [cell("ind 1s", "1s", "I", "nmaajaa"), cell("ind 2s", "2s", "you (sg)", "gmaajaa", "low")] }],
  };
  const html = renderToString(createElement(WordForms, { forms }));
  expect(html).toContain('<abbr title="I">1s</abbr>');
  expect(html).toContain('<abbr title="Independent order">ind</abbr>');
  expect(html).toContain('href="/conj?type=vai&amp;verb=7&amp;order=ind&amp;subject=1s&amp;full=1"');
  expect(html).toMatch(/data-confidence="low"><span lang="otw">gmaajaa<\/span><span class="conj-flag" title="Low: inferred.">[^<]*less certain/);
});

test("WordForms renders a noun's declension, and nothing without forms", () => {
  const forms: Forms = { kind: "noun", className: "Inanimate noun", rows: [{ key: "pl", label: "plural", form: "jiimaanan", variants: [], gloss: "canoes", confidence: "high", confidenceNote: null }] };
  const html = renderToString(createElement(WordForms, { forms }));
  expect(html).toContain("<caption>Inanimate noun</caption>");
  expect(html).toContain('<th scope="row">plural</th>');
  expect(renderToString(createElement(WordForms, { forms: null }))).toBe("");
});

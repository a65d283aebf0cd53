import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { WordForms } from "../../app/components/word-forms";
import type { WordForms as Forms } from "../../app/utils/word-forms-shape";

const NOTES = { high: null, medium: 'Medium: the rules give "maajaa" where the dictionary writes the lemma "maajaaz".', low: "Low: inferred." };
const cell = (key: string, code: string, name: string, form: string, confidence: "high" | "medium" | "low" = "high") => ({
  key,
  label: name,
  codes: [{ code, name }],
  form,
  variants: [],
  gloss: `${name} go away`,
  confidence,
  confidenceNote: NOTES[confidence],
});

test("WordForms renders a verb's orders with plain labels, codes in <abbr>, confidence marked and the /conj link", () => {
  const forms: Forms = {
    kind: "verb",
    className: "Animate Intransitive",
    orders: [
      {
        order: "ind",
        name: "Independent",
        href: "/conj?type=vai&verb=7&order=ind&subject=1s&full=1",
        cells: [cell("ind 1s", "1s", "I", "nmaajaa"), cell("ind 2s", "2s", "you (sg)", "gmaajaa", "low")],
      },
    ],
  };
  const html = renderToString(createElement(WordForms, { forms, wordId: 7 }));
  expect(html).toContain('<abbr title="I">1s</abbr>');
  expect(html).toContain('<abbr title="Independent order">ind</abbr>');
  expect(html).toContain('href="/conj?type=vai&amp;verb=7&amp;order=ind&amp;subject=1s&amp;full=1"');
  expect(html).toMatch(
    /data-confidence="low"><a lang="otw" href="\/k\/7\/why\?cell=ind%202s">gmaajaa<\/a><span class="conj-flag" title="Low: inferred.">[^<]*less certain/,
  );
  expect(html).toContain("(less certain): the sources disagree"); // the key to the marks, since a form carries one
});

test("WordForms marks medium forms probable, with the reason, and shows no key when every form is high", () => {
  const verb = (cells: ReturnType<typeof cell>[]): Forms => ({
    kind: "verb",
    className: "Animate Intransitive",
    orders: [{ order: "ind", name: "Independent", href: "/conj", cells }],
  });
  const html = renderToString(createElement(WordForms, { forms: verb([cell("ind 3s", "3s", "s/he", "maajaa", "medium")]), wordId: 7 }));
  expect(html).toMatch(
    /data-confidence="medium"><a lang="otw" href="\/k\/7\/why\?cell=ind%203s">maajaa<\/a><span class="conj-flag" title="Medium: the rules give &quot;maajaa&quot; where the dictionary writes the lemma &quot;maajaaz&quot;.">[^<]*probable/,
  );
  expect(html).toContain("(probable): built by the rules");
  const allHigh = renderToString(createElement(WordForms, { forms: verb([cell("ind 1s", "1s", "I", "nmaajaa")]), wordId: 7 }));
  expect(allHigh).not.toContain("conj-flag");
  expect(allHigh).not.toContain("(probable)");
});

test("WordForms renders a noun's declension", () => {
  const forms: Forms = {
    kind: "noun",
    className: "Inanimate noun",
    rows: [{ key: "pl", label: "plural", form: "jiimaanan", variants: [], gloss: "canoes", confidence: "high", confidenceNote: null }],
  };
  const html = renderToString(createElement(WordForms, { forms, wordId: 7 }));
  expect(html).toContain("<caption>Inanimate noun</caption>");
  expect(html).toContain('<th scope="row">plural</th>');
});

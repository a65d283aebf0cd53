/**
 * No program debris reaches a visitor: a crawl of the served site (the pages reached from the home page, every
 * /paradigms word × kind, every /conj class × verb × order × tense or mode × conjunct form × preverb the form offers)
 * fails on "[object Object]", "undefined" or "NaN" in what a page shows, or on a 5xx answer. The pages are fetched as
 * a browser without JavaScript would (each is server-rendered), a few at a time (tests/e2e/crawl-site.ts). The last
 * test reads the site again once the whole dictionary is imported (project "full-dictionary-site", after the import).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { SHARED_DATA } from "../support/shared-data";
import { type PageProblem } from "./crawl";
import { crawlConj, crawlFromHome, crawlParadigms } from "./crawl-site";

const DICTIONARY = path.join(SHARED_DATA, "nishnaabemwin-dictionary", "nishnaabemwin-dict.tsv");
const report = (problems: PageProblem[]) =>
  problems
    .slice(0, 20)
    .map((p) => `${p.path}: ${p.problem}`)
    .join("\n");

// Thousands of server-rendered pages each, on a shared 2-core machine.
test.describe.configure({ timeout: 600_000 });

test("the pages reached from the home page show no debris", async ({ request }) => {
  const problems: PageProblem[] = [];
  const count = await crawlFromHome(request, problems);
  expect(count).toBeGreaterThan(100);
  expect(problems, report(problems)).toEqual([]);
});

test("every /paradigms word and kind shows no debris", async ({ request }) => {
  const problems: PageProblem[] = [];
  const count = await crawlParadigms(request, problems);
  expect(count).toBeGreaterThan(100);
  expect(problems, report(problems)).toEqual([]);
});

for (const types of [["vai"], ["vii", "vaio"], ["vta"], ["vti"]]) {
  test(`every /conj ${types.join(" and ")} verb, order, tense, mode and preverb shows no debris`, async ({ request }) => {
    const problems: PageProblem[] = [];
    const count = await crawlConj(request, types, problems);
    expect(count).toBeGreaterThan(100);
    expect(problems, report(problems)).toEqual([]);
  });
}

test(
  "with the whole dictionary imported, the pages reached from home, /paradigms and a spread of every class's verbs show no debris",
  { tag: ["@shared-data", "@after-fill"] },
  async ({ request }) => {
    test.skip(!existsSync(DICTIONARY), "needs ../shared/data (never committed)");
    // The import (tests/e2e/admin-import.spec.ts) ran first: the site now holds the dictionary.
    expect((await (await request.get("/api/search?q=mdwewedaabii")).json()).total).toBeGreaterThan(0);
    const problems: PageProblem[] = [];
    let count = await crawlFromHome(request, problems, 10);
    count += await crawlParadigms(request, problems, 40);
    count += await crawlConj(request, ["vai", "vii", "vta", "vti", "vaio"], problems, 8);
    expect(count).toBeGreaterThan(500);
    expect(problems, report(problems)).toEqual([]);
  },
);

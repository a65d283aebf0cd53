/**
 * What the crawl visits (tests/e2e/crawl.spec.ts): the pages reached from the home page, every word × kind of
 * /paradigms, and every /conj class × verb × order × tense or mode × conjunct form × preverb the form offers.
 */
import type { APIRequestContext } from "@playwright/test";
import { checkPages, optionValues, pageShape, siteLinks, type PageProblem } from "./crawl";

/** Addresses a visitor's crawl leaves out: the API, audio, the editors' and admins' tools, log-out. */
const NOT_PAGES = /^\/(?:api|audio|assets|cdn-cgi|DEV_editor|editor|admin|logout|click|offline-dictionary|conj-data)(?:[/?]|$)/;

/**
 * The pages linked from the home page, then the pages they link to: all of a kind of address up to `perShape`
 * (the word list's pages, word pages, their "why" pages… each kind sampled, in the order the pages link them).
 */
export async function crawlFromHome(request: APIRequestContext, problems: PageProblem[], perShape = 25): Promise<number> {
  const home = await (await request.get("/")).text();
  const first = [...new Set(siteLinks(home).filter((p) => !NOT_PAGES.test(p)))];
  const seen = new Set(["/", ...first]);
  const next: string[] = [];
  const shapes = new Map<string, number>();
  let count = await checkPages(request, first, problems, ({ path, status, html }) => {
    if (status === 404) problems.push({ path, problem: "linked from the home page, answered 404" });
    for (const link of html ? siteLinks(html) : []) {
      if (seen.has(link) || NOT_PAGES.test(link)) continue;
      seen.add(link);
      const shape = pageShape(link);
      const n = shapes.get(shape) ?? 0;
      if (n >= perShape) continue;
      shapes.set(shape, n + 1);
      next.push(link);
    }
  });
  count += await checkPages(request, next, problems);
  return count;
}

/** Every word × kind /paradigms offers (the kinds are those the chosen word's page offers). */
export async function crawlParadigms(request: APIRequestContext, problems: PageProblem[], sample = Infinity): Promise<number> {
  const words = spread(optionValues(await (await request.get("/paradigms")).text(), "paradigm-word"), sample);
  const pages: string[] = [];
  let count = await checkPages(
    request,
    words.map((w) => `/paradigms?word=${encodeURIComponent(w)}`),
    problems,
    ({ path, html }) => {
      for (const kind of html ? optionValues(html, "paradigm-kind") : []) if (kind) pages.push(`${path}&kind=${encodeURIComponent(kind)}`);
    },
  );
  count += await checkPages(request, pages, problems);
  return count;
}

/**
 * Every verb × order of the conjugator's classes, and on each the tense or mode, conjunct form and preverb it
 * offers, one at a time; the first verb's full paradigms too. `sample` spreads a class's verbs to that many.
 */
export async function crawlConj(request: APIRequestContext, types: readonly string[], problems: PageProblem[], sample = Infinity): Promise<number> {
  let count = 0;
  for (const type of types) {
    const page = await (await request.get(`/conj?type=${type}`)).text();
    const verbs = spread(optionValues(page, "conj-verb"), sample);
    const orders = optionValues(page, "conj-order");
    const bases = verbs.flatMap((verb) => orders.map((order) => `/conj?type=${type}&verb=${encodeURIComponent(verb)}&order=${order}`));
    const choices: string[] = [];
    count += await checkPages(request, bases, problems, ({ path, html }) => {
      if (!html) return;
      for (const [id, name] of [
        ["conj-tense", "tense"],
        ["conj-shape", "shape"],
        ["conj-preverb", "preverb"],
      ] as const) {
        for (const value of optionValues(html, id)) if (value) choices.push(`${path}&${name}=${encodeURIComponent(value)}`);
      }
    });
    const full = choices.filter((p) => p.startsWith(bases[0]!.split("&order=")[0]! + "&")).map((p) => `${p}&full=1`);
    count += await checkPages(request, [...choices, ...full], problems);
  }
  return count;
}

/** At most `n` items, spread evenly over the list (all of them when there are fewer). */
function spread<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  const step = list.length / n;
  return Array.from({ length: n }, (_, i) => list[Math.floor(i * step)]!);
}

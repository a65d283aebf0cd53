/**
 * The VAIO (an animate intransitive verb with an object) on /conj, /paradigms and the API (issue 37): a fifth verb
 * type after the product reference's four, its inanimate and animate objects, its tenses, its paradigm kinds.
 * daawen "sell something" as in db/seed/data/lexicon.tsv (stem from otw_lexicon_stems.tsv); its forms are the
 * reference's (otw_dev_verb_paradigms*.tsv give the same shape: ndadaawen, dadaawen).
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";

const call = (path: string) => exports.default.fetch(new Request(`http://localhost${path}`));
const page = async (path: string) => (await call(path)).text();

beforeAll(async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('daawen', 'daawen', 'vaio', 'sell something', 'adaawe')",
  ).run();
});

test("/conj offers the VAIO as a fifth verb type, with its defaults and the object in its gloss", async () => {
  const html = await page("/conj?type=vaio");
  expect(html).toMatch(/<option value="vaio"[^>]*>vaio Animate Intransitive with Object<\/option>/);
  // The product reference's four keep their place and wording, first.
  expect(html.indexOf('value="vti">vti Transitive Inanimate')).toBeLessThan(html.indexOf('<option value="vaio"'));
  expect(html).toMatch(/<option value="daawen"[^>]*>daawen \(sell something\)<\/option>/);
  // Defaults: s/he, and "it" as the object (the VAIO's conjunct has 0).
  expect(html).toContain('data-form="dadaawen"');
  expect(html).toContain("s/he sells it");
  expect(html).not.toContain("sells something");
  const conj = await page("/conj?type=vaio&verb=daawen&order=conj&subject=3s&prevType=vaio");
  expect(conj).toContain('data-form="daawed"');
});

test("/conj lists the VAIO's animate objects and its tenses", async () => {
  const html = await page("/conj?type=vaio&verb=daawen&order=ind&subject=1s&object=3s&prevType=vaio");
  expect(html).toMatch(/<option value="3s"[^>]*>3s \(s\/he\)<\/option>/);
  expect(html).toContain("I sell him/her");
  const past = await page("/conj?type=vaio&verb=daawen&order=ind&subject=3s&object=0s&tense=past&prevType=vaio");
  expect(past).toContain('data-form="gii-daawen"');
  expect(past).toContain("s/he sold it");
  // An object the order does not have falls back to the default.
  const conj = await page("/conj?type=vaio&verb=daawen&order=conj&subject=1s&object=3s&prevType=vaio");
  expect(conj).toContain('data-form="daaweyaanh"');
});

test("/paradigms shows the VAIO's kinds and tables; the API serves them", async () => {
  const chooser = await page("/paradigms?word=daawen");
  expect(chooser).toMatch(/<option value="daawen"[^>]*>daawen \(VAIO\)<\/option>/);
  expect(chooser).toContain('<option value="vaio-imp-neg">Imperative Prohibitive (vaio-imp-neg)</option>');
  const html = await page("/paradigms?word=daawen&kind=vaio-ind");
  expect(html).toContain("ndadaawen");
  expect(html).toContain("I sell it");
  // The whole verb's blocks: the preterit of the independent, collapsed.
  expect(html).toContain('data-block="prt"');
  const api = await call("/api/paradigm?word=daawen&kind=vaio-conj");
  expect(api.status).toBe(200);
  const table = (await api.json()) as { rows: Array<{ key: string; form: string }> };
  expect(table.rows.find((r) => r.key === "conj 3s>0")?.form).toBe("daawed");
  const data = await call("/conj-data/vaio-ind.json");
  expect(data.status).toBe(200);
});

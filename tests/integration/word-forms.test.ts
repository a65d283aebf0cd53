import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { wordForms } from "../../app/services/paradigms.server";
import { hasCoreForms } from "../../app/services/practice.server";

const call = (path: string) => exports.default.fetch(new Request(`http://localhost${path}`));

test("wordForms of a verb: core cells of each order in plain English, confidence, and a link that preselects it in /conj", async () => {
  // The real lemma (a made-up maajaa + suffix is one the rules do not give, so its forms would be medium).
  const name = "maajaa";
  await env.DB.prepare("INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, 'vai', 'go away, leave', 'maajaa')")
    .bind(name, name)
    .run();
  const { id } = (await env.DB.prepare("SELECT id FROM lexemes WHERE name = ? AND pos = 'vai'").bind(name).first<{ id: number }>())!;
  const forms = wordForms({ id, name, pos: "vai", gloss: "go away, leave", stem: "maajaa" })!;
  expect(forms.kind).toBe("verb");
  if (forms.kind !== "verb") return;
  expect(forms.orders.map((o) => o.order)).toEqual(["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-pro"]);
  const ind = forms.orders[0]!;
  expect(ind.cells.map((c) => c.key)).toEqual(["ind 1s", "ind 2s", "ind 3s", "ind 3p"]);
  expect(ind.cells[0]).toMatchObject({ label: "I", codes: [{ code: "1s", name: "I" }], form: "nmaajaa", gloss: "I go away", confidence: "high" });
  expect(ind.href).toBe(`/conj?type=vai&verb=${id}&order=ind&subject=1s&full=1`);
  // What the page's data carries: no note for a high form (it has no mark to explain), one object per person.
  expect(ind.cells[0]!.confidenceNote).toBeNull();
  expect(ind.cells[0]!.codes[0]).toBe(forms.orders[1]!.cells[0]!.codes[0]);
  // the link opens the full paradigm of this very lexeme
  const page = await (await call(ind.href!)).text();
  expect(page).toContain(`<option value="${name}" selected="">`);
  expect(page).toContain('<table class="conj-paradigm">');
  expect(page).toContain("nmaajaami");
});

test("wordForms of a VAIO: its forms, each order linked to its full paradigm on /conj (ADR 028)", () => {
  // njinzan "fight over sth.": stem from otw_lexicon_stems.tsv, forms as the reference gives them.
  const vaio = wordForms({ id: 1, name: "njinzan", pos: "vaio", gloss: "fight over sth.", stem: "onjinaza" })!;
  if (vaio.kind !== "verb") throw new Error("verb expected");
  const ind = vaio.orders.find((o) => o.order === "ind")!;
  expect(ind.cells[0]).toMatchObject({ form: "ndoonjnazan", gloss: "I fight over it", confidence: "high" });
  expect(ind.href).toBe("/conj?type=vaio&verb=1&order=ind&subject=1s&full=1");
  // Practice knows the four classes only: no "Practise this word" for it.
  expect(hasCoreForms({ name: "njinzan", pos: "vaio", gloss: "fight over sth.", stem: "onjinaza" })).toBe(false);
});

test("wordForms of a VTA picks one object per subject (3s first); of a noun, its declension; of a particle, null", () => {
  const vta = wordForms({ id: 1, name: "waabam", pos: "vta", gloss: "see", stem: "waabam" })!;
  if (vta.kind !== "verb") throw new Error("verb expected");
  const ind = vta.orders.find((o) => o.order === "ind")!;
  expect(ind.cells.find((c) => c.codes[0]!.code === "1s")!.codes[1]!.code).toBe("3s");
  expect(new Set(ind.cells.map((c) => c.codes[0]!.code)).size).toBe(ind.cells.length);
  const noun = wordForms({ id: 2, name: "jiimaan", pos: "ni", gloss: "canoe, boat", stem: "jiimaan" })!;
  if (noun.kind !== "noun") throw new Error("noun expected");
  expect(noun.rows.find((r) => r.key === "pl")).toMatchObject({
    label: "plural",
    form: "jiimaanan",
    gloss: "canoes",
    confidence: "high",
    confidenceNote: null,
  });
  const flagged = noun.rows.filter((r) => r.confidence !== "high"); // the possessive theme -im: medium, with its note
  expect(flagged.length).toBeGreaterThan(0);
  expect(flagged.every((r) => r.confidenceNote?.includes("not every noun"))).toBe(true);
  expect(wordForms({ id: 3, name: "gaye", pos: "pc", gloss: "and", stem: null })).toBeNull();
});

test("the word page and /conj mark a verb whose lemma the rules spell otherwise, and offer no practice for it", async () => {
  // bagizVa1: the rules give bgizo for the lemma's cell; the dictionary writes bgiza.
  const insert = "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, 'vai', ?, ?)";
  await env.DB.batch([
    env.DB.prepare(insert).bind("bgiza", "bgiza", "swim", "bagizVa1"),
    env.DB.prepare(insert).bind("maajaa", "maajaa", "go away, leave", "maajaa"),
  ]);
  const idOf = async (name: string) => (await env.DB.prepare("SELECT id FROM lexemes WHERE name = ? AND pos = 'vai'").bind(name).first<{ id: number }>())!.id;
  const bgiza = await (await call(`/k/${await idOf("bgiza")}`)).text();
  expect(bgiza).toMatch(/data-confidence="medium"><a lang="otw" href="\/k\/\d+\/why\?cell=ind%201s">nbagiz<\/a>/);
  expect(bgiza).toContain("(probable)");
  expect(bgiza).toContain("where the dictionary writes the lemma &quot;bgiza&quot;");
  expect(bgiza).toContain("(probable): built by the rules");
  // The mark's title is not shown on a phone: the key sends the reader to the form's own page, which gives the reason.
  expect(bgiza).toContain("Tap a form for the reason.");
  const why = await (await call(`/k/${await idOf("bgiza")}/why?cell=ind%201s`)).text();
  expect(why).toContain("where the dictionary writes the lemma &quot;bgiza&quot;");
  expect(bgiza).not.toContain("Practise this word");
  const maajaa = await (await call(`/k/${await idOf("maajaa")}`)).text();
  expect(maajaa).toContain("Practise this word");
  expect(maajaa).not.toContain("(probable)");
  // /conj gives the result's own reason, and the same practice rule.
  const conj = await (await call("/conj?type=vai&verb=bgiza&order=ind&subject=3s")).text();
  expect(conj).toMatch(/data-confidence="medium">Medium: the rules give &quot;bgizo&quot; where the dictionary writes the lemma &quot;bgiza&quot;/);
  expect(conj).not.toContain("Practise this word");
  expect(await (await call("/conj?type=vai&verb=maajaa&order=ind&subject=3s")).text()).toContain("Practise this word");
});

test("/k/{id}/why?cell=…: a form's own page says how it is built (verbs and nouns); the word page links each form to it", async () => {
  const insert = "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, ?, ?, ?)";
  await env.DB.batch([
    env.DB.prepare(insert).bind("maajaa", "maajaa", "vai", "go away, leave", "maajaa"),
    env.DB.prepare(insert).bind("jiimaan", "jiimaan", "ni", "canoe, boat", "jiimaan"),
  ]);
  const idOf = async (name: string, pos: string) =>
    (await env.DB.prepare("SELECT id FROM lexemes WHERE name = ? AND pos = ?").bind(name, pos).first<{ id: number }>())!.id;
  const verb = await idOf("maajaa", "vai");
  const noun = await idOf("jiimaan", "ni");

  expect(await (await call(`/k/${verb}`)).text()).toContain(`<a lang="otw" href="/k/${verb}/why?cell=ind%201s">nmaajaa</a>`);
  const response = await call(`/k/${verb}/why?cell=${encodeURIComponent("ind 1p")}`);
  expect(response.status).toBe(200);
  // React's text separators (<!-- -->) left out, to read the text as a learner sees it.
  const page = (await response.text()).replaceAll("<!-- -->", "");
  expect(page).toContain('Why <span lang="otw">nmaajaami</span>?');
  expect(page).toContain("we (excl.) go away");
  expect(page).toContain("How it is built");
  expect(page).toContain('<li><span lang="otw">ni-</span>: person prefix ni- (I, we)</li>');
  expect(page).toContain('<li><span lang="otw">maajaa</span>: stem</li>');
  expect(page).toContain('<li><span lang="otw">-min</span>: person ending (who does it, to whom)</li>');
  expect(page).toContain("Short vowels in weak positions");
  expect(page).toContain('<del class="weak-vowel" title="weak vowel">i</del>');
  expect(page).toContain(`href="/conj?type=vai&amp;verb=${verb}&amp;order=ind&amp;subject=1p&amp;full=1"`);
  expect(page).not.toContain('data-confidence="'); // a high form: no doubt to state

  expect(await (await call(`/k/${noun}`)).text()).toContain(`<a lang="otw" href="/k/${noun}/why?cell=pl">jiimaanan</a>`);
  const nounPage = (await (await call(`/k/${noun}/why?cell=pl`)).text()).replaceAll("<!-- -->", "");
  expect(nounPage).toContain('Why <span lang="otw">jiimaanan</span>?');
  expect(nounPage).toContain("canoes");
  expect(nounPage).toContain('<span lang="otw">jiimaan</span>: stem');

  // A form of the whole verb: its preverb named, and no internal symbol (i2, d1, c1 …) anywhere on the page.
  const past = (await (await call(`/k/${verb}/why?cell=${encodeURIComponent("ind 1s pv:gii")}`)).text()).replaceAll("<!-- -->", "");
  expect(past).toContain('Why <span lang="otw">ngii-maajaa</span>?');
  expect(past).toContain('<li><span lang="otw">gii-</span>: preverb gii- (past)</li>');
  const participle = (await (await call(`/k/${verb}/why?cell=${encodeURIComponent("conj 3s pcp:3p")}`)).text()).replaceAll("<!-- -->", "");
  expect(participle).toContain('Why <span lang="otw">maajaajig</span>?');
  for (const text of [past, participle]) {
    const main = text
      .slice(text.indexOf("<main"), text.indexOf("</main>"))
      .replace(/<[^>]*>/g, " ")
      .replace(/&#x27;/g, "'");
    expect(main).not.toMatch(/[a-z][0-9]/);
  }

  for (const [path, text] of [
    [`/k/${verb}/why?cell=${encodeURIComponent("imp 1s")}`, "maajaa has no such form."],
    [`/k/${verb}/why?cell=zzz`, "maajaa has no such form."],
    [`/k/${verb}/why`, "maajaa has no such form."],
    [`/k/${noun}/why?cell=obv`, "jiimaan has no such form."], // inanimate nouns have no obviative
    ["/k/999999999/why?cell=pl", "No info for this word found."],
  ] as const) {
    const res = await call(path);
    expect(res.status, path).toBe(404);
    expect((await res.text()).replaceAll("<!-- -->", ""), path).toContain(text);
  }
});

test("the word page writes its forms once: in the page's HTML, not again in its hydration data; a navigation's data carries the HTML", async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('maajaa', 'maajaa', 'vai', 'go away, leave', 'maajaa')",
  ).run();
  const { id } = (await env.DB.prepare("SELECT id FROM lexemes WHERE name = 'maajaa' AND pos = 'vai'").first<{ id: number }>())!;
  const page = await (await call(`/k/${id}`)).text();
  // "maajaasiidaa" (let's not go away!) is a form of the table only.
  expect(page.split("maajaasiidaa").length - 1).toBe(1);
  const section = page.slice(page.indexOf('<section class="word-forms"'), page.indexOf("</section>", page.indexOf('<section class="word-forms"')));
  expect(section).toMatch(/^<section class="word-forms" aria-labelledby="word-forms-title" data-kept="word-forms"><h2 id="word-forms-title">Forms<\/h2>/);
  expect(section).toContain(`<a lang="otw" href="/k/${id}/why?cell=imp-pro%2021">maajaasiidaa</a>`);
  const hydration = page.slice(page.indexOf("streamController.enqueue"));
  expect(hydration).toContain("word-forms");
  expect(hydration).not.toContain("Forms</h2>");

  // A client-side navigation's data (React Router's /k/{id}.data): the forms' HTML itself.
  const data = await (await call(`/k/${id}.data`)).text();
  expect(data).toContain('<h2 id=\\"word-forms-title\\">Forms</h2>');
  expect(data).toContain("maajaasiidaa");
});

import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";

const worker = exports.default;
const call = (path: string) => worker.fetch(new Request(`http://localhost${path}`));
const suffix = crypto.randomUUID().slice(0, 8);
// The real lemma: a made-up one (maajaa + a suffix) is one the rules do not give for its stem, so its forms would be
// medium (the lemma check). Other test files insert the same row the same way; (name, pos) is unique.
const verb = "maajaa";

beforeAll(async () => {
  await env.DB.prepare("INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, 'vai', 'go away, leave', 'maajaa')")
    .bind(verb, verb)
    .run();
});

test("GET /api/conjugate inflects a lexeme from D1", async () => {
  const response = await call(`/api/conjugate?type=vai&verb=${verb}&order=ind&subject=1p`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ prefix: "n", root: "maajaa", suffix: "mi", form: "nmaajaami", gloss: "we (excl.) go away", confidence: "high" });
  expect(body.variants).toContain("nmaajaamin");
});

test("GET /api/conjugate answers 404 No form found! for a cell docs/product.md does not allow or an unknown verb", async () => {
  for (const path of [
    `/api/conjugate?type=vai&verb=${verb}&order=imp&subject=1s`,
    `/api/conjugate?type=vai&verb=nosuchverb-${suffix}&order=ind&subject=1s`,
    `/api/conjugate?type=vxx&verb=${verb}&order=ind&subject=1s`,
  ]) {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No form found!" });
  }
});

test("GET /api/paradigm answers the rows of one kind", async () => {
  const response = await call(`/api/paradigm?word=${verb}&kind=vai-conj-neg`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { title: string; rows: Array<{ key: string; form: string }> };
  expect(body.title).toBe(`${verb} - go away, leave`);
  expect(body.rows).toHaveLength(9);
  // the test lemma shares maajaa's stem, so its forms are maajaa's
  expect(body.rows.find((r) => r.key === "conj-neg 1s")?.form).toBe("maajaaswaanh");
});

test("/conj renders the form and a result without JavaScript, with the product reference's defaults and resets", async () => {
  const page = await (await call("/conj")).text();
  expect(page).toContain("Odawa Verb Conjugator");
  expect(page).toContain('href="/paradigms"');
  expect(page).toContain("wiin"); // default vai 3s
  const vta = await (await call("/conj?type=vta&prevType=vai&verb=maajaa&order=imp&subject=1s")).text();
  // type changed: verb reset to the first vta, imperative forces 2s with object 1s
  expect(vta).toMatch(/<option value="2s" selected="">/);
  expect(vta).toMatch(/<option value="1s" selected="">/);
  const vii = await (await call("/conj?type=vii&prevType=vii&order=imp")).text();
  expect(vii).not.toContain('value="imp"');
});

test("/conj explains each form in a <details> Why this form? (no JavaScript needed)", async () => {
  const page = await (await call(`/conj?type=vai&prevType=vai&verb=${verb}&order=ind&subject=1s&full=1`)).text();
  expect(page).toContain('<details class="derivation"><summary>Why this form?</summary>');
  // the result and every row of the full paradigm (9 cells of the independent order) have one
  expect(page.match(/<summary>Why this form\?<\/summary>/g)!.length).toBe(10);
  // ni-maajaa → nmaajaa: the syncope step, in plain English
  expect(page.replaceAll("<!-- -->", "")).toMatch(
    /Short vowels in weak positions[^<]*: <span lang="otw">n<del class="weak-vowel" title="weak vowel">i<\/del>maajaa<\/span> → <span lang="otw">nmaajaa<\/span>/,
  );
});

test("GET /api/decline declines a noun of D1 for one cell", async () => {
  const noun = `jiimaan${suffix}`;
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, 'ni', 'canoe, boat', 'jiimaan')").bind(noun, noun).run();
  const plural = await call(`/api/decline?noun=${noun}&number=pl`);
  expect(plural.status).toBe(200);
  expect(await plural.json()).toMatchObject({ noun, pos: "ni", key: "pl", form: "jiimaanan", gloss: "canoes" });
  const mine = await call(`/api/decline?noun=${noun}&pos=ni&possessor=1s&number=pl`);
  expect(await mine.json()).toMatchObject({ key: "1s pl", form: "njiimaanan", gloss: "my canoes" });
  const loc = await call(`/api/decline?noun=${noun}&locative=loc`);
  expect(await loc.json()).toMatchObject({ key: "loc", form: "jiimaaning" });
});

test("GET /api/decline answers the API's errors: 400 VALIDATION for a refused parameter or a cell the class lacks, 404 NOT_FOUND", async () => {
  const cases: Array<[string, number, string]> = [
    [`/api/decline?noun=jiimaan${suffix}&number=dual`, 400, "VALIDATION"],
    [`/api/decline?noun=jiimaan${suffix}&colour=red`, 400, "VALIDATION"],
    [`/api/decline?number=pl`, 400, "VALIDATION"],
    [`/api/decline?noun=jiimaan${suffix}&obviative=obv`, 400, "VALIDATION"],
    [`/api/decline?noun=nosuchnoun-${suffix}`, 404, "NOT_FOUND"],
  ];
  for (const [path, status, code] of cases) {
    const response = await call(path);
    expect(response.status, path).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe(code);
  }
});

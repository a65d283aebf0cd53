import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";

const worker = exports.default;
const call = (path: string) => worker.fetch(new Request(`http://localhost${path}`));
const suffix = crypto.randomUUID().slice(0, 8);
const verb = `maajaa${suffix}`; // a unique lemma with maajaa's stem, so shared storage cannot interfere

beforeAll(async () => {
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, 'vai', 'go away, leave', 'maajaa')").bind(verb, verb).run();
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

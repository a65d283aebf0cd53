import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { cellsOf, inflect, type LexemeInput } from "../../app/core/grammar";

const worker = exports.default;
const call = (path: string) => worker.fetch(new Request(`http://localhost${path}`));

// Sample words of /paradigms, as in db/seed/data/lexicon.tsv (name, pos, gloss, underlying stem).
const SAMPLES: LexemeInput[] = [
  { name: "maajaa", pos: "vai", gloss: "go away, leave", stem: "maajaa" },
  { name: "yaa", pos: "vai", gloss: "be [in a certain place]", stem: "ayaa" },
  { name: "yaa", pos: "vii", gloss: "be [in a certain place], exist", stem: "ayaa" },
  { name: "waabmaa", pos: "vta", gloss: "see smb.; good-bye", stem: "waabam" },
  { name: "nini", pos: "na", gloss: "man", stem: "Vi1niniw2" },
  { name: "jiimaan", pos: "ni", gloss: "canoe, boat", stem: "jiimaan" },
];

beforeAll(async () => {
  for (const s of SAMPLES) {
    await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, ?, ?, ?)").bind(s.name, s.name, s.pos, s.gloss, s.stem).run();
  }
});

const selected = (html: string, id: string) => {
  const select = new RegExp(`<select[^>]*id="${id}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? /<option[^>]*selected=""[^>]*value="([^"]*)"/.exec(select)?.[1];
};

test("GET /paradigms renders the empty viewer on the server (no JavaScript needed)", async () => {
  const response = await call("/paradigms");
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("<h1>Odawa paradigms</h1>");
  expect(html).toContain(">maajaa (VAI)</option>");
  expect(html).toContain(">yaa (VII)</option>");
  expect(html).toContain(">Please choose a type</option>");
  expect(html).toContain("Please select a paradigm");
  expect(html).not.toContain("Loading...");
  // What the grouping means for a learner; why the SPEC's labels are not used is a developer note (ADR 005d).
  expect(html).toContain("Nouns are grouped by their class");
  expect(html).not.toContain("na_I");
  expect(selected(html, "paradigm-kind")).toBe("");
});

test("GET /paradigms?word=&kind= renders the table with prefix, root and suffix apart", async () => {
  const html = await (await call("/paradigms?word=maajaa&kind=vai-ind")).text();
  expect(html).toContain("<caption>maajaa - go away, leave</caption>");
  const lexeme = SAMPLES[0]!;
  for (const cell of cellsOf("vai", "ind")) {
    expect(html).toContain(`data-form="${inflect(lexeme, cell)!.form}"`);
  }
  expect(html).toMatch(
    /<span class="conj-prefix" title="prefix">n<\/span><span class="conj-root" title="root">maajaa<\/span><span class="conj-suffix" title="suffix">mi<\/span>/,
  );
  expect(html).not.toContain("Please select a paradigm");
});

test("a transitive paradigm has separator rows and flags forms that are not high confidence", async () => {
  const html = await (await call("/paradigms?word=waabmaa&kind=vta-imp-neg")).text();
  expect(html).toContain('class="paradigm-separator"');
  const unconfirmed = cellsOf("vta", "imp-pro").filter((c) => inflect(SAMPLES[3]!, c)?.confidence === "unconfirmed");
  expect(unconfirmed.length).toBeGreaterThan(0);
  expect(html.match(/data-confidence="unconfirmed"/g)?.length).toBe(unconfirmed.length);
  expect(html).toContain("(unconfirmed)");
});

test("changing the word keeps the kind suffix when the new class has it, else takes its first kind", async () => {
  const kept = await (await call("/paradigms?prevWord=maajaa&word=waabmaa&kind=vai-conj-neg")).text();
  expect(selected(kept, "paradigm-word")).toBe("waabmaa");
  expect(selected(kept, "paradigm-kind")).toBe("vta-conj-neg");
  expect(kept).toContain("<caption>waabmaa - see smb.; good-bye</caption>");

  const first = await (await call("/paradigms?prevWord=maajaa&word=yaa-vii&kind=vai-imp")).text();
  expect(selected(first, "paradigm-word")).toBe("yaa-vii");
  expect(selected(first, "paradigm-kind")).toBe("vii-ind");
  expect(first).not.toContain('value="vii-imp"');

  const same = await (await call("/paradigms?prevWord=maajaa&word=maajaa&kind=vai-imp")).text();
  expect(selected(same, "paradigm-kind")).toBe("vai-imp");
});

test("GET /conj-data/{kind}.json serves template and affixes of every sample word of the class", async () => {
  const response = await call("/conj-data/vai-ind.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  type Cell = { affixes: Array<{ kind: string; form: string }>; form: string; confidence: string };
  const body = (await response.json()) as {
    kind: string;
    title: string;
    template: string[];
    words: Array<{ key: string; word: string; pos: string; forms: Record<string, Cell> }>;
  };
  expect(body.kind).toBe("vai-ind");
  expect(body.template).toHaveLength(cellsOf("vai", "ind").length);
  expect(body.words.map((w) => w.key)).toEqual(expect.arrayContaining(["maajaa", "yaa-vai"]));
  const maajaa = body.words.find((w) => w.key === "maajaa")!;
  expect(maajaa.pos).toBe("VAI");
  for (const label of body.template) {
    const cell = maajaa.forms[label]!;
    expect(cell.affixes.map((a) => a.form).join("")).toBe(cell.form);
    expect(cell.affixes.every((a) => ["pre", "full", "post"].includes(a.kind))).toBe(true);
  }
  expect(maajaa.forms["we (excl.) (1p)"]!.affixes).toEqual([
    { kind: "pre", form: "n" },
    { kind: "full", form: "maajaa" },
    { kind: "post", form: "mi" },
  ]);

  const vta = (await (await call("/conj-data/vta-ind.json")).json()) as { template: string[] };
  expect(vta.template).toContain("");
});

test("GET /conj-data answers 404 JSON for unknown kinds, vii imperatives and noun kinds", async () => {
  for (const path of ["/conj-data/nope.json", "/conj-data/vii-imp.json", "/conj-data/vai-ind", "/conj-data/na_I-inf.json"]) {
    const response = await call(path);
    expect(response.status, path).toBe(404);
    const body = (await response.json()) as { error: string };
    expect(typeof body.error).toBe("string");
  }
});

test("GET /paradigms shows a noun by its class and reference stem shape, unpossessed and possessed, without JavaScript", async () => {
  const list = await (await call("/paradigms")).text();
  expect(list).toContain(">nini (NA, w2 stem)</option>");
  expect(list).toContain(">jiimaan (NI, consonant stem)</option>");
  const inf = await (await call("/paradigms?word=nini&kind=na-w2-inf")).text();
  expect(selected(inf, "paradigm-kind")).toBe("na-w2-inf");
  expect(inf).toContain('data-form="ninwag"');
  expect(inf).toContain('data-kind="na-w2-inf"');
  // a new word keeps the part (possessed) in its own class
  const poss = await (await call("/paradigms?word=jiimaan&prevWord=nini&kind=na-w2-n-poss")).text();
  expect(selected(poss, "paradigm-kind")).toBe("ni-consonant-n-poss");
  expect(poss).toContain('data-form="njiimaan"');
  // back to a verb: the verb's first kind
  const verb = await (await call("/paradigms?word=maajaa&prevWord=jiimaan&kind=ni-consonant-n-poss")).text();
  expect(selected(verb, "paradigm-kind")).toBe("vai-ind");
});

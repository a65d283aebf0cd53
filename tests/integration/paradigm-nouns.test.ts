/**
 * Noun kinds in /conj-data/{kind}.json and GET /api/paradigm, as /paradigms shows them ({class}-{stem shape}-inf,
 * -n-poss; docs/decisions/005d §5): the sample nouns of the kind, forms from the noun engine.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { decline, nounCellKey, nounCellLabel, nounCells, type NounLexeme } from "../../app/core/grammar";

const worker = exports.default;
const call = (path: string) => worker.fetch(new Request(`http://localhost${path}`));

// Sample nouns of /paradigms, as in db/seed/data/lexicon.tsv (name, pos, gloss, underlying stem).
const NOUNS: NounLexeme[] = [
  { name: "nini", pos: "na", gloss: "man", stem: "Vi1niniw2" },
  { name: "jiimaan", pos: "ni", gloss: "canoe, boat", stem: "jiimaan" },
];

beforeAll(async () => {
  for (const s of NOUNS) {
    await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, ?, ?, ?)").bind(s.name, s.name, s.pos, s.gloss, s.stem).run();
  }
});

type Form = { affixes: Array<{ kind: string; form: string }>; form: string | null; variants: string[]; gloss: string | null; confidence: string | null };
type ConjData = {
  kind: string;
  title: string;
  template: string[];
  words: Array<{ key: string; word: string; pos: string; gloss: string; title: string; forms: Record<string, Form> }>;
};

test("GET /conj-data/{noun kind}.json serves the sample nouns of that class and stem shape, forms from the engine", async () => {
  const response = await call("/conj-data/na-w2-inf.json");
  expect(response.status).toBe(200);
  const body = (await response.json()) as ConjData;
  expect(body.kind).toBe("na-w2-inf");
  const cells = nounCells("na").filter((c) => !c.possessor);
  expect(body.template).toEqual(cells.map(nounCellLabel));
  expect(body.words.map((w) => w.word)).toEqual(["nini"]);
  const nini = body.words[0]!;
  expect(nini.pos).toBe("NA");
  const pl = decline(NOUNS[0]!, { number: "pl" })!;
  const form = nini.forms[nounCellLabel({ number: "pl" })]!;
  expect(form.form).toBe("ninwag");
  expect(form).toEqual({ affixes: [{ kind: "full", form: pl.form }], form: pl.form, variants: pl.variants, gloss: pl.gloss, confidence: pl.confidence });

  const poss = (await (await call("/conj-data/ni-consonant-n-poss.json")).json()) as ConjData;
  expect(poss.words.map((w) => w.word)).toEqual(["jiimaan"]);
  expect(poss.words[0]!.forms[nounCellLabel({ number: "sg", possessor: "1s" })]!.form).toBe("njiimaan");
});

test("GET /conj-data keeps 404 for the product reference's noun labels and noun kinds without a sample noun", async () => {
  for (const path of ["/conj-data/na_I-inf.json", "/conj-data/na-a1-inf.json", "/conj-data/nad-consonant-inf.json"]) {
    const response = await call(path);
    expect(response.status, path).toBe(404);
    expect(typeof ((await response.json()) as { error: string }).error).toBe("string");
  }
});

test("GET /api/paradigm answers a noun's rows in its own kind, and 404 in another class or shape", async () => {
  const response = await call("/api/paradigm?word=jiimaan&kind=ni-consonant-inf");
  expect(response.status).toBe(200);
  const body = (await response.json()) as { title: string; kind: string; rows: Array<{ key: string; form: string | null; prefix: string | null }> };
  expect(body.kind).toBe("ni-consonant-inf");
  expect(body.title).toBe("jiimaan - canoe, boat");
  expect(body.rows.map((r) => r.key)).toEqual(
    nounCells("ni")
      .filter((c) => !c.possessor)
      .map(nounCellKey),
  );
  expect(body.rows.find((r) => r.key === nounCellKey({ number: "pl" }))?.form).toBe(decline(NOUNS[1]!, { number: "pl" })!.form);
  expect(body.rows.every((r) => r.prefix === null)).toBe(true);
  for (const path of [
    "/api/paradigm?word=jiimaan&kind=na-consonant-inf",
    "/api/paradigm?word=jiimaan&kind=ni-w2-inf",
    "/api/paradigm?word=nini&kind=na_I-inf",
  ]) {
    expect((await call(path)).status, path).toBe(404);
  }
});

import { expect, test } from "vitest";
import { buildSearchIndex, lookupWord, searchWords, type LexiconEntry } from "../../app/core/word-search";
import { splitWords } from "../../app/core/split-words";
import { posKind } from "../../app/core/pos";

const entry = (id: number, name: string, pos: string, gloss: string, stem: string | null = null): LexiconEntry => ({
  id,
  name,
  pos,
  gloss,
  stem,
  corpusCount: 0,
  audioUrl: null,
});

// Words from the demo lexicon (db/seed/data/lexicon.tsv).
const index = buildSearchIndex([
  entry(1, "maajaa", "vai", "go away, leave", "maajaa"),
  entry(2, "gkendaan", "vti", "know it", "gikendam1"),
  entry(3, "n'kaat", "nid", "my leg", "^kaad"),
  entry(4, "maajiidoon", "vti", "take it along"),
]);

test("splitWords keeps punctuation and spaces apart from words", () => {
  expect(splitWords("Nmaajaa, n’kaat!")).toEqual([{ word: "Nmaajaa" }, { text: "," }, { text: " " }, { word: "n’kaat" }, { text: "!" }]);
});

test("an exact Odawa match ranks above a headword that only starts with the query", () => {
  const result = searchWords(index, "MAAJ");
  expect(result.hits.map((h) => h.entry.name)).toEqual(["maajaa", "maajiidoon"]);
  expect(searchWords(index, "Maajaa").hits[0]).toMatchObject({ match: "odawa", entry: { id: 1 } });
});

test("apostrophe look-alikes and a missing apostrophe meet", () => {
  for (const q of ["n’kaat", "N'KAAT", "nkaat", "nʼkaat"]) expect(searchWords(index, q).hits[0]?.entry.id, q).toBe(3);
});

test("English finds glosses by whole words, and by word starts from three letters", () => {
  expect(searchWords(index, "leave").hits.map((h) => h.entry.id)).toEqual([1]);
  expect(searchWords(index, "kno").hits.map((h) => h.entry.id)).toEqual([2]);
  expect(searchWords(index, "le").hits).toEqual([]);
});

test("inflected forms and syncopated spellings resolve through the grammar engine", () => {
  const hit = searchWords(index, "nmaajaa").hits[0];
  expect(hit).toMatchObject({ match: "form", entry: { id: 1 }, analysis: { form: "nmaajaa", lemma: "maajaa", cell: "Independent: I" } });
  expect(hit.analysis!.explanation).toBe(`nmaajaa → maajaa, ${hit.analysis!.gloss}`);
  expect(searchWords(index, "gikendaan").hits[0]?.entry.id).toBe(2);
  expect(lookupWord(index, "Nmaajaa.").matches[0]).toMatchObject({ id: 1, analysis: { lemma: "maajaa" } });
  expect(lookupWord(index, "zzzz").matches).toEqual([]);
});

test("at most the limit is returned, with the rest counted", () => {
  const many = buildSearchIndex(Array.from({ length: 130 }, (_, i) => entry(i + 1, `w${i}`, "ni", "a thing")));
  const result = searchWords(many, "thing");
  expect(result.hits).toHaveLength(100);
  expect(result).toMatchObject({ total: 130, more: 30 });
});

test("names are styled verb or noun by the product reference's part-of-speech lists", () => {
  expect(["vai", "vta-r", "vaip-recip"].map(posKind)).toEqual(["verb", "verb", "verb"]);
  expect(["na", "nid", "n_suf"].map(posKind)).toEqual(["noun", "noun", "noun"]);
  expect(["av", "pv", "pr-an"].map(posKind)).toEqual(["other", "other", "other"]);
});

test("inflected nouns resolve through the noun engine (jiimaanan → jiimaan, plural)", () => {
  const nouns = buildSearchIndex([entry(10, "jiimaan", "ni", "canoe, boat", "jiimaan"), entry(11, "mkwa", "na", "bear", "makwa")]);
  const hit = searchWords(nouns, "jiimaanan").hits[0];
  expect(hit).toMatchObject({ match: "form", entry: { id: 10 }, analysis: { form: "jiimaanan", lemma: "jiimaan", cell: "plural" } });
  expect(hit!.analysis!.explanation).toBe("jiimaanan → jiimaan, canoes");
  expect(lookupWord(nouns, "Jiimaaning,").matches[0]).toMatchObject({ id: 10, analysis: { lemma: "jiimaan" } });
  expect(searchWords(nouns, "mkwaag").hits[0]).toMatchObject({ entry: { id: 11 }, analysis: { lemma: "mkwa" } });
});

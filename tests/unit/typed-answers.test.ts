/**
 * Typed answers as learners type them: the parts of a form joined by a hyphen, a dash, a space or nothing, and h for
 * any glottal stop; letters still decide. Search reads h for the glottal stop after n before a stop, as elsewhere.
 */
import { expect, test } from "vitest";
import { isAcceptedAnswer } from "../../app/utils/practice";
import { buildSearchIndex, searchWords, type LexiconEntry } from "../../app/core/word-search";
import { looseSpellingKey } from "../../app/core/grammar/spelling";

test("a preverb form is right with a hyphen, a dash, a space or nothing between its parts", () => {
  for (const typed of ["ggii-maajaa", "ggii maajaa", "ggii – maajaa", "ggii—maajaa", "ggiimaajaa", "Ggii-maajaa."]) {
    expect(isAcceptedAnswer(typed, ["ggii-maajaa"]), typed).toBe(true);
  }
  for (const typed of ["gii- nbaawag", "gii -nbaawag", "gii nbaawag"]) expect(isAcceptedAnswer(typed, ["gii-nbaawag"]), typed).toBe(true);
  expect(isAcceptedAnswer("ggii maajaam", ["ggii-maajaa"])).toBe(false);
  expect(isAcceptedAnswer("gii maajaa", ["ggii-maajaa"])).toBe(false);
  expect(isAcceptedAnswer("  ", ["ggii-maajaa"])).toBe(false);
});

test("h stands for the glottal stop after any letter, and only for it", () => {
  expect(isAcceptedAnswer("nhkaat", ["n'kaat"])).toBe(true);
  expect(isAcceptedAnswer("aanhkot", ["aan'kot"])).toBe(true);
  expect(isAcceptedAnswer("dewehgan", ["dewe'gan"])).toBe(true);
  expect(isAcceptedAnswer("dewe’gan", ["dewe'gan"])).toBe(true);
  expect(isAcceptedAnswer("dewegan", ["dewe'gan"])).toBe(false);
  // An h the form has is not a glottal stop to leave out.
  expect(isAcceptedAnswer("zhaa", ["zhaa"])).toBe(true);
  expect(isAcceptedAnswer("z'aa", ["zhaa"])).toBe(false);
});

const entry = (id: number, name: string, pos: string, gloss: string): LexiconEntry => ({
  id,
  name,
  pos,
  gloss,
  stem: null,
  corpusCount: 0,
  audioUrl: null,
});

test("search reads h for the glottal stop after n before a stop, and keeps the nasal nh", () => {
  // Headwords of the demo lexicon (db/seed/data/lexicon.tsv).
  const index = buildSearchIndex([entry(1, "aan'kot", "ni", "cloud"), entry(2, "dewe'gan", "na", "drum"), entry(3, "binoojiinh", "na", "child")]);
  expect(searchWords(index, "aanhkot").hits[0]?.entry.id).toBe(1);
  expect(searchWords(index, "dewehgan").hits[0]?.entry.id).toBe(2);
  expect(searchWords(index, "binoojiinh").hits[0]?.entry.id).toBe(3);
  expect(looseSpellingKey("nhgamo")).toBe(looseSpellingKey("n'gamo"));
  expect(looseSpellingKey("binoojiinhag")).toBe("binoojiinhag");
  expect(looseSpellingKey("giigoonhyag")).toBe("giigoonhyag");
});

import { expect, test } from "vitest";
import { buildSearchIndex, type LexiconEntry } from "../../app/core/word-search";
import { letterOf, listWords } from "../../app/core/word-list";
import { searchPhrase } from "../../app/core/phrase-search";
import { phraseKey } from "../../app/core/phrase-key";
import { posGroup, posName } from "../../app/core/pos";

const entry = (id: number, name: string, pos: string, gloss: string, stem: string | null = null): LexiconEntry => ({
  id,
  name,
  pos,
  gloss,
  stem,
  corpusCount: 0,
  audioUrl: null,
});

const index = buildSearchIndex([
  entry(1, "maajaa", "vai", "go away, leave", "maajaa"),
  entry(2, "waabmaa", "vta", "see smb.; good-bye", "waabam"),
  entry(3, "n'kaat", "nid", "my leg", "^kaad"),
  entry(4, "Nmaajaa-test", "av", "a capitalised test headword"),
  entry(5, "-ban", "n_suf", "a suffix"),
]);

test("letterOf files a headword under its first a–z letter, whatever its case or a leading hyphen", () => {
  expect(["maajaa", "Nmaajaa", "-ban", "n'kaat", "1st"].map(letterOf)).toEqual(["m", "n", "b", "n", ""]);
});

test("listWords sorts by name and pages, with counts per letter under the part-of-speech filter", () => {
  const all = listWords(index, { letter: null, pos: null, page: 1 }, 2);
  expect(all).toMatchObject({ total: 5, page: 1, lastPage: 3 });
  expect(all.entries.map((e) => e.name)).toEqual(["-ban", "maajaa"]);
  expect(all.letterCounts).toMatchObject({ n: 2, m: 1, w: 1, b: 1, x: 0 });
  expect(listWords(index, { letter: null, pos: null, page: 99 }, 2).page).toBe(3);
  const n = listWords(index, { letter: "n", pos: null, page: 1 });
  expect(n.entries.map((e) => e.id)).toEqual([3, 4]);
  const verbs = listWords(index, { letter: null, pos: "verb", page: 1 });
  expect(verbs.entries.map((e) => e.id)).toEqual([1, 2]);
  expect(verbs.letterCounts.n).toBe(0);
});

test("part-of-speech groups and plain names", () => {
  expect(["vai", "na", "av", "pv", "expr", "zzz"].map(posGroup)).toEqual(["verb", "noun", "adverb", "affix", "other", "other"]);
  expect(posName("vta")).toBe("verb, transitive animate");
  expect(posName("zzz")).toBe("zzz");
});

test("phraseKey spells out contractions, drops notes and reads he/she and him/her as the glosses write them", () => {
  expect(phraseKey("They DON'T leave!")).toBe("they do not leave");
  expect(phraseKey("I see you (sg)")).toBe("i see you");
  expect(phraseKey("we (incl.) leave", true)).toBe("we incl leave");
  expect(phraseKey("she sees her")).toBe("s/he sees him/her");
  expect(phraseKey("s/he sees him/her")).toBe("s/he sees him/her");
  expect(phraseKey("when/that I go [somewhere]")).toBe("when i go");
});

test("searchPhrase finds the form whose engine gloss is the phrase, and nothing for one word", () => {
  expect(searchPhrase(index, "I see you").map((m) => m.form)).toEqual(["gwaabmin", "gwaabminnim"]);
  expect(searchPhrase(index, "they don't leave")[0]).toMatchObject({ form: "maajaasiiwag", cell: { order: "ind-neg", subject: "3p" } });
  expect(searchPhrase(index, "leave")).toEqual([]);
  expect(searchPhrase(index, "they juggle")).toEqual([]);
});

test("the audio import reads an optional speaker and recording day, and writes them with the recording", async () => {
  const { audioSql, parseAudio } = await import("../../scripts/import/formats");
  const parsed = parseAudio("file\tname\tspeaker\trecorded_at\na.mp3\tmaajaa\tTest Speaker\t2024-05-17\nb.mp3\tzhaa\t\t\nc.mp3\tyaa\t\t17/05/2024\n", "tsv");
  expect(parsed.rows.map((r) => [r.value.speaker, r.value.recorded_at])).toEqual([
    ["Test Speaker", Date.UTC(2024, 4, 17)],
    [null, null],
  ]);
  expect(parsed.errors).toEqual([{ line: 4, message: expect.stringContaining("YYYY-MM-DD") }]);
  const [insert] = audioSql([{ lexemeId: 1, key: "audio/1.mp3", contentType: "audio/mpeg", size: 3, speaker: "O'Brien", recordedAt: 5 }]);
  expect(insert).toContain("VALUES ('audio/1.mp3', 'audio/mpeg', 3, 'O''Brien', 5)");
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { baseForms, ingOf, pastOf } from "../../app/core/grammar/english";
import { searchPhrase } from "../../app/core/phrase-search";
import { buildSearchIndex, searchWords, type LexiconEntry } from "../../app/core/word-search";

const here = path.dirname(new URL(import.meta.url).pathname);
const entries: LexiconEntry[] = readFileSync(path.join(here, "../../db/seed/data/lexicon.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line, i) => {
    const [name, pos, gloss, stem] = line.split("\t");
    return { id: i + 1, name: name!, pos: pos!, gloss: gloss ?? "", stem: stem || null, corpusCount: 0, audioUrl: null };
  });
const index = buildSearchIndex(entries);
const forms = (q: string) => searchPhrase(index, q).map((m) => m.form);
const readings = (q: string) => searchPhrase(index, q).map((m) => `${m.form}: ${m.gloss}`);

describe("English morphology", () => {
  test("past, -ing and the base forms a query word stands for", () => {
    expect(["see", "leave", "walk", "cry", "dance", "stop"].map(pastOf)).toEqual(["saw", "left", "walked", "cried", "danced", "stopped"]);
    expect(["leave", "see", "lie", "stop", "be"].map(ingOf)).toEqual(["leaving", "seeing", "lying", "stopping", "being"]);
    expect(baseForms("saw")).toContain("see");
    expect(baseForms("were")).toContain("be");
    expect(baseForms("stopped")).toContain("stop");
    expect(baseForms("danced")).toContain("dance");
  });
});

describe("searchPhrase over the whole verb", () => {
  test("tense: the past with gii- and the preterit, each labelled", () => {
    expect(readings("I saw you")).toEqual(
      expect.arrayContaining([
        "ggii-waabmin: I saw you (sg) (past, gii-)",
        "ggii-waabminnim: I saw you (pl) (past, gii-)",
        expect.stringMatching(/^gwaabmin\S*: I saw you \(sg\) \(preterit\)$/),
      ]),
    );
    expect(forms("they were hungry")).toEqual(expect.arrayContaining(["gii-bkadewag"]));
    expect(readings("they were hungry").every((r) => /past|preterit/.test(r))).toBe(true);
  });

  test("the future: wii-, ga- and da-", () => {
    expect(forms("she will leave")).toEqual(expect.arrayContaining(["wii-maajaa", "ga-maajaa", "da-maajaa"]));
    expect(forms("I will not leave")).toEqual(expect.arrayContaining(["nwii-maajaasii"]));
  });

  test("negation, 'you all', and both 'we's each labelled", () => {
    expect(forms("I didn't see you")).toContain("ggii-waabmisnoon");
    expect(readings("you all leave")).toEqual(["gmaajaam: you (pl) leave"]);
    expect(readings("we leave")).toEqual(["nmaajaami: we (excl.) leave", "gmaajaami: we (incl.) leave"]);
  });

  test("participles and the dubitative", () => {
    expect(forms("those who leave")).toEqual(expect.arrayContaining(["maajaajig"]));
    expect(searchPhrase(index, "those who leave")[0]!.label).toMatch(/participle/);
    expect(forms("those who see me").length).toBeGreaterThan(0);
    expect(forms("maybe she is hungry")).toContain("bkadewdig");
    expect(forms("maybe he left")).toContain("maajaagba");
  });

  test("today's readings are unchanged, and one word or unknown English is no phrase", () => {
    expect(forms("I see you")).toEqual(["gwaabmin", "gwaabminnim"]);
    expect(forms("leave")).toEqual([]);
    expect(forms("they juggle")).toEqual([]);
  });
});

describe("searchPhrase over nouns", () => {
  test("possessed, plural, locative, diminutive: every reading", () => {
    expect(forms("my dog")).toContain("ndanmosh");
    expect(forms("the dogs")).toEqual(["nimshag"]);
    expect(forms("in the house")).toEqual(["wiigwaaming"]);
    const ours = readings("our little house");
    expect(ours).toEqual(
      expect.arrayContaining([expect.stringMatching(/: our \(excl\.\) little house$/), expect.stringMatching(/: our \(incl\.\) little house$/)]),
    );
  });
});

describe("searchWords", () => {
  test("a phrase hit carries every reading of its word", () => {
    const hit = searchWords(index, "I saw you").hits.find((h) => h.match === "phrase")!;
    expect(hit.readings!.map((r) => r.form)).toEqual(expect.arrayContaining(["ggii-waabmin", "ggii-waabminnim"]));
    const we = searchWords(index, "we leave").hits.find((h) => h.match === "phrase")!;
    expect(we.readings!.map((r) => r.gloss)).toEqual(["we (excl.) leave", "we (incl.) leave"]);
  });

  test("unknown English says which words the dictionary lacks", () => {
    const result = searchWords(index, "they juggle");
    expect(result.hits).toEqual([]);
    expect(result.unknown).toEqual(["juggle"]);
  });
});

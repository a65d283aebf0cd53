import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { parseLexiconText } from "../../app/core/import/lexicon";
import { parseStemsText } from "../../app/core/import/stems";
import { decodePack, encodePack, formKey, searchPack, type PackInput } from "../../app/core/offline-pack";
import { inflect } from "../../app/core/grammar/inflection";
import { packText, type PackSource } from "../../app/core/offline-pack-build";
import { parseSeedLexicon } from "../support/seed-lexicon";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";

const input: PackInput = {
  version: "1-abc",
  builtAt: "2026-11-26T12:00:00.000Z",
  templates: { vta: ["Independent: I → s/he", "Independent: I → you (sg)"], na: ["plural"] },
  entries: [
    { id: 7, name: "waabmaa", pos: "vta", gloss: "see s.o.", template: "vta", slots: [["nwaabmaa"], ["gwaabmin", "gwaabmin"]] },
    { id: 9, name: "n'kaat", pos: "nid", gloss: "my leg\twith a tab", template: "", slots: [] },
    { id: 12, name: "nimosh", pos: "na", gloss: "dog", template: "na", slots: [[formKey("nimshak"), formKey("nimoshak"), "bad key", ""]] },
  ],
};

test("a pack decodes to what was encoded: header, entries, and each form in its cell", () => {
  const pack = decodePack(encodePack(input));
  expect(pack).toMatchObject({ version: "1-abc", builtAt: input.builtAt, templates: input.templates });
  expect(pack.entries).toEqual([
    { id: 7, name: "waabmaa", pos: "vta", gloss: "see s.o.", template: "vta" },
    { id: 9, name: "n'kaat", pos: "nid", gloss: "my leg with a tab", template: "" },
    { id: 12, name: "nimosh", pos: "na", gloss: "dog", template: "na" },
  ]);
  expect([...searchPack(pack, "gwaabmin").hits]).toEqual([{ entry: pack.entries[0], match: "form", cells: ["Independent: I → you (sg)"] }]);
  expect(searchPack(pack, "nimoshak").hits[0]).toMatchObject({ entry: { id: 12 }, match: "form", cells: ["plural"] });
  // Keys with a space or empty ones are left out; the other keys of the cell stay.
  expect(searchPack(pack, "bad key").hits.map((h) => h.match)).not.toContain("form");
  expect(() => decodePack("something else\n")).toThrow(/Not an offline dictionary pack/);
  expect(() => decodePack(encodePack(input).slice(0, -20))).toThrow(/cut short/);
});

test("a query is folded as the site folds it: case, curly apostrophes, glottal h, hyphens, punctuation", () => {
  expect(formKey("N’kaat!")).toBe(formKey("n'kaat"));
  expect(formKey("dkweghaa")).toBe(formKey("dkweg’aa"));
  expect(formKey("“Nwaab-maa,”")).toBe("nwaabmaa");
  const pack = decodePack(encodePack(input));
  for (const q of ["N’KAAT", "nkaat", "n-kaat", "n'kaat."]) expect(searchPack(pack, q).hits[0]?.entry.id, q).toBe(9);
  expect(searchPack(pack, "leg").hits[0]).toMatchObject({ entry: { id: 9 }, match: "english" });
  expect(searchPack(pack, "waab").hits[0]).toMatchObject({ entry: { id: 7 }, match: "prefix" });
  // A filter leaves entries out (the word list's part-of-speech filter).
  expect(searchPack(pack, "dog").total).toBe(1);
  expect(searchPack(pack, "dog", 100, (e) => e.pos !== "na").total).toBe(0);
});

test("the demo lexicon's pack finds inflected forms of verbs and nouns with their cells", () => {
  const sources: PackSource[] = parseSeedLexicon(readFileSync("db/seed/data/lexicon.tsv", "utf8")).map((e, i) => ({
    id: i + 1,
    name: e.name,
    pos: e.pos,
    gloss: e.gloss,
    stem: e.stem,
  }));
  const pack = decodePack([...packText(sources, "demo", "2026-11-26T12:00:00.000Z")].join(""));
  expect(pack.entries).toHaveLength(sources.length);
  const first = (q: string) => searchPack(pack, q).hits[0];
  expect(first("nwaabmaa")).toMatchObject({ entry: { name: "waabmaa" }, match: "form", cells: ["Independent: I → s/he"] });
  expect(first("gwaabmin")).toMatchObject({ entry: { name: "waabmaa" }, cells: ["Independent: I → you (sg)"] });
  expect(first("jiimaanan")).toMatchObject({ entry: { name: "jiimaan" }, match: "form", cells: expect.arrayContaining(["plural"]) });
  // A negative (as a sentence of the demo data writes it) and the engine's conjunct and imperative forms.
  expect(first("Nmaajaasii.")).toMatchObject({ entry: { name: "maajaa" }, match: "form", cells: ["Independent Negative: I"] });
  const maajaa = sources.find((s) => s.name === "maajaa")!;
  const conj = inflect(maajaa, { order: "conj", subject: "1s" })!.form;
  expect(first(conj)).toMatchObject({ entry: { name: "maajaa" }, cells: expect.arrayContaining(["Conjunct: I"]) });
  const imp = inflect(maajaa, { order: "imp-pro", subject: "2p" })!.form;
  expect(first(imp)).toMatchObject({ entry: { name: "maajaa" }, cells: expect.arrayContaining(["Imperative Prohibitive: you (pl)"]) });
});

const DICTIONARY = path.join(SHARED_DATA, "nishnaabemwin-dictionary/nishnaabemwin-dict.tsv");
const STEMS = path.join(SHARED_DATA, "otw/otw_lexicon_stems.tsv");
const full = existsSync(DICTIONARY) && existsSync(STEMS);

describe.skipIf(!full)("the full dictionary's pack (../shared/data)", needsSharedData, () => {
  test("is at most 5 MB gzipped and finds inflected forms of its words", { timeout: 120_000 }, () => {
    const parsed = parseLexiconText(readFileSync(DICTIONARY, "utf8"), "tsv");
    const stems = new Map<string, string>();
    for (const row of parseStemsText(readFileSync(STEMS, "utf8")).rows)
      if (!stems.has(`${row.name}\t${row.pos}`)) stems.set(`${row.name}\t${row.pos}`, row.stem);
    const sources = parsed.entries.map((e, i) => ({ id: i + 1, name: e.name, pos: e.pos, gloss: e.gloss, stem: stems.get(`${e.name}\t${e.pos}`) ?? null }));
    const text = [...packText(sources, "full", "2026-11-26T12:00:00.000Z")].join("");
    expect(gzipSync(text).length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const pack = decodePack(text);
    expect(pack.entries).toHaveLength(sources.length);
    const names = (q: string) =>
      searchPack(pack, q)
        .hits.filter((h) => h.match === "form")
        .map((h) => h.entry.name);
    expect(names("nwaabmaa")).toContain("waabmaa");
    expect(names("gwaabmin")).toContain("waabmaa");
    expect(names("jiimaanan")).toContain("jiimaan");
    expect(names("nmaajaasii")).toContain("maajaa");
  });
});

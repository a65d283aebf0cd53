// Search ranking that holds at any lexicon size (issue 40, ADR 024): a fixed list of queries (Odawa forms and English
// phrases) lists the same word first with the demo lexicon and, when ../shared/data is there, with the full
// dictionary and its stems taken through the import's own parse and plan; and with the full dictionary, a fixed
// sample of forms the engine makes of dictionary words each finds its word (no answer lost).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, test } from "vitest";
import { cellsOf, verbClassOf } from "../../app/core/grammar/cells";
import { inflect } from "../../app/core/grammar/inflection";
import { nounCells, nounPosOf } from "../../app/core/grammar/noun-cells";
import { decline } from "../../app/core/grammar/noun-inflection";
import { parseLexiconText } from "../../app/core/import/lexicon";
import { planLexicon } from "../../app/core/import/plan";
import { parseStemsText, planStems } from "../../app/core/import/stems";
import { headwordScore } from "../../app/core/search-rank";
import { buildSearchIndex, searchWords, type LexiconEntry, type SearchIndex } from "../../app/core/word-search";
import { parseSeedLexicon } from "../support/seed-lexicon";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";

/** Query → the word listed first (name and part of speech), whatever the size of the lexicon. */
const FIRST: Array<[query: string, name: string, pos: string]> = [
  ["gwaabmin", "waabmaa", "vta"], // an exact analysis above spelling-near ones (gwaab'aan: gwaab'amni)
  ["I see you", "waabmaa", "vta"], // "see smb." above "see smb. [at a distance]"
  ["I saw you", "waabmaa", "vta"],
  ["she sees him", "waabmaa", "vta"],
  ["nmaajaa", "maajaa", "vai"], // an exact analysis above a headword met by syncope (ni-maajaa)
  ["ngii-maajaa", "maajaa", "vai"], // a preverb form
  ["ngiimaajaa", "maajaa", "vai"],
  ["I leave", "maajaa", "vai"], // the dictionary's own sense "leave" above "leave [to come this way]"
  ["they don't leave", "maajaa", "vai"],
  ["go away", "maajaa", "vai"], // a first sense above a later one (kogaa: "get out of the way, go away")
  ["leave", "maajaa", "vai"], // an English sense that is the query above glosses that start with it ("leave sth.")
  ["jiimaanan", "jiimaan", "ni"], // an inflected noun
  ["moozoog", "moos", "na"],
  ["in the house", "wiigwaam", "ni"],
  ["gikendaan", "gkendaan", "vti"], // the full spelling of a syncopated headword
  ["makwa", "mkwa", "na"], // syncope above a spelling skeleton alone (mkawi)
  ["nkaat", "n'kaat", "nid"],
  ["gniimim", "niimi", "vai"], // a form as typed above one with a glottal stop the query lacks (gniim'im)
  ["nwaabndaan", "waabndaan", "vti"],
  ["I know him", "gkenmaa", "vta"],
  ["I ate", "wiisni", "vai"],
  ["canoe", "jiimaan", "ni"],
];

const first = (index: SearchIndex, q: string) => {
  const hit = searchWords(index, q).hits[0];
  return hit ? `${hit.entry.name} (${hit.entry.pos})` : "nothing";
};
const expected = FIRST.map(([q, name, pos]) => [q, `${name} (${pos})`]);
const root = path.resolve(import.meta.dirname, "../..");

test("the fixed queries list their word first with the demo lexicon", { timeout: 60_000 }, () => {
  const seed = parseSeedLexicon(readFileSync(path.join(root, "db/seed/data/lexicon.tsv"), "utf8"));
  const index = buildSearchIndex(seed.map((e, i) => ({ id: i + 1, name: e.name, pos: e.pos, gloss: e.gloss, stem: e.stem, corpusCount: 0, audioUrl: null })));
  expect(FIRST.map(([q]) => [q, first(index, q)])).toEqual(expected);
});

test("a headword as typed, then by spelling conventions, then by syncope, then by the skeleton", () => {
  expect(["makwa", "Makwa", "ma'kwa", "mkwa", "mkawi"].map((name) => headwordScore(name, "makwa"))).toEqual([100, 100, 95, 84, 82]);
  expect(headwordScore("ni-maajaa", "nmaajaa")).toBe(84);
});

const DICTIONARY = path.join(SHARED_DATA, "nishnaabemwin-dictionary/nishnaabemwin-dict.tsv");
const STEMS = path.join(SHARED_DATA, "otw/otw_lexicon_stems.tsv");

/** The entries as the README's two import commands leave an empty database: ids in file order, stems set. */
function imported(): LexiconEntry[] {
  const plan = planLexicon([], parseLexiconText(readFileSync(DICTIONARY, "utf8"), "tsv"), "import");
  const entries: LexiconEntry[] = plan.added.map((v, i) => ({
    id: i + 1,
    name: v.name,
    pos: v.pos,
    gloss: v.gloss,
    stem: v.stem ?? null,
    corpusCount: v.corpus_count ?? 0,
    audioUrl: null,
  }));
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const u of planStems(entries, parseStemsText(readFileSync(STEMS, "utf8"))).updates) byId.get(u.id)!.stem = u.stem;
  return entries;
}

/** Every `step`th verb and noun with a stem, one form each, its cell spread over the whole paradigm. */
function sample(entries: LexiconEntry[], step: number): Array<{ form: string; entry: LexiconEntry }> {
  const out: Array<{ form: string; entry: LexiconEntry }> = [];
  const words = entries.filter((e) => e.stem && (verbClassOf(e.pos) || nounPosOf(e.pos)));
  for (let i = 0; i < words.length; i += step) {
    const entry = words[i]!;
    const cls = verbClassOf(entry.pos);
    const noun = nounPosOf(entry.pos);
    const form = cls
      ? inflect(entry, cellsOf(cls, { all: true })[(i * 7) % cellsOf(cls, { all: true }).length]!)?.form
      : noun
        ? decline(entry, nounCells(noun)[(i * 7) % nounCells(noun).length]!)?.form
        : undefined;
    if (form) out.push({ form, entry });
  }
  return out;
}

describe.skipIf(!existsSync(DICTIONARY) || !existsSync(STEMS))("with the full dictionary and stems", needsSharedData, () => {
  let index: SearchIndex;
  let entries: LexiconEntry[];
  beforeAll(() => {
    entries = imported();
    index = buildSearchIndex(entries);
  }, 120_000);

  it("the fixed queries list the same word first", { timeout: 120_000 }, () => {
    expect(entries.length).toBeGreaterThan(15_000);
    expect(FIRST.map(([q]) => [q, first(index, q)])).toEqual(expected);
  });

  it("a fixed sample of the engine's forms of dictionary words each finds its word", { timeout: 120_000 }, () => {
    const forms = sample(entries, 65);
    expect(forms.length).toBeGreaterThan(180);
    const lost = forms.filter(({ form, entry }) => !searchWords(index, form).hits.some((h) => h.entry.id === entry.id));
    expect(lost.map(({ form, entry }) => `${form} → ${entry.name} (${entry.pos})`)).toEqual([]);
  });
});

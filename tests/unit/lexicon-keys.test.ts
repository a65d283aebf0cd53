// The stored search keys (ADR 026): a request reads only the entries its keys find and indexes them alone; the
// answers must be the whole lexicon's. The keys (`indexRows`) are looked up here as db/queries/lexicon-keys.ts looks
// them up in D1 (exact keys, a headword prefix range, English words intersected), for the demo lexicon and, with
// ../shared/data, the full dictionary and stems through the import's own parse and plan: searches for a fixed sample
// of the engine's forms, English phrases and words, tap-a-word over the demo stories, related words, the word list.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cellsOf, verbClassOf } from "../../app/core/grammar/cells";
import { newAnalysisCaches } from "../../app/core/grammar/analysis";
import { hintsOf } from "../../app/core/grammar/cell-hints";
import { useTailEndings, verbTails } from "../../app/core/grammar/tail-endings";
import { inflect } from "../../app/core/grammar/inflection";
import { nounCells, nounPosOf } from "../../app/core/grammar/noun-cells";
import { decline } from "../../app/core/grammar/noun-inflection";
import { parseLexiconText } from "../../app/core/import/lexicon";
import { planLexicon } from "../../app/core/import/plan";
import { parseStemsText, planStems } from "../../app/core/import/stems";
import { indexRows, relatedKeys, searchKeys, textKeys, type EntryKey, type QueryKeys } from "../../app/core/lexicon-keys";
import { askedEnglish, useVocabulary } from "../../app/core/phrase-search";
import { relatedWords } from "../../app/core/related-words";
import { listSortKey, listWords } from "../../app/core/word-list";
import { buildSearchIndex, cleanQuery, lookupWords, searchWords, type LexiconEntry, type SearchIndex } from "../../app/core/word-search";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The stored rows of a lexicon and the look-ups of db/queries/lexicon-keys.ts over them, read as a request reads
 * them: in caches of its own (not the writer's), with the stored tail projections of its keyed candidates.
 */
function stored(entries: LexiconEntry[]) {
  const rows = indexRows(entries, newAnalysisCaches().wholeCaches);
  const caches = newAnalysisCaches();
  const tailRows = new Map(rows.tails);
  const byKey = new Map<string, Set<number>>();
  const sorted = new Map<string, string[]>();
  // The analysers' notes of the keys, by kind and key (what the request reads beside the entries).
  const notes = new Map<string, Array<{ id: number; kind: string; key: string; cells: string }>>();
  for (const [kind, key, id, cells] of rows.keys) {
    const k = `${kind}\u0000${key}`;
    if (cells !== null) {
      if (!notes.has(k)) notes.set(k, []);
      notes.get(k)!.push({ id, kind, key, cells });
    }
    if (!byKey.has(k)) byKey.set(k, new Set());
    byKey.get(k)!.add(id);
  }
  for (const k of byKey.keys()) {
    const [kind, key] = k.split("\u0000") as [string, string];
    if (!sorted.has(kind)) sorted.set(kind, []);
    sorted.get(kind)!.push(key);
  }
  const byId = new Map(entries.map((e) => [e.id, e]));
  const ids = (kind: string, key: string, prefix: boolean) => {
    const out = new Set<number>();
    for (const k of prefix ? (sorted.get(kind) ?? []).filter((s) => s.startsWith(key)) : [key])
      for (const id of byKey.get(`${kind}\u0000${k}`) ?? []) out.add(id);
    return out;
  };
  const index = (keys: QueryKeys, vocabulary: string[] = []): SearchIndex => {
    const found = new Set<number>();
    for (const { kind, key } of keys.exact) for (const id of ids(kind, key, false)) found.add(id);
    if (keys.prefix) for (const id of ids("h", keys.prefix, true)) found.add(id);
    let english: Set<number> | null = null;
    for (const { word, prefix } of keys.english) {
      const these = ids("g", word, prefix);
      const both = new Set<number>();
      for (const id of english ?? these) if (these.has(id)) both.add(id);
      english = both;
    }
    for (const id of english ?? []) found.add(id);
    const hints = hintsOf(keys.exact.flatMap(({ kind, key }) => notes.get(`${kind}\u0000${key}`) ?? []));
    const memo = caches.wholeCaches.memo;
    const tails = [...found].filter((id) => hints.get(id)?.joined).flatMap((id) => verbTails(byId.get(id)!, memo));
    useTailEndings(
      memo,
      tails.filter((t) => !memo.tailEndings.has(t.id)).map((t) => ({ id: t.id, data: tailRows.get(t.id)! })),
    );
    const small = buildSearchIndex(
      [...found].sort((a, b) => a - b).map((id) => byId.get(id)!),
      caches.wholeCaches.memo,
      { projected: false, caches, hints },
    );
    useVocabulary(
      small,
      vocabulary.filter((w) => byKey.has(`g\u0000${w}`)),
    );
    return small;
  };
  return {
    rows,
    search: (q: string) => index(searchKeys(q, caches.wholeCaches), askedEnglish(cleanQuery(q))),
    texts: (texts: string[], word?: LexiconEntry) =>
      index({ exact: [...textKeys(texts, caches.wholeCaches), ...(word ? relatedKeys(word) : ([] as EntryKey[]))], prefix: null, english: [] }),
  };
}

const answer = (index: SearchIndex, q: string) => {
  const r = searchWords(index, q);
  return JSON.stringify({
    total: r.total,
    more: r.more,
    unknown: r.unknown,
    hits: r.hits.map((h) => [h.entry.id, h.match, h.readings?.map((a) => a.explanation)]),
  });
};

/** Every `step`th verb and noun with a stem, one form each, its cell spread over the whole paradigm. */
function forms(entries: LexiconEntry[], step: number): string[] {
  const out: string[] = [];
  const words = entries.filter((e) => e.stem && (verbClassOf(e.pos) || nounPosOf(e.pos)));
  for (let i = 0; i < words.length; i += step) {
    const entry = words[i]!;
    const cls = verbClassOf(entry.pos);
    const noun = nounPosOf(entry.pos);
    const all = cls ? cellsOf(cls, { all: true }) : nounCells(noun!);
    const cell = all[(i * 7) % all.length]!;
    const form = cls ? inflect(entry, cell as never)?.form : decline(entry, cell as never)?.form;
    if (form) out.push(form);
  }
  return out;
}

const FIXED = [
  "gwaabmin",
  "I see you",
  "I saw you",
  "nmaajaa",
  "ngii-maajaa",
  "ngiimaajaa",
  "I leave",
  "they don't leave",
  "go away",
  "leave",
  "jiimaanan",
  "moozoog",
  "in the house",
  "gikendaan",
  "makwa",
  "nkaat",
  "n'kaat",
  "canoe",
  "dog",
  "ma",
  "see",
  "xyzzy qwerty",
  "wiigwaam",
];

function sameAnswers(entries: LexiconEntry[], step: number) {
  const whole = buildSearchIndex(entries);
  const keys = stored(entries);
  const queries = [...FIXED, ...forms(entries, step)];
  const lost = queries.filter((q) => answer(keys.search(q), q) !== answer(whole, q));
  return { whole, keys, queries, lost };
}

const demo: LexiconEntry[] = readFileSync(path.join(root, "db/seed/data/lexicon.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line, i) => {
    const [name, pos, gloss, stem] = line.split("\t");
    return { id: i + 1, name: name!, pos: pos!, gloss: gloss ?? "", stem: stem || null, corpusCount: i % 7, audioUrl: null };
  });

describe("the stored keys with the demo lexicon", () => {
  it("find every entry a search answers with, so the answers are the whole lexicon's", { timeout: 60_000 }, () => {
    const { queries, lost } = sameAnswers(demo, 3);
    expect(queries.length).toBeGreaterThan(60);
    expect(lost).toEqual([]);
  });

  it("answer tap-a-word, related words and the word list as the whole lexicon does", { timeout: 60_000 }, () => {
    const whole = buildSearchIndex(demo);
    const keys = stored(demo);
    const stories = JSON.parse(readFileSync(path.join(root, "db/seed/data/stories.json"), "utf8")) as Array<{ paragraphs: Array<Array<{ text: string }>> }>;
    const texts = stories.flatMap((s) => s.paragraphs.flat().map((p) => p.text));
    expect(lookupWords(keys.texts(texts), texts)).toEqual(lookupWords(whole, texts));
    for (const word of demo) expect(relatedWords(keys.texts([], word), word.id), word.name).toEqual(relatedWords(whole, word.id));
    // The word list in the stored order (sort key, part of speech, id) is listWords's order.
    const order = new Map(keys.rows.order.map(([id, key]) => [id, key]));
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const byStoredKey = [...demo].sort((a, b) => cmp(order.get(a.id)!, order.get(b.id)!) || cmp(a.pos, b.pos) || a.id - b.id).map((e) => e.id);
    expect(byStoredKey).toEqual(listWords(whole, { letter: null, pos: null, page: 1 }, 10_000).entries.map((e) => e.id));
  });

  it("sort names as the collator does: case, accents and ignorable marks dropped, signs first", () => {
    const names = ["Zhaa", "aa-", "a'aw", "aaba", "Aaba", "àaba", "a b", "a-b", "gwaaweb\u0092an", "gwaawebnaa", "9a"];
    const collator = new Intl.Collator("en", { sensitivity: "base" });
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const signs = (list: string[]) => list.map((n) => Math.sign(collator.compare(n, list[0]!)));
    const byKey = [...names].sort((a, b) => cmp(listSortKey(a), listSortKey(b)));
    expect([...names].sort(collator.compare).map((n, i) => collator.compare(n, byKey[i]!))).toEqual(names.map(() => 0));
    expect(signs(byKey)).toEqual(signs([...names].sort(collator.compare)));
  });
});

const DICTIONARY = path.join(SHARED_DATA, "nishnaabemwin-dictionary/nishnaabemwin-dict.tsv");
const STEMS = path.join(SHARED_DATA, "otw/otw_lexicon_stems.tsv");

describe.skipIf(!existsSync(DICTIONARY) || !existsSync(STEMS))("the stored keys with the full dictionary and stems", needsSharedData, () => {
  it("lose no answer of a fixed sample of forms and queries, and keep the word list's order", { timeout: 600_000 }, () => {
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
    const { whole, keys, queries, lost } = sameAnswers(entries, 70);
    expect(queries.length).toBeGreaterThan(180);
    expect(lost).toEqual([]);
    for (const q of ["gwaabmin", "I see you"]) expect(searchWords(keys.search(q), q).hits[0]?.entry.name, q).toBe("waabmaa");
    const order = new Map(keys.rows.order.map(([id, key]) => [id, key]));
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const byStoredKey = [...entries].sort((a, b) => cmp(order.get(a.id)!, order.get(b.id)!) || cmp(a.pos, b.pos) || a.id - b.id).map((e) => e.id);
    expect(byStoredKey).toEqual(listWords(whole, { letter: null, pos: null, page: 1 }, 100_000).entries.map((e) => e.id));
  });
});

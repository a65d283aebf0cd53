/**
 * Word search and word lookup over a search index it is given (`buildSearchIndex`): a request's small index of the
 * entries its stored keys found, or the whole lexicon's (app/services/lexicon.server.ts, docs/search.md); the
 * answers are the same. Pure: no bindings, so Node tests and the bench use it directly.
 *
 * - Odawa: case, apostrophe look-alikes (and a missing apostrophe) and syncopated vs full spellings
 *   (the grammar engine's spellingKeys) all meet; a key that starts the headword also matches.
 * - Inflected forms: the grammar engine's analysers map them to their lemma ("nmaajaa → maajaa, I leave";
 *   nouns: "jiimaanan → jiimaan, canoes").
 * - English: every word of the query is a word of the gloss (or starts one, from 3 letters on).
 * - English phrases: the form whose engine gloss reads so ("I see you" → gwaabmin; phrase-search.ts).
 */
import { analyse, buildLexicon, type Lexicon, type LexiconOptions } from "./grammar/analysis";
import type { Cell } from "./grammar/cells";
import { analyseNoun, buildNounIndex, type NounIndex } from "./grammar/noun-analysis";
import { nounCellLabel } from "./grammar/noun-cells";
import type { Confidence } from "./grammar/inflection";
import { newGrammarMemo, type GrammarMemo } from "./grammar/memo";
import { spellingKeys } from "./grammar/spelling";
import { toSearchKey } from "./orthography";
import { searchPhrase, unknownEnglish } from "./phrase-search";
import { verbCellLabel } from "./cell-labels";
import { englishScore, formScore, hasSense, headwordScore, phraseScore } from "./search-rank";
import { splitWords } from "./split-words";
import { posGroup, type PosGroup } from "./pos";
import { noneDerived } from "./derived";

export type LexiconEntry = {
  id: number;
  name: string;
  pos: string;
  gloss: string;
  stem: string | null;
  corpusCount: number;
  /** /audio/… URL when a recording exists. */
  audioUrl: string | null;
};

export type SearchIndex = {
  entries: LexiconEntry[];
  byId: Map<number, LexiconEntry>;
  /** Odawa keys (folded, apostrophe-free, spelling keys) → entries. */
  byKey: Map<string, LexiconEntry[]>;
  /** Headword keys sorted, for prefix matches. */
  sortedKeys: Array<{ key: string; entry: LexiconEntry }>;
  /** English gloss words per entry id. */
  glossWords: Map<number, string[]>;
  lexicon: Lexicon;
  /** The noun analyser's index (nouns with their stems). */
  nouns: NounIndex;
  /** What other core functions work out from the index on first use (app/core/derived.ts). */
  derived: Map<string, unknown>;
  /** The grammar engine's memo the index was built with (app/core/grammar/memo.ts), for its analyses and phrases. */
  memo: GrammarMemo;
};

/** One analysis of an inflected form, explained: "nmaajaa → maajaa, I leave". */
export type FormAnalysis = {
  form: string;
  lemma: string;
  /** English of this form, e.g. "I leave". */
  gloss: string;
  /** e.g. "Independent: I" or "Independent: s/he → me" (cell-labels.ts). */
  cell: string;
  explanation: string;
};

export type SearchHit = {
  entry: LexiconEntry;
  match: "odawa" | "prefix" | "form" | "english" | "phrase";
  analysis: FormAnalysis | null;
  /** Every reading of the query for this entry ("we leave": both "we"s; "I saw you": gii- and the preterit), `analysis` first. */
  readings?: FormAnalysis[];
};

/** `unknown`: when nothing matched, the English words of the query no gloss uses (the page says so). */
export type SearchResult = { query: string; total: number; hits: SearchHit[]; more: number; unknown?: string[] };

/** docs/product.md §9: word search at most 100 results, then 'N more results'. */
export const SEARCH_LIMIT = 100;
export const MAX_QUERY_LENGTH = 100;

/** Odawa keys of a written form: folded, folded without apostrophes, and the engine's spelling keys. */
export function odawaKeys(text: string): string[] {
  const folded = toSearchKey(text);
  const keys = new Set<string>([folded, folded.replace(/'/g, "")]);
  for (const key of safe(() => spellingKeys(text), [] as string[])) {
    const k = toSearchKey(key);
    keys.add(k);
    keys.add(k.replace(/'/g, ""));
  }
  keys.delete("");
  return [...keys];
}

export function englishWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFC")
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ""))
    .filter(Boolean);
}

/**
 * `memo`: the grammar engine's (the lexicon service hands in the isolate's; by default one for this index alone);
 * `analysis`: how the analyser's Lexicon is built (grammar/analysis.ts `LexiconOptions`; a query's candidates).
 */
export function buildSearchIndex(entries: LexiconEntry[], memo: GrammarMemo = newGrammarMemo(), analysis: LexiconOptions = {}): SearchIndex {
  const byId = new Map<number, LexiconEntry>();
  const byKey = new Map<string, LexiconEntry[]>();
  const glossWords = new Map<number, string[]>();
  const sortedKeys: SearchIndex["sortedKeys"] = [];
  for (const entry of entries) {
    byId.set(entry.id, entry);
    for (const key of odawaKeys(entry.name)) {
      const list = byKey.get(key);
      if (list) list.push(entry);
      else byKey.set(key, [entry]);
    }
    sortedKeys.push({ key: toSearchKey(entry.name).replace(/'/g, ""), entry });
    glossWords.set(entry.id, englishWords(entry.gloss));
  }
  sortedKeys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const lexicon = buildLexicon(
    entries.map((e) => ({ id: e.id, name: e.name, pos: e.pos, stem: e.stem ?? undefined, gloss: e.gloss })),
    memo,
    analysis,
  );
  const nouns = buildNounIndex(
    entries.map((e) => ({ id: e.id, name: e.name, pos: e.pos, stem: e.stem, gloss: e.gloss })),
    memo,
  );
  return { entries, byId, byKey, sortedKeys, glossWords, lexicon, nouns, derived: noneDerived(), memo };
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn() ?? fallback;
  } catch {
    return fallback;
  }
}

const CONFIDENCE_RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1, unconfirmed: 0 };

/** The analyser's readings of a form that point at a lexicon entry, most confident first; `confidence` 0–3. */
export function analyseForm(index: SearchIndex, word: string): Array<{ entry: LexiconEntry; analysis: FormAnalysis; confidence: number }> {
  const readings = safe(() => analyse(word, index.lexicon), []);
  const out: Array<{ entry: LexiconEntry; analysis: FormAnalysis; confidence: number }> = [];
  const seen = new Set<string>();
  for (const r of readings) {
    const lexeme = r.lexeme;
    const entry =
      (lexeme.id !== undefined ? index.byId.get(lexeme.id) : undefined) ?? index.entries.find((e) => e.name === lexeme.name && e.pos === lexeme.pos);
    if (!entry) continue;
    // A reading through an optional variant names it as one (the cell's primary form is shown beside it).
    const cell = r.variant ? `${verbCellLabel(r.cell)} (variant: ${r.variant})` : verbCellLabel(r.cell);
    const key = `${entry.id}|${cell}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const form = r.form || word;
    const explanation = r.variant ? `${word} (a variant of ${form}) → ${entry.name}, ${r.gloss}` : `${form} → ${entry.name}, ${r.gloss}`;
    out.push({ entry, confidence: CONFIDENCE_RANK[r.confidence] ?? 0, analysis: { form, lemma: entry.name, gloss: r.gloss, cell, explanation } });
  }
  // Nouns: the citation form itself is left to the headword match (analyseNoun always reads a lemma as one).
  for (const r of safe(() => analyseNoun(index.nouns, word), [])) {
    const id = (r.lexeme as { id?: number }).id;
    const entry = (id !== undefined ? index.byId.get(id) : undefined) ?? index.entries.find((e) => e.name === r.lexeme.name && e.pos === r.lexeme.pos);
    if (!entry || r.form === entry.name) continue;
    const cell = nounCellLabel(r.cell);
    const key = `${entry.id}|${cell}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const form = r.form || word;
    out.push({
      entry,
      confidence: CONFIDENCE_RANK[r.confidence] ?? 0,
      analysis: { form, lemma: entry.name, gloss: r.gloss, cell, explanation: `${form} → ${entry.name}, ${r.gloss}` },
    });
  }
  return out.sort((a, b) => b.confidence - a.confidence);
}

function lowerBound(list: SearchIndex["sortedKeys"], key: string) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The query as the search reads it: NFC, spaces collapsed, at most MAX_QUERY_LENGTH characters. */
export const cleanQuery = (raw: string) => raw.normalize("NFC").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);

/** Search by Odawa (any spelling or inflected form) and English; `pos` keeps one part-of-speech group. */
export function searchWords(index: SearchIndex, rawQuery: string, limit = SEARCH_LIMIT, filter: { pos?: PosGroup | null } = {}): SearchResult {
  const query = cleanQuery(rawQuery);
  if (!query) return { query, total: 0, hits: [], more: 0 };

  const scored = new Map<number, { hit: SearchHit; score: number }>();
  const add = (entry: LexiconEntry, match: SearchHit["match"], score: number, analysis: FormAnalysis | null = null) => {
    if (filter.pos && posGroup(entry.pos) !== filter.pos) return;
    const current = scored.get(entry.id);
    if (!current || current.score < score) scored.set(entry.id, { hit: { entry, match, analysis, ...(analysis ? { readings: [analysis] } : {}) }, score });
    else if (analysis && current.score === score && current.hit.match === match) {
      const readings = (current.hit.readings ??= []);
      if (!readings.some((r) => r.form === analysis.form && r.cell === analysis.cell)) readings.push(analysis);
    }
  };

  // Every reading of an entry is added at the entry's best score (search-rank.ts), so none is dropped, best first.
  const addAll = <T>(items: T[], entryOf: (t: T) => LexiconEntry, score: (t: T) => number, add1: (t: T, score: number) => void) => {
    const best = new Map<number, number>();
    for (const t of items) best.set(entryOf(t).id, Math.max(best.get(entryOf(t).id) ?? -Infinity, score(t)));
    const ordered = items.map((t, i) => ({ t, i, s: score(t) })).sort((a, b) => b.s - a.s || a.i - b.i);
    for (const { t } of ordered) add1(t, best.get(entryOf(t).id)!);
  };

  // Odawa: whole-word keys, then inflected forms, then headwords starting with the query.
  const keys = odawaKeys(query);
  for (const key of keys) for (const entry of index.byKey.get(key) ?? []) add(entry, "odawa", headwordScore(entry.name, query));
  if (!query.includes(" ")) {
    addAll(
      analyseForm(index, query),
      (r) => r.entry,
      (r) => formScore(r.analysis.form, query, r.confidence),
      (r, score) => add(r.entry, "form", score, r.analysis),
    );
  }
  const prefix = toSearchKey(query).replace(/'/g, "");
  if (prefix.length >= 2) {
    for (let i = lowerBound(index.sortedKeys, prefix); i < index.sortedKeys.length; i++) {
      const { key, entry } = index.sortedKeys[i];
      if (!key.startsWith(prefix)) break;
      add(entry, "prefix", 50 - Math.min(key.length - prefix.length, 40) / 100);
    }
  }

  // English phrases: a form whose engine gloss is the query ("I see you" → gwaabmin, Independent: I → you (sg)).
  addAll(
    searchPhrase(index, query),
    (m) => m.entry,
    (m) => phraseScore(m.qualified, m.sense),
    (m, score) => {
      const cell = m.kind === "verb" ? verbCellLabel(m.cell as Cell) : m.label;
      const explanation = `${m.form} → ${m.entry.name}, ${m.gloss}`;
      add(m.entry, "phrase", score, { form: m.form, lemma: m.entry.name, gloss: m.gloss, cell, explanation });
    },
  );

  // English: each query word is a gloss word (or, from 3 letters, starts one).
  const words = englishWords(query);
  if (words.length > 0) {
    const phrase = words.join(" ");
    for (const entry of index.entries) {
      const gloss = index.glossWords.get(entry.id)!;
      let exact = 0;
      let ok = true;
      for (const w of words) {
        if (gloss.includes(w)) exact++;
        else if (w.length >= 3 && gloss.some((g) => g.startsWith(w))) continue;
        else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const isSense = () => hasSense(entry.gloss, entry.pos, phrase, englishWords);
      add(entry, "english", englishScore(phrase, gloss, isSense, exact === words.length));
    }
  }

  const collator = new Intl.Collator("en", { sensitivity: "base" });
  const all = [...scored.values()].sort(
    (a, b) =>
      b.score - a.score ||
      b.hit.entry.corpusCount - a.hit.entry.corpusCount ||
      collator.compare(a.hit.entry.name, b.hit.entry.name) ||
      a.hit.entry.id - b.hit.entry.id,
  );
  const hits = all.slice(0, limit).map((s) => s.hit);
  const unknown = hits.length === 0 ? unknownEnglish(index, query, (e) => index.glossWords.get(e.id) ?? []) : [];
  return { query, total: all.length, hits, more: Math.max(0, all.length - hits.length), ...(unknown.length ? { unknown } : {}) };
}

export type WordInfo = {
  word: string;
  /** `more`: the entry's other readings of the word, when it has several ("gmaajaami" is one; a homograph more). */
  matches: Array<{ id: number; name: string; pos: string; gloss: string; analysis: FormAnalysis | null; more?: FormAnalysis[] }>;
};

/** The word of a running text without the punctuation around it ("Nmaajaa." → "Nmaajaa"). */
export function bareWord(token: string) {
  return token.replace(/^[^\p{L}'’‘ʼ]+|[^\p{L}'’‘ʼ]+$/gu, "");
}

/** Tap-a-word: the entries a word of a text belongs to (as a lemma or an analysed inflected form). */
export function lookupWord(index: SearchIndex, token: string, max = 3): WordInfo {
  const word = bareWord(token);
  const matches: WordInfo["matches"] = [];
  const seen = new Set<number>();
  if (!word) return { word, matches };
  for (const key of odawaKeys(word)) {
    for (const e of index.byKey.get(key) ?? []) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      matches.push({ id: e.id, name: e.name, pos: e.pos, gloss: e.gloss, analysis: null });
    }
  }
  for (const { entry: e, analysis } of analyseForm(index, word)) {
    if (seen.has(e.id)) {
      // Every reading is shown: a further reading of an entry already listed goes with it.
      const m = matches.find((x) => x.id === e.id && x.analysis);
      if (m && m.analysis!.cell !== analysis.cell) (m.more ??= []).push(analysis);
      continue;
    }
    seen.add(e.id);
    matches.push({ id: e.id, name: e.name, pos: e.pos, gloss: e.gloss, analysis });
  }
  return { word, matches: matches.slice(0, max) };
}

/**
 * Tap-a-word data for every distinct word of some texts (keyed by the bare word as written). `look` answers one
 * word (by default `lookupWord`; the service passes one that keeps its answers, app/services/lexicon.server.ts).
 */
export function lookupWords(index: SearchIndex, texts: string[], look = (word: string) => lookupWord(index, word)): Record<string, WordInfo> {
  const out: Record<string, WordInfo> = {};
  for (const text of texts) {
    for (const part of splitWords(text)) {
      if (!("word" in part) || part.word in out) continue;
      out[part.word] = look(part.word);
    }
  }
  return out;
}

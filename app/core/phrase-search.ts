/**
 * English phrase → inflected form: the query is compared with the grammar engine's English readings of every cell of
 * the verbs and nouns whose dictionary sense it can contain. Verbs: every cell of the whole verb (gloss.ts: "I see
 * you" → gwaabmin, "I saw you" → gii- past and the preterit, "she will leave" → wii-/ga-/da-, "maybe s/he left",
 * "those who leave", "you all leave", "we leave" → both "we"s). Nouns: every cell of the whole noun (noun-gloss.ts:
 * "my dog", "the dogs", "in the house", "our little house"). Every matching reading is returned, not one per word.
 * Forms come from the engine (inflect, decline), English from the dictionary's glosses. Pure.
 *
 * Cost stays bounded at any lexicon size: a small index (the content words of each sense → words) is built lazily,
 * once per search index (a request's small one, or the whole lexicon's once per isolate and lexicon version while
 * the stored keys cannot be read); a query looks at no more than MAX_CANDIDATES
 * words whose every sense word it contains, and the readings of a sense are generated on first use and memoised (at
 * most GLOSS_MEMO_LIMIT senses). Readings are strings only; a form is inflected only for a reading that matched.
 */
import { cellsOf, isAllowed, isWholeVerbCell, verbClassOf, type Cell, type VerbClass } from "./grammar/cells";
import { baseForms } from "./grammar/english";
import { glossFor, wholeGlosses } from "./grammar/gloss";
import { inflect } from "./grammar/inflection";
import type { GrammarMemo } from "./grammar/memo";
import { nounCellLabel, nounCells, nounPosOf, type NounCell, type NounPos } from "./grammar/noun-cells";
import { nounGlosser, nounSense, pluralise } from "./grammar/noun-gloss";
import { decline } from "./grammar/noun-inflection";
import { derivedPart, type Derivable } from "./derived";
import { FILLER, nounKey, phraseKey, words } from "./phrase-key";
import { verbCellLabel } from "./cell-labels";

/** What phrase search reads of a lexicon entry (word-search.ts's LexiconEntry has it). */
type Entry = { id: number; name: string; pos: string; gloss: string; stem: string | null; corpusCount: number };
/** What the phrase search reads: the search index (app/core/word-search.ts) or any list of entries like it. */
/** `memo`: the grammar engine's, kept with the search index (app/core/grammar/memo.ts). */
type PhraseSource = { entries: Entry[]; memo?: GrammarMemo } & Derivable;

const MAX_CANDIDATES = 40;
const GLOSS_MEMO_LIMIT = 5_000;
const MAX_MATCHES = 60;

export type PhraseMatch<E extends Entry = Entry> = {
  entry: E;
  /** A verb cell or a noun cell, with `kind` saying which. */
  kind: "verb" | "noun";
  cell: Cell | NounCell;
  form: string;
  /** The engine's English reading of the form that matched ("I saw you (sg) (past, gii-)", "I used to see you (sg) (preterit)"). */
  gloss: string;
  /** The cell in learner terms ("Independent, past gii-: I → you (sg)"). */
  label: string;
  /** The matched sense has a [note] or (note) the query has not ("see smb. [at a distance]" for "I see you"). */
  qualified: boolean;
  /** Which of the entry's senses matched, 0 for the first (the dictionary lists a word's main sense first). */
  sense: number;
};

type Reading = { cell: Cell | NounCell; text: string };
type Sense = { text: string; words: string[]; plural?: string[] };
type Word = { entry: Entry; verb: VerbClass | null; noun: NounPos | null; senses: Sense[] };
type PhraseIndex = {
  words: Word[];
  /** A content word of a sense (a noun's also in the plural) → indexes into `words`. */
  byWord: Map<string, number[]>;
  /** "<word index>:<sense index>:<feature group>" → phrase key → cells whose reading is so, with that reading. */
  glosses: Map<string, Map<string, Reading[]>>;
};

function add<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Kept with the search index (app/core/word-search.ts) it was built from: a request's, or the whole lexicon's. */
function phraseIndex(index: PhraseSource): PhraseIndex {
  return derivedPart(index, "phrase index", () => buildPhraseIndex(index));
}

/** An entry's senses as the phrase search reads them (none: not a verb or noun, or no sense with a content word). */
function sensesOf(entry: Pick<Entry, "pos" | "gloss">): { verb: VerbClass | null; noun: NounPos | null; senses: Sense[] } {
  const verb = verbClassOf(entry.pos);
  const noun = verb ? null : nounPosOf(entry.pos);
  if (!verb && !noun) return { verb, noun, senses: [] };
  const texts = entry.gloss
    .split(/[;,]/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const senses = (noun ? texts.map(nounSense).filter(Boolean) : texts)
    .map((text): Sense => {
      const ws = words(phraseKey(text));
      return noun ? { text, words: ws, plural: words(phraseKey(pluralise(text))) } : { text, words: ws };
    })
    .filter((s) => s.words.length > 0);
  return { verb, noun, senses };
}

/** The words an entry is found by (verbs by their first content word, the verb; nouns by every one, both numbers). */
function keysOfSenses(verb: VerbClass | null, senses: Sense[]): Set<string> {
  return new Set(verb ? senses.map((s) => s.words[0]!) : senses.flatMap((s) => [...s.words, ...s.plural!]));
}

/** The words the phrase search finds an entry by (stored with it: app/core/lexicon-keys.ts). */
export function phraseWords(entry: Pick<Entry, "pos" | "gloss">): string[] {
  const { verb, senses } = sensesOf(entry);
  return [...keysOfSenses(verb, senses)];
}

function buildPhraseIndex(index: PhraseSource): PhraseIndex {
  const list: Word[] = [];
  const byWord = new Map<string, number[]>();
  for (const entry of index.entries) {
    const { verb, noun, senses } = sensesOf(entry);
    if (senses.length === 0) continue;
    const wi = list.push({ entry, verb, noun, senses }) - 1;
    for (const k of keysOfSenses(verb, senses)) add(byWord, k, wi);
  }
  return { words: list, byWord, glosses: new Map() };
}

/** The phrase keys a verb reading is found by: as written, with its notes, and "you (pl)" as "you all". */
function verbKeys(reading: string): string[] {
  const keys = [phraseKey(reading), phraseKey(reading, true)];
  if (reading.includes("you (pl)")) keys.push(phraseKey(reading.replaceAll("you (pl)", "you all")));
  return keys;
}

/** The keys a noun reading is found by: filler dropped; "in" also as "at"/"on"; "your (pl)" also as "you all's". */
function nounKeys(reading: string): string[] {
  const key = nounKey(reading);
  const keys = [key, words(phraseKey(reading, true)).join(" ")];
  if (key.startsWith("in ")) keys.push(`at ${key.slice(3)}`, `on ${key.slice(3)}`);
  return keys;
}

/**
 * The words a reading of a feature has (one of them must be in the query for a cell with the feature to be read):
 * "maybe" for the dubitative, "will" for wii-/ga-/da- …; a feature not listed (the preterit, a past tense) needs none.
 */
const TRIGGERS: Record<string, string[]> = {
  dub: ["maybe"],
  dubprt: ["maybe"],
  chg: ["when", "whenever"],
  pcp: ["those", "who", "whom", "that", "one", "ones", "things"],
  "pv:wii": ["will", "going", "want"],
  "pv:ga": ["will"],
  "pv:da": ["will", "would"],
  "pv:daa": ["could", "should", "would"],
  "pv:daa+gii": ["have"],
  "pv:bi": ["come"],
  "pv:maajii": ["start", "begin"],
  "pv:ishkwaa": ["finish", "stop"],
  "pv:e": ["when"],
  "pv:gaa": ["when"],
};

/** A verb cell's features, each a key of TRIGGERS or not ("prt"): cells with the same ones are read together. */
function featuresOf(cell: Cell): string[] {
  const out: string[] = [];
  if (cell.mode) out.push(cell.mode);
  // A participle is changed or not alike ("those who leave"): its change needs no "when".
  if (cell.change && !cell.participle) out.push("chg");
  if (cell.participle) out.push("pcp");
  if (cell.preverbs?.length) out.push(`pv:${cell.preverbs.join("+")}`);
  return out;
}

/** A class's whole-verb cells by feature group ("" for today's cells), worked out once. */
const GROUPS = new Map<VerbClass, Map<string, Cell[]>>();
function groupsOf(cls: VerbClass): Map<string, Cell[]> {
  let groups = GROUPS.get(cls);
  if (!groups) {
    groups = new Map();
    for (const cell of cellsOf(cls, { all: true })) add(groups, featuresOf(cell).join(" "), cell);
    GROUPS.set(cls, groups);
  }
  return groups;
}

/** The feature groups a query can read: each feature of the group has one of its words in the query. */
function groupsFor(cls: VerbClass, known: Set<string>): string[] {
  return [...groupsOf(cls).keys()].filter((g) => !g || g.split(" ").every((f) => !TRIGGERS[f] || TRIGGERS[f]!.some((w) => known.has(w))));
}

function readingsOf(pi: PhraseIndex, memo: GrammarMemo | undefined, wi: number, si: number, group = ""): Map<string, Reading[]> {
  const key = `${wi}:${si}:${group}`;
  let map = pi.glosses.get(key);
  if (!map) {
    const { verb, noun, senses } = pi.words[wi]!;
    const sense = senses[si]!.text;
    map = new Map();
    if (verb) {
      for (const cell of groupsOf(verb).get(group) ?? []) {
        const readings =
          isWholeVerbCell(cell) || !isAllowed(verb, cell) ? wholeGlosses(sense, verb, cell, Infinity, memo) : [glossFor(sense, verb, cell, memo)];
        for (const text of readings) for (const k of new Set(verbKeys(text))) if (!map.get(k)?.some((r) => r.cell === cell)) add(map, k, { cell, text });
      }
    } else if (noun) {
      const gloss = nounGlosser(sense, noun);
      for (const cell of nounCells(noun, { whole: true })) {
        const text = gloss(cell);
        for (const k of new Set(nounKeys(text))) add(map, k, { cell, text });
      }
    }
    if (pi.glosses.size >= GLOSS_MEMO_LIMIT) pi.glosses.clear();
    pi.glosses.set(key, map);
  }
  return map;
}

/** The query's words and the base forms each may stand for ("saw" → see, "dogs" → dog, "were" → be). */
function queryWords(query: string): { key: string; known: Set<string> } {
  const key = phraseKey(query, query.includes("("));
  return { key, known: new Set(key.split(" ").filter(Boolean).flatMap(baseForms)) };
}

/** The verb and noun forms whose English reading is the query phrase, most frequent words first, in paradigm order. */
/** The words a phrase query finds entries by (none: not a phrase). */
export function queryPhraseWords(query: string): string[] {
  const { key, known } = queryWords(query);
  return key.split(" ").length < 2 ? [] : [...known];
}

export function searchPhrase<E extends Entry>(index: { entries: E[]; memo?: GrammarMemo } & Derivable, query: string): Array<PhraseMatch<E>> {
  const { key, known } = queryWords(query);
  if (key.split(" ").length < 2) return [];
  const pi = phraseIndex(index);
  const candidates = new Set<number>();
  for (const w of known) for (const wi of pi.byWord.get(w) ?? []) candidates.add(wi);
  const ranked = [...candidates]
    .filter((wi) => pi.words[wi]!.senses.some((s) => s.words.every((w) => known.has(w)) || s.plural?.every((w) => known.has(w))))
    .sort((a, b) => pi.words[b]!.entry.corpusCount - pi.words[a]!.entry.corpusCount || a - b)
    .slice(0, MAX_CANDIDATES);
  const nkey = nounKey(key);

  const matches: Array<PhraseMatch<E>> = [];
  for (const wi of ranked) {
    const word = pi.words[wi]!;
    const entry = word.entry as E;
    const seen = new Set<string>();
    word.senses.forEach((sense, si) => {
      if (!sense.words.every((w) => known.has(w)) && !sense.plural?.every((w) => known.has(w))) return;
      const cells = word.verb
        ? groupsFor(word.verb, known).flatMap((g) => readingsOf(pi, index.memo, wi, si, g).get(key) ?? [])
        : (readingsOf(pi, index.memo, wi, si).get(nkey) ?? []);
      const qualified = /[[(]/.test(sense.text) && !/[[(]/.test(query);
      for (const { cell, text } of cells) {
        const lexeme = { id: entry.id, name: entry.name, pos: entry.pos, stem: entry.stem, gloss: sense.text };
        if (word.verb) {
          const inflection = inflect(lexeme, cell as Cell, index.memo);
          if (!inflection || seen.has(inflection.form)) continue;
          seen.add(inflection.form);
          matches.push({ entry, kind: "verb", cell, form: inflection.form, gloss: text, label: verbCellLabel(cell as Cell), qualified, sense: si });
        } else {
          const d = decline(lexeme, cell as NounCell, index.memo);
          if (!d?.form || seen.has(d.form)) continue;
          seen.add(d.form);
          matches.push({ entry, kind: "noun", cell, form: d.form, gloss: d.gloss, label: nounCellLabel(cell as NounCell), qualified, sense: si });
        }
      }
    });
    if (matches.length >= MAX_MATCHES) break;
  }
  return matches.slice(0, MAX_MATCHES);
}

/** English words the lexicon's glosses never use (nor their base forms): what a search can say it does not know. */
export function unknownEnglish(index: PhraseSource, query: string, glossWords: (entry: Entry) => readonly string[]): string[] {
  const asked = phraseKey(query)
    .split(" ")
    .filter((w) => w && !FILLER.has(w) && /^[a-z'/]+$/.test(w));
  if (asked.length === 0) return [];
  const known = derivedPart(index, VOCABULARY, () => vocabularyOf(index.entries.flatMap((e) => glossWords(e))));
  return asked.filter((w) => !baseForms(w).some((b) => known.has(b)));
}

const VOCABULARY = "gloss vocabulary";
const vocabularyOf = (glossWords: Iterable<string>) => new Set([...glossWords, ...GRAMMAR_WORDS]);

/** The words `unknownEnglish` may ask the whole lexicon's glosses for (each asked word's base forms). */
export function askedEnglish(query: string): string[] {
  return [
    ...new Set(
      phraseKey(query)
        .split(" ")
        .filter((w) => w && !FILLER.has(w) && /^[a-z'/]+$/.test(w))
        .flatMap(baseForms),
    ),
  ];
}

/**
 * Gives an index of some of the lexicon's entries the whole lexicon's gloss vocabulary for the words `askedEnglish`
 * lists (those the lexicon's glosses use), so that `unknownEnglish` over it says what it says over the whole.
 */
export function useVocabulary(index: Derivable, known: Iterable<string>): void {
  index.derived.set(VOCABULARY, vocabularyOf(known));
}
/** Words the engine's readings supply themselves (pronouns, tense and modal words). */
const GRAMMAR_WORDS = [
  "i",
  "you",
  "s/he",
  "he",
  "she",
  "it",
  "we",
  "they",
  "me",
  "him/her",
  "us",
  "them",
  "my",
  "your",
  "our",
  "their",
  "all",
  "not",
  "do",
  "did",
  "will",
  "would",
  "could",
  "should",
  "maybe",
  "used",
  "going",
  "want",
  "when",
  "whenever",
  "those",
  "who",
  "whom",
  "that",
  "things",
  "one",
  "in",
  "at",
  "on",
  "little",
  "late",
  "former",
  "no-good",
  "dear",
  "poor",
  "have",
];

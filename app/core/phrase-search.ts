/**
 * English phrase → inflected form ("I see you" → gwaabmin, "they don't leave" → maajaasiiwag): the query is
 * compared with the grammar engine's English glosses of every cell (gloss.ts through `glossFor`) of the verbs whose
 * dictionary sense it can contain. Pure.
 *
 * Cost stays bounded at any lexicon size: a small index (the verb word of each sense → verbs) is built lazily, once
 * per search index (so once per isolate and lexicon version); a query looks at no more than MAX_CANDIDATES verbs,
 * and the cell glosses of a verb sense are generated on first use and memoised (at most GLOSS_MEMO_LIMIT senses).
 */
import { cellsOf, verbClassOf, type Cell, type VerbClass } from "./grammar/cells";
import { glossFor } from "./grammar/gloss";
import { inflect } from "./grammar/inflection";

/** What phrase search reads of a lexicon entry (word-search.ts's LexiconEntry has it). */
type Entry = { id: number; name: string; pos: string; gloss: string; stem: string | null; corpusCount: number };

const MAX_CANDIDATES = 40;
const GLOSS_MEMO_LIMIT = 5_000;
const MAX_MATCHES = 20;

export type PhraseMatch<E extends Entry = Entry> = { entry: E; cell: Cell; form: string; gloss: string };

type Sense = { text: string; words: string[] };
type Verb = { entry: Entry; cls: VerbClass; senses: Sense[] };
type PhraseIndex = {
  verbs: Verb[];
  /** A sense's verb (its first content word) → indexes into `verbs`. */
  byHead: Map<string, number[]>;
  /** "<verb index>:<sense index>" → phrase key (without and with notes) → cells whose gloss reads so. */
  glosses: Map<string, Map<string, Cell[]>>;
};

/** Keyed by the search index (app/core/word-search.ts), which lives once per isolate and lexicon version. */
const indexes = new WeakMap<{ entries: Entry[] }, PhraseIndex>();

/** Placeholders and filler of dictionary glosses that a query never contains as such. */
const FILLER = new Set(["smb", "sth", "a", "an", "the", "to", "s.o", "s.t", "someone", "something"]);

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bdon't\b/g, "do not"], [/\bdoesn't\b/g, "does not"], [/\bisn't\b/g, "is not"], [/\baren't\b/g, "are not"],
  [/\bi'm\b/g, "i am"], [/\byou're\b/g, "you are"], [/\bwe're\b/g, "we are"], [/\bthey're\b/g, "they are"],
  [/\b(he|she|s\/he)'s\b/g, "s/he is"], [/\bit's\b/g, "it is"], [/\blet us\b/g, "let's"], [/\bcannot\b/g, "can not"],
];

/**
 * The comparable form of an English phrase: lower case, contractions spelt out, (notes) and [slots] dropped,
 * "he"/"she" as "s/he", "him"/"her" as "him/her", "when/that" and "that" as "when", no punctuation. With
 * `keepNotes` the words of (notes) stay: "we (incl.) leave" → "we incl leave".
 */
export function phraseKey(text: string, keepNotes = false): string {
  let s = text.toLowerCase().normalize("NFC").replace(/[’‘ʼ`]/g, "'");
  for (const [re, to] of CONTRACTIONS) s = s.replace(re, to);
  return s
    .replace(keepNotes ? /\[[^\]]*\]/g : /\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/\bwhen\/that\b/g, "when")
    .replace(/^that\b/, "when")
    .replace(/(?<![\p{L}/])(he|she)(?![\p{L}/])/gu, "s/he")
    .replace(/(?<![\p{L}/])(him|her)(?![\p{L}/])/gu, "him/her")
    .replace(/[^\p{L}\p{N}'/ ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function words(text: string): string[] {
  return text.split(" ").filter((w) => w && !FILLER.has(w.replace(/\.$/, "")));
}

/** A query word and the base forms it may stand for ("sees" → see, "goes" → go, "is" → be). */
function variants(word: string): string[] {
  const out = [word];
  if (word === "is" || word === "am" || word === "are") out.push("be");
  if (word === "has") out.push("have");
  if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  return out;
}

function phraseIndex(index: { entries: Entry[] }): PhraseIndex {
  let built = indexes.get(index);
  if (built) return built;
  const verbs: Verb[] = [];
  const byHead = new Map<string, number[]>();
  for (const entry of index.entries) {
    const cls = verbClassOf(entry.pos);
    if (!cls) continue;
    const senses = entry.gloss
      .split(/[;,]/)
      .map((s) => s.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .map((s) => ({ text: s, words: words(phraseKey(s)) }))
      .filter((s) => s.words.length > 0);
    if (senses.length === 0) continue;
    const vi = verbs.push({ entry, cls, senses }) - 1;
    for (const head of new Set(senses.map((s) => s.words[0]!))) {
      const list = byHead.get(head);
      if (list) list.push(vi);
      else byHead.set(head, [vi]);
    }
  }
  built = { verbs, byHead, glosses: new Map() };
  indexes.set(index, built);
  return built;
}

function glossesOf(pi: PhraseIndex, vi: number, si: number): Map<string, Cell[]> {
  const key = `${vi}:${si}`;
  let map = pi.glosses.get(key);
  if (!map) {
    const { cls, senses } = pi.verbs[vi]!;
    map = new Map();
    for (const cell of cellsOf(cls)) {
      const gloss = glossFor(senses[si]!.text, cls, cell);
      for (const k of new Set([phraseKey(gloss), phraseKey(gloss, true)])) {
        const list = map.get(k);
        if (list) list.push(cell);
        else map.set(k, [cell]);
      }
    }
    if (pi.glosses.size >= GLOSS_MEMO_LIMIT) pi.glosses.clear();
    pi.glosses.set(key, map);
  }
  return map;
}

/** The verb forms whose English gloss is the query phrase, most frequent verbs first, in paradigm order. */
export function searchPhrase<E extends Entry>(index: { entries: E[] }, query: string): Array<PhraseMatch<E>> {
  const key = phraseKey(query, query.includes("("));
  const queryWords = key.split(" ").filter(Boolean);
  if (queryWords.length < 2) return [];
  const pi = phraseIndex(index);
  const known = new Set(queryWords.flatMap(variants));
  const candidates = new Set<number>();
  for (const w of known) for (const vi of pi.byHead.get(w) ?? []) candidates.add(vi);
  const ranked = [...candidates]
    .sort((a, b) => pi.verbs[b]!.entry.corpusCount - pi.verbs[a]!.entry.corpusCount || a - b)
    .slice(0, MAX_CANDIDATES);

  const matches: Array<PhraseMatch<E>> = [];
  for (const vi of ranked) {
    const verb = pi.verbs[vi]!;
    const seen = new Set<string>();
    verb.senses.forEach((sense, si) => {
      if (!sense.words.every((w) => known.has(w))) return;
      for (const cell of glossesOf(pi, vi, si).get(key) ?? []) {
        const { entry } = verb;
        const inflection = inflect({ id: entry.id, name: entry.name, pos: entry.pos, stem: entry.stem, gloss: sense.text }, cell);
        if (!inflection || seen.has(inflection.form)) continue;
        seen.add(inflection.form);
        matches.push({ entry: entry as E, cell, form: inflection.form, gloss: inflection.gloss });
      }
    });
    if (matches.length >= MAX_MATCHES) break;
  }
  return matches.slice(0, MAX_MATCHES);
}

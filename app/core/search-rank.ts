/**
 * How word search ranks what it finds (ADR 024): one scale for every kind of match, so
 * that an exact reading of the query ranks above a near one at any lexicon size. From the top:
 *
 * - a headword spelled as the query (100), or so but for apostrophes, hyphens, a glottal h and final devoicing (95);
 * - an English phrase read in a form of a verb or noun (90), 2 more when the dictionary sense it matched carries no
 *   [note] or (note) the query does not ("see smb." above "see smb. [at a distance]"), a little less for a later sense;
 * - an exact analysis: a form of the lexeme's paradigm spelled as the query (86), or so but for the conventions (85);
 * - a headword the query meets by syncope alone: one spelling is the other less short vowels (makwa → mkwa) (84);
 * - an English gloss with a sense that is the query (83; a dependent noun's "my head" is the sense "head");
 * - any other headword the query meets through the engine's spelling skeleton (82);
 * - a spelling-near analysis: a form the query meets only through the skeleton (80);
 * - English glosses that start with the query (60), Odawa headwords that start with it (50), glosses with every query
 *   word (40), or with a word starting each query word (20).
 * An analysis adds a tenth of its confidence; an English gloss loses a hundredth per word. Pure.
 */
import { looseSpellingKey } from "./grammar/spelling";
import { toSearchKey } from "./orthography";

/** `text` with some of its short vowels (a, i, o) left out gives `short` (makwa → mkwa, gikendaan → gkendaan). */
function bySyncope(full: string, short: string): boolean {
  if (short.length >= full.length) return false;
  let i = 0;
  for (const c of full) {
    if (c === short[i]) i++;
    else if (c !== "a" && c !== "i" && c !== "o") return false;
  }
  return i === short.length;
}

/** A headword the query found through the Odawa keys: as typed, by spelling conventions, by syncope, or near. */
export function headwordScore(name: string, query: string): number {
  if (toSearchKey(name) === toSearchKey(query)) return 100;
  const a = looseSpellingKey(name);
  const b = looseSpellingKey(query);
  if (a === b) return 95;
  return bySyncope(a, b) || bySyncope(b, a) ? 84 : 82;
}

/**
 * An analysis of the query, `confidence` 0–3: exact when its form is the query as typed (86) or but for the spelling
 * conventions (85: a glottal stop left out may be another word, gniimim ≠ gniim'im), else spelling-near (80).
 */
export function formScore(form: string, query: string, confidence: number): number {
  const score = toSearchKey(form) === toSearchKey(query) ? 86 : looseSpellingKey(form) === looseSpellingKey(query) ? 85 : 80;
  return score + confidence / 10;
}

/** A notes-free sense ranks above a qualified one; an earlier sense of the entry a little above a later one. */
export function phraseScore(qualified: boolean, sense: number): number {
  return 90 + (qualified ? 0 : 2) - Math.min(sense, 10) / 100;
}

/** Characters a sense may have around the words of the query: spaces, marks ("Hello!"), a dependent noun's "my ". */
const SENSE_SLACK = 10;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SEMICOLON = 59;
const COMMA = 44;

/** The last letter or digit of text[start, end), lower-cased ("" when none). */
function lastLetter(text: string, start: number, end: number): string {
  for (let i = end - 1; i >= start; i--) if (WORD_CHAR.test(text[i]!)) return text[i]!.toLowerCase();
  return "";
}

/**
 * Whether a sense of the gloss (between `;` and `,`) is the query phrase, word for word; a dependent noun's "my head"
 * is read as "head" (the dictionary adds the "my"). Only a sense about as long as the phrase and ending as it does
 * is split into words (a query such as "be" has thousands of glosses to look at).
 */
export function hasSense(gloss: string, pos: string, phrase: string, words: (text: string) => string[]): boolean {
  const dependent = pos === "nad" || pos === "nid";
  const last = phrase[phrase.length - 1];
  for (let start = 0; start <= gloss.length;) {
    let end = start;
    for (let c = gloss.charCodeAt(end); end < gloss.length && c !== SEMICOLON && c !== COMMA; c = gloss.charCodeAt(++end));
    const length = end - start;
    if (length >= phrase.length && length <= phrase.length + SENSE_SLACK && lastLetter(gloss, start, end) === last) {
      const w = words(gloss.slice(start, end));
      if ((dependent && w[0] === "my" && w.length > 1 ? w.slice(1) : w).join(" ") === phrase) return true;
    }
    start = end + 1;
  }
  return false;
}

/** An English gloss match, from the query's words and the gloss's; `isSense`: a sense of the gloss is the query. */
export function englishScore(phrase: string, glossWords: readonly string[], isSense: () => boolean, allExact: boolean): number {
  const whole = glossWords.join(" ");
  const score = allExact && isSense() ? 83 : whole.startsWith(phrase) ? 60 : allExact ? 40 : 20;
  return score - Math.min(glossWords.length, 30) / 100;
}

/**
 * English text as the phrase search compares it (phrase-search.ts): lower case, contractions spelled out, pronouns
 * folded (he/she → s/he, him/her), notes in brackets dropped, punctuation gone; and the content words of a phrase
 * (the filler of dictionary glosses left out). Pure.
 */

/** Placeholders and filler of dictionary glosses that a query never contains as such. */
export const FILLER = new Set(["smb", "sth", "a", "an", "the", "to", "s.o", "s.t", "someone", "something"]);

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bdon't\b/g, "do not"],
  [/\bdoesn't\b/g, "does not"],
  [/\bisn't\b/g, "is not"],
  [/\baren't\b/g, "are not"],
  [/\bdidn't\b/g, "did not"],
  [/\bwasn't\b/g, "was not"],
  [/\bweren't\b/g, "were not"],
  [/\bwon't\b/g, "will not"],
  [/\bcouldn't\b/g, "could not"],
  [/\bshouldn't\b/g, "should not"],
  [/\bwouldn't\b/g, "would not"],
  [/\bi'm\b/g, "i am"],
  [/\byou're\b/g, "you are"],
  [/\bwe're\b/g, "we are"],
  [/\bthey're\b/g, "they are"],
  [/\b(he|she|s\/he)'s\b/g, "s/he is"],
  [/\bit's\b/g, "it is"],
  [/\blet us\b/g, "let's"],
  [/\bcannot\b/g, "can not"],
  [/\b(i|you|we|they|he|she|it)'ll\b/g, "$1 will"],
  [/\by'all\b/g, "you all"],
  [/\bmight\b/g, "maybe"],
  [/\bperhaps\b/g, "maybe"],
];

const HAS_CONTRACTION = /'|cannot|let us|might|perhaps/;

/**
 * The comparable form of an English phrase: lower case, contractions spelt out, (notes) and [slots] dropped,
 * "he"/"she" as "s/he", "him"/"her"/"his" as "him/her", "when/that" and "that" as "when", no punctuation. With
 * `keepNotes` the words of (notes) stay: "we (incl.) leave" → "we incl leave".
 */
export function phraseKey(text: string, keepNotes = false): string {
  let s = text
    .toLowerCase()
    .normalize("NFC")
    .replace(/[’‘ʼ`]/g, "'");
  // Most text (every dictionary sense the index reads) has nothing to spell out.
  if (HAS_CONTRACTION.test(s)) for (const [re, to] of CONTRACTIONS) s = s.replace(re, to);
  return s
    .replace(keepNotes ? /\[[^\]]*\]/g : /\([^)]*\)|\[[^\]]*\]/g, " ")
    .replace(/\bwhen\/that\b/g, "when")
    .replace(/^that\b/, "when")
    .replace(/(?<![\p{L}/])(he|she)(?![\p{L}/])/gu, "s/he")
    .replace(/(?<![\p{L}/])(his\/her|him\/her|him|her|his)(?![\p{L}/])/gu, "him/her")
    .replace(/[^\p{L}\p{N}'/ ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function words(text: string): string[] {
  return text.split(" ").filter((w) => w && !FILLER.has(w.replace(/\.$/, "")));
}

/** A noun phrase's key: filler dropped ("the dogs" and "dogs" meet; "in the house" is "in house"). */
export const nounKey = (text: string) => words(phraseKey(text)).join(" ");

/** Typed-answer tolerance: the grammar engine's spelling keys (apostrophes, case, syncopated/full spellings). */
import { spellingKeys } from "../../core/grammar";

/** Sentence punctuation never decides an answer. */
function stripPunctuation(text: string) {
  return text.replace(/[.,!?;:"“”«»()]/g, " ").replace(/\s+/g, " ").trim();
}

export function isAcceptedAnswer(typed: string, answers: readonly string[]): boolean {
  const clean = stripPunctuation(typed);
  if (clean === "") return false;
  const accepted = new Set(answers.flatMap((a) => spellingKeys(stripPunctuation(a))));
  return spellingKeys(clean).some((key) => accepted.has(key));
}

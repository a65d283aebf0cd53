/**
 * How the English of a practice question is written, for the tests that check multiple choice gives nothing away
 * (tests/unit/learn-fairness.test.ts, tests/e2e/learn.spec.ts). Written from what a learner sees, not from the code
 * that makes the options.
 */

/** A bracketed note at the end ("(obv.)", "(you (sg))"). */
const END_NOTE = /\s*\((?:[^()]|\([^()]*\))*\)$/;

/** A grammar label at the end of a gloss: a preverb ("(past, gii-)", "(future or want to, wii-)") or a mode. */
const GRAMMAR_LABEL = /\((?:[^()]*,\s*)?(?:[a-z]+-)+\)$|\((?:[^()]*\s)?(?:preterit|dubitative|changed conjunct|participle|delayed imperative)\)$/;

/** Whether English shown to a learner ends with a technical label instead of plain English. */
export function hasGrammarLabel(english: string): boolean {
  return GRAMMAR_LABEL.test(english.trim());
}

/**
 * Why the options of one question do not share one style, or [] when they do. Written as sentences (one option is
 * capitalised, other than "I", or ends with a full stop), every option is capitalised and closed (. ! or ? before any
 * bracketed note at the end); written as forms' glosses, none is. No option carries a grammar label.
 */
export function styleProblems(options: readonly string[]): string[] {
  const looks = options.map((option) => {
    const text = option.trim();
    return {
      text,
      capital: /^I\b/.test(text) ? null : /^\p{Lu}/u.test(text),
      closed: text.endsWith(".") || /[.!?]$/.test(text.replace(END_NOTE, "")),
      fullStop: text.endsWith("."),
    };
  });
  const sentences = looks.some((l) => l.capital === true || l.fullStop);
  const problems: string[] = [];
  for (const l of looks) {
    if (sentences && l.capital === false) problems.push(`"${l.text}" is not capitalised like the others`);
    if (sentences && !l.closed) problems.push(`"${l.text}" has no closing full stop like the others`);
    if (hasGrammarLabel(l.text)) problems.push(`"${l.text}" ends with a grammar label`);
  }
  return problems;
}

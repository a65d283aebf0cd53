/**
 * Terms with a short explanation in native popovers: opens with a click, a tap or
 * Enter/Space on the button, closes with Escape, a tap outside or its close button. Works without JavaScript.
 */
import type { Term } from "./subjects";

export const TERMS: Record<Term, { title: string; text: string }> = {
  proximate: {
    title: "Proximate",
    text: "The third person in focus: the main “he”, “she” or “they” being talked about. Only one third person can be proximate at a time.",
  },
  obviative: {
    title: "Obviative",
    text: "A third person who is not in focus, for example someone the proximate person sees or talks to. Verbs and animate nouns mark it with their own endings.",
  },
  exclusive: {
    title: "Exclusive “we”",
    text: "“We” that leaves out the person you are talking to: me and others, but not you.",
  },
  inclusive: {
    title: "Inclusive “we”",
    text: "“We” that includes the person you are talking to: you and me (and maybe others).",
  },
};

const popoverId = (term: Term) => `term-${term}`;

/** The button that opens a term's explanation; render <TermPopovers> once on the same page. */
export function TermButton({ term }: { term: Term }) {
  return (
    <button type="button" className="term-button" popoverTarget={popoverId(term)} aria-label={`${TERMS[term].title}: what does it mean?`}>
      {term}
    </button>
  );
}

/** One popover per term (ids must be unique on the page). */
export function TermPopovers({ terms }: { terms: readonly Term[] }) {
  return (
    <>
      {[...new Set(terms)].map((term) => {
        const id = popoverId(term);
        return (
          <div key={term} id={id} popover="auto" className="term-popover" role="dialog" aria-labelledby={`${id}-title`}>
            <h3 id={`${id}-title`}>{TERMS[term].title}</h3>
            <p>{TERMS[term].text}</p>
            <button type="button" className="button" popoverTarget={id} popoverTargetAction="hide">
              Close
            </button>
          </div>
        );
      })}
    </>
  );
}

/**
 * "Practise this word": a plain form post to /aambe/deck (app/routes/course/deck.ts), so it works without JavaScript.
 * Drop it on any page that shows a verb, e.g. the word page: <PractiseWord verb={word.name} pos={word.pos} />.
 * A page that shows one cell of the verb (the conjugator) passes its engine cell key (`cellKey`, e.g.
 * "ind 3s pv:gii"), and the forms added are that cell's: its tense or mode, conjunct form and preverbs.
 */
import { Form } from "react-router";

export function PractiseWord({ verb, pos, cell }: { verb: string; pos: string; cell?: string }) {
  return (
    <Form method="post" action="/aambe/deck" className="practise-word">
      <input type="hidden" name="verb" value={verb} />
      <input type="hidden" name="pos" value={pos} />
      {cell ? <input type="hidden" name="cell" value={cell} /> : null}
      <button type="submit" className="button">
        Practise this word
      </button>
    </Form>
  );
}

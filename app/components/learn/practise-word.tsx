/**
 * "Practise this word": a plain form post to /aambe/deck (app/routes/course/deck.ts), so it works without JavaScript.
 * Drop it on any page that shows a verb, e.g. the word page: <PractiseWord verb={word.name} pos={word.pos} />.
 */
import { Form } from "react-router";

export function PractiseWord({ verb, pos }: { verb: string; pos: string }) {
  return (
    <Form method="post" action="/aambe/deck" className="practise-word">
      <input type="hidden" name="verb" value={verb} />
      <input type="hidden" name="pos" value={pos} />
      <button type="submit" className="button">
        Practise this word
      </button>
    </Form>
  );
}

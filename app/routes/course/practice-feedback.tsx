/** The feedback on an answer: right, or the right answer (the form split into prefix, stem and ending). */
import { FormParts } from "../../components/learn/form-parts";
import { answerKey, quoted, type FormPartsView } from "../../utils/practice";

type Done = {
  correct: boolean;
  given: string;
  kind: string;
  item: { odawa: string; english: string; parts: FormPartsView | null };
};

export function Feedback({ done }: { done: Done }) {
  return done.correct ? (
    <div className="alert alert-success">
      <p>
        Right! <FormParts inflection={done.item.parts ?? { prefix: null, root: done.item.odawa, suffix: null }} /> means {quoted(done.item.english)}
      </p>
      {done.kind === "type" && answerKey(done.given).replace(/\s/g, "") !== answerKey(done.item.odawa).replace(/\s/g, "") ? (
        <p>
          You typed <span lang="otw">“{done.given}”</span>; it is written <strong lang="otw">{done.item.odawa}</strong>.
        </p>
      ) : null}
    </div>
  ) : (
    <div className="alert alert-danger">
      <p>
        Not quite
        {done.kind === "type" ? (
          <>
            {" "}
            — you typed <span lang="otw">“{done.given}”</span>
          </>
        ) : null}
        . It comes back later in this round.
      </p>
      <p>
        The right answer: <FormParts inflection={done.item.parts ?? { prefix: null, root: done.item.odawa, suffix: null }} /> (
        <strong lang="otw">{done.item.odawa}</strong>) — {quoted(done.item.english, "")}
      </p>
    </div>
  );
}

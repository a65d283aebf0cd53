import { data, Link } from "react-router";
import { getLexeme, sentencesForLexeme } from "../../db/queries/lexemes";
import { sentenceSourceLabel } from "../../db/queries/sentences";
import { AudioStatus } from "../components/audio-status";
import { WordName } from "../components/word-name";
import { WordText } from "../components/word-text";
import { getBindings } from "../context";
import { getSearchIndex } from "../services/lexicon.server";
import { lookupWords } from "../core/word-search";
import type { Route } from "./+types/word";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [SITE_DESCRIPTION, 
  { title: data?.word ? `${data.word.name} | Kidwinan | Nishnaabemwin` : "Word Not Found | Nishnaabemwin" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
  const word = id === null ? null : await getLexeme(db, id);
  if (!word) return data({ word: null, sentences: [], words: {} }, { status: 404 });
  const sentences = await sentencesForLexeme(db, word.id);
  const words = sentences.length ? lookupWords(await getSearchIndex(db, env), sentences.map((s) => s.text)) : {};
  return {
    word,
    sentences: sentences.map((s) => ({ ...s, sourceLabel: sentenceSourceLabel(s.source) })),
    words,
  };
}

export default function Word({ loaderData }: Route.ComponentProps) {
  const { word, sentences, words } = loaderData;
  if (!word) {
    return (
      <section className="page">
        <h1>Word Not Found</h1>
        <p>No info for this word found.</p>
        <p>
          <Link to="/k">Back to the word list</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page word-page">
      <p>
        <Link to="/k">← Back to the word list</Link>
      </p>
      <h1>
        <WordName name={word.name} pos={word.pos} />
      </h1>
      <dl className="word-facts">
        <dt>Part of speech</dt>
        <dd>{word.pos}</dd>
        <dt>Meaning</dt>
        <dd>{word.gloss}</dd>
      </dl>
      <AudioStatus audio={word.audio} name={word.name} />
      {sentences.length > 0 ? (
        <section aria-labelledby="examples-heading">
          <h2 id="examples-heading">Sentences</h2>
          <p className="muted">Tap a word to see what it means.</p>
          <ol className="sentence-list">
            {sentences.map((s) => (
              <li key={s.id}>
                <p className="sentence-text">
                  <WordText text={s.text} words={words} />
                </p>
                <p className="sentence-trans">{s.trans}</p>
                {s.sourceLabel ? <p className="muted sentence-source">{s.sourceLabel}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}

/**
 * /k/{id} — the word page (docs/product.md §2): headword, part of speech in plain words with its code, gloss, audio
 * with the speaker's credit and date when known, example sentences (tap a word), related words (same stem or
 * compounds), "Report a problem", and schema.org DefinedTerm structured data (JSON-LD with the CSP nonce).
 * The word's forms (verbs: the core cells of each order; nouns: the declension), each a link to its own page
 * that says how it is built ("Why this form?", /k/{id}/why).
 */
import { data } from "react-router";
import { renderToStaticMarkup } from "react-dom/server.node"; // the renderer entry.server.tsx uses (ADR 019)
import { SiteLink } from "../components/site-link";
import { WordForms } from "../components/word-forms";
import { wordForms } from "../services/paradigms.server";
import { hasCoreForms } from "../services/practice.server";
import { PosAbbr } from "../components/abbr";
import { getLexemeWithSentences } from "../../db/queries/lexemes";
import { sentenceSourceLabel } from "../../db/queries/sentences";
import { WordAudioButton } from "../components/word-audio-button";
import { JsonLd } from "../components/json-ld";
import { ReportLink } from "../components/report-link";
import { AudioStatus } from "../components/audio-status";
import { PractiseWord } from "../components/learn/practise-word";
import { verbClassOf } from "../core/grammar";
import { WordName } from "../components/word-name";
import { WordText } from "../components/word-text";
import { getBindings, keepHtml } from "../context";
import { KeptHtmlSection } from "../components/kept-html";
import { publicData } from "../services/public-data.server";
import { pageWordsOf, wordPageKey, type PageWords } from "../services/page-words.server";
import { posName } from "../core/pos";
import type { Route } from "./+types/word";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  SITE_DESCRIPTION,
  { title: data?.word ? `${data.word.name} | Kidwinan | Nishnaabemwin` : "Word Not Found | Nishnaabemwin" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { config, db } = bindings;
  const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
  const read = id === null ? null : await publicData(request, bindings, `lexeme and sentences ${id}`, () => getLexemeWithSentences(db, id));
  const word = read?.word ?? null;
  if (!word) return data({ word: null, sentences: [], words: {}, related: [], url: "", siteUrl: "", forms: null, practise: false }, { status: 404 });
  const sentences = read!.sentences;
  // The sentences' words and the related words: stored by the page words job when current (ADR 029), else worked
  // out from the entries their stored keys reach (ADR 026).
  // Kept like the word for anonymous visitors (a new content version starts afresh).
  const { source, page: words } = await publicData(request, bindings, `word page words ${word.id}`, () =>
    pageWordsOf(
      bindings,
      wordPageKey(word.id),
      sentences.map((s) => s.text),
      word,
    ),
  );
  // What the page works out from the word, its sentences and those words: kept like the word for anonymous visitors,
  // and worked out anew when they came from elsewhere since (a new lexicon version) or the reads are a visitor's own.
  const kept = await publicData(request, bindings, `word page ${word.id}`, async () => ({ source, sentences, page: deriveNow(words, word, sentences) }));
  const { formsHtml, ...page } = kept.source === source && kept.sentences === sentences ? kept.page : deriveNow(words, word, sentences);
  const forms = formsHtml === null ? null : keepHtml(context, request, "word-forms", formsHtml);
  return { word, ...page, forms, url: `${config.siteUrl}/k/${word.id}`, siteUrl: config.siteUrl };
}

type Lexeme = NonNullable<Awaited<ReturnType<typeof getLexemeWithSentences>>["word"]>;
type Sentences = Awaited<ReturnType<typeof getLexemeWithSentences>>["sentences"];

/** What the page shows from the word, its sentences and their page words: the forms, tap-a-word, related words. */
function deriveNow(pageWords: PageWords, word: Lexeme, sentences: Sentences) {
  const forms = wordForms(word);
  return {
    sentences: sentences.map((s) => ({ ...s, sourceLabel: sentenceSourceLabel(s.source) })),
    words: pageWords.words,
    related: pageWords.related,
    // The forms never change in the browser: written once as HTML, kept as it is (components/kept-html.tsx).
    formsHtml: forms ? renderToStaticMarkup(<WordForms forms={forms} wordId={word.id} />) : null,
    // "Practise this word" only where practice has forms to give (high confidence only).
    practise: verbClassOf(word.pos) !== null && hasCoreForms(word),
  };
}

export default function Word({ loaderData }: Route.ComponentProps) {
  const { word, sentences, words, related, url, siteUrl, forms, practise } = loaderData;
  if (!word) {
    return (
      <section className="page">
        <h1>Word Not Found</h1>
        <p>No info for this word found.</p>
        <p>
          <SiteLink to="/k">Back to the word list</SiteLink>
        </p>
      </section>
    );
  }
  const page = `/k/${word.id}`;
  return (
    <section className="page word-page">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "DefinedTerm",
          "@id": url,
          url,
          name: word.name,
          inLanguage: "otw",
          description: word.gloss,
          termCode: word.pos,
          inDefinedTermSet: { "@type": "DefinedTermSet", name: "Kidwinan (Nishnaabemwin words)", url: `${siteUrl}/k` },
        }}
      />
      <p>
        <SiteLink to="/k">← Back to the word list</SiteLink>
      </p>
      <h1>
        <WordName name={word.name} pos={word.pos} />
      </h1>
      <dl className="word-facts">
        <dt>Part of speech</dt>
        <dd>
          {`${posName(word.pos)} `}
          <span className="muted">
            (<PosAbbr pos={word.pos} />)
          </span>
        </dd>
        <dt>Meaning</dt>
        <dd>{word.gloss}</dd>
      </dl>
      {word.audio ? (
        <div className="word-audio">
          <WordAudioButton src={word.audio.url} type={word.audio.type} label={`recording of ${word.name}`} />
          {word.audio.speaker || word.audio.recordedAt ? (
            <p className="audio-credit muted">
              {word.audio.speaker ? `Recorded by ${word.audio.speaker}` : "Recorded"}
              {word.audio.recordedAt ? (
                <>
                  {" on "}
                  <time dateTime={word.audio.recordedAt}>{word.audio.recordedAt}</time>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <AudioStatus audio={null} name={word.name} />
          <p>
            <ReportLink kind="recording" page={page} subject={word.name} label="Ask for a recording" />
          </p>
        </>
      )}
      <p>
        <ReportLink kind="word" page={page} subject={word.name} />
      </p>

      {forms ? <KeptHtmlSection kept={forms} className="word-forms" aria-labelledby="word-forms-title" /> : null}
      {practise ? <PractiseWord verb={word.name} pos={word.pos} /> : null}

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
                {s.audio ? <WordAudioButton src={s.audio} label={`recording of sentence ${s.text}`} /> : null}
                {s.sourceLabel ? <p className="muted sentence-source">{s.sourceLabel}</p> : null}
                <p>
                  <ReportLink kind="sentence" page={page} subject={s.text} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {related.length > 0 ? (
        <section aria-labelledby="related-heading">
          <h2 id="related-heading">Related words</h2>
          <ul className="related-words">
            {related.map((r) => (
              <li key={r.id}>
                <SiteLink to={`/k/${r.id}`}>
                  <WordName name={r.name} pos={r.pos} />
                </SiteLink>{" "}
                <span className="word-gloss">{r.gloss}</span> <span className="muted">({r.relation === "stem" ? "same stem" : "compound"})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

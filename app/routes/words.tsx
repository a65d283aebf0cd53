import { Form, Link } from "react-router";
import { LegendLink, PosAbbr } from "../components/abbr";
import { z } from "zod";
import { listTopWords } from "../../db/queries/lexemes";
import { AudioButton } from "../components/audio-button";
import { WordName } from "../components/word-name";
import { getBindings } from "../context";
import { getSearchIndex } from "../services/lexicon.server";
import { MAX_QUERY_LENGTH, searchWords } from "../core/word-search";
import type { Route } from "./+types/words";
import { SITE_DESCRIPTION } from "../utils/meta";

const QuerySchema = z.string().trim().max(MAX_QUERY_LENGTH * 4).catch("");

export const meta: Route.MetaFunction = ({ loaderData: data }) => [SITE_DESCRIPTION, 
  { title: data?.search ? `${data.search.query} | Kidwinan | Nishnaabemwin` : "Kidwinan (Words) | Nishnaabemwin" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  const q = QuerySchema.parse(new URL(request.url).searchParams.get("q") ?? "");
  if (q) {
    const index = await getSearchIndex(db, env);
    const result = searchWords(index, q);
    return {
      words: null,
      search: {
        query: result.query,
        total: result.total,
        more: result.more,
        hits: result.hits.map(({ entry, match, analysis }) => ({
          id: entry.id,
          name: entry.name,
          pos: entry.pos,
          gloss: entry.gloss,
          audioUrl: entry.audioUrl,
          match,
          analysis,
        })),
      },
    };
  }
  return { words: await listTopWords(db), search: null };
}

function SearchForm({ defaultValue, id }: { defaultValue?: string; id: string }) {
  return (
    <Form method="get" action="/k" role="search" aria-label="Word search" className="word-search">
      <label htmlFor={id}>Search Odawa or English</label>
      <span className="word-search-row">
        <input id={id} name="q" type="search" defaultValue={defaultValue} maxLength={MAX_QUERY_LENGTH} autoComplete="off" />
        <button type="submit" className="button button-primary">
          Search
        </button>
      </span>
    </Form>
  );
}

export default function Words({ loaderData }: Route.ComponentProps) {
  const { words, search } = loaderData;
  return (
    <section className="page words-page">
      <h1>
        <span lang="otw">Kidwinan</span> <span className="muted">(Words)</span>
      </h1>
      <SearchForm id="words-q" defaultValue={search?.query} />
      {search ? <SearchResults search={search} /> : <TopWords words={words ?? []} />}
    </section>
  );
}

function TopWords({ words }: { words: Array<{ id: number; name: string; gloss: string; pos: string }> }) {
  return (
    <>
      <p>These are the top words in Nishnaabemwin, according to our collected texts.</p>
      <p className="muted">Increased functionality coming soon!</p>
      <p className="muted">
        Verbs are blue, nouns brown: <LegendLink />.
      </p>
      {words.length === 0 ? (
        <p className="alert alert-warning">No data</p>
      ) : (
        <ul className="word-list" aria-label="Top words">
          {words.map((w) => (
            <li key={w.id}>
              <Link to={`/k/${w.id}`} prefetch="intent">
                <WordName name={w.name} pos={w.pos} />
              </Link>{" "}
              <span className="word-gloss">{w.gloss}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type Search = NonNullable<Route.ComponentProps["loaderData"]["search"]>;

function SearchResults({ search }: { search: Search }) {
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">
        {search.total === 1 ? "1 result" : `${search.total} results`} for “{search.query}”
      </h2>
      {search.hits.length === 0 ? (
        <p>No results</p>
      ) : (
        <ul className="word-list search-results">
          {search.hits.map((hit) => (
            <li key={hit.id}>
              {hit.analysis ? (
                <span className="form-explanation">
                  <span lang="otw">{hit.analysis.form}</span>
                  {" → "}
                  <span lang="otw">{hit.analysis.lemma}</span>
                  {`, ${hit.analysis.gloss} `}
                  <span className="muted">{`(${hit.analysis.cell})`}</span>
                </span>
              ) : null}
              <span className="search-hit">
                <Link to={`/k/${hit.id}`}>
                  <WordName name={hit.name} pos={hit.pos} />
                </Link>{" "}
                <span className="muted">
                  (<PosAbbr pos={hit.pos} />)
                </span> <span className="word-gloss">{hit.gloss}</span>
                {hit.audioUrl ? <AudioButton src={hit.audioUrl} label={`recording of ${hit.name}`} /> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {search.more > 0 ? <p className="muted">{`${search.more} more results`}</p> : null}
      <p>
        <Link to="/k">Back to the word list</Link>
      </p>
    </section>
  );
}

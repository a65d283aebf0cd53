/**
 * /k — the word list (docs/product.md §2): every word sorted by name, paged on the server (`?page=`), an A–Z bar
 * (`?letter=`), one search box (`?q=`; the navbar's box is hidden here by word-list.css) and a part-of-speech filter
 * (`?pos=`), with a count of results. Every control is a link or a GET form: it all works without JavaScript.
 * Search results show the form that matched ("nwaabmaa → waabmaa, I see him/her"); an empty search offers
 * "Suggest a missing word". Last on the page, "Keep the dictionary on this device" (ADR 027a; with JavaScript only).
 */
import type { FormEvent } from "react";
import { Form, Link } from "react-router";
import { LegendLink, PosAbbr } from "../components/abbr";
import { z } from "zod";
import { WordName } from "../components/word-name";
import { AtoZ, Pager, type ListParams, listHref } from "../components/word-list-nav";
import { SiteLink } from "../components/site-link";
import { ReportLink } from "../components/report-link";
import { getBindings } from "../context";
import { publicData } from "../services/public-data.server";
import { indexForSearch, wordList } from "../services/lexicon.server";
import { noteSearchHits } from "../services/word-uses.server";
import { MAX_QUERY_LENGTH, searchWords } from "../core/word-search";
import { LETTERS } from "../core/word-list";
import { POS_GROUP_LABELS, POS_GROUPS } from "../core/pos";
import { WordAudioButton } from "../components/word-audio-button";
import { OfflineDictionaryPanel, OfflineResults, useOfflineDictionary } from "../components/offline-dictionary";
import type { Route } from "./+types/words";
import { SITE_DESCRIPTION } from "../utils/meta";

const ParamsSchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH * 4)
    .catch(""),
  letter: z
    .enum(LETTERS as [string, ...string[]])
    .nullable()
    .catch(null),
  pos: z.enum(POS_GROUPS).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  SITE_DESCRIPTION,
  { title: data?.search ? `${data.search.query} | Kidwinan | Nishnaabemwin` : "Kidwinan (Words) | Nishnaabemwin" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const sp = new URL(request.url).searchParams;
  const params = ParamsSchema.parse({
    q: sp.get("q") ?? "",
    letter: sp.get("letter")?.toLowerCase() || null,
    pos: sp.get("pos") || null,
    page: sp.get("page") ?? 1,
  });
  if (params.q) {
    const result = searchWords(await indexForSearch(bindings, params.q), params.q, undefined, { pos: params.pos });
    if (!params.pos) noteSearchHits(new URL(request.url), result.hits);
    return {
      params: { q: result.query, letter: null, pos: params.pos },
      list: null,
      search: {
        query: result.query,
        total: result.total,
        more: result.more,
        unknown: result.unknown ?? [],
        hits: result.hits.map(({ entry, match, analysis, readings }) => ({
          id: entry.id,
          name: entry.name,
          pos: entry.pos,
          gloss: entry.gloss,
          audioUrl: entry.audioUrl,
          match,
          analysis,
          readings: readings ?? (analysis ? [analysis] : []),
        })),
      },
    };
  }
  // The same for every anonymous visitor until the content changes (ADR 015): kept per isolate like other public reads.
  const listed = { letter: params.letter, pos: params.pos, page: params.page };
  const page = await publicData(request, bindings, `word list ${JSON.stringify(listed)}`, () => wordList(bindings, listed));
  return {
    params: { q: "", letter: params.letter, pos: params.pos },
    list: {
      total: page.total,
      page: page.page,
      lastPage: page.lastPage,
      letterCounts: page.letterCounts,
      words: page.entries.map((e) => ({ id: e.id, name: e.name, pos: e.pos, gloss: e.gloss })),
    },
    search: null,
  };
}

function SearchForm({ params, onSubmit }: { params: ListParams; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <Form method="get" action="/k" role="search" aria-label="Word search" className="word-search" onSubmit={onSubmit}>
      <label htmlFor="words-q">Search Odawa or English</label>
      <span className="word-search-row">
        <input id="words-q" name="q" type="search" defaultValue={params.q} maxLength={MAX_QUERY_LENGTH} autoComplete="off" />
        <label className="visually-hidden" htmlFor="words-pos">
          Part of speech
        </label>
        <select id="words-pos" name="pos" defaultValue={params.pos ?? ""}>
          <option value="">All words</option>
          {POS_GROUPS.map((g) => (
            <option key={g} value={g}>
              {POS_GROUP_LABELS[g]}
            </option>
          ))}
        </select>
        {params.letter ? <input type="hidden" name="letter" value={params.letter} /> : null}
        <button type="submit" className="button button-primary">
          Search
        </button>
      </span>
    </Form>
  );
}

export default function Words({ loaderData }: Route.ComponentProps) {
  const { params, list, search } = loaderData;
  // Keep the dictionary on this device; with no connection, the search box searches the kept copy (ADR 027a).
  const offline = useOfflineDictionary();
  return (
    <section className="page words-page">
      <h1>
        <span lang="otw">Kidwinan</span> <span className="muted">(Words)</span>
      </h1>
      <SearchForm params={params} onSubmit={offline.onSubmit} />
      {offline.result ? (
        <OfflineResults result={offline.result} />
      ) : search ? (
        <SearchResults search={search} params={params} />
      ) : list ? (
        <WordList list={list} params={params} />
      ) : null}
      {/* Last on the page: it appears once the page's script runs, and moves nothing above it. */}
      <OfflineDictionaryPanel offline={offline} />
    </section>
  );
}

type List = NonNullable<Route.ComponentProps["loaderData"]["list"]>;

function countText(total: number, params: ListParams) {
  const what = params.pos ? POS_GROUP_LABELS[params.pos].toLowerCase() : "words";
  const noun = total === 1 ? what.replace(/s$/, "").replace(/ie$/, "y").replace(/xe$/, "x") : what;
  return `${total} ${noun}${params.letter ? ` starting with ${params.letter.toUpperCase()}` : ""}`;
}

function WordList({ list, params }: { list: List; params: ListParams }) {
  return (
    <>
      <p>These are the top words in Nishnaabemwin, according to our collected texts.</p>
      <p className="muted">Increased functionality coming soon!</p>
      <p className="muted">
        Verbs are blue, nouns brown: <LegendLink />.
      </p>
      <AtoZ params={params} counts={list.letterCounts} />
      <p className="word-count" role="status">
        {`${countText(list.total, params)}${list.lastPage > 1 ? `, page ${list.page} of ${list.lastPage}` : ""}`}
        {params.letter || params.pos ? (
          <>
            {" · "}
            <SiteLink to="/k">Show all words</SiteLink>
          </>
        ) : null}
      </p>
      {list.words.length === 0 ? (
        <p className="alert alert-warning">No data</p>
      ) : (
        <ul className="word-list" aria-label="Top words">
          {list.words.map((w) => (
            <li key={w.id}>
              <Link to={`/k/${w.id}`} prefetch="intent">
                <WordName name={w.name} pos={w.pos} />
              </Link>{" "}
              <span className="word-gloss">{w.gloss}</span>
            </li>
          ))}
        </ul>
      )}
      <Pager params={params} page={list.page} lastPage={list.lastPage} />
    </>
  );
}

type Search = NonNullable<Route.ComponentProps["loaderData"]["search"]>;

function SearchResults({ search, params }: { search: Search; params: ListParams }) {
  const here = listHref({ ...params, q: search.query });
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading">
        {`${search.total === 1 ? "1 result" : `${search.total} results`} for “${search.query}”${params.pos ? ` (${POS_GROUP_LABELS[params.pos].toLowerCase()})` : ""}`}
      </h2>
      {search.hits.length === 0 ? (
        <>
          <p>No results</p>
          {search.unknown.length > 0 ? (
            <p className="unknown-english">
              {`Not in the dictionary, in Odawa or in English: ${search.unknown.map((w) => `“${w}”`).join(", ")}. `}
              <SiteLink to="/k">Browse the word list</SiteLink>
            </p>
          ) : null}
          <p>
            <ReportLink kind="missing" page={here} subject={search.query} label="Suggest a missing word" />
          </p>
        </>
      ) : (
        <ul className="word-list search-results">
          {search.hits.map((hit) => (
            <li key={hit.id}>
              {hit.readings.map((reading) => (
                <span className="form-explanation" key={`${reading.form} ${reading.cell}`}>
                  <span lang="otw">{reading.form}</span>
                  {" → "}
                  <span lang="otw">{reading.lemma}</span>
                  {`, ${reading.gloss} `}
                  <span className="muted">{`(${reading.cell})`}</span>
                </span>
              ))}
              <span className="search-hit">
                <SiteLink to={`/k/${hit.id}`}>
                  <WordName name={hit.name} pos={hit.pos} />
                </SiteLink>{" "}
                <span className="muted">
                  (<PosAbbr pos={hit.pos} />)
                </span>{" "}
                <span className="word-gloss">{hit.gloss}</span>
                {hit.audioUrl ? <WordAudioButton src={hit.audioUrl} label={`recording of ${hit.name}`} /> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {search.more > 0 ? <p className="muted">{`${search.more} more results`}</p> : null}
      <p>
        <SiteLink to="/k">Back to the word list</SiteLink>
      </p>
    </section>
  );
}

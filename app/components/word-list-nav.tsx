import { SiteLink } from "./site-link";
import { LETTERS } from "../core/word-list";
import type { PosGroup } from "../core/pos";

/** What a /k address says besides the page: search, letter, part-of-speech group. */
export type ListParams = { q: string; letter: string | null; pos: PosGroup | null };

/** The /k address of a list page (page 1 and empty values left out). */
export function listHref(params: ListParams, page = 1): `/${string}` {
  const sp = new URLSearchParams();
  if (params.q) sp.set("q", params.q);
  if (params.letter) sp.set("letter", params.letter);
  if (params.pos) sp.set("pos", params.pos);
  if (page > 1) sp.set("page", String(page));
  const search = sp.toString();
  return `/k${search ? `?${search}` : ""}`;
}

/** The A–Z bar: a link per letter with words (keeping the part-of-speech filter); letters without words are plain. */
export function AtoZ({ params, counts }: { params: ListParams; counts: Record<string, number> }) {
  return (
    <nav className="a-to-z" aria-label="Words by first letter">
      <ul>
        <li>{params.letter ? <SiteLink to={listHref({ ...params, letter: null })}>All</SiteLink> : <span aria-current="page">All</span>}</li>
        {LETTERS.map((letter) => (
          <li key={letter}>
            {letter === params.letter ? (
              <span aria-current="page">{letter.toUpperCase()}</span>
            ) : counts[letter] ? (
              <SiteLink to={listHref({ ...params, letter })} aria-label={`${letter.toUpperCase()}: ${counts[letter]} words`}>
                {letter.toUpperCase()}
              </SiteLink>
            ) : (
              <span className="a-to-z-empty" aria-label={`${letter.toUpperCase()}: no words`}>
                {letter.toUpperCase()}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous / page N of M / Next, as links (rel prev/next), so paging works without JavaScript. */
export function Pager({ params, page, lastPage }: { params: ListParams; page: number; lastPage: number }) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <SiteLink className="button" to={listHref(params, page - 1)} rel="prev">
          Previous page
        </SiteLink>
      ) : (
        <span className="button" aria-disabled="true">
          Previous page
        </span>
      )}
      <span>
        Page {page} of {lastPage}
      </span>
      {page < lastPage ? (
        <SiteLink className="button" to={listHref(params, page + 1)} rel="next">
          Next page
        </SiteLink>
      ) : (
        <span className="button" aria-disabled="true">
          Next page
        </span>
      )}
    </nav>
  );
}

/**
 * /DEV_editor/counts — docs/product.md §2 Count table: name, part of speech (filter All, Noun, Verb, Adverb, Affix,
 * Other, by docs/product.md §3's tags), count; a row reveals its gloss. Also each word's page views and search hits
 * (issue 38, app/services/word-uses.server.ts), and the table can be ordered by either.
 */
import { Form, Link } from "react-router";
import { z } from "zod";
import { COUNT_SORTS, listCounts } from "../../../db/queries/editor-counts";
import { EDITOR_BASE } from "../../components/editor/display";
import { getBindings } from "../../context";
import { flushWordUses } from "../../services/word-uses.server";
import type { Route } from "./+types/counts";

const FILTERS = [
  { value: "all", label: "All" },
  { value: "noun", label: "Noun" },
  { value: "verb", label: "Verb" },
  { value: "adverb", label: "Adverb" },
  { value: "affix", label: "Affix" },
  { value: "other", label: "Other" },
] as const;

const SORTS = [
  { value: "corpus", label: "Count in the texts" },
  { value: "views", label: "Page views" },
  { value: "searches", label: "Search hits" },
] as const;

const QuerySchema = z.object({
  pos: z.enum(["all", "verb", "noun", "adverb", "affix", "other"]).catch("all"),
  page: z.coerce.number().int().catch(1),
  sort: z.enum(COUNT_SORTS).catch("corpus"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getBindings(context);
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({ pos: params.get("pos") ?? "all", page: params.get("page") ?? 1, sort: params.get("sort") ?? "corpus" });
  // What this isolate has counted and not yet written shows at once.
  await flushWordUses(db, config);
  return { pos: query.pos, sort: query.sort, counts: await listCounts(db, query) };
}

function pageHref(pos: string, sort: string, page: number) {
  const params = new URLSearchParams();
  if (pos !== "all") params.set("pos", pos);
  if (sort !== "corpus") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${EDITOR_BASE}/counts${search ? `?${search}` : ""}`;
}

export default function EditorCounts({ loaderData }: Route.ComponentProps) {
  const { pos, sort, counts } = loaderData;
  return (
    <section className="editor-counts">
      <h1>Counts</h1>
      <Form method="get" className="editor-filter" aria-label="Filter by part of speech">
        <label htmlFor="count-pos">Part of speech</label>
        <select id="count-pos" name="pos" defaultValue={pos} key={pos}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        <label htmlFor="count-sort">Order by</label>
        <select id="count-sort" name="sort" defaultValue={sort} key={sort}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      {counts.rows.length === 0 ? (
        <p>No results</p>
      ) : (
        <div className="editor-table-wrap">
          <table className="editor-table count-table">
            <caption className="visually-hidden">
              Word counts, page {counts.page} of {counts.lastPage}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Part of speech</th>
                <th scope="col">Count</th>
                <th scope="col">Views</th>
                <th scope="col">Searches</th>
              </tr>
            </thead>
            <tbody>
              {counts.rows.map((row) => (
                <tr
                  key={row.id}
                  className="count-row"
                  onClick={(event) => {
                    // The whole row reveals the gloss (docs/product.md §2); the name's disclosure also works without JavaScript.
                    if ((event.target as HTMLElement).closest("summary")) return;
                    const details = event.currentTarget.querySelector("details");
                    if (details) details.open = !details.open;
                  }}
                >
                  <td>
                    <details className="count-gloss">
                      <summary lang="otw">{row.name}</summary>
                      <span>{row.gloss}</span>
                    </details>
                  </td>
                  <td>{row.pos}</td>
                  <td>{row.count}</td>
                  <td>{row.views}</td>
                  <td>{row.searches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="editor-paging" aria-label="Count table pages">
        {counts.page > 1 ? (
          <Link className="button" to={pageHref(pos, sort, counts.page - 1)} rel="prev">
            Previous
          </Link>
        ) : null}
        <span>
          Page {counts.page} of {counts.lastPage}
        </span>
        {counts.page < counts.lastPage ? (
          <Link className="button" to={pageHref(pos, sort, counts.page + 1)} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

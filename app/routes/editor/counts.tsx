/**
 * /DEV_editor/counts — docs/product.md §2 Count table: name, part of speech (filter All, Noun, Verb, Adverb, Affix,
 * Other, by docs/product.md §3's tags), count; a row reveals its gloss. Reached by URL only (no footer button).
 */
import { Form, Link } from "react-router";
import { z } from "zod";
import { listCounts } from "../../../db/queries/editor-counts";
import { EDITOR_BASE } from "../../components/editor/display";
import { getBindings } from "../../context";
import type { Route } from "./+types/counts";

const FILTERS = [
  { value: "all", label: "All" },
  { value: "noun", label: "Noun" },
  { value: "verb", label: "Verb" },
  { value: "adverb", label: "Adverb" },
  { value: "affix", label: "Affix" },
  { value: "other", label: "Other" },
] as const;

const QuerySchema = z.object({
  pos: z.enum(["all", "verb", "noun", "adverb", "affix", "other"]).catch("all"),
  page: z.coerce.number().int().catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getBindings(context);
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({ pos: params.get("pos") ?? "all", page: params.get("page") ?? 1 });
  return { pos: query.pos, counts: await listCounts(db, query) };
}

function pageHref(pos: string, page: number) {
  const params = new URLSearchParams();
  if (pos !== "all") params.set("pos", pos);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${EDITOR_BASE}/counts${search ? `?${search}` : ""}`;
}

export default function EditorCounts({ loaderData }: Route.ComponentProps) {
  const { pos, counts } = loaderData;
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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="editor-paging" aria-label="Count table pages">
        {counts.page > 1 ? (
          <Link className="button" to={pageHref(pos, counts.page - 1)} rel="prev">
            Previous
          </Link>
        ) : null}
        <span>
          Page {counts.page} of {counts.lastPage}
        </span>
        {counts.page < counts.lastPage ? (
          <Link className="button" to={pageHref(pos, counts.page + 1)} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

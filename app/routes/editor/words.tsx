/**
 * /DEV_editor/words — docs/product.md §2 Words view: search Odawa or English; at most 100 results, then 'N more
 * results'. An Odawa word in any form finds its dictionary word through the public search's analyser (issue 38:
 * `gwaabmin` finds `waabmaa`), listed first with the form it was found as; then the substring matches.
 */
import { z } from "zod";
import { searchEditorWords, WORD_SEARCH_LIMIT } from "../../../db/queries/editor-search";
import { searchWords } from "../../core/word-search";
import { EditorSearchView } from "../../components/editor/search-view";
import { getBindings } from "../../context";
import { indexForSearch } from "../../services/lexicon.server";
import type { Route } from "./+types/words";

/** How many of the analyser's hits (a whole Odawa word or an inflected form) lead the list. */
const FORM_HITS = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { db } = bindings;
  const q = z
    .string()
    .trim()
    .max(100)
    .catch("")
    .parse(new URL(request.url).searchParams.get("q") ?? "");
  if (!q) return { q, result: null, limit: WORD_SEARCH_LIMIT };
  const [substring, index] = await Promise.all([searchEditorWords(db, q), indexForSearch(bindings, q)]);
  const byForm = searchWords(index, q, FORM_HITS)
    .hits.filter((hit) => hit.match === "odawa" || hit.match === "form")
    .map(({ entry, analysis }) => ({ id: entry.id, name: entry.name, pos: entry.pos, gloss: entry.gloss, foundAs: analysis?.explanation ?? null }));
  const seen = new Set(byForm.map((row) => row.id));
  const rest = substring.rows.filter((row) => !seen.has(row.id)).map((row) => ({ ...row, foundAs: null as string | null }));
  const rows = [...byForm, ...rest].slice(0, WORD_SEARCH_LIMIT);
  const total = byForm.length + rest.length + substring.more;
  return { q, result: { rows, more: Math.max(0, total - rows.length) }, limit: WORD_SEARCH_LIMIT };
}

export default function EditorWords({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  return (
    <EditorSearchView
      className="editor-words"
      title="Words"
      inputId="word-q"
      label="Search words"
      placeholder="Enter Odawa or English word..."
      maxLength={100}
      q={q}
      result={result}
    >
      {(rows) => (
        <div className="editor-table-wrap">
          <table className="editor-table">
            <caption className="visually-hidden">Words matching “{q}”</caption>
            <thead>
              <tr>
                <th scope="col">Word</th>
                <th scope="col">Part of speech</th>
                <th scope="col">Meaning</th>
                <th scope="col">Found as</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td lang="otw">{row.name}</td>
                  <td>{row.pos}</td>
                  <td>{row.gloss}</td>
                  <td>{row.foundAs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </EditorSearchView>
  );
}

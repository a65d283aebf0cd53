/** /DEV_editor/words — docs/product.md §2 Words view: search Odawa or English; at most 100 results, then 'N more results'. */
import { z } from "zod";
import { searchEditorWords, WORD_SEARCH_LIMIT } from "../../../db/queries/editor-search";
import { EditorSearchView } from "../../components/editor/search-view";
import { getBindings } from "../../context";
import type { Route } from "./+types/words";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getBindings(context);
  const q = z.string().trim().max(100).catch("").parse(new URL(request.url).searchParams.get("q") ?? "");
  return { q, result: q ? await searchEditorWords(db, q) : null, limit: WORD_SEARCH_LIMIT };
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
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td lang="otw">{row.name}</td>
                  <td>{row.pos}</td>
                  <td>{row.gloss}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </EditorSearchView>
  );
}

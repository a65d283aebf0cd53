/** /DEV_editor/words — SPEC §2 Words view: search Odawa or English; at most 100 results, then 'N more results'. */
import { Form } from "react-router";
import { z } from "zod";
import { searchEditorWords, WORD_SEARCH_LIMIT } from "../../../db/queries/editor";
import { getBindings } from "../../context";
import { requireEditorPage } from "../../utils/editor.server";
import type { Route } from "./+types/words";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  await requireEditorPage(request, env, db);
  const q = z.string().trim().max(100).catch("").parse(new URL(request.url).searchParams.get("q") ?? "");
  return { q, result: q ? await searchEditorWords(db, q) : null, limit: WORD_SEARCH_LIMIT };
}

export default function EditorWords({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  return (
    <section className="editor-words">
      <h1>Words</h1>
      <Form method="get" role="search" aria-label="Search words" className="editor-filter">
        <label htmlFor="word-q" className="visually-hidden">
          Search words
        </label>
        <input id="word-q" name="q" type="search" placeholder="Enter Odawa or English word..." defaultValue={q} maxLength={100} autoComplete="off" />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <div aria-live="polite">
        {!result ? (
          <p>Enter text to search</p>
        ) : result.rows.length === 0 ? (
          <p>No results</p>
        ) : (
          <>
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
                  {result.rows.map((row) => (
                    <tr key={row.id}>
                      <td lang="otw">{row.name}</td>
                      <td>{row.pos}</td>
                      <td>{row.gloss}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {result.more > 0 ? <p>{result.more} more results</p> : null}
          </>
        )}
      </div>
    </section>
  );
}

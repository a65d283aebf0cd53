/**
 * /DEV_editor/sentences — SPEC §2 Sentences view: search Odawa or English; at most 50 results, then
 * 'N more results'. Each Odawa word opens its form and glosses, or '(no meaning listed)' (a disclosure,
 * so it works without JavaScript).
 */
import { Form } from "react-router";
import { z } from "zod";
import { searchEditorSentences } from "../../../db/queries/editor";
import { sentenceSourceLabel } from "../../../db/queries/sentences";
import { getBindings } from "../../context";
import { requireEditorPage } from "../../utils/editor.server";
import type { Route } from "./+types/sentences";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  await requireEditorPage(request, env, db);
  const q = z.string().trim().max(200).catch("").parse(new URL(request.url).searchParams.get("q") ?? "");
  if (!q) return { q, result: null };
  const result = await searchEditorSentences(db, q);
  return {
    q,
    result: { ...result, rows: result.rows.map((row) => ({ ...row, sourceLabel: sentenceSourceLabel(row.source) })) },
  };
}

export default function EditorSentences({ loaderData }: Route.ComponentProps) {
  const { q, result } = loaderData;
  return (
    <section className="editor-sentences">
      <h1>Sentences</h1>
      <Form method="get" role="search" aria-label="Search sentences" className="editor-filter">
        <label htmlFor="sentence-q" className="visually-hidden">
          Search sentences
        </label>
        <input id="sentence-q" name="q" type="search" placeholder="Enter Odawa or English phrase..." defaultValue={q} maxLength={200} autoComplete="off" />
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
            <ol className="editor-sentence-list">
              {result.rows.map((row) => (
                <li key={row.id} className="editor-sentence">
                  <span className="sentence-number">{row.rowNumber}.</span>{" "}
                  <span lang="otw" className="sentence-text">
                    {row.words.map((part, i) =>
                      part.form === undefined ? (
                        <span key={i}>{part.text}</span>
                      ) : (
                        <details key={i} className="word-part">
                          <summary>{part.text}</summary>
                          <span className="word-part-info" lang="en">
                            <span lang="otw">{part.form}</span>: {part.glosses?.length ? part.glosses.join("; ") : "(no meaning listed)"}
                          </span>
                        </details>
                      ),
                    )}
                  </span>
                  <span className="sentence-trans">{row.trans}</span>
                  <span className="sentence-source muted">Source: {row.sourceLabel}</span>
                </li>
              ))}
            </ol>
            {result.more > 0 ? <p>{result.more} more results</p> : null}
          </>
        )}
      </div>
    </section>
  );
}

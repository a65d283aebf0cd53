/**
 * /DEV_editor/sentences — docs/product.md §2 Sentences view: search Odawa or English; at most 50 results, then
 * 'N more results'. Each Odawa word opens its form and glosses, or '(no meaning listed)' (a disclosure,
 * so it works without JavaScript).
 */
import { Link } from "react-router";
import { z } from "zod";
import { searchEditorSentences } from "../../../db/queries/editor-search";
import { sentenceSourceLabel } from "../../../db/queries/sentences";
import { EditorSearchView } from "../../components/editor/search-view";
import { EDITOR_BASE } from "../../components/editor/display";
import { getBindings } from "../../context";
import type { Route } from "./+types/sentences";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getBindings(context);
  const q = z
    .string()
    .trim()
    .max(200)
    .catch("")
    .parse(new URL(request.url).searchParams.get("q") ?? "");
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
    <EditorSearchView
      className="editor-sentences"
      title="Sentences"
      inputId="sentence-q"
      label="Search sentences"
      placeholder="Enter Odawa or English phrase..."
      maxLength={200}
      q={q}
      result={result}
    >
      {(rows) => (
        <ol className="editor-sentence-list">
          {rows.map((row) => (
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
              <span className="sentence-source muted">Source: {row.sourceLabel}</span>{" "}
              <Link to={`${EDITOR_BASE}/sentences/${row.id}`}>
                Edit <span className="visually-hidden">sentence {row.rowNumber}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </EditorSearchView>
  );
}

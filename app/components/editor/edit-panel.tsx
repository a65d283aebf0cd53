/**
 * The rank view's edit panel (docs/product.md §4, §5): a form's word links (remove, find by exact name, link), morph side,
 * emoji, clips with the recorder, and its history. Every change is a plain POST form to the ranks route's action.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import type { FormDetail, LinkedLexeme } from "../../../db/queries/editor-forms";
import { MORPH_SIDE_VALUES } from "../../utils/editor-schemas";
import { ClipRecorder } from "./clip-recorder";
import { MORPH_SIDE_LABELS } from "./display";
import { EditHistory } from "./edit-history";
import { FormText } from "./form-text";

/** The rank view's query that the panel's GET form keeps (filter, page, column) and the word lookup it sends. */
export type EditPanelQuery = { q: string; page: number; col: "count" | "perc"; lex: string };

export function EditPanel({
  detail,
  query,
  candidates,
  closeHref,
  actionData,
}: {
  detail: FormDetail;
  query: EditPanelQuery;
  candidates: LinkedLexeme[] | null;
  closeHref: string;
  actionData: { intent: string; ok: boolean; message: string } | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const linkedIds = detail.lexemes.map((l) => l.id);
  useEffect(() => heading.current?.focus(), []);

  const message = (intent: string) =>
    actionData && actionData.intent === intent && navigation.state === "idle" ? (
      <p className={`alert ${actionData.ok ? "alert-success" : "alert-danger"}`} role="status">
        {actionData.message}
      </p>
    ) : null;

  return (
    <section className="edit-panel" role="dialog" aria-labelledby="edit-heading">
      <div className="edit-panel-head">
        <h2 id="edit-heading" tabIndex={-1} ref={heading}>
          Edit <FormText row={detail} />
        </h2>
        <Link to={closeHref} className="button" preventScrollReset aria-label="Close the edit panel">
          Close
        </Link>
      </div>
      <p className="muted">
        Rank {detail.rank} · count {detail.count} · {detail.perc.toFixed(4)}%
      </p>

      <h3>Word links</h3>
      {detail.lexemes.length ? (
        <ul className="edit-links">
          {detail.lexemes.map((lexeme) => (
            <li key={lexeme.id}>
              <span lang="otw">{lexeme.name}</span> <span className="muted">({lexeme.pos})</span> {lexeme.gloss}{" "}
              <Form method="post" className="inline-form" preventScrollReset>
                <input type="hidden" name="intent" value="lexemes" />
                <input type="hidden" name="formId" value={detail.id} />
                {linkedIds
                  .filter((id) => id !== lexeme.id)
                  .map((id) => (
                    <input key={id} type="hidden" name="lexId" value={id} />
                  ))}
                <button type="submit" className="button" disabled={busy}>
                  Remove <span className="visually-hidden">link to {lexeme.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Not linked to any word.</p>
      )}
      <Form method="get" className="editor-filter" preventScrollReset>
        {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
        {query.page > 1 ? <input type="hidden" name="page" value={query.page} /> : null}
        {query.col !== "count" ? <input type="hidden" name="col" value={query.col} /> : null}
        <input type="hidden" name="edit" value={detail.id} />
        <label htmlFor="lex-name">Dictionary word (exact name)</label>
        <input id="lex-name" name="lex" defaultValue={query.lex} autoComplete="off" lang="otw" />
        <button type="submit" className="button">
          Find
        </button>
      </Form>
      {candidates ? (
        candidates.length ? (
          <ul className="edit-links" aria-label="Matching dictionary words">
            {candidates.map((lexeme) => (
              <li key={lexeme.id}>
                <span lang="otw">{lexeme.name}</span> <span className="muted">({lexeme.pos})</span> {lexeme.gloss}{" "}
                {linkedIds.includes(lexeme.id) ? (
                  <span className="muted">linked</span>
                ) : (
                  <Form method="post" className="inline-form" preventScrollReset>
                    <input type="hidden" name="intent" value="lexemes" />
                    <input type="hidden" name="formId" value={detail.id} />
                    {[...linkedIds, lexeme.id].map((id) => (
                      <input key={id} type="hidden" name="lexId" value={id} />
                    ))}
                    <button type="submit" className="button button-primary" disabled={busy}>
                      Link{" "}
                      <span className="visually-hidden">
                        {lexeme.name} ({lexeme.pos})
                      </span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>No results</p>
        )
      ) : null}
      {message("lexemes")}

      {detail.form.includes("(") ? (
        <>
          <h3>Morph side</h3>
          <Form method="post" className="editor-filter" preventScrollReset>
            <input type="hidden" name="intent" value="morph" />
            <input type="hidden" name="formId" value={detail.id} />
            <label htmlFor="morph-side">Morph side</label>
            <select id="morph-side" name="morphSide" required defaultValue={detail.morphSide ?? ""}>
              <option value="" disabled>
                Choose a side…
              </option>
              {MORPH_SIDE_VALUES.map((side) => (
                <option key={side} value={side}>
                  {MORPH_SIDE_LABELS[side]}
                </option>
              ))}
            </select>
            <button type="submit" className="button" disabled={busy}>
              Save side
            </button>
          </Form>
          {message("morph")}
        </>
      ) : null}

      <h3>Emoji</h3>
      <Form method="post" className="editor-filter" preventScrollReset>
        <input type="hidden" name="intent" value="emoji" />
        <input type="hidden" name="formId" value={detail.id} />
        <label htmlFor="form-emoji">Emoji</label>
        <input id="form-emoji" name="emoji" required maxLength={32} defaultValue={detail.emoji ?? ""} autoComplete="off" />
        <button type="submit" className="button" disabled={busy}>
          Save emoji
        </button>
      </Form>
      {message("emoji")}

      <h3>Audio</h3>
      {detail.clips.length ? (
        <ul className="edit-clips">
          {detail.clips.map((clip) => (
            <li key={clip.id}>
              <span className="clip-name">{clip.name}</span>
              <audio controls preload="none" src={`/api/editor/audio/${clip.id}`} aria-label={`Play ${clip.name}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No recordings yet.</p>
      )}
      <ClipRecorder formId={detail.id} form={detail.form} clipCount={detail.clips.length} onUploaded={() => void revalidator.revalidate()} />
      <noscript>
        <p className="muted">Recording needs JavaScript.</p>
      </noscript>

      <h3>History</h3>
      <EditHistory entries={detail.history} />
    </section>
  );
}

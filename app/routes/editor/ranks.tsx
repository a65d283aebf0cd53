/**
 * /DEV_editor — rank view (SPEC §2 Ranks, §4 display rules, §5 editor rules). 100 rows per page, filtered
 * and paged in D1. `?edit=<id>` opens the edit panel (loaded from the server each time it opens), so
 * paging, filtering, linking, morph side and emoji all work with plain forms; JavaScript adds row clicks,
 * arrow-key paging, Escape and the recorder.
 */
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigate, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import {
  findLexemesByName,
  getFormDetail,
  listRankPage,
  setFormEmoji,
  setFormLexemes,
  setFormMorphSide,
  type EditResult,
  type FormDetail,
  type HistoryEntry,
  type RankRow,
} from "../../../db/queries/editor";
import { ClipRecorder } from "../../components/editor/clip-recorder";
import { displayForm, EDITOR_BASE, formColour, MORPH_SIDE_LABELS } from "../../components/editor/display";
import { getBindings } from "../../context";
import { requireEditorPage } from "../../services/editor.server";
import { EmojiSchema, MORPH_SIDE_VALUES, MorphSideSchema } from "../../utils/editor-schemas";
import type { Route } from "./+types/ranks";

const QuerySchema = z.object({
  q: z.string().max(200).catch(""),
  page: z.coerce.number().int().catch(1),
  col: z.enum(["count", "perc"]).catch("count"),
  edit: z.coerce.number().int().positive().optional().catch(undefined),
  lex: z.string().trim().max(100).catch(""),
});
type Query = z.infer<typeof QuerySchema>;

function href(query: Partial<Query>) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.col && query.col !== "count") params.set("col", query.col);
  if (query.edit) params.set("edit", String(query.edit));
  if (query.lex) params.set("lex", query.lex);
  const search = params.toString();
  return search ? `${EDITOR_BASE}?${search}` : EDITOR_BASE;
}

function parseQuery(url: URL): Query {
  const raw = Object.fromEntries(url.searchParams);
  return QuerySchema.parse({ q: raw.q ?? "", page: raw.page ?? 1, col: raw.col ?? "count", edit: raw.edit, lex: raw.lex ?? "" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  await requireEditorPage(request, env, db);
  const query = parseQuery(new URL(request.url));
  const [ranks, detail, candidates] = await Promise.all([
    listRankPage(db, { filter: query.q, page: query.page }),
    query.edit ? getFormDetail(db, query.edit) : null,
    query.edit && query.lex ? findLexemesByName(db, query.lex) : null,
  ]);
  const base = { q: query.q, col: query.col };
  return {
    query: { ...query, page: ranks.page },
    ranks,
    detail,
    candidates,
    paging: {
      page: ranks.page,
      lastPage: ranks.lastPage,
      prevHref: ranks.page > 1 ? href({ ...base, page: ranks.page - 1 }) : null,
      nextHref: ranks.page < ranks.lastPage ? href({ ...base, page: ranks.page + 1 }) : null,
    },
  };
}

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lexemes"), formId: z.coerce.number().int().positive(), lexIds: z.array(z.coerce.number().int().positive()).max(50) }),
  z.object({ intent: z.literal("morph"), formId: z.coerce.number().int().positive(), morphSide: z.string() }),
  z.object({ intent: z.literal("emoji"), formId: z.coerce.number().int().positive(), emoji: z.string() }),
]);

const RESULT_MESSAGES: Record<EditResult["status"], string> = {
  updated: "Saved.",
  unchanged: "No change: that is already saved.",
  ignored: "",
  not_found: "No form found!",
  invalid: "",
};

function resultMessage(result: EditResult) {
  return "reason" in result ? result.reason : RESULT_MESSAGES[result.status];
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, db } = getBindings(context);
  const user = await requireEditorPage(request, env, db);
  const form = await request.formData();
  const parsed = IntentSchema.safeParse({
    intent: form.get("intent"),
    formId: form.get("formId"),
    lexIds: form.getAll("lexId"),
    morphSide: form.get("morphSide") ?? "",
    emoji: form.get("emoji") ?? "",
  });
  if (!parsed.success) return data({ intent: "unknown", ok: false, message: "The request was not valid." }, { status: 400 });
  const input = parsed.data;
  let result: EditResult;
  if (input.intent === "lexemes") {
    result = await setFormLexemes(db, { formId: input.formId, lexIds: input.lexIds, userId: user.id });
  } else if (input.intent === "morph") {
    const side = MorphSideSchema.safeParse({ morphSide: input.morphSide });
    if (!side.success) return data({ intent: input.intent, ok: false, message: "Choose a morph side before submitting." }, { status: 400 });
    result = await setFormMorphSide(db, { formId: input.formId, morphSide: side.data.morphSide, userId: user.id });
  } else {
    const emoji = EmojiSchema.safeParse({ emoji: input.emoji });
    if (!emoji.success) return data({ intent: input.intent, ok: false, message: emoji.error.issues[0]?.message ?? "Enter an emoji." }, { status: 400 });
    result = await setFormEmoji(db, { formId: input.formId, emoji: emoji.data.emoji, userId: user.id });
  }
  const ok = result.status === "updated" || result.status === "unchanged";
  return data({ intent: input.intent, ok, message: resultMessage(result) }, { status: ok ? 200 : result.status === "not_found" ? 404 : 400 });
}

function FormText({ row }: { row: Pick<RankRow, "form" | "morphSide" | "linked" | "hasAudio" | "emoji"> }) {
  return (
    <>
      <span className={`form-text form-${formColour(row)}`} lang="otw">
        {displayForm(row.form, row.morphSide)}
      </span>
      {row.emoji ? <span className="form-emoji"> {row.emoji}</span> : null}
      {row.hasAudio ? (
        <span className="speaker" role="img" aria-label="has audio">
          {" "}
          🔊
        </span>
      ) : null}
    </>
  );
}

export default function Ranks({ loaderData, actionData }: Route.ComponentProps) {
  const { query, ranks, detail, candidates, paging } = loaderData;
  const navigate = useNavigate();
  const base = { q: query.q, col: query.col, page: query.page };
  const closeHref = href(base);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape" && detail) {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
        return;
      }
      const active = document.activeElement;
      const bodyFocused = !active || active === document.body || active.id === "main";
      if (!bodyFocused) return;
      if (event.key === "ArrowLeft" && paging.prevHref) navigate(paging.prevHref);
      if (event.key === "ArrowRight" && paging.nextHref) navigate(paging.nextHref);
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [detail, closeHref, paging.prevHref, paging.nextHref, navigate]);

  return (
    <section className="editor-ranks">
      <h1>Ranks</h1>
      <div className="editor-toolbar">
        <Form method="get" role="search" aria-label="Filter forms" className="editor-filter">
          <label htmlFor="rank-filter" className="visually-hidden">
            Filter by form
          </label>
          <input id="rank-filter" name="q" type="search" placeholder="Enter Odawa form..." defaultValue={query.q} maxLength={100} autoComplete="off" />
          {query.col !== "count" ? <input type="hidden" name="col" value={query.col} /> : null}
          <button type="submit" className="button">
            Filter
          </button>
        </Form>
        <Form method="get" className="editor-page-jump" aria-label="Go to page">
          {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
          {query.col !== "count" ? <input type="hidden" name="col" value={query.col} /> : null}
          <label htmlFor="rank-page">Page</label>
          <input id="rank-page" name="page" type="number" min={1} max={paging.lastPage} defaultValue={paging.page} key={paging.page} />
          <span>of {paging.lastPage}</span>
          <button type="submit" className="button">
            Go
          </button>
        </Form>
      </div>
      <p className="muted" aria-live="polite">
        {ranks.total} {ranks.total === 1 ? "form" : "forms"}
        {query.q ? ` matching “${ranks.filter}”` : ""}. Click a row to edit it; ← and → change page.
      </p>
      <div className="editor-table-wrap">
        <table className="editor-table rank-table">
          <caption className="visually-hidden">
            Word forms by rank, page {paging.page} of {paging.lastPage}
          </caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Form</th>
              <th scope="col">
                <Link to={href({ ...base, col: query.col === "count" ? "perc" : "count" })} aria-label={`${query.col}: show ${query.col === "count" ? "perc" : "count"} instead`}>
                  {query.col}
                </Link>
              </th>
            </tr>
          </thead>
          <tbody>
            {ranks.rows.map((row) => (
              <tr
                key={row.id}
                className={detail?.id === row.id ? "selected" : undefined}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a")) return;
                  navigate(href({ ...base, edit: row.id }), { preventScrollReset: true });
                }}
              >
                <td>{row.rank}</td>
                <td>
                  <Link to={href({ ...base, edit: row.id })} preventScrollReset>
                    <FormText row={row} />
                  </Link>
                </td>
                <td>{query.col === "count" ? row.count : `${row.perc.toFixed(4)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ranks.rows.length === 0 ? <p>No results</p> : null}
      {query.edit && !detail ? <p className="alert alert-warning">No form found!</p> : null}
      {detail ? (
        <EditPanel
          key={detail.id}
          detail={detail}
          query={query}
          candidates={candidates}
          closeHref={closeHref}
          actionData={actionData}
        />
      ) : null}
    </section>
  );
}

function EditPanel({
  detail,
  query,
  candidates,
  closeHref,
  actionData,
}: {
  detail: FormDetail;
  query: Query;
  candidates: Array<{ id: number; name: string; pos: string; gloss: string }> | null;
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
                      Link <span className="visually-hidden">{lexeme.name} ({lexeme.pos})</span>
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
      <History entries={detail.history} />
    </section>
  );
}

const ACTION_LABELS: Record<string, string> = {
  set_lexemes: "word links",
  set_morph_side: "morph side",
  set_emoji: "emoji",
  add_audio: "audio added",
  upload_failed: "upload failed",
};

function describe(value: unknown) {
  if (value == null) return "—";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(", ")}]` : String(v ?? "—")}`)
      .join("; ");
  }
  return String(value);
}

function History({ entries }: { entries: HistoryEntry[] }) {
  if (!entries.length) return <p className="muted">No changes yet.</p>;
  return (
    <ol className="edit-history">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={new Date(entry.createdAt).toISOString()}>{new Date(entry.createdAt).toISOString().replace("T", " ").slice(0, 16)} UTC</time>{" "}
          <strong>{entry.username ?? "(deleted user)"}</strong> {ACTION_LABELS[entry.action] ?? entry.action}: {describe(entry.before)} → {describe(entry.after)}
        </li>
      ))}
    </ol>
  );
}

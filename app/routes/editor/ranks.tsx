/**
 * /DEV_editor — rank view (docs/product.md §2 Ranks, §4 display rules, §5 editor rules). 100 rows per page, filtered
 * and paged in D1. `?edit=<id>` opens the edit panel (loaded from the server each time it opens), so
 * paging, filtering, linking, morph side and emoji all work with plain forms; JavaScript adds row clicks,
 * arrow-key paging, Escape and the recorder.
 */
import { useEffect } from "react";
import { data, Form, Link, useNavigate } from "react-router";
import { z } from "zod";
import { findLexemesByName, getFormDetail, setFormEmoji, setFormLexemes, setFormMorphSide, type EditResult } from "../../../db/queries/editor-forms";
import { listRankPage } from "../../../db/queries/editor-ranks";
import { EDITOR_BASE } from "../../components/editor/display";
import { EditPanel } from "../../components/editor/edit-panel";
import { FormText } from "../../components/editor/form-text";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { EmojiSchema, MorphSideSchema } from "../../utils/editor-schemas";
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
  const { db } = getBindings(context);
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
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
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
                <Link
                  to={href({ ...base, col: query.col === "count" ? "perc" : "count" })}
                  aria-label={`${query.col}: show ${query.col === "count" ? "perc" : "count"} instead`}
                >
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
      {detail ? <EditPanel key={detail.id} detail={detail} query={query} candidates={candidates} closeHref={closeHref} actionData={actionData} /> : null}
    </section>
  );
}

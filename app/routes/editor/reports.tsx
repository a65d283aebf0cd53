/**
 * /DEV_editor/reports — the queue of "Report a problem" and "Suggest a missing word": open reports (newest first)
 * with a link to the editor view where the fix is made and a resolve form that needs a note; resolved reports
 * with their note, who resolved them and when. The editor role comes from the layout's middleware.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { reportQueue, resolveReportAction } from "../../services/reports.server";
import { EDITOR_BASE } from "../../components/editor/display";
import type { Route } from "./+types/reports";

const QuerySchema = z.object({
  status: z.enum(["open", "resolved"]).catch("open"),
  page: z.coerce.number().int().catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getBindings(context);
  const sp = new URL(request.url).searchParams;
  const query = QuerySchema.parse({ status: sp.get("status") ?? "open", page: sp.get("page") ?? 1 });
  return { status: query.status, queue: await reportQueue(db, query.status, query.page) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
  const { status, result } = await resolveReportAction(db, await request.formData(), user.id);
  return data(result, { status });
}

const BASE = `${EDITOR_BASE}/reports`;
const when = (t: Date | number | null) => (t ? new Date(t).toISOString().slice(0, 16).replace("T", " ") : "");

export default function EditorReports({ loaderData, actionData }: Route.ComponentProps) {
  const { status, queue } = loaderData;
  return (
    <section className="page editor-reports">
      <h1>Reports</h1>
      <nav aria-label="Report status" className="editor-toolbar">
        {status === "open" ? <span aria-current="page">Open</span> : <Link to={BASE}>Open</Link>}
        {status === "resolved" ? <span aria-current="page">Resolved</span> : <Link to={`${BASE}?status=resolved`}>Resolved</Link>}
      </nav>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={`alert ${actionData.ok ? "alert-success" : "alert-danger"}`}>
          {actionData.message}
        </p>
      ) : null}
      <p>{queue.total === 1 ? `1 ${status} report` : `${queue.total} ${status} reports`}</p>
      {queue.rows.length === 0 ? (
        <p>No reports</p>
      ) : (
        <ol className="editor-sentence-list">
          {queue.rows.map((r) => (
            <li key={r.id} className="editor-sentence" data-report-id={r.id}>
              <p>
                <strong>{r.kind}</strong> {r.subject ? <span lang="otw">“{r.subject}”</span> : null} · from <Link to={r.page}>{r.page}</Link> ·{" "}
                {when(r.createdAt)}
              </p>
              <p className="report-message">{r.message}</p>
              {r.email ? <p className="muted">Reply to: {r.email}</p> : null}
              <p>
                <Link to={r.editHref}>Edit in the editor</Link>
              </p>
              {r.status === "open" ? (
                <Form method="post" className="editor-filter">
                  <input type="hidden" name="id" value={r.id} />
                  <label htmlFor={`note-${r.id}`}>Note</label>
                  <input id={`note-${r.id}`} name="note" required maxLength={2000} />
                  <button type="submit" className="button">
                    Resolve
                  </button>
                </Form>
              ) : (
                <p className="muted">{`Resolved by ${r.resolvedBy ?? "an editor"} ${when(r.resolvedAt)}: ${r.resolutionNote ?? ""}`}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {queue.lastPage > 1 ? (
        <p>
          Page {queue.page} of {queue.lastPage}
          {queue.page < queue.lastPage ? (
            <>
              {" · "}
              <Link to={`${BASE}?status=${status}&page=${queue.page + 1}`}>Next page</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

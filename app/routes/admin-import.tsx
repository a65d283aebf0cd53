/**
 * /admin/import (issue 38): an admin loads a dictionary file (the formats `npm run import -- lexicon` reads: TSV or
 * JSON) or a stems file (`npm run import -- stems`) in the browser. "Dry run" shows what would be added, changed or
 * left, and every refused or merged line with its reason; "Import" makes an import job that writes it in batches
 * (app/services/import-jobs.server.ts: a one-batch file at once, a larger one through the queue) and leads to the
 * job's progress page. The parsing and the plan are the command's own (app/core/import/), so the same file twice
 * changes nothing; each job is audited once (edit_log). Admins only.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { recentImportJobs } from "../../db/queries/import-jobs";
import { getBindings } from "../context";
import { getRoleUser, requireRole } from "../middleware/guard.server";
import { dryRunImport, MAX_IMPORT_FILE_BYTES, startImport } from "../services/import-jobs.server";
import type { Route } from "./+types/admin-import";
import { SITE_DESCRIPTION } from "../utils/meta";
import editorCss from "../styles/editor.css?url";

const TOO_LARGE = "The file is too large (at most 8 MB).";

const FormSchema = z.object({
  intent: z.enum(["dry-run", "apply"]).catch("dry-run"),
  kind: z.enum(["lexicon", "stems"]).catch("lexicon"),
});

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ context }: Route.LoaderArgs) {
  return { jobs: await recentImportJobs(getBindings(context).db) };
}

type Answer = { ok: boolean; report: string; outcome: "dry-run" | "nothing" | "refused" };
const refuse = (report: string, status: number) => data<Answer>({ ok: false, report, outcome: "refused" }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const bindings = getBindings(context);
  const user = await getRoleUser(context);
  // The body is within the import's limit by now (app/services/body-limit.server.ts, at the Worker's door).
  const form = await request.formData();
  const { intent, kind } = FormSchema.parse({ intent: form.get("intent"), kind: form.get("kind") });
  const file = form.get("file");
  const what = kind === "stems" ? "a stems file (.tsv)" : "a dictionary file (.tsv or .json)";
  if (!(file instanceof File) || file.size === 0) return refuse(`Choose ${what}.`, 400);
  if (file.size > MAX_IMPORT_FILE_BYTES) return refuse(TOO_LARGE, 413);
  const name = file.name.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100) || "upload";
  const format = kind === "lexicon" && /\.json$/i.test(name) ? "json" : "tsv";
  if (intent === "dry-run") {
    const dry = await dryRunImport(bindings.db, kind, await file.text(), format, name);
    if (dry.fileError) return refuse(dry.fileError, 400);
    return data<Answer>({ ok: true, report: dry.report, outcome: "dry-run" });
  }
  const started = await startImport(bindings, { kind, name, format, bytes: await file.arrayBuffer(), userId: user.id });
  if ("fileError" in started) return refuse(started.fileError, 400);
  if ("nothing" in started) return data<Answer>({ ok: true, report: started.nothing.report, outcome: "nothing" });
  return redirect(`/admin/import/jobs/${started.jobId}`);
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorCss }];

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Import | Admin | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

const STATUS_TEXT = { queued: "in progress", failed: "stopped", done: "done" } as const;

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page admin-page">
      <h1>Import a dictionary or stems file</h1>
      <p>
        The formats of <code>npm run import</code>: a dictionary file (<code>lexicon</code>: a TSV with a header — headword, part of speech, gloss; stem and
        count optional — or a JSON array) or a stems file (<code>stems</code>: lemma, underlying_stem, lexicon; import the dictionary first). Try it first: the
        dry run writes nothing. A large file is written in batches in the background; its page shows the progress.
      </p>
      <Form method="post" encType="multipart/form-data" className="editor-filter">
        <label htmlFor="import-kind">Kind of file</label>
        <select id="import-kind" name="kind" defaultValue="lexicon">
          <option value="lexicon">Dictionary (lexicon)</option>
          <option value="stems">Stems</option>
        </select>
        <label htmlFor="import-file">File</label>
        <input id="import-file" name="file" type="file" accept=".tsv,.txt,.json,text/tab-separated-values,application/json" required />
        <button type="submit" name="intent" value="dry-run" className="button">
          Dry run
        </button>
        <button type="submit" name="intent" value="apply" className="button button-primary">
          Import
        </button>
      </Form>
      <div aria-live="polite">
        {actionData ? (
          <>
            <p role={actionData.ok ? "status" : "alert"} className={`alert ${actionData.ok ? "alert-success" : "alert-danger"}`}>
              {actionData.outcome === "dry-run"
                ? "Dry run: nothing was written."
                : actionData.outcome === "nothing"
                  ? "Nothing to change: the database already holds this file."
                  : "Not imported."}
            </p>
            {/* Focusable: a long report scrolls, and the keyboard must reach it (axe scrollable-region-focusable). */}
            <pre className="import-report" role="region" aria-label="Report" tabIndex={0}>
              {actionData.report}
            </pre>
          </>
        ) : null}
      </div>
      {loaderData.jobs.length ? (
        <>
          <h2>Recent imports</h2>
          <ul>
            {loaderData.jobs.map((job) => (
              <li key={job.id}>
                <Link to={`/admin/import/jobs/${job.id}`}>
                  {job.fileName} ({job.kind === "stems" ? "stems" : "dictionary"})
                </Link>
                : {STATUS_TEXT[job.status]}, {job.doneBatches} of {job.totalBatches} batches
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

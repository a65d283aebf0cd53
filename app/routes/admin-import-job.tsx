/**
 * /admin/import/jobs/{id} (issue 38): one import job's progress — "N of M batches", its status, the dry run's report
 * of its file — and "Resume" for a job that stopped (a failed batch) or seems stuck: the batches not yet written are
 * sent again (app/services/import-jobs.server.ts; a batch already written writes nothing). Without JavaScript the
 * "Refresh" link reloads it; with JavaScript it reloads its data every second while the job runs. Admins only.
 */
import { useEffect } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import { getImportJob } from "../../db/queries/import-jobs";
import { getBindings } from "../context";
import { requireRole } from "../middleware/guard.server";
import { resumeImport } from "../services/import-jobs.server";
import type { Route } from "./+types/admin-import-job";
import { SITE_DESCRIPTION } from "../utils/meta";
import editorCss from "../styles/editor.css?url";

/** A job in progress with no batch written for this long is offered "Resume" (its messages may be lost). */
const STALLED_MS = 2 * 60 * 1000;
const POLL_MS = 1000;

function jobId(param: string) {
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = jobId(params.id);
  const job = id ? await getImportJob(getBindings(context).db, id) : undefined;
  if (!job) throw data("No such import", { status: 404 });
  const { fileKey: _key, fileHash: _hash, userId: _user, ...shown } = job;
  const stalled = job.status === "queued" && Date.now() - job.updatedAt.getTime() > STALLED_MS;
  return { job: { ...shown, createdAt: job.createdAt.toISOString() }, resumable: job.status === "failed" || stalled };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = jobId(params.id);
  const form = await request.formData();
  if (!id) throw data("No such import", { status: 404 });
  if (form.get("intent") !== "resume") throw data("Unknown action", { status: 400 });
  const job = await resumeImport(getBindings(context), id);
  if (!job) throw data("No such import", { status: 404 });
  return redirect(`/admin/import/jobs/${id}`);
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorCss }];

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Import progress | Admin | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

const STATUS_TEXT = {
  queued: "In progress: the batches are being written.",
  failed: "Stopped: a batch failed. Resume writes the batches not yet written.",
  done: "Done: the whole file is imported.",
} as const;

export default function AdminImportJob({ loaderData }: Route.ComponentProps) {
  const { job, resumable } = loaderData;
  const { revalidate, state } = useRevalidator();
  const running = job.status === "queued";
  useEffect(() => {
    if (!running || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, state, job.doneBatches, revalidate]);
  const kind = job.kind === "stems" ? "stems" : "dictionary";
  return (
    <section className="page admin-page">
      <p>
        <Link to="/admin/import">← Import</Link>
      </p>
      <h1>
        Import of {job.fileName} ({kind})
      </h1>
      <p role="status" className={`alert ${job.status === "failed" ? "alert-danger" : "alert-success"}`}>
        {STATUS_TEXT[job.status]}
      </p>
      <p>
        <label htmlFor="import-progress">Batches written</label>{" "}
        <progress id="import-progress" max={job.totalBatches} value={job.doneBatches}>
          {job.doneBatches} of {job.totalBatches}
        </progress>{" "}
        <span className="import-progress-text">
          {job.doneBatches} of {job.totalBatches} batches
        </span>
        . {job.added.toLocaleString("en")} added, {job.changed.toLocaleString("en")} changed so far.
      </p>
      {job.error ? <p className="alert alert-danger">{job.error}</p> : null}
      {resumable ? (
        <Form method="post">
          <button type="submit" name="intent" value="resume" className="button button-primary">
            Resume
          </button>
        </Form>
      ) : null}
      {running ? (
        <p>
          <a href={`/admin/import/jobs/${job.id}`}>Refresh</a>
        </p>
      ) : null}
      <h2 id="import-report-title">The file, as the dry run read it</h2>
      {/* Focusable: a long report scrolls, and the keyboard must reach it (axe scrollable-region-focusable). */}
      <pre className="import-report" role="region" aria-labelledby="import-report-title" tabIndex={0}>
        {job.report}
      </pre>
    </section>
  );
}

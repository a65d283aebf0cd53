/**
 * /admin/import (issue 38): an admin loads a dictionary file (the formats `npm run import -- lexicon` reads: TSV
 * or JSON) in the browser. "Dry run" shows what would be added, changed or left, and every refused or merged line
 * with its reason; "Import" writes it in batches. The parsing and the plan are the command's own
 * (app/core/import/), so the same file twice changes nothing; the import is audited (edit_log). Admins only.
 */
import { data, Form } from "react-router";
import { applyLexiconPlan, existingLexemes } from "../../db/queries/lexicon-import";
import { parseLexiconText } from "../core/import/lexicon";
import { planLexicon } from "../core/import/plan";
import { lexiconReport } from "../core/import/report";
import { getBindings } from "../context";
import { getRoleUser, requireRole } from "../middleware/guard.server";
import type { Route } from "./+types/admin-import";
import { SITE_DESCRIPTION } from "../utils/meta";
import editorCss from "../styles/editor.css?url";

/** The whole dictionary file is under 1 MB; room for larger ones. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_FILE_BYTES + 64 * 1024) return data({ ok: false, report: "The file is too large (at most 8 MB).", applied: false }, { status: 413 });
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return data({ ok: false, report: "Choose a dictionary file (.tsv or .json).", applied: false }, { status: 400 });
  if (file.size > MAX_FILE_BYTES) return data({ ok: false, report: "The file is too large (at most 8 MB).", applied: false }, { status: 413 });
  const name = file.name.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100) || "upload";
  const parse = parseLexiconText(await file.text(), /\.json$/i.test(name) ? "json" : "tsv");
  if (parse.fileError) return data({ ok: false, report: `${name}: ${parse.fileError}`, applied: false }, { status: 400 });
  const plan = planLexicon(await existingLexemes(db), parse, `import:${name}`);
  const apply = form.get("intent") === "apply";
  if (apply) await applyLexiconPlan(db, plan, { userId: user.id, file: name, refused: parse.refused.length });
  return { ok: true, report: lexiconReport(name, parse, plan), applied: apply };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorCss }];

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Import | Admin | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

export default function AdminImport({ actionData }: Route.ComponentProps) {
  return (
    <section className="page admin-page">
      <h1>Import a dictionary file</h1>
      <p>
        The formats of <code>npm run import -- lexicon</code>: a TSV with a header (headword, part of speech, gloss; stem
        and count optional) or a JSON array. Try it first: the dry run writes nothing.
      </p>
      <Form method="post" encType="multipart/form-data" className="editor-filter">
        <label htmlFor="import-file">Dictionary file</label>
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
              {actionData.ok ? (actionData.applied ? "Imported." : "Dry run: nothing was written.") : "Not imported."}
            </p>
            <pre className="import-report">{actionData.report}</pre>
          </>
        ) : null}
      </div>
    </section>
  );
}

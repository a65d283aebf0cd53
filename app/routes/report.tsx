/**
 * /report — "Report a problem" (a word, sentence, story or conjugator result) and "Suggest a missing word" (an
 * empty search). The links carry what the report is about (?kind=&page=&subject=); the form posts here and
 * works without JavaScript. Stored by app/services/reports.server.ts, capped per client (429 + Retry-After).
 */
import { data, Form, Link } from "react-router";
import { getBindings } from "../context";
import { getUser } from "../middleware/guard.server";
import { passRetryAfter } from "../services/rate-limit.server";
import { submitReport } from "../services/reports.server";
import { REPORT_KINDS, REPORT_MESSAGE_MAX, REPORT_SUBJECT_MAX, REPORT_TEXT, type ReportKind } from "../utils/report-texts";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? REPORT_TEXT.heading[loaderData.kind] : "Report a problem"} | Nishnaabemwin` },
  { name: "robots", content: "noindex" },
];

function aboutOf(sp: URLSearchParams | FormData) {
  const rawKind = sp.get("kind");
  const kind: ReportKind = REPORT_KINDS.includes(rawKind as ReportKind) ? (rawKind as ReportKind) : "word";
  const rawPage = sp.get("page");
  const page = typeof rawPage === "string" && /^\/(?!\/)[^\s\\]{0,499}$/.test(rawPage) ? rawPage : "/";
  const rawSubject = sp.get("subject");
  const subject = typeof rawSubject === "string" ? rawSubject.trim().slice(0, REPORT_SUBJECT_MAX) : "";
  return { kind, page, subject };
}

export function loader({ request }: Route.LoaderArgs) {
  return aboutOf(new URL(request.url).searchParams);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const form = await request.formData();
  const user = await getUser(context);
  const { result, status, headers } = await submitReport(request, db, form, user?.id ?? null);
  return data(
    {
      ...result,
      values: { message: form.get("message")?.toString().slice(0, REPORT_MESSAGE_MAX) ?? "", email: form.get("email")?.toString().slice(0, 254) ?? "" },
    },
    { status, headers },
  );
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, page, subject } = loaderData;
  const errors = actionData && !actionData.success ? (actionData.fieldErrors ?? {}) : {};
  return (
    <section className="page report-page">
      <h1>{REPORT_TEXT.heading[kind]}</h1>
      {subject ? (
        <p>
          {REPORT_TEXT.about[kind]}: <strong lang={kind === "missing" ? undefined : "otw"}>{subject}</strong>
        </p>
      ) : null}
      {actionData ? (
        <div role={actionData.success ? "status" : "alert"} className={`alert ${actionData.success ? "alert-success" : "alert-danger"}`}>
          <p>{actionData.message}</p>
        </div>
      ) : null}
      {actionData?.success ? null : (
        <Form method="post" className="report-form">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="page" value={page} />
          <input type="hidden" name="subject" value={subject} />
          <div>
            <label htmlFor="report-message">{REPORT_TEXT.messageLabel[kind]}</label>
            <textarea
              id="report-message"
              name="message"
              required={kind !== "recording"}
              maxLength={REPORT_MESSAGE_MAX}
              defaultValue={actionData?.values.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? "report-message-error" : undefined}
            />
            {errors.message ? (
              <p id="report-message-error" className="field-error">
                {errors.message}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="report-email">{REPORT_TEXT.emailLabel}</label>
            <input
              id="report-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={actionData?.values.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "report-email-error" : undefined}
            />
            {errors.email ? (
              <p id="report-email-error" className="field-error">
                {errors.email}
              </p>
            ) : null}
          </div>
          <p>
            <button type="submit" className="button button-primary">
              {REPORT_TEXT.submit}
            </button>
          </p>
        </Form>
      )}
      <p>
        <Link to={page}>Back to the page</Link>
      </p>
    </section>
  );
}

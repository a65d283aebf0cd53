import { SiteLink } from "./site-link";
import type { ReportKind } from "../utils/report-texts";

/** A link to the report form about `subject` shown on `page` ("Report a problem", "Suggest a missing word"). */
export function ReportLink({ kind, page, subject, label = "Report a problem" }: { kind: ReportKind; page: string; subject: string; label?: string }) {
  const sp = new URLSearchParams({ kind, page, subject });
  return (
    <SiteLink className="report-link" to={`/report?${sp}`} rel="nofollow">
      {label}
      {label === "Report a problem" && subject ? <span className="visually-hidden">{` with ${subject}`}</span> : null}
    </SiteLink>
  );
}

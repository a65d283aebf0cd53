/**
 * A lesson's examples (issue 39): sentences from the data — the sentences table and completed stories — that use one
 * of the forms the lesson teaches, never sentences made up by combining words. A lesson the data has none for asks
 * the editors for them with a report (once while it is open) instead.
 */
import type { Db } from "../../db/client";
import type { ExampleCandidates } from "../../db/queries/lessons";
import { insertReportOnce } from "../../db/queries/reports";
import { answerKey } from "../utils/practice";
import { EXAMPLES_REPORT } from "../utils/report-texts";

export type LessonExample = { text: string; trans: string; story: { id: string; title: string } | null };

/** Examples shown per lesson, besides its own sentences. */
const EXAMPLES_MAX = 6;

/**
 * The candidates that have one of the forms as a whole word (case, punctuation and apostrophe look-alikes aside),
 * sentences first, then story sentences; none that repeats one of the lesson's own sentences or another example.
 */
export function matchExamples(candidates: ExampleCandidates, wordforms: readonly string[], own: readonly string[]): LessonExample[] {
  const keys = new Set(wordforms.map(answerKey));
  const seen = new Set(own.map(answerKey));
  const uses = (text: string) =>
    answerKey(text)
      .split(" ")
      .some((w) => keys.has(w));
  const out: LessonExample[] = [];
  const add = (text: string, trans: string, story: LessonExample["story"]) => {
    const key = answerKey(text);
    if (out.length >= EXAMPLES_MAX || seen.has(key) || !uses(text)) return;
    seen.add(key);
    out.push({ text, trans, story });
  };
  for (const s of candidates.sentences) add(s.text, s.trans, null);
  for (const story of candidates.stories) {
    for (const paragraph of story.data) for (const s of paragraph) add(s.text, s.trans, { id: story.id, title: story.title });
  }
  return out;
}

/** A lesson without examples asks the editors for sentences that use its forms (one open report per lesson). */
export async function askForExamples(db: Db, lesson: { id: number; title: string; forms: ReadonlyArray<{ odawa: string }> }) {
  const sample = [...new Set(lesson.forms.map((f) => f.odawa))].slice(0, 8);
  return insertReportOnce(db, {
    kind: EXAMPLES_REPORT.kind,
    page: `/aambe/learn/${lesson.id}`,
    subject: sample[0] ?? "",
    message:
      `Lesson “${lesson.title}” has no example sentences: no sentence or story in the data uses its forms yet. ` +
      `Please add sentences (with their translations) that use some of them, e.g. ${sample.join(", ")}.`,
    email: null,
    userId: null,
  });
}

/**
 * /DEV_editor/lessons/{id}: edit a lesson — title, summary, the English explanation, its dictionary words and cells,
 * its sentences ("Odawa | English" per line) and draft/published. The preview shows exactly what learners are taught:
 * the engine's high-confidence forms only; words not in the dictionary are refused, and the sentences' words are
 * checked with the analyser (unknown ones highlighted). Each save is in edit_log. An author's edit of a published
 * lesson waits for review while learners keep the lesson as it is (ADR 032); the form shows the edit.
 */
import { data, Form, Link, useRevalidator, useSearchParams } from "react-router";
import { ClipRecorder } from "../../components/editor/clip-recorder";
import { getLexemesByNames } from "../../../db/queries/lessons";
import { getLessonForEditor, lessonHistory, proposeLessonEdit, saveLesson } from "../../../db/queries/lesson-editor";
import { authorOf } from "../../../db/queries/review";
import { EDIT_IN_REVIEW, publicSave, PUBLISH_REFUSED } from "../../utils/review";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { expandLesson, parseSpec } from "../../services/course.server";
import { indexForTexts, tapAWord } from "../../services/lexicon.server";
import { parseNounCellKey } from "../../core/grammar";
import { splitWords } from "../../core/split-words";
import { normalizeText } from "../../core/orthography";
import { parseVerbCellKey } from "../../utils/course";
import { LessonSpecSchema } from "../../utils/lesson-spec";
import { formatStoryText, parseStoryText } from "../../utils/story-editor";
import type { Route } from "./+types/lesson";

function lessonId(raw: string) {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw data("No such lesson", { status: 404 });
  return Number(raw);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { db } = bindings;
  const user = await getRoleUser(context);
  const stored = await getLessonForEditor(db, lessonId(params.id));
  if (!stored) throw data("No such lesson", { status: 404 });
  // The form shows the edit in review, if any; recordings belong to the lesson's sentences with the same words.
  const lesson = { ...stored, ...stored.pending };
  const spec = parseSpec(lesson.spec);
  const lexicon = spec
    ? await getLexemesByNames(
        db,
        spec.words.map((w) => w.name),
      )
    : [];
  const preview = spec ? expandLesson(spec, lexicon).table : null;
  const live = stored.items
    .filter((i) => i.type === "sent")
    .map((i) => ({ text: i.value, trans: i.trans, position: i.position as number | null, hasAudio: i.audioId !== null }));
  const sentences = stored.pending
    ? stored.pending.sentences.map(({ text, trans }) => {
        const same = live.find((l) => l.text === text);
        return { text, trans, position: same?.position ?? null, hasAudio: same?.hasAudio ?? false };
      })
    : live;
  const texts = sentences.map((s) => s.text);
  const words = tapAWord(await indexForTexts(bindings, texts), texts);
  return {
    lesson: {
      id: lesson.id,
      title: lesson.title,
      summary: lesson.summary,
      explanation: lesson.explanation,
      status: lesson.status,
      words: spec?.words.map((w) => `${w.name} ${w.pos}`).join("\n") ?? "",
      cells: spec?.cells.join("\n") ?? "",
      sentences: formatStoryText([sentences.map(({ text, trans }) => ({ text, trans }))]),
    },
    sentences,
    edit: stored.pending ? (stored.reviewBy === user.id ? "own" : "other") : null,
    unknown: Object.values(words)
      .filter((w) => w.matches.length === 0)
      .map((w) => w.word),
    preview,
    history: await lessonHistory(db, lesson.id),
  };
}

const lines = (v: FormDataEntryValue | null) =>
  String(v ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
  const id = lessonId(params.id);
  const form = await request.formData();
  const fail = (error: string) => data({ error, saved: false }, { status: 400 });
  const title = normalizeText(String(form.get("title") ?? ""));
  if (!title || title.length > 200) return fail("Give the lesson a title (at most 200 characters).");
  const words = lines(form.get("words")).map((l) => {
    const [name, pos] = l.split(/\s+/);
    return { name: normalizeText(name ?? ""), pos: (pos ?? "").toLowerCase() };
  });
  const spec = LessonSpecSchema.safeParse({ words, cells: lines(form.get("cells")) });
  if (!spec.success) return fail("List 1 to 12 words (a headword and its part of speech per line) and 1 to 16 cells.");
  const badCell = spec.data.cells.find((c) => !parseVerbCellKey(c) && !parseNounCellKey(c));
  if (badCell) return fail(`“${badCell}” is not a cell: write e.g. “ind 1s”, “ind 1s>3s”, “pl” or “1s sg”.`);
  const lexicon = await getLexemesByNames(
    db,
    spec.data.words.map((w) => w.name),
  );
  const missing = spec.data.words.filter((w) => !lexicon.some((l) => l.name === w.name && l.pos === w.pos));
  if (missing.length) return fail(`Not in the dictionary: ${missing.map((w) => `${w.name} (${w.pos})`).join(", ")}.`);
  const sentences = parseStoryText(String(form.get("sentences") ?? ""));
  if (!sentences.ok) return fail(sentences.error);
  const chosen = form.get("status");
  const status = chosen === "published" ? "published" : chosen === "review" ? "review" : "draft";
  const fields = {
    title,
    summary: normalizeText(String(form.get("summary") ?? "")).slice(0, 500),
    explanation: String(form.get("explanation") ?? "")
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      .trim()
      .slice(0, 10_000),
    spec: spec.data,
    sentences: sentences.paragraphs.flat().map(({ text, trans }) => ({ text, trans })),
  };
  if (status === "published") {
    const before = await getLessonForEditor(db, id);
    if (!before) throw data("No such lesson", { status: 404 });
    const isPublic = before.status === "published";
    const editInReview = isPublic && before.pending !== null;
    const authorId = editInReview ? null : await authorOf(db, "lessons", String(id));
    const save = publicSave(user, { isPublic, editInReview, reviewBy: before.reviewBy, authorId });
    if (save === "refuse") return data({ error: PUBLISH_REFUSED, saved: false }, { status: 403 });
    if (save === "review") {
      await proposeLessonEdit(db, id, fields, user.id);
      return { error: null, saved: true, inReview: true };
    }
  }
  const saved = await saveLesson(db, id, { ...fields, status }, user.id);
  if (!saved) throw data("No such lesson", { status: 404 });
  return { error: null, saved: true, inReview: false };
}

export default function EditorLesson({ loaderData, actionData }: Route.ComponentProps) {
  const { lesson, preview, sentences, edit, unknown, history } = loaderData;
  const unknownSet = new Set(unknown);
  const [search] = useSearchParams();
  const { revalidate } = useRevalidator();
  const recording = sentences.flatMap((s) => (s.position !== null && String(s.position) === search.get("record") ? [{ ...s, position: s.position }] : []))[0];
  const field = (id: string, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {input}
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
  return (
    <section className="page editor-lesson">
      <p>
        <Link to="/DEV_editor/lessons">← All lessons</Link>
        {lesson.status === "published" ? (
          <>
            {" · "}
            <Link to={`/aambe/learn/${lesson.id}`}>View the lesson</Link>
          </>
        ) : null}
      </p>
      <h1>{lesson.title}</h1>
      {edit ? (
        <p className="alert alert-warning" role="note">
          {edit === "own"
            ? EDIT_IN_REVIEW
            : "An edit waits for review (its sender is in the history below); the form shows it, and saving it as Published publishes it. Learners see the lesson as it was until then."}
        </p>
      ) : null}
      <Form method="post" className="account-form">
        {field("lesson-title", "Title", <input id="lesson-title" name="title" required maxLength={200} defaultValue={lesson.title} />)}
        {field("lesson-summary", "Summary", <input id="lesson-summary" name="summary" maxLength={500} defaultValue={lesson.summary} />)}
        {field(
          "lesson-explanation",
          "Explanation (English)",
          <textarea id="lesson-explanation" name="explanation" rows={8} defaultValue={lesson.explanation} />,
          "Plain English about the grammar; a blank line between paragraphs. Odawa belongs in the words and sentences, where it is checked.",
        )}
        {field(
          "lesson-words",
          "Words",
          <textarea id="lesson-words" name="words" rows={4} defaultValue={lesson.words} lang="otw" />,
          "One dictionary headword and its part of speech per line, e.g. “maajaa vai”.",
        )}
        {field(
          "lesson-cells",
          "Cells",
          <textarea id="lesson-cells" name="cells" rows={4} defaultValue={lesson.cells} />,
          "One per line: verbs “ind 1s”, “ind 1s>3s”, “imp 2s”; nouns “pl”, “obv”, “loc”, “sg dim”, “1s sg”.",
        )}
        {field(
          "lesson-sentences",
          "Sentences",
          <textarea id="lesson-sentences" name="sentences" rows={4} defaultValue={lesson.sentences} lang="otw" />,
          "One per line: the Nishnaabemwin, a |, the English.",
        )}
        {field(
          "lesson-status",
          "Status",
          <select id="lesson-status" name="status" defaultValue={lesson.status}>
            <option value="draft">Draft (not on the course path)</option>
            <option value="review">Sent for review (another editor or an admin publishes it)</option>
            <option value="published">Published</option>
          </select>,
        )}
        {actionData?.error ? (
          <p className="alert alert-danger" role="alert">
            {actionData.error}
          </p>
        ) : actionData?.saved ? (
          <p className="alert alert-success" role="status">
            {"inReview" in actionData && actionData.inReview ? "Saved: it waits for review." : "Saved."}
          </p>
        ) : null}
        <button type="submit" className="button button-primary">
          Save
        </button>
      </Form>
      <h2>What learners are taught</h2>
      {preview && preview.rows.length > 0 ? (
        <ul className="editor-lesson-preview">
          {preview.rows.map((row) => (
            <li key={row.cell}>
              {row.label}:{" "}
              {row.forms.map((f, i) => (
                <span key={i} lang="otw">
                  {f ? f.odawa : <span className="muted">({preview.words[i].name}: no high-confidence form, skipped)</span>}
                  {i < row.forms.length - 1 ? ", " : ""}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No forms yet: add words and cells.</p>
      )}
      {sentences.length > 0 ? (
        <>
          <p data-testid="unknown-count">{unknown.length === 0 ? "Every sentence word is known." : `${unknown.length} unknown words (highlighted).`}</p>
          <ol>
            {sentences.map((s, i) => (
              <li key={i}>
                <span lang="otw">
                  {splitWords(s.text).map((p, j) =>
                    "word" in p && unknownSet.has(p.word) ? (
                      <mark key={j} className="unknown-word">
                        {p.word}
                      </mark>
                    ) : (
                      <span key={j}>{"word" in p ? p.word : p.text}</span>
                    ),
                  )}
                </span>{" "}
                — {s.trans} <span className="muted">{s.hasAudio ? "(recorded)" : "(no recording)"}</span>{" "}
                {s.position !== null ? (
                  <Link to={`?record=${s.position}`} preventScrollReset>
                    Record<span className="visually-hidden"> sentence {i + 1}</span>
                  </Link>
                ) : (
                  <span className="muted">(recorded once the edit is published)</span>
                )}
              </li>
            ))}
          </ol>
          {recording ? (
            <>
              <p lang="otw">
                <strong>{recording.text}</strong>
              </p>
              <ClipRecorder
                formId={recording.position}
                form={recording.text}
                clipCount={0}
                uploadUrl={`/api/editor/lessons/${lesson.id}/sentences/${recording.position}/audio`}
                onUploaded={() => void revalidate()}
              />
            </>
          ) : null}
        </>
      ) : null}
      <h2>History</h2>
      <ul className="editor-history">
        {history.map((h) => (
          <li key={h.id}>
            {h.action} by {h.username ?? "(deleted user)"} — {new Date(h.createdAt).toISOString().slice(0, 16).replace("T", " ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

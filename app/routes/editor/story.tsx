/**
 * /DEV_editor/stories/{id}: edit a story — title, sentences with their translations ("Odawa | English" per line,
 * a blank line between paragraphs), draft or published. Every word is checked against the dictionary and the
 * grammar engine's analyser (the same lookup as tap-a-word); unknown words are highlighted. Each saved sentence can
 * get a recording with the editor's recorder (?record={n}). Each save and each recording is logged. An author's edit
 * of a public story waits for review while the public version stays (ADR 032); the form shows the edit.
 */
import { data, Form, Link, useRevalidator, useSearchParams } from "react-router";
import { ClipRecorder } from "../../components/editor/clip-recorder";
import { getStoryForEditor, proposeStoryEdit, storyHistory, storyState, updateStory } from "../../../db/queries/stories";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { authorOf } from "../../../db/queries/review";
import { EDIT_IN_REVIEW, publicSave, PUBLISH_REFUSED } from "../../utils/review";
import { indexForTexts, tapAWord } from "../../services/lexicon.server";
import { splitWords } from "../../core/split-words";
import { formatStoryText, parseStoryText, StoryFormSchema } from "../../utils/story-editor";
import type { Route } from "./+types/story";

async function load(context: Route.LoaderArgs["context"], id: string) {
  const bindings = getBindings(context);
  const { db } = bindings;
  const user = await getRoleUser(context);
  const story = id.length <= 200 ? await getStoryForEditor(db, id) : null;
  if (!story) throw data("No such story", { status: 404 });
  // The form shows the edit in review, if any; recordings belong to the public sentences with the same words.
  const shown = story.pending ?? { title: story.title, state: storyState(story), data: story.data };
  const live = story.data.flat();
  let n = 0;
  const paragraphs = shown.data.map((p) =>
    p.map(({ text, trans }) => {
      const at = story.pending ? live.findIndex((s) => s.text === text) : n++;
      return { text, trans, audio: at >= 0 && Boolean(live[at].audio), position: at >= 0 ? at + 1 : null };
    }),
  );
  const texts = paragraphs.flatMap((p) => p.map((s) => s.text));
  const words = tapAWord(await indexForTexts(bindings, texts), texts);
  const unknown = Object.values(words)
    .filter((w) => w.matches.length === 0)
    .map((w) => w.word);
  return {
    story: {
      id: story.id,
      title: shown.title,
      liveTitle: story.title,
      state: shown.state,
      public: story.completed || story.listed,
      text: formatStoryText(shown.data),
      paragraphs,
    },
    edit: story.pending ? (story.reviewBy === user.id ? "own" : "other") : null,
    unknown,
    history: await storyHistory(db, story.id),
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return load(context, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
  const form = await request.formData();
  const parsed = StoryFormSchema.safeParse(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message, saved: false }, { status: 400 });
  const sentences = parseStoryText(parsed.data.sentences);
  if (!sentences.ok) return data({ error: sentences.error, saved: false }, { status: 400 });
  if (parsed.data.status === "published" && sentences.paragraphs.length === 0) {
    return data({ error: "A published story needs at least one sentence.", saved: false }, { status: 400 });
  }
  const before = await getStoryForEditor(db, params.id);
  if (!before) throw data("No such story", { status: 404 });
  const { title, status } = parsed.data;
  // "coming" lists the title on /d: a publication state like "published", under the same review (ADR 032).
  if (status === "published" || status === "coming") {
    const isPublic = before.completed || before.listed;
    const editInReview = isPublic && before.pending !== null;
    const authorId = editInReview ? null : await authorOf(db, "stories", before.id);
    const save = publicSave(user, { isPublic, editInReview, reviewBy: before.reviewBy, authorId });
    if (save === "refuse") return data({ error: PUBLISH_REFUSED, saved: false }, { status: 403 });
    if (save === "review") {
      const edit = { title, state: status, data: sentences.paragraphs.map((p) => p.map(({ text, trans }) => ({ text, trans }))) };
      await proposeStoryEdit(db, { id: params.id, edit, userId: user.id });
      return { error: null, saved: true, inReview: true };
    }
  }
  const ok = await updateStory(db, { id: params.id, title, state: status, data: sentences.paragraphs, userId: user.id });
  if (!ok) throw data("No such story", { status: 404 });
  return { error: null, saved: true, inReview: false };
}

export default function EditorStory({ loaderData, actionData }: Route.ComponentProps) {
  const { story, edit, unknown, history } = loaderData;
  const unknownSet = new Set(unknown);
  const [search] = useSearchParams();
  const { revalidate } = useRevalidator();
  const sentences = story.paragraphs.flat();
  const recordAt = Number(search.get("record"));
  const recording = Number.isInteger(recordAt) && recordAt >= 1 ? sentences.find((s) => s.position === recordAt) : undefined;
  return (
    <section className="page editor-story">
      <p>
        <Link to="/DEV_editor/stories">← All stories</Link>
        {" · "}
        <Link to={`/d/${story.id}`}>{story.public ? "View the public story" : "Preview the story"}</Link>
      </p>
      <h1>{story.title}</h1>
      {edit ? (
        <p className="alert alert-warning" role="note">
          {edit === "own"
            ? EDIT_IN_REVIEW
            : `An edit waits for review (its sender is in the history below); the form shows it, and saving it as Coming or Published publishes it. Everyone sees “${story.liveTitle}” until then.`}
        </p>
      ) : null}
      <Form method="post" className="account-form">
        <div className="field">
          <label htmlFor="story-title">Title</label>
          <input id="story-title" name="title" required maxLength={200} defaultValue={story.title} />
        </div>
        <div className="field">
          <label htmlFor="story-sentences">Sentences</label>
          <textarea id="story-sentences" name="sentences" rows={12} defaultValue={story.text} aria-describedby="story-sentences-hint" lang="otw" />
          <p className="field-hint" id="story-sentences-hint">
            One sentence per line: the Nishnaabemwin, then a | and the English translation. A blank line starts a new paragraph.
          </p>
        </div>
        <div className="field">
          <label htmlFor="story-status">Status</label>
          <select id="story-status" name="status" defaultValue={story.state} aria-describedby="story-status-hint">
            <option value="draft">Draft (not shown on /d)</option>
            <option value="review">Sent for review (not shown on /d; another editor or an admin publishes it)</option>
            <option value="coming">Coming (listed on /d as 'Not ready to view')</option>
            <option value="published">Published</option>
          </select>
          <p className="field-hint" id="story-status-hint">
            Coming and Published make it public: another editor or an admin publishes it, and an edit of a public story goes to review the same way.
          </p>
        </div>
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
      <h2>Word check</h2>
      {story.paragraphs.length === 0 ? (
        <p className="muted">No sentences yet.</p>
      ) : (
        <>
          <p data-testid="unknown-count">
            {unknown.length === 0
              ? "Every word is in the dictionary or is a form the analyser recognises."
              : `${unknown.length} ${unknown.length === 1 ? "word is" : "words are"} not in the dictionary and not recognised by the analyser (highlighted).`}
          </p>
          <ol className="editor-story-check">
            {sentences.map((s, i) => (
              <li key={i}>
                <span lang="otw">
                  {splitWords(s.text).map((part, j) =>
                    "word" in part && unknownSet.has(part.word) ? (
                      <mark key={j} className="unknown-word" title="Unknown word">
                        {part.word}
                      </mark>
                    ) : (
                      <span key={j}>{"word" in part ? part.word : part.text}</span>
                    ),
                  )}
                </span>{" "}
                — {s.trans} <span className="muted">{s.audio ? "(recorded)" : "(no recording)"}</span>{" "}
                {s.position ? (
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
                key={recordAt}
                formId={recordAt}
                form={recording.text}
                clipCount={0}
                uploadUrl={`/api/editor/stories/${story.id}/sentences/${recordAt}/audio`}
                onUploaded={() => void revalidate()}
              />
            </>
          ) : null}
        </>
      )}
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

/**
 * /DEV_editor/stories/{id}: edit a story — title, sentences with their translations ("Odawa | English" per line,
 * a blank line between paragraphs), draft or published. Every word is checked against the dictionary and the
 * grammar engine's analyser (the same lookup as tap-a-word); unknown words are highlighted. Each saved sentence can
 * get a recording with the editor's recorder (?record={n}). Each save and each recording is logged.
 */
import { data, Form, Link, useRevalidator, useSearchParams } from "react-router";
import { ClipRecorder } from "../../components/editor/clip-recorder";
import { getStory, storyHistory, storyState, updateStory } from "../../../db/queries/stories";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { authorOf } from "../../../db/queries/review";
import { mayPublish, PUBLISH_REFUSED } from "../../utils/review";
import { indexForTexts, tapAWord } from "../../services/lexicon.server";
import { splitWords } from "../../core/split-words";
import { formatStoryText, parseStoryText, StoryFormSchema } from "../../utils/story-editor";
import type { Route } from "./+types/story";

async function load(context: Route.LoaderArgs["context"], id: string) {
  const bindings = getBindings(context);
  const { db } = bindings;
  const story = id.length <= 200 ? await getStory(db, id) : null;
  if (!story) throw data("No such story", { status: 404 });
  const texts = story.data.flatMap((p) => p.map((s) => s.text));
  const words = tapAWord(await indexForTexts(bindings, texts), texts);
  const unknown = Object.values(words).filter((w) => w.matches.length === 0).map((w) => w.word);
  return {
    story: { id: story.id, title: story.title, state: storyState(story), text: formatStoryText(story.data), paragraphs: story.data },
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
  const published = parsed.data.status === "published";
  if (published && sentences.paragraphs.length === 0) {
    return data({ error: "A published story needs at least one sentence.", saved: false }, { status: 400 });
  }
  const before = published ? await getStory(db, params.id) : null;
  if (before && !mayPublish(user, { published: before.completed, reviewBy: before.reviewBy, authorId: await authorOf(db, "stories", before.id) })) {
    return data({ error: PUBLISH_REFUSED, saved: false }, { status: 403 });
  }
  const ok = await updateStory(db, { id: params.id, title: parsed.data.title, state: parsed.data.status, data: sentences.paragraphs, userId: user.id });
  if (!ok) throw data("No such story", { status: 404 });
  return { error: null, saved: true };
}

export default function EditorStory({ loaderData, actionData }: Route.ComponentProps) {
  const { story, unknown, history } = loaderData;
  const unknownSet = new Set(unknown);
  const [search] = useSearchParams();
  const { revalidate } = useRevalidator();
  const sentences = story.paragraphs.flat();
  const recordAt = Number(search.get("record"));
  const recording = Number.isInteger(recordAt) && recordAt >= 1 ? sentences[recordAt - 1] : undefined;
  return (
    <section className="page editor-story">
      <p>
        <Link to="/DEV_editor/stories">← All stories</Link>
        {" · "}
        <Link to={`/d/${story.id}`}>{story.state === "published" ? "View the published story" : "Preview the story"}</Link>
      </p>
      <h1>{story.title}</h1>
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
          <select id="story-status" name="status" defaultValue={story.state}>
            <option value="draft">Draft (not shown on /d)</option>
            <option value="review">Sent for review (not shown on /d; another editor or an admin publishes it)</option>
            <option value="coming">Coming (listed on /d as 'Not ready to view')</option>
            <option value="published">Published</option>
          </select>
        </div>
        {actionData?.error ? (
          <p className="alert alert-danger" role="alert">
            {actionData.error}
          </p>
        ) : actionData?.saved ? (
          <p className="alert alert-success" role="status">
            Saved.
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
                <Link to={`?record=${i + 1}`} preventScrollReset>
                  Record<span className="visually-hidden"> sentence {i + 1}</span>
                </Link>
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

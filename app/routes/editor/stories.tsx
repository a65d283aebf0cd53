/**
 * /DEV_editor/stories: every story (drafts too) and a form to start a new one. The editor role comes from the
 * layout's middleware; each change is written with its edit_log row (db/queries/stories.ts).
 */
import { data, Form, Link, redirect } from "react-router";
import { createStory, listStoriesForEditor } from "../../../db/queries/stories";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { StoryFormSchema } from "../../utils/story-editor";
import type { Route } from "./+types/stories";

export async function loader({ context }: Route.LoaderArgs) {
  return { stories: await listStoriesForEditor(getBindings(context).db) };
}

const ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
  const form = await request.formData();
  const parsed = StoryFormSchema.pick({ title: true }).safeParse({ title: String(form.get("title") ?? "") });
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  const random = crypto.getRandomValues(new Uint8Array(6));
  const id = `ED${[...random].map((b) => ID_ALPHABET[b % 32]).join("")}`;
  await createStory(db, { id, title: parsed.data.title, userId: user.id });
  return redirect(`/DEV_editor/stories/${id}`);
}

export default function EditorStories({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page editor-stories">
      <h1>Stories</h1>
      <Form method="post" className="account-form editor-new-story">
        <div className="field">
          <label htmlFor="new-story-title">Title of a new story</label>
          <input id="new-story-title" name="title" required maxLength={200} aria-invalid={actionData?.error ? true : undefined} />
          {actionData?.error ? <p className="field-error">{actionData.error}</p> : null}
        </div>
        <button type="submit" className="button button-primary">
          Create story
        </button>
      </Form>
      <h2>All stories</h2>
      <ul className="editor-story-list">
        {loaderData.stories.map((story) => (
          <li key={story.id}>
            <Link to={`/DEV_editor/stories/${story.id}`}>{story.title}</Link>{" "}
            <span className="lesson-state">
              {story.completed ? "Published" : story.listed ? "Coming" : story.reviewBy ? "In review" : "Draft"}
              {story.editInReview ? " · Edit in review" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /DEV_editor/lessons: the course's lessons in path order (drafts too) and a form to start a new one. */
import { data, Form, Link, redirect } from "react-router";
import { createLesson, listLessonsForEditor } from "../../../db/queries/lesson-editor";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { normalizeText } from "../../core/orthography";
import type { Route } from "./+types/lessons";

export async function loader({ context }: Route.LoaderArgs) {
  return { lessons: await listLessonsForEditor(getBindings(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getRoleUser(context);
  const title = normalizeText(String((await request.formData()).get("title") ?? ""));
  if (!title || title.length > 200) return data({ error: "Give the lesson a title (at most 200 characters)." }, { status: 400 });
  const id = await createLesson(getBindings(context).db, { title, userId: user.id });
  return redirect(`/DEV_editor/lessons/${id}`);
}

export default function EditorLessons({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page editor-lessons">
      <h1>Lessons</h1>
      <Form method="post" className="account-form">
        <div className="field">
          <label htmlFor="new-lesson-title">Title of a new lesson</label>
          <input id="new-lesson-title" name="title" required maxLength={200} />
          {actionData?.error ? <p className="field-error">{actionData.error}</p> : null}
        </div>
        <button type="submit" className="button button-primary">
          Create lesson
        </button>
      </Form>
      <h2>The course, in order</h2>
      <ol className="editor-lesson-list">
        {loaderData.lessons.map((l) => (
          <li key={l.id}>
            <Link to={`/DEV_editor/lessons/${l.id}`}>{l.title}</Link>{" "}
            <span className="lesson-state">
              {l.status === "published" ? "Published" : l.status === "review" ? "In review" : "Draft"}
              {l.editInReview ? " · Edit in review" : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

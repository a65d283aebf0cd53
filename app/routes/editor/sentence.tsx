/**
 * /DEV_editor/sentences/{id} (issue 38): edit a dictionary sentence — its text and translation, the words it is an
 * example of (found by exact name, ?find=), and its recording (the editor's recorder, needs JavaScript). Every change
 * is validated like the words' (app/utils/editor-schemas.ts) and written with its edit_log row, which also makes
 * the public word pages show it at the next request. The editor role comes from the layout.
 */
import { data, Form, Link, useRevalidator } from "react-router";
import { getHistory, findLexemesByName } from "../../../db/queries/editor-forms";
import { getSentenceForEditor, setSentenceWord, updateSentenceText } from "../../../db/queries/sentence-editor";
import { audioUrl } from "../../../db/queries/lexemes";
import { ClipRecorder } from "../../components/editor/clip-recorder";
import { EditHistory } from "../../components/editor/edit-history";
import { EDITOR_BASE } from "../../components/editor/display";
import { getBindings } from "../../context";
import { getRoleUser } from "../../middleware/guard.server";
import { SentenceTextSchema, SentenceWordSchema } from "../../utils/editor-schemas";
import type { Route } from "./+types/sentence";

function sentenceId(param: string) {
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getBindings(context);
  const id = sentenceId(params.id);
  const sentence = id ? await getSentenceForEditor(db, id) : null;
  if (!sentence) throw data("No such sentence", { status: 404 });
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim().slice(0, 100);
  const linked = new Set(sentence.words.map((w) => w.id));
  const candidates = find ? (await findLexemesByName(db, find)).filter((w) => !linked.has(w.id)) : [];
  const { audioKey, ...rest } = sentence;
  return { sentence: { ...rest, audio: audioUrl(audioKey) }, find, candidates, history: await getHistory(db, "sentences", String(sentence.id)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = getBindings(context);
  const user = await getRoleUser(context);
  const id = sentenceId(params.id);
  if (!id) throw data("No such sentence", { status: 404 });
  const form = Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
  if (form.intent === "text") {
    const parsed = SentenceTextSchema.safeParse(form);
    if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
    if (!(await updateSentenceText(db, { id, ...parsed.data, userId: user.id }))) throw data("No such sentence", { status: 404 });
    return { ok: true, message: "Saved." };
  }
  if (form.intent === "word") {
    const parsed = SentenceWordSchema.safeParse(form);
    if (!parsed.success) return data({ ok: false, message: "Choose a word." }, { status: 400 });
    if (!(await setSentenceWord(db, { id, ...parsed.data, userId: user.id }))) return data({ ok: false, message: "No such word." }, { status: 404 });
    return { ok: true, message: parsed.data.linked ? "Word linked." : "Word unlinked." };
  }
  return data({ ok: false, message: "Unknown action." }, { status: 400 });
}

export default function EditorSentence({ loaderData, actionData }: Route.ComponentProps) {
  const { sentence, find, candidates, history } = loaderData;
  const { revalidate } = useRevalidator();
  return (
    <section className="editor-sentence-edit">
      <p>
        <Link to={`${EDITOR_BASE}/sentences?q=${encodeURIComponent(sentence.text.slice(0, 100))}`}>← Sentences</Link>
      </p>
      <h1>Edit sentence {sentence.id}</h1>
      <div aria-live="polite">
        {actionData ? (
          <p role={actionData.ok ? "status" : "alert"} className={`alert ${actionData.ok ? "alert-success" : "alert-danger"}`}>
            {actionData.message}
          </p>
        ) : null}
      </div>
      <Form method="post" className="editor-form">
        <input type="hidden" name="intent" value="text" />
        <p>
          <label htmlFor="sentence-text">Odawa sentence</label>
          <textarea id="sentence-text" name="text" lang="otw" defaultValue={sentence.text} key={sentence.text} required maxLength={1000} rows={2} />
        </p>
        <p>
          <label htmlFor="sentence-trans">English translation</label>
          <textarea id="sentence-trans" name="trans" defaultValue={sentence.trans} key={sentence.trans} required maxLength={1000} rows={2} />
        </p>
        <button type="submit" className="button button-primary">
          Save text
        </button>
      </Form>

      <h2>Words</h2>
      {sentence.words.length === 0 ? (
        <p className="muted">No words linked: the sentence shows on no word page.</p>
      ) : (
        <ul className="sentence-words">
          {sentence.words.map((w) => (
            <li key={w.id}>
              <Link to={`/k/${w.id}`} lang="otw">
                {w.name}
              </Link>{" "}
              ({w.pos}) {w.gloss}{" "}
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value="word" />
                <input type="hidden" name="lexemeId" value={w.id} />
                <input type="hidden" name="linked" value="0" />
                <button type="submit" className="button">
                  Unlink <span className="visually-hidden">{w.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="get" className="editor-filter" aria-label="Find a word to link">
        <label htmlFor="sentence-find">Dictionary word (exact name)</label>
        <input id="sentence-find" name="find" defaultValue={find} maxLength={100} autoComplete="off" />
        <button type="submit" className="button">
          Find
        </button>
      </Form>
      {find && candidates.length === 0 ? <p>No other word named “{find}”.</p> : null}
      {candidates.length > 0 ? (
        <ul className="sentence-words">
          {candidates.map((w) => (
            <li key={w.id}>
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value="word" />
                <input type="hidden" name="lexemeId" value={w.id} />
                <input type="hidden" name="linked" value="1" />
                <button type="submit" className="button">
                  Link <span lang="otw">{w.name}</span> ({w.pos})
                </button>
              </Form>{" "}
              {w.gloss}
            </li>
          ))}
        </ul>
      ) : null}

      <h2>Recording</h2>
      {sentence.audio ? (
        <p>
          <audio controls src={sentence.audio} aria-label="The sentence's recording" /> {sentence.speaker ? `Recorded by ${sentence.speaker}` : null}
        </p>
      ) : (
        <p className="muted">(no recording)</p>
      )}
      <ClipRecorder
        formId={sentence.id}
        form={`sentence${sentence.id}`}
        clipCount={0}
        uploadUrl={`/api/editor/sentences/${sentence.id}/audio`}
        onUploaded={() => void revalidate()}
      />

      <h2>History</h2>
      <EditHistory entries={history} />
    </section>
  );
}

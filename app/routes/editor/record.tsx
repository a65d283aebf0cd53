/**
 * /DEV_editor/record — the recording queue (issue 38): the editor picks a queue (most-viewed words without audio,
 * words learners asked a recording for, a lesson's words, a story's sentences) and records one item at a time.
 * Choosing a queue and skipping are plain GET links and forms (no JavaScript needed); recording needs the
 * browser's microphone (components/editor/record-session.tsx). Saving goes through the editor's upload calls
 * (checked type and size, audited, R2) with the speaker's name. The editor role comes from the layout.
 */
import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { z } from "zod";
import {
  askedWithoutAudio,
  lessonWordsWithoutAudio,
  mostViewedWithoutAudio,
  queueSources,
  storySentencesWithoutAudio,
  type QueueSlice,
} from "../../../db/queries/record-queue";
import { EDITOR_BASE } from "../../components/editor/display";
import { RecordSession } from "../../components/editor/record-session";
import { getBindings } from "../../context";
import { flushWordUses } from "../../services/word-uses.server";
import type { Route } from "./+types/record";

const QUEUES = [
  { value: "viewed", label: "Most-viewed words without audio" },
  { value: "asked", label: "Words learners asked a recording for" },
  { value: "lesson", label: "A lesson's words" },
  { value: "story", label: "A story's sentences" },
] as const;

const QuerySchema = z.object({
  queue: z.enum(["viewed", "asked", "lesson", "story"]).nullable().catch(null),
  lesson: z.coerce.number().int().positive().nullable().catch(null),
  story: z.string().trim().min(1).max(200).nullable().catch(null),
  at: z.coerce.number().int().min(0).max(1_000_000).catch(0),
});
type Query = z.infer<typeof QuerySchema>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getBindings(context);
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({ queue: params.get("queue"), lesson: params.get("lesson"), story: params.get("story"), at: params.get("at") ?? 0 });
  const sources = await queueSources(db);
  let slice: QueueSlice | null = null;
  if (query.queue === "viewed") {
    // What this isolate has counted and not yet written orders the queue at once.
    await flushWordUses(db, config);
    slice = await mostViewedWithoutAudio(db, query.at);
  } else if (query.queue === "asked") slice = await askedWithoutAudio(db, query.at);
  else if (query.queue === "lesson" && query.lesson) slice = await lessonWordsWithoutAudio(db, query.lesson, query.at);
  else if (query.queue === "story" && query.story) slice = await storySentencesWithoutAudio(db, query.story, query.at);
  return { query, sources, slice };
}

function queueHref(query: Query, at: number) {
  const params = new URLSearchParams();
  if (query.queue) params.set("queue", query.queue);
  if (query.queue === "lesson" && query.lesson) params.set("lesson", String(query.lesson));
  if (query.queue === "story" && query.story) params.set("story", query.story);
  if (at > 0) params.set("at", String(at));
  return `${EDITOR_BASE}/record?${params}`;
}

export default function EditorRecord({ loaderData }: Route.ComponentProps) {
  const { query, sources, slice } = loaderData;
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState("");
  const item = slice?.item ?? null;
  return (
    <section className="editor-record">
      <h1>Record</h1>
      <Form method="get" className="editor-filter record-queue-picker" aria-label="Choose a queue">
        <label htmlFor="record-queue">Queue</label>
        <select id="record-queue" name="queue" defaultValue={query.queue ?? "viewed"} key={query.queue}>
          {QUEUES.map((q) => (
            <option key={q.value} value={q.value}>
              {q.label}
            </option>
          ))}
        </select>
        <label htmlFor="record-lesson">Lesson (for a lesson's words)</label>
        <select id="record-lesson" name="lesson" defaultValue={query.lesson ?? ""} key={`l${query.lesson}`}>
          <option value="">—</option>
          {sources.lessons.map((l) => (
            <option key={l.id} value={l.id}>
              {l.id}. {l.title}
            </option>
          ))}
        </select>
        <label htmlFor="record-story">Story (for a story's sentences)</label>
        <select id="record-story" name="story" defaultValue={query.story ?? ""} key={`s${query.story}`}>
          <option value="">—</option>
          {sources.stories.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Start
        </button>
      </Form>
      <div aria-live="polite">{saved ? <p className="alert alert-success">{saved}</p> : null}</div>
      {!slice ? (
        <p>Choose a queue to start recording.</p>
      ) : !item ? (
        <div>
          <p>{slice.total === 0 ? "Nothing left to record in this queue." : `End of the queue (${slice.total} skipped).`}</p>
          {slice.total > 0 ? (
            <p>
              <Link className="button" to={queueHref(query, 0)}>
                Start again
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <article className="record-item" aria-labelledby="record-item-heading">
          <p className="muted">
            Item {query.at + 1} of {slice.total}
          </p>
          {item.kind === "word" ? (
            <>
              <h2 id="record-item-heading" lang="otw" className="record-text">
                {item.name}
              </h2>
              <p>
                {item.gloss} <span className="muted">({item.pos})</span>
              </p>
              <p className="muted">
                {item.views} {item.views === 1 ? "view" : "views"}
                {item.asks > 0 ? `, asked for ${item.asks} ${item.asks === 1 ? "time" : "times"}` : ""} · <Link to={`/k/${item.id}`}>word page</Link>
              </p>
            </>
          ) : (
            <>
              <h2 id="record-item-heading" lang="otw" className="record-text">
                {item.text}
              </h2>
              <p>{item.trans}</p>
            </>
          )}
          <noscript>
            <p className="alert alert-warning">Recording needs JavaScript; Skip works without it.</p>
          </noscript>
          <RecordSession
            uploadUrl={
              item.kind === "word"
                ? `/api/editor/lexemes/${item.id}/audio`
                : `/api/editor/stories/${encodeURIComponent(item.storyId)}/sentences/${item.position}/audio`
            }
            clipName={item.kind === "word" ? `word${item.id}.ogg` : `sentence${item.position}.ogg`}
            skipHref={queueHref(query, query.at + 1)}
            onSaved={(message) => {
              setSaved(`${item.kind === "word" ? item.name : item.text}: ${message}`);
              void revalidator.revalidate();
            }}
          />
        </article>
      )}
    </section>
  );
}

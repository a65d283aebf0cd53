/**
 * The recording queue's recorder (issue 38, /DEV_editor/record): one item at a time, all from the keyboard —
 * R record/stop (again: redo), L listen, S save and next, N skip. The speaker's name is remembered from the last
 * item (and in this browser for the next visit). Each save posts one clip with the speaker to `uploadUrl`; the
 * saved item leaves the queue, so `onSaved` loads the next. Editor-only code (never on public pages).
 */
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { postAudio, RecordButton, StatusMessage, useRecorder, type Clip } from "./recorder";

const SPEAKER_KEY = "editor-speaker";

export const RECORD_KEYS = { record: "r", listen: "l", save: "s", skip: "n" } as const;

export function RecordSession({
  uploadUrl,
  clipName,
  skipHref,
  onSaved,
}: {
  uploadUrl: string;
  /** The file name sent with the clip (the server makes its own key). */
  clipName: string;
  skipHref: string;
  onSaved: (message: string) => void;
}) {
  const navigate = useNavigate();
  const onSkip = () => void navigate(skipHref);
  const [clip, setClip] = useState<Clip | null>(null);
  const [speaker, setSpeaker] = useState("");
  const [busy, setBusy] = useState(false);
  const player = useRef<HTMLAudioElement>(null);
  const { recording, seconds, status, setStatus, toggle } = useRecorder((next) =>
    setClip((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return next;
    }),
  );

  useEffect(() => setSpeaker(localStorage.getItem(SPEAKER_KEY) ?? ""), []);
  // A new item (the url changes): nothing recorded for it yet.
  useEffect(
    () => () =>
      setClip((old) => {
        if (old) URL.revokeObjectURL(old.url);
        return null;
      }),
    [uploadUrl],
  );

  function record() {
    if (!recording && clip) {
      // Redo: the new take replaces the old one.
      URL.revokeObjectURL(clip.url);
      setClip(null);
    }
    toggle();
  }

  async function save() {
    if (!clip || busy || recording) {
      if (!clip) setStatus({ kind: "error", text: "Record the item first (R)." });
      return;
    }
    const body = new FormData();
    body.set("speaker", speaker.trim());
    body.set("audio", clip.blob, clipName);
    setBusy(true);
    const result = await postAudio(uploadUrl, body);
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: "error", text: result.text });
      return;
    }
    localStorage.setItem(SPEAKER_KEY, speaker.trim());
    URL.revokeObjectURL(clip.url);
    setClip(null);
    const answered = Number(result.data.answered ?? 0);
    onSaved(answered > 0 ? `Saved. ${answered} ${answered === 1 ? "request" : "requests"} for it answered.` : "Saved.");
  }

  // The keyboard: single letters, not while typing in a field.
  const keys = useRef({ record, save, listen: () => void player.current?.play(), skip: onSkip });
  keys.current = { record, save, listen: () => void player.current?.play(), skip: onSkip };
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      const key = event.key.toLowerCase();
      const action =
        key === RECORD_KEYS.record
          ? keys.current.record
          : key === RECORD_KEYS.listen
            ? keys.current.listen
            : key === RECORD_KEYS.save
              ? () => void keys.current.save()
              : key === RECORD_KEYS.skip
                ? keys.current.skip
                : null;
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section className="editor-recorder record-session" aria-labelledby="record-session-heading">
      <h2 id="record-session-heading" className="visually-hidden">
        Record
      </h2>
      <p>
        <label htmlFor="record-speaker">Speaker</label>{" "}
        <input
          id="record-speaker"
          name="speaker"
          value={speaker}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setSpeaker(event.target.value)}
          aria-describedby="record-speaker-hint"
        />
        <span id="record-speaker-hint" className="muted">
          {" "}
          Credited on the word page; kept for the next item.
        </span>
      </p>
      <RecordButton recording={recording} seconds={seconds} onToggle={record} />
      {clip ? (
        <p>
          <audio ref={player} controls src={clip.url} aria-label="Listen to the recording" />
        </p>
      ) : null}
      <p className="recorder-actions">
        {clip && !recording ? (
          <button type="button" className="button" onClick={record}>
            Redo
          </button>
        ) : null}{" "}
        <button type="button" className="button button-primary" onClick={() => void save()} disabled={busy || recording || !clip}>
          {busy ? "Saving…" : "Save and next"}
        </button>{" "}
        <Link className="button" to={skipHref}>
          Skip
        </Link>
      </p>
      <p className="muted record-keys">
        Keys: <kbd>R</kbd> record or stop (again: redo), <kbd>L</kbd> listen, <kbd>S</kbd> save and next, <kbd>N</kbd> skip.
      </p>
      <StatusMessage status={status} />
    </section>
  );
}

/** The /admin test recorder (docs/product.md §2 /admin, §4 recorder states): records the word 'test' and posts it to /api/upload-audio. */
import { useState } from "react";
import { uploadFileName } from "../../utils/clip-names";
import { MESSAGES, postAudio, RecordButton, StatusMessage, useFlash, useRecorder, type Clip } from "./recorder";

export function AdminRecorder({ word }: { word: string }) {
  const [clip, setClip] = useState<Clip | null>(null);
  const [busy, setBusy] = useState(false);
  const { recording, seconds, status, setStatus, toggle } = useRecorder((next) => {
    setClip((old) => {
      if (old) URL.revokeObjectURL(old.url);
      return next;
    });
  });
  useFlash(status, setStatus);

  function discard() {
    if (clip) URL.revokeObjectURL(clip.url);
    setClip(null);
    setStatus(null);
  }

  async function submit() {
    if (!clip || !word) {
      setStatus({ kind: "error", text: MESSAGES.nothingToUpload });
      return;
    }
    const body = new FormData();
    const filename = uploadFileName(word, clip.type);
    body.set("filetype", clip.type);
    body.set("filename", filename);
    body.set("word", word);
    body.set("audio", clip.blob, filename);
    setBusy(true);
    const result = await postAudio("/api/upload-audio", body);
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: "error", text: result.text });
      return;
    }
    discard();
    setStatus({ kind: "success", text: MESSAGES.success });
  }

  return (
    <section className="editor-recorder" aria-labelledby="admin-recorder-heading">
      <h2 id="admin-recorder-heading">
        Record the word <span lang="otw">{word}</span>
      </h2>
      <RecordButton recording={recording} seconds={seconds} onToggle={toggle} />
      {clip ? (
        <p>
          <audio controls src={clip.url} aria-label="Play the recording" />
        </p>
      ) : null}
      {!recording ? (
        <p className="recorder-actions">
          {clip ? (
            <button type="button" className="button" onClick={discard}>
              Discard
            </button>
          ) : null}{" "}
          <button type="button" className="button button-primary" onClick={() => void submit()} disabled={busy}>
            {busy ? "Uploading…" : "Submit"}
          </button>
        </p>
      ) : null}
      <StatusMessage status={status} />
    </section>
  );
}

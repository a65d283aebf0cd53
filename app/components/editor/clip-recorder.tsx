/**
 * The edit panel's recorder (docs/product.md §4): each stopped clip joins a pending list (play, remove); upload asks
 * for confirmation listing the file names (form without punctuation + running index + '.ogg', §5).
 */
import { useEffect, useState } from "react";
import { formClipName } from "../../utils/clip-names";
import { MESSAGES, postAudio, RecordButton, StatusMessage, useFlash, useRecorder, type Clip } from "./recorder";

export function ClipRecorder({
  formId,
  form,
  clipCount,
  onUploaded,
  uploadUrl,
}: {
  formId: number;
  form: string;
  clipCount: number;
  onUploaded: () => void;
  /** Where clips go (default: the form's own audio call); e.g. a lesson sentence's. */
  uploadUrl?: string;
}) {
  const [pending, setPending] = useState<Clip[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { recording, seconds, status, setStatus, toggle } = useRecorder((clip) => setPending((list) => [...list, clip]));
  useFlash(status, setStatus);
  // On unmount only: the clips' object URLs are let go with the recorder.
  useEffect(() => () => pending.forEach((c) => URL.revokeObjectURL(c.url)), []);

  const names = pending.map((_, i) => formClipName(form, formId, clipCount + i + 1));

  function remove(id: string) {
    setPending((list) => {
      const clip = list.find((c) => c.id === id);
      if (clip) URL.revokeObjectURL(clip.url);
      return list.filter((c) => c.id !== id);
    });
    setConfirming(false);
  }

  async function upload() {
    setConfirming(false);
    if (pending.length === 0) {
      setStatus({ kind: "error", text: MESSAGES.nothingToUpload });
      return;
    }
    // One recording per request (the server's cap): clip by clip, keeping any that did not get through.
    setBusy(true);
    const sent: string[] = [];
    for (const [i, clip] of pending.entries()) {
      const body = new FormData();
      body.append("audio", clip.blob, names[i]);
      const result = await postAudio(uploadUrl ?? `/api/editor/forms/${formId}/audio`, body);
      if (!result.ok) {
        setBusy(false);
        pending.filter((c) => sent.includes(c.id)).forEach((c) => URL.revokeObjectURL(c.url));
        setPending(pending.filter((c) => !sent.includes(c.id)));
        setStatus({ kind: "error", text: result.text });
        if (sent.length) onUploaded();
        return;
      }
      sent.push(clip.id);
    }
    setBusy(false);
    pending.forEach((c) => URL.revokeObjectURL(c.url));
    setPending([]);
    setStatus({ kind: "success", text: MESSAGES.success });
    onUploaded();
  }

  return (
    <section className="editor-recorder" aria-labelledby="recorder-heading">
      <h3 id="recorder-heading">Record audio</h3>
      <RecordButton recording={recording} seconds={seconds} onToggle={toggle} />
      {pending.length > 0 ? (
        <>
          <h4>Pending clips</h4>
          <ul className="pending-clips">
            {pending.map((clip, i) => (
              <li key={clip.id}>
                <span className="clip-name">{names[i]}</span>
                <audio controls src={clip.url} aria-label={`Play ${names[i]}`} />
                <button type="button" className="button" onClick={() => remove(clip.id)}>
                  Remove <span className="visually-hidden">{names[i]}</span>
                </button>
              </li>
            ))}
          </ul>
          {confirming ? (
            <div className="alert alert-warning" role="alertdialog" aria-labelledby="confirm-upload-text">
              <p id="confirm-upload-text">Upload these files?</p>
              <ul>
                {names.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
              <button type="button" className="button button-primary" onClick={() => void upload()} autoFocus>
                Confirm upload
              </button>{" "}
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          ) : (
            <button type="button" className="button button-primary" onClick={() => setConfirming(true)} disabled={busy || recording}>
              {busy ? "Uploading…" : `Upload ${pending.length} ${pending.length === 1 ? "clip" : "clips"}`}
            </button>
          )}
        </>
      ) : null}
      <StatusMessage status={status} />
    </section>
  );
}

/**
 * Microphone recorder for the editor and /admin (docs/product.md §4 recorder states, §5 and §8 messages).
 * idle → recording (RECORD/STOP toggle, mm:ss timer) → recorded. Editor-only code: imported only by
 * editor and admin routes, so it never loads on public pages.
 */
import { useEffect, useRef, useState } from "react";
import { DEFAULT_RECORDING_TYPE, RECORDING_TYPES } from "../../utils/audio-types";

export const MESSAGES = {
  noMic: "This browser doesn't support microphone recording (no navigator.mediaDevices).",
  micError: (reason: string) => `An error occurred when trying to access the microphone: ${reason}`,
  prepareFailed: "Failed to prepare recorded audio.",
  uploadFailed: "Upload failed. The server did not indicate success.",
  networkError: (reason: string) => `Network error while uploading: ${reason}`,
  nothingToUpload: "Nothing to upload (missing audio or destination).",
  success: "Audio recording successfully uploaded!",
} as const;

/** docs/product.md §9: upload success shows for 2 s. */
export const SUCCESS_MS = 2000;

export type Clip = { id: string; blob: Blob; url: string; type: string };
export type Status = { kind: "error" | "success"; text: string } | null;

export function formatTimer(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

function pickMimeType() {
  if (typeof MediaRecorder === "undefined") return "";
  for (const type of RECORDING_TYPES) {
    if (MediaRecorder.isTypeSupported?.(type)) return type;
  }
  return "";
}

/** The recording part: RECORD/STOP button, timer and messages; hands each finished clip to onClip. */
export function useRecorder(onClip: (clip: Clip) => void) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [status, setStatus] = useState<Status>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  /** A start waiting for the microphone: a second press meanwhile must not open a second recorder. */
  const starting = useRef(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const onClipRef = useRef(onClip);
  onClipRef.current = onClip;

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
      recorder.current?.stream.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  async function start() {
    if (starting.current) return;
    starting.current = true;
    try {
      await begin();
    } finally {
      starting.current = false;
    }
  }

  async function begin() {
    setStatus(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus({ kind: "error", text: MESSAGES.noMic });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setStatus({ kind: "error", text: MESSAGES.micError(error instanceof Error ? error.message : String(error)) });
      return;
    }
    const mimeType = pickMimeType();
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      // docs/product.md §9: fall back to audio/webm (opus) when the recorder reports no type.
      const type = media.mimeType || DEFAULT_RECORDING_TYPE;
      const blob = new Blob(chunks, { type });
      if (blob.size === 0) {
        setStatus({ kind: "error", text: MESSAGES.prepareFailed });
        return;
      }
      onClipRef.current({ id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob), type });
    };
    recorder.current = media;
    media.start();
    setSeconds(0);
    setRecording(true);
    timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
  }

  function stop() {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  }

  return { recording, seconds, status, setStatus, toggle: () => (recording ? stop() : void start()) };
}

/** Shows a success message for SUCCESS_MS, then clears it. */
export function useFlash(status: Status, setStatus: (s: Status) => void) {
  useEffect(() => {
    if (status?.kind !== "success") return;
    const t = setTimeout(() => setStatus(null), SUCCESS_MS);
    return () => clearTimeout(t);
  }, [status, setStatus]);
}

export function RecordButton({ recording, seconds, onToggle }: { recording: boolean; seconds: number; onToggle: () => void }) {
  return (
    <div className="recorder-controls">
      <button type="button" className={`button ${recording ? "button-primary recording" : ""}`} onClick={onToggle} aria-pressed={recording}>
        {recording ? "STOP" : "RECORD"}
      </button>
      <span className="recorder-timer" role="timer" aria-label="Recording time">
        {formatTimer(seconds)}
      </span>
    </div>
  );
}

export function StatusMessage({ status }: { status: Status }) {
  return <div aria-live="polite">{status ? <p className={`alert ${status.kind === "error" ? "alert-danger" : "alert-success"}`}>{status.text}</p> : null}</div>;
}

/** Posts multipart data; answers the docs/product.md message for whatever happened. */
export async function postAudio(url: string, body: FormData): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
  } catch (error) {
    return { ok: false, text: MESSAGES.networkError(error instanceof Error ? error.message : String(error)) };
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && data?.success) return { ok: true, data };
  const error = data?.error;
  const text =
    typeof error === "string"
      ? error
      : typeof (error as { message?: unknown })?.message === "string"
        ? (error as { message: string }).message
        : MESSAGES.uploadFailed;
  return { ok: false, text };
}

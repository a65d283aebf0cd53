import { useEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * Plays a word's recording; the same button pauses it (docs/product.md §4). Rendered only when the server
 * knows a recording exists. Without JavaScript it is a link to the audio file.
 */
export function WordAudioButton({ src, type, label }: { src: string; type?: string; label: string }) {
  const hydrated = useHydrated();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => audio.current?.pause(), []);

  if (!hydrated) {
    return (
      <a className="audio-button" href={src} type={type}>
        <span aria-hidden="true">▶</span> Play <span className="visually-hidden">{label}</span>
      </a>
    );
  }

  async function toggle() {
    const el = audio.current;
    if (!el) return;
    if (typeof el.play !== "function") {
      setError("Your browser does not support audio playback.");
      return;
    }
    if (el.paused) {
      setError(null);
      try {
        await el.play();
      } catch {
        setError("Sorry, there is no audio at this URL.");
      }
    } else {
      el.pause();
    }
  }

  return (
    <span className="audio-control">
      <button type="button" className="audio-button" aria-pressed={playing} onClick={toggle}>
        <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span> {playing ? "Pause" : "Play"} <span className="visually-hidden">{label}</span>
      </button>
      <audio
        ref={audio}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => {
          setPlaying(false);
          setError("Sorry, there is no audio at this URL.");
        }}
      >
        <source src={src} type={type} />
        Your browser does not support audio playback.
      </audio>
      <span role="status" className="audio-error">
        {error}
      </span>
    </span>
  );
}

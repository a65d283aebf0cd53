/**
 * Plays one recording from /audio/…; renders nothing when there is none (docs/product.md: no button
 * for missing audio). The button toggles play and pause. With `autoPlayAfterMs` the clip
 * also plays that long after the button appears (give it a new `key` per item).
 */
import { useEffect, useRef, useState } from "react";

export function LessonAudioButton({ src, label, autoPlayAfterMs }: { src: string | null; label: string; autoPlayAfterMs?: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!src || autoPlayAfterMs === undefined) return;
    const timer = setTimeout(() => {
      audio.current?.play().catch(() => setPlaying(false));
    }, autoPlayAfterMs);
    return () => clearTimeout(timer);
  }, [src, autoPlayAfterMs]);

  if (!src) return null;
  return (
    <>
      <button
        type="button"
        className="button audio-button"
        aria-pressed={playing}
        onClick={() => {
          const el = audio.current;
          if (!el) return;
          if (el.paused) el.play().catch(() => setPlaying(false));
          else el.pause();
        }}
      >
        <span aria-hidden="true">{playing ? "⏸" : "🔊"}</span> {playing ? "Pause" : "Play"} <span className="visually-hidden">{label}</span>
      </button>
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => setPlaying(false)}
      />
    </>
  );
}

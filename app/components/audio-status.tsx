/**
 * Honest audio: a word's recording when there is one, and a plain statement when there is none (never a button that
 * cannot play). Drop-in for the word page, where it replaces the bare <WordAudioButton>:
 *   <AudioStatus audio={word.audio} name={word.name} />
 */
import { WordAudioButton } from "./word-audio-button";

export const NO_RECORDING_TEXT = "No recording of this word yet.";

export function AudioStatus({ audio, name }: { audio: { url: string; type?: string } | null | undefined; name: string }) {
  if (audio) return <WordAudioButton src={audio.url} type={audio.type} label={`recording of ${name}`} />;
  return (
    <p className="muted audio-status" data-audio="none">
      <span aria-hidden="true">🔇</span> {NO_RECORDING_TEXT}
    </p>
  );
}

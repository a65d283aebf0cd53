import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { WordInfo } from "../core/word-search";
import { splitWords } from "../core/split-words";
import { useHydrated } from "./use-hydrated";

/**
 * Tap a word: every Odawa word of a text is a button that shows its gloss, the analysis of an
 * inflected form, and a link to the word's page. Escape closes and returns focus. Without
 * JavaScript each word is a link to the search for it.
 */
export function WordText({ text, words }: { text: string; words: Record<string, WordInfo> }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const parts = splitWords(text);

  return (
    <span className="word-text" lang="otw">
      {parts.map((part, i) => {
        if (!("word" in part)) return <span key={i}>{part.text}</span>;
        const search = `/k?q=${encodeURIComponent(part.word)}`;
        if (!hydrated) {
          return (
            <a key={i} className="tap-word" href={search}>
              {part.word}
            </a>
          );
        }
        const panelId = `${baseId}-w${i}`;
        return (
          <TapWord
            key={i}
            word={part.word}
            info={words[part.word]}
            panelId={panelId}
            search={search}
            open={open === i}
            onToggle={() => setOpen(open === i ? null : i)}
            onClose={() => setOpen(null)}
          />
        );
      })}
    </span>
  );
}

function TapWord(props: {
  word: string;
  info: WordInfo | undefined;
  panelId: string;
  search: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const { word, info, panelId, search, open, onToggle, onClose } = props;
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, onClose]);

  return (
    <span
      className="tap-word-wrap"
      ref={wrapper}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          onClose();
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className="tap-word" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={onToggle}>
        {word}
      </button>
      {open ? (
        <span className="word-popover" id={panelId} role="group" aria-label={`About ${word}`} lang="en">
          {info && info.matches.length > 0 ? (
            info.matches.map((m) => (
              <span className="word-popover-entry" key={m.id}>
                {(m.analysis ? [m.analysis, ...(m.more ?? [])] : []).map((a) => (
                  <span className="word-analysis" key={a.cell}>
                    <span lang="otw">{a.form}</span>
                    {" → "}
                    <span lang="otw">{a.lemma}</span>
                    {`, ${a.gloss} `}
                    <span className="muted">{`(${a.cell})`}</span>
                  </span>
                ))}
                <span>
                  <Link to={`/k/${m.id}`} lang="otw">
                    {m.name}
                  </Link>{" "}
                  <span className="muted">({m.pos})</span> {m.gloss}
                </span>
              </span>
            ))
          ) : (
            <span>No info for this word found.</span>
          )}
          <a href={search} className="word-popover-search">
            Search for <span lang="otw">{word}</span>
          </a>
        </span>
      ) : null}
    </span>
  );
}

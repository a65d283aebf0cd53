/**
 * Splitting a sentence into its words, for the tap-a-word controls. Its own module, with no imports: the browser
 * needs it on every page with a sentence (components/word-text.tsx), and nothing of word search or the analysers
 * should come with it (ADR 015a).
 */

/** Splits a sentence into words and the spaces/punctuation between them, for rendering word controls. */
export function splitWords(text: string): Array<{ word: string } | { text: string }> {
  const parts: Array<{ word: string } | { text: string }> = [];
  for (const piece of text.split(/(\s+)/)) {
    if (!piece) continue;
    if (/^\s+$/.test(piece)) {
      parts.push({ text: piece });
      continue;
    }
    const m = /^([^\p{L}'’‘ʼ]*)(.*?)([^\p{L}'’‘ʼ]*)$/u.exec(piece)!;
    if (m[1]) parts.push({ text: m[1] });
    if (m[2]) parts.push({ word: m[2] });
    else if (!m[1] && !m[3]) parts.push({ text: piece });
    if (m[3]) parts.push({ text: m[3] });
  }
  return parts;
}

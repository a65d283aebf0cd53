/**
 * Control characters that change the direction of text (the Unicode bidirectional controls): embeddings and
 * overrides U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E, U+200F and U+061C. In a headword shown on a
 * public page they can make it read as something else (U+202E turns what follows around), so text we store for
 * others to read refuses them. Pure, no imports.
 */
const DIRECTION_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The first direction control in `text` written as "U+202E", or null when there is none. */
export function directionControlIn(text: string): string | null {
  const found = DIRECTION_CONTROL.exec(text);
  return found ? `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}` : null;
}

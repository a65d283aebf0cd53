/**
 * Orthography helpers shared by the server, the browser and Node scripts (no imports).
 * Display text keeps its spelling; `toSearchKey` folds it for lookup.
 */

/** Apostrophe look-alikes learners type for the glottal stop: ’ ‘ ʼ ʻ ` ´ ′. */
const APOSTROPHES = /[\u2019\u2018\u02BC\u02BB\u0060\u00B4\u2032]/g;

/** NFC, unified apostrophes, collapsed whitespace. Used for text we store. */
export function normalizeText(text: string): string {
  return text.normalize("NFC").replace(APOSTROPHES, "'").replace(/\s+/g, " ").trim();
}

/** The folded key for search columns: normalised and lower-cased. */
export function toSearchKey(text: string): string {
  return normalizeText(text).toLowerCase();
}

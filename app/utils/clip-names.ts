/**
 * Recording file names (docs/product.md §5), shared by the recorders (to list names before upload) and the
 * server (which makes the real names and keys itself; a client's names are never trusted).
 */
import { AUDIO_TYPES, DEFAULT_AUDIO_KIND } from "./audio-types";

/** Editor clips: the form with punctuation removed, then a running index, then '.ogg' (docs/product.md §5, §9). */
export function formClipBase(form: string, formId: number): string {
  const bare = form
    .normalize("NFC")
    .replace(/[\p{P}\p{S}\s]/gu, "")
    .replace(/[^A-Za-z0-9]/g, "_")
    .slice(0, 80);
  return /[A-Za-z0-9]/.test(bare) ? bare : `form${formId}`;
}

export function formClipName(form: string, formId: number, index: number): string {
  return `${formClipBase(form, formId)}${index}.ogg`;
}

/** Extension of an audio MIME type (docs/product.md §5: default webm). */
export function extensionForType(type: string): string {
  const t = type.toLowerCase();
  const row = AUDIO_TYPES.find((r) => r.typeHints.some((hint: string) => t.includes(hint)));
  return row ? row.extension : DEFAULT_AUDIO_KIND;
}

/** Admin uploads: optional prefix, then word or id with non-alphanumerics as underscores, then the extension. */
export function uploadFileName(destination: string, type: string, prefix = ""): string {
  const safe = `${prefix}${destination}`.replace(/[^A-Za-z0-9]/g, "_").slice(0, 120);
  return `${safe}.${extensionForType(type)}`;
}

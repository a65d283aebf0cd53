/**
 * The audio types the site knows, in one table: what uploads may be (sniffed from the bytes in
 * app/services/audio-upload.server.ts), which file extensions /audio/{file} serves with which
 * Content-Type (app/services/audio-storage.server.ts), the extension of a recorder's MIME type
 * (app/utils/clip-names.ts) and what the browser recorder asks for (app/components/editor/recorder.tsx).
 * Client-safe: no imports.
 */

export type AudioType = {
  /** The name used in code and messages (the same as the extension). */
  kind: string;
  /** File extension, without the dot. */
  extension: string;
  /** Content-Type the file is stored and served with. */
  contentType: string;
  /** Accepted from uploads (its bytes are recognised by sniffAudio). */
  upload: boolean;
  /** Substrings of a (browser-reported) MIME type that mean this type; see extensionForType. */
  typeHints: readonly string[];
};

/** Upload types first, in the order messages name them ("webm, ogg, mp3 or m4a"). */
export const AUDIO_TYPES = [
  // webm has no hints: it is the default for any type not otherwise recognised (docs/product.md §5).
  { kind: "webm", extension: "webm", contentType: "audio/webm", upload: true, typeHints: [] },
  { kind: "ogg", extension: "ogg", contentType: "audio/ogg", upload: true, typeHints: ["ogg"] },
  { kind: "mp3", extension: "mp3", contentType: "audio/mpeg", upload: true, typeHints: ["mpeg", "mp3"] },
  { kind: "m4a", extension: "m4a", contentType: "audio/mp4", upload: true, typeHints: ["mp4", "m4a", "aac"] },
  // Served from R2 (imported recordings) but never accepted from an upload.
  { kind: "opus", extension: "opus", contentType: "audio/ogg", upload: false, typeHints: [] },
  { kind: "wav", extension: "wav", contentType: "audio/wav", upload: false, typeHints: [] },
] as const satisfies readonly AudioType[];

type Row = (typeof AUDIO_TYPES)[number];
/** Kinds an upload can be. */
export type UploadAudioKind = Extract<Row, { upload: true }>["kind"];
/** Every extension /audio/{file} serves. */
export type AudioExtension = Row["extension"];

export const UPLOAD_AUDIO_TYPES = AUDIO_TYPES.filter((t): t is Extract<Row, { upload: true }> => t.upload);

/** The content type of an upload kind. */
export function audioContentType(kind: UploadAudioKind): string {
  return AUDIO_TYPES.find((t) => t.kind === kind)!.contentType;
}

/** Extension → Content-Type, for every served extension. */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<AudioExtension, string>> = Object.fromEntries(
  AUDIO_TYPES.map((t) => [t.extension, t.contentType]),
) as Record<AudioExtension, string>;

/** "webm, ogg, mp3 or m4a": the upload kinds for messages. */
export const UPLOAD_KINDS_TEXT = UPLOAD_AUDIO_TYPES.map((t) => t.kind)
  .join(", ")
  .replace(/, ([^,]*)$/, " or $1");

/** docs/product.md §5/§9: a recording whose type is unknown or missing is webm (opus). */
export const DEFAULT_AUDIO_KIND = "webm" satisfies UploadAudioKind;
export const DEFAULT_RECORDING_TYPE = audioContentType(DEFAULT_AUDIO_KIND);

/** What the browser recorder asks MediaRecorder for, best first. */
export const RECORDING_TYPES: readonly string[] = [
  `${audioContentType("ogg")};codecs=opus`,
  `${audioContentType("webm")};codecs=opus`,
  audioContentType("webm"),
];

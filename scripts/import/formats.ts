/**
 * The import formats (README "Importing language data"): parsing, zod validation per row with line
 * numbers, and the SQL that writes the rows. Pure (no Node or Worker APIs), so the CLI
 * (scripts/import.ts) and the Worker tests share it. Every statement is idempotent: importing the
 * same file twice changes nothing (upserts only write when a value differs). Lexicon and stems files
 * are read and compared with the database by app/core/import/ (shared with a browser import); this
 * file only writes their plans as SQL.
 * long-file: one parser and writer per import kind, side by side so the kinds stay alike.
 */
import { z } from "zod";
import { normalizeText, toSearchKey } from "../../app/core/orthography.ts";
import { CLEAN_FORM_RANKS_SQL, RERANK_FORMS_SQL } from "../../db/queries/form-ranks.ts";
import type { LexemeValues, LexiconPlan } from "../../app/core/import/plan.ts";
import type { StemsPlan } from "../../app/core/import/stems.ts";
import { readJsonArray, readTable, type LineNote, type RawRow } from "../../app/core/import/table.ts";

export const IMPORT_KINDS = ["lexicon", "stems", "sentences", "stories", "forms", "audio"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export type RowError = LineNote;
export type Parsed<T> = { rows: Array<{ line: number; value: T }>; errors: RowError[] };

// ------------------------------------------------------------------ reading files

// ------------------------------------------------------------------ row schemas

const text = (max: number) => z.string({ error: "is required" }).transform(normalizeText).pipe(z.string().min(1, "must not be empty").max(max));
const optionalText = (max: number) =>
  z
    .string()
    .transform(normalizeText)
    .pipe(z.string().max(max))
    .optional()
    .transform((v) => (v ? v : undefined));
const count = z.coerce.number().int("must be a whole number").min(0, "must be 0 or more");
const pos = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().regex(/^[a-z][a-z0-9_'-]{0,29}$/, "must be a part-of-speech tag such as vai, na or av"));

/** "maajaa:vai, zhaa" → [{ name: "maajaa", pos: "vai" }, { name: "zhaa" }] */
const lemmaRefs = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return [];
    const refs: Array<{ name: string; pos?: string }> = [];
    for (const part of v
      .split(/[,;]/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [name, tag] = part.split(":").map((p) => normalizeText(p));
      if (!name || (tag !== undefined && !/^[a-z][a-z0-9_'-]{0,29}$/i.test(tag))) {
        ctx.addIssue({ code: "custom", message: `"${part}" is not name or name:pos` });
        return z.NEVER;
      }
      refs.push(tag ? { name, pos: tag.toLowerCase() } : { name });
    }
    return refs;
  });

export const SentenceRow = z.object({
  id: z.coerce.number().int().positive().optional(),
  text: text(5000),
  trans: text(5000),
  source: optionalText(50),
  notes: optionalText(2000),
  lemmas: lemmaRefs,
});

const StorySentence = z.object({ text: text(5000), trans: z.string().transform(normalizeText).pipe(z.string().max(5000)) });

export const StoryRow = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,100}$/, "must be letters, digits, _ . or - (e.g. AM12, OLP3)"),
    title: text(300),
    completed: z.boolean({ error: "must be true or false" }),
    /** Listed on /d even when not completed ('Not ready to view'); the old site listed every story, so: true. */
    listed: z.boolean({ error: "must be true or false" }).default(true),
    source: z.enum(["bloomfield", "olp", "misc"]).optional(),
    paragraphs: z.array(z.array(StorySentence)).optional(),
    data: z.array(z.array(StorySentence)).optional(),
  })
  .transform(({ data, paragraphs, ...rest }) => ({ ...rest, paragraphs: paragraphs ?? data ?? [] }));

export const FormRow = z.object({
  form: text(200),
  count: count.optional(),
  perc: z.coerce.number().min(0).max(100).optional(),
  lemmas: lemmaRefs,
});

export const AudioRow = z.object({
  file: z
    .string({ error: "is required" })
    .trim()
    .regex(/\.(mp3|ogg|opus|webm|m4a|wav)$/i, "must be an .mp3, .ogg, .opus, .webm, .m4a or .wav file"),
  name: text(200),
  pos: pos.optional(),
  /** Who speaks on the recording (credited on the word page). */
  speaker: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || null),
  /** The day it was recorded, YYYY-MM-DD. */
  recorded_at: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), "must be a date, YYYY-MM-DD")
    .transform((v) => (v ? Date.parse(`${v}T00:00:00Z`) : null)),
});

export type SentenceRowT = z.output<typeof SentenceRow>;
export type StoryRowT = z.output<typeof StoryRow>;
export type FormRowT = z.output<typeof FormRow>;

function validate<T>(raw: { rows: RawRow[]; errors: RowError[] }, schema: z.ZodType<T>): Parsed<T> {
  const rows: Parsed<T>["rows"] = [];
  const errors = [...raw.errors];
  for (const { line, value } of raw.rows) {
    const result = schema.safeParse(value);
    if (result.success) rows.push({ line, value: result.data });
    else {
      errors.push({
        line,
        message: result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; "),
      });
    }
  }
  return { rows, errors: errors.sort((a, b) => a.line - b.line) };
}

function rejectDuplicates<T>(parsed: Parsed<T>, keyOf: (v: T) => string | null, what: string) {
  const first = new Map<string, number>();
  for (const { line, value } of parsed.rows) {
    const key = keyOf(value);
    if (key === null) continue;
    const seen = first.get(key);
    if (seen !== undefined) parsed.errors.push({ line, message: `duplicate ${what} (first on line ${seen})` });
    else first.set(key, line);
  }
  parsed.errors.sort((a, b) => a.line - b.line);
  return parsed;
}

export function formatOf(fileName: string): "tsv" | "json" {
  return /\.json$/i.test(fileName) ? "json" : "tsv";
}

export function parseSentences(content: string, format: "tsv" | "json") {
  return rejectDuplicates(validate(readTable(content, format), SentenceRow), (v) => (v.id ? String(v.id) : null), "id");
}
export function parseStories(content: string) {
  return rejectDuplicates(validate(readJsonArray(content), StoryRow), (v) => v.id, "story id");
}
export function parseForms(content: string, format: "tsv" | "json") {
  return rejectDuplicates(validate(readTable(content, format), FormRow), (v) => v.form, "form");
}
export function parseAudio(content: string, format: "tsv" | "json") {
  return rejectDuplicates(validate(readTable(content, format), AudioRow), (v) => `${v.name}\t${v.pos ?? ""}`, "word");
}

/** Lemma references (sentences, forms, audio) must name existing entries: "name\tpos" and bare names. */
export type KnownLexemes = Array<{ id: number; name: string; pos: string }>;

export function resolveLemma(known: KnownLexemes, ref: { name: string; pos?: string }): { id: number } | { error: string } {
  const matches = known.filter((k) => k.name === ref.name && (!ref.pos || k.pos === ref.pos));
  if (matches.length === 1) return { id: matches[0].id };
  if (matches.length === 0) return { error: `no word "${ref.name}"${ref.pos ? ` (${ref.pos})` : ""} in the lexicon` };
  return { error: `"${ref.name}" is ${matches.length} words: add the part of speech (${ref.name}:${matches[0].pos})` };
}

export function checkLemmaRefs<T extends { lemmas: Array<{ name: string; pos?: string }> }>(parsed: Parsed<T>, known: KnownLexemes) {
  for (const { line, value } of parsed.rows) {
    for (const ref of value.lemmas) {
      const r = resolveLemma(known, ref);
      if ("error" in r) parsed.errors.push({ line, message: `lemmas: ${r.error}` });
    }
  }
  parsed.errors.sort((a, b) => a.line - b.line);
  return parsed;
}

// ------------------------------------------------------------------ SQL

export const q = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined
    ? "NULL"
    : typeof value === "number"
      ? String(value)
      : typeof value === "boolean"
        ? value
          ? "1"
          : "0"
        : `'${value.replaceAll("'", "''")}'`;

const NOW = "(unixepoch('subsec') * 1000)";

const lemmaWhere = (ref: { name: string; pos?: string }) => `l.name = ${q(ref.name)}${ref.pos ? ` AND l.pos = ${q(ref.pos)}` : ""}`;

/** Rows per multi-row statement: well under D1's 100 KB statement limit with 2,000-character glosses. */
const ROWS_PER_STATEMENT = 40;

function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The writes of a lexicon plan (app/core/import/plan.ts): new entries as multi-row upserts (an entry someone added
 * meanwhile is updated only where it differs), changed entries by id. `stem` and `corpus_count` are written only
 * when the file has that column.
 */
export function lexiconPlanSql(plan: LexiconPlan): string[] {
  const out: string[] = [];
  const columns = (v: LexemeValues) => ["stem", "corpus_count"].filter((c) => c in v) as Array<"stem" | "corpus_count">;
  const groups = new Map<string, LexemeValues[]>();
  for (const v of plan.added) {
    const key = columns(v).join(",");
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  for (const rows of groups.values()) {
    const extra = columns(rows[0]);
    const names = ["name", "search_key", "pos", "gloss", "source", ...extra];
    const updated = ["gloss", "search_key", "source", ...extra];
    for (const chunk of chunks(rows)) {
      out.push(
        `INSERT INTO lexemes (${names.join(", ")}) VALUES ` +
          chunk.map((v) => `(${names.map((n) => q(v[n as keyof LexemeValues])).join(", ")})`).join(", ") +
          ` ON CONFLICT(name, pos) DO UPDATE SET ${updated.map((c) => `${c} = excluded.${c}`).join(", ")}, updated_at = ${NOW} ` +
          `WHERE ${updated.map((c) => `lexemes.${c} IS NOT excluded.${c}`).join(" OR ")}`,
      );
    }
  }
  for (const { id, values } of plan.changed) {
    const sets = (["gloss", "search_key", "source", ...columns(values)] as const).map((c) => `${c} = ${q(values[c])}`);
    out.push(`UPDATE lexemes SET ${sets.join(", ")}, updated_at = ${NOW} WHERE id = ${id}`);
  }
  return out;
}

/** The writes of a stems plan: each entry's stem, by id, only where it differs. */
export function stemsPlanSql(plan: StemsPlan): string[] {
  return chunks(plan.updates, 200).map(
    (chunk) =>
      `UPDATE lexemes SET stem = v.column2, updated_at = ${NOW} FROM (VALUES ${chunk.map((u) => `(${u.id}, ${q(u.stem)})`).join(", ")}) AS v ` +
      `WHERE lexemes.id = v.column1 AND lexemes.stem IS NOT v.column2`,
  );
}

export function sentencesSql(rows: SentenceRowT[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const source = r.source ?? "";
    const notes = r.notes ?? null;
    let match: string;
    if (r.id !== undefined) {
      out.push(
        `INSERT INTO sentences (id, text, trans, source, notes) VALUES (${r.id}, ${q(r.text)}, ${q(r.trans)}, ${q(source)}, ${q(notes)}) ` +
          `ON CONFLICT(id) DO UPDATE SET text = excluded.text, trans = excluded.trans, source = excluded.source, notes = excluded.notes ` +
          `WHERE sentences.text IS NOT excluded.text OR sentences.trans IS NOT excluded.trans OR sentences.source IS NOT excluded.source OR sentences.notes IS NOT excluded.notes`,
      );
      match = `s.id = ${r.id}`;
    } else {
      // No id: the text and translation together identify the sentence.
      out.push(
        `INSERT INTO sentences (text, trans, source, notes) SELECT ${q(r.text)}, ${q(r.trans)}, ${q(source)}, ${q(notes)} ` +
          `WHERE NOT EXISTS (SELECT 1 FROM sentences WHERE text = ${q(r.text)} AND trans = ${q(r.trans)})`,
      );
      out.push(
        `UPDATE sentences SET source = ${q(source)}, notes = ${q(notes)} WHERE text = ${q(r.text)} AND trans = ${q(r.trans)} ` +
          `AND (source IS NOT ${q(source)} OR notes IS NOT ${q(notes)})`,
      );
      match = `s.text = ${q(r.text)} AND s.trans = ${q(r.trans)}`;
    }
    for (const ref of r.lemmas) {
      out.push(
        `INSERT OR IGNORE INTO sentence_lexemes (sentence_id, lexeme_id) SELECT s.id, l.id FROM sentences s, lexemes l WHERE ${match} AND ${lemmaWhere(ref)}`,
      );
    }
  }
  return out;
}

/** AM… → bloomfield, OLP… → olp, others → misc (the old story sources). */
export function storySource(id: string) {
  return id.startsWith("AM") ? "bloomfield" : id.startsWith("OLP") ? "olp" : "misc";
}

export function storiesSql(rows: StoryRowT[]): string[] {
  return rows.map((r) => {
    const data = JSON.stringify(r.paragraphs);
    return (
      `INSERT INTO stories (id, source, title, completed, listed, data) VALUES (${q(r.id)}, ${q(r.source ?? storySource(r.id))}, ${q(r.title)}, ${q(r.completed)}, ${q(r.listed)}, ${q(data)}) ` +
      `ON CONFLICT(id) DO UPDATE SET source = excluded.source, title = excluded.title, completed = excluded.completed, listed = excluded.listed, data = excluded.data, updated_at = ${NOW} ` +
      `WHERE stories.source IS NOT excluded.source OR stories.title IS NOT excluded.title OR stories.completed IS NOT excluded.completed OR stories.listed IS NOT excluded.listed OR stories.data IS NOT excluded.data`
    );
  });
}

export function formsSql(rows: FormRowT[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const form = toSearchKey(r.form);
    const sets = [
      "search_key = excluded.search_key",
      ...(r.count !== undefined ? ["count = excluded.count"] : []),
      ...(r.perc !== undefined ? ["perc = excluded.perc"] : []),
    ];
    const differs = sets.map((s) => s.replace(/^(\w+) = excluded\.(\w+)$/, "forms.$1 IS NOT excluded.$2")).join(" OR ");
    out.push(
      `INSERT INTO forms (form, search_key, count, perc) VALUES (${q(form)}, ${q(toSearchKey(form))}, ${r.count ?? 0}, ${r.perc ?? 0}) ` +
        `ON CONFLICT(form) DO UPDATE SET ${sets.join(", ")}, updated_at = ${NOW} WHERE ${differs}`,
    );
    for (const ref of r.lemmas) {
      out.push(
        `INSERT OR IGNORE INTO form_lexemes (form_id, lexeme_id) SELECT f.id, l.id FROM forms f, lexemes l WHERE f.form = ${q(form)} AND ${lemmaWhere(ref)}`,
      );
    }
  }
  // Ranks are recomputed once, after all rows, so editors never wait for it (ADR 012).
  if (out.length) out.push(RERANK_FORMS_SQL, CLEAN_FORM_RANKS_SQL);
  return out;
}

export type AudioObject = {
  lexemeId: number;
  key: string;
  contentType: string;
  size: number;
  speaker?: string | null;
  /** Epoch milliseconds. */
  recordedAt?: number | null;
};

export const AUDIO_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  webm: "audio/webm",
  m4a: "audio/mp4",
  wav: "audio/wav",
};

/** R2 key of a word's recording: audio/{lexeme id}.{ext} (docs/product.md §9 audio path audio/{id}.mp3). */
export function audioKeyFor(lexemeId: number, file: string) {
  const ext = /\.([a-z0-9]+)$/i.exec(file)![1].toLowerCase();
  return { key: `audio/${lexemeId}.${ext}`, contentType: AUDIO_TYPES[ext] };
}

export function audioSql(objects: AudioObject[]): string[] {
  const out: string[] = [];
  for (const o of objects) {
    out.push(
      `INSERT INTO audio_objects (key, content_type, size, speaker, recorded_at) ` +
        `VALUES (${q(o.key)}, ${q(o.contentType)}, ${o.size}, ${q(o.speaker)}, ${q(o.recordedAt)}) ` +
        `ON CONFLICT(key) DO UPDATE SET content_type = excluded.content_type, size = excluded.size, ` +
        `speaker = excluded.speaker, recorded_at = excluded.recorded_at ` +
        `WHERE audio_objects.content_type IS NOT excluded.content_type OR audio_objects.size IS NOT excluded.size ` +
        `OR audio_objects.speaker IS NOT excluded.speaker OR audio_objects.recorded_at IS NOT excluded.recorded_at`,
    );
    const audioId = `(SELECT id FROM audio_objects WHERE key = ${q(o.key)})`;
    out.push(`UPDATE lexemes SET audio_id = ${audioId}, updated_at = ${NOW} WHERE id = ${o.lexemeId} AND audio_id IS NOT ${audioId}`);
  }
  return out;
}

export function formatErrors(file: string, errors: RowError[], max = 50) {
  const lines = errors.slice(0, max).map((e) => `${file}:${e.line}: ${e.message}`);
  if (errors.length > max) lines.push(`… and ${errors.length - max} more`);
  return lines.join("\n");
}

/**
 * A lexicon file (the dictionary as published, or the import format of README "Importing language data") read into
 * entries, with a report that accounts for every line: each line becomes an entry, is merged into an earlier entry
 * with the same headword and part of speech (a homograph: its sense is added to that entry's gloss), or is refused
 * with its reason. Pure (text in, entries and report out): the import command is a thin wrapper around it, and a
 * browser import can use it as it is.
 *
 * Senses: the schema keeps one gloss per entry, and the dictionary already writes several senses of one entry in
 * it separated by "; " (which the site reads as its sense separator: app/core/grammar/gloss.ts), so homographs'
 * glosses are joined the same way, in file order, each distinct sense once.
 */
import { normalizeText } from "../orthography.ts";
import { directionControlIn } from "../text-direction.ts";
import { normalizePos } from "./pos-tags.ts";
import { cellText, notText, readTable, type LineNote, type RawRow } from "./table.ts";

export type LexiconField = "name" | "pos" | "gloss" | "stem" | "corpus_count" | "source";

/** Header names each field is read from (lower-case; spaces and hyphens count as "_"). */
export const LEXICON_COLUMNS: Readonly<Record<LexiconField, readonly string[]>> = {
  name: ["name", "headword", "lemma", "word"],
  pos: ["pos", "part_of_speech"],
  gloss: ["gloss", "definition", "meaning", "english"],
  stem: ["stem", "underlying_stem"],
  corpus_count: ["corpus_count"],
  source: ["source"],
};
const REQUIRED: readonly LexiconField[] = ["name", "pos", "gloss"];
const MAX = { name: 200, gloss: 2000, stem: 200, source: 100 } as const;

export type LexiconEntry = {
  /** The first line of the entry; `lines` has every line merged into it. */
  line: number;
  lines: number[];
  name: string;
  pos: string;
  gloss: string;
  stem?: string;
  corpusCount?: number;
  source?: string;
};

export type LexiconParse = {
  /** A problem with the whole file (no usable header): nothing else is filled. */
  fileError?: string;
  /** The file's column each field was read from. */
  columns: Partial<Record<LexiconField, string>>;
  /** Data lines read (blank lines not counted). */
  lines: number;
  entries: LexiconEntry[];
  refused: LineNote[];
  /** Lines folded into an earlier entry with the same headword and part of speech. */
  merged: LineNote[];
  /** Tags written another way than the site writes them, and tags the site's legend does not name (kept). */
  tagsChanged: Array<{ from: string; to: string; lines: number[] }>;
  tagsUnknown: Array<{ tag: string; lines: number[] }>;
  /** Columns the lexicon has no field for, with the lines that had a value in them (not imported). */
  ignored: Array<{ column: string; lines: number[] }>;
  /** Headwords whose possessor prefix was written in braces ({n}gwis): the braces are removed (ngwis). */
  bracesRemoved: number[];
};

/** A gloss that only says the line repeats another entry: dropped when the entry has a real sense. */
const DUPLICATE_MARK = /^\{\s*duplicate( entry)?\s*\}$/i;

const columnKey = (c: string) =>
  c
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function mapColumns(columns: string[]) {
  const fields: Partial<Record<LexiconField, string>> = {};
  const ignored: string[] = [];
  for (const column of columns) {
    const field = (Object.keys(LEXICON_COLUMNS) as LexiconField[]).find((f) => LEXICON_COLUMNS[f].includes(columnKey(column)));
    if (field && !fields[field]) fields[field] = column;
    else if (column !== "") ignored.push(column);
  }
  return { fields, ignored };
}

type Row = {
  line: number;
  name: string;
  pos: string;
  gloss: string;
  stem?: string;
  corpusCount?: number;
  source?: string;
  /** The tag as the file wrote it, when it differs from `pos`; whether the site's legend names `pos`. */
  posWritten?: string;
  posKnown: boolean;
};

function readRow(raw: RawRow, fields: Partial<Record<LexiconField, string>>, out: LexiconParse): Row | LineNote {
  const get = (f: LexiconField) => (fields[f] ? normalizeText(cellText(raw.value[fields[f]!])) : "");
  // The first problem of each field; a cell that is not text (a JSON object or array) says so first.
  const problems = new Map<LexiconField, string>();
  const problem = (f: LexiconField, message: string) => problems.has(f) || problems.set(f, `${f}: ${message}`);
  for (const f of Object.keys(fields) as LexiconField[]) {
    const reason = notText(raw.value[fields[f]!]);
    if (reason) problem(f, `is not text (${reason})`);
  }
  const written = get("name");
  const name = written.includes("{") ? normalizeText(written.replace(/[{}]/g, "")) : written;
  const control = directionControlIn(name);
  if (!name) problem("name", "is required");
  else if (name.length > MAX.name) problem("name", `longer than ${MAX.name} characters`);
  else if (control) problem("name", `contains ${control}, a control character that changes the direction of text`);
  const pos = normalizePos(get("pos"));
  if (!pos.ok) problem("pos", pos.message);
  const gloss = get("gloss");
  if (gloss.length > MAX.gloss) problem("gloss", `longer than ${MAX.gloss} characters`);
  const stem = get("stem") || undefined;
  if (stem && stem.length > MAX.stem) problem("stem", `longer than ${MAX.stem} characters`);
  const stemControl = stem && directionControlIn(stem);
  if (stemControl) problem("stem", `contains ${stemControl}, a control character that changes the direction of text`);
  const source = get("source") || undefined;
  if (source && source.length > MAX.source) problem("source", `longer than ${MAX.source} characters`);
  const count = get("corpus_count");
  const corpusCount = count === "" ? undefined : Number(count);
  if (corpusCount !== undefined && !(Number.isInteger(corpusCount) && corpusCount >= 0)) {
    problem("corpus_count", "must be a whole number, 0 or more");
  }
  if (problems.size || !pos.ok) return { line: raw.line, message: [...problems.values()].join("; ") };
  if (name !== written) out.bracesRemoved.push(raw.line);
  const posWritten = pos.changed ? cellText(raw.value[fields.pos!]).trim() : undefined;
  return { line: raw.line, name, pos: pos.tag, gloss, stem, corpusCount, source, posWritten, posKnown: pos.known };
}

function noteTag(list: Map<string, number[]>, key: string, line: number) {
  const lines = list.get(key);
  if (lines) lines.push(line);
  else list.set(key, [line]);
}

/** Reads a lexicon file; see the module comment. */
export function parseLexiconText(content: string, format: "tsv" | "json"): LexiconParse {
  const table = readTable(content, format);
  const out: LexiconParse = {
    columns: {},
    lines: table.rows.length + table.errors.length,
    entries: [],
    refused: [...table.errors],
    merged: [],
    tagsChanged: [],
    tagsUnknown: [],
    ignored: [],
    bracesRemoved: [],
  };
  const { fields, ignored } = mapColumns(table.columns);
  out.columns = fields;
  if (table.columns.length === 0) {
    out.fileError = table.errors[0]?.message ?? "no header row";
    return out;
  }
  const keys = table.columns.map(columnKey);
  if (keys.includes("underlying_stem") && keys.includes("lexicon") && !fields.pos) {
    out.fileError = "this is a stems file (lemma, underlying_stem, lexicon): import it with `stems`, after the lexicon";
    return out;
  }
  const missing = REQUIRED.filter((f) => !fields[f]);
  if (missing.length) {
    out.fileError =
      missing.map((f) => `no ${f} column (expected one of: ${LEXICON_COLUMNS[f].join(", ")})`).join("; ") + `; the header has: ${table.columns.join(", ")}`;
    return out;
  }
  const ignoredLines = new Map(ignored.map((c) => [c, [] as number[]]));
  const changed = new Map<string, number[]>();
  const unknown = new Map<string, number[]>();
  const groups = new Map<string, Row[]>();
  for (const raw of table.rows) {
    for (const [column, lines] of ignoredLines) {
      if (cellText(raw.value[column]).trim() !== "" || notText(raw.value[column])) lines.push(raw.line);
    }
    const row = readRow(raw, fields, out);
    if (!("name" in row)) {
      out.refused.push(row);
      continue;
    }
    if (row.posWritten !== undefined) noteTag(changed, `${row.posWritten}\t${row.pos}`, raw.line);
    if (!row.posKnown) noteTag(unknown, row.pos, raw.line);
    const key = `${row.name}\t${row.pos}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const group of groups.values()) mergeGroup(group, out);
  out.entries.sort((a, b) => a.line - b.line);
  out.refused.sort((a, b) => a.line - b.line);
  out.merged.sort((a, b) => a.line - b.line);
  out.tagsChanged = [...changed].map(([k, lines]) => ({ from: k.split("\t")[0], to: k.split("\t")[1], lines }));
  out.tagsUnknown = [...unknown].map(([tag, lines]) => ({ tag, lines }));
  out.ignored = [...ignoredLines].filter(([, lines]) => lines.length).map(([column, lines]) => ({ column, lines }));
  return out;
}

/** One entry from the lines sharing a headword and part of speech, or their refusal when none has a gloss. */
function mergeGroup(group: Row[], out: LexiconParse) {
  const [first] = group;
  const label = `${first.name} (${first.pos})`;
  const real = group.filter((r) => r.gloss !== "" && !DUPLICATE_MARK.test(r.gloss));
  if (real.length === 0) {
    const marked = group.find((r) => r.gloss !== "");
    const others = group.length > 1 ? ` (lines ${group.map((r) => r.line).join(", ")})` : "";
    for (const r of group) {
      out.refused.push({
        line: r.line,
        message: marked
          ? `gloss: "${marked.gloss}" marks a copy of another entry, but no line with ${label} has a gloss of its own${others}`
          : `gloss: is required (no line with ${label} has a gloss${others})`,
      });
    }
    return;
  }
  const senses: string[] = [];
  const seen = new Map<string, number>();
  const entry: LexiconEntry = { line: first.line, lines: group.map((r) => r.line), name: first.name, pos: first.pos, gloss: "" };
  for (const r of group) {
    let note: string;
    const folded = r.gloss.toLowerCase();
    if (r.gloss === "") note = "it has no gloss of its own";
    else if (DUPLICATE_MARK.test(r.gloss)) note = `its gloss "${r.gloss}" marks it as a copy`;
    else if (seen.has(folded)) note = `same gloss as line ${seen.get(folded)}`;
    else {
      seen.set(folded, r.line);
      senses.push(r.gloss);
      note = "sense added";
    }
    for (const [field, value, kept] of [
      ["stem", r.stem, entry.stem],
      ["corpus_count", r.corpusCount, entry.corpusCount],
      ["source", r.source, entry.source],
    ] as const) {
      if (value !== undefined && kept !== undefined && value !== kept) note += `; its ${field} ${value} differs, ${kept} is kept`;
    }
    entry.stem ??= r.stem;
    entry.corpusCount ??= r.corpusCount;
    entry.source ??= r.source;
    if (r !== first) out.merged.push({ line: r.line, message: `merged into ${label} of line ${first.line}: ${note.replace(/^; /, "")}` });
  }
  entry.gloss = senses.join("; ");
  if (entry.gloss.length > MAX.gloss) {
    for (const r of group) out.refused.push({ line: r.line, message: `gloss: the senses of ${label} together are longer than ${MAX.gloss} characters` });
    out.merged = out.merged.filter((m) => !entry.lines.includes(m.line));
    return;
  }
  out.entries.push(entry);
}

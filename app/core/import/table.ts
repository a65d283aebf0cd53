/**
 * Reading import files into rows with their line numbers: tab-separated text with a header row, or a JSON array of
 * objects. Pure (text in, rows out): the import command and a browser import read files the same way.
 */

export type LineNote = { line: number; message: string };
export type RawRow = { line: number; value: Record<string, unknown> };
export type Table = {
  /** Column names as the file writes them, lower-cased (JSON: every key met, in order). */
  columns: string[];
  rows: RawRow[];
  /** Lines that could not be read as a row. */
  errors: LineNote[];
};

/** A row's cells by column: no prototype, so a column named "constructor" or "__proto__" is a column like any other. */
const row = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** Tab-separated with a header row; blank lines are skipped but keep their line numbers. */
export function readTsv(content: string): Table {
  const lines = content.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== "");
  if (headerIndex < 0) return { columns: [], rows: [], errors: [{ line: 1, message: "the file is empty (expected a header row)" }] };
  const columns = lines[headerIndex].split("\t").map((c) => c.trim().toLowerCase());
  const rows: RawRow[] = [];
  const errors: LineNote[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    const cells = lines[i].split("\t");
    if (cells.length > columns.length) {
      errors.push({ line: i + 1, message: `${cells.length} cells, but the header has ${columns.length} columns` });
      continue;
    }
    const value = row();
    columns.forEach((c, j) => {
      const cell = (cells[j] ?? "").trim();
      if (cell !== "" && !(c in value)) value[c] = cell;
    });
    rows.push({ line: i + 1, value });
  }
  return { columns, rows, errors };
}

/** A JSON array of objects; each item's line number is where it starts in the file. */
export function readJsonArray(content: string): Table {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    return { columns: [], rows: [], errors: [{ line: 1, message: `not valid JSON: ${(error as Error).message}` }] };
  }
  if (!Array.isArray(data)) return { columns: [], rows: [], errors: [{ line: 1, message: "expected a JSON array of objects" }] };
  const starts = topLevelItemLines(content);
  const columns = new Set<string>();
  const rows = data.map((item, i) => {
    const value = row();
    if (item && typeof item === "object" && !Array.isArray(item)) {
      for (const [key, v] of Object.entries(item)) {
        const column = key.trim().toLowerCase();
        columns.add(column);
        if (!(column in value)) value[column] = v;
      }
    }
    return { line: starts[i] ?? 1, value };
  });
  return { columns: [...columns], rows, errors: [] };
}

/** Line on which each top-level array item begins (tracks strings and nesting depth). */
function topLevelItemLines(content: string): number[] {
  const out: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectItem = false;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i];
    if (ch === "\n") line++;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectItem && !/\s/.test(ch) && ch !== "]") {
      out.push(line);
      expectItem = false;
    }
    if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") {
      depth++;
      if (depth === 1) expectItem = true;
    } else if (ch === "]" || ch === "}") depth--;
    else if (ch === "," && depth === 1) expectItem = true;
  }
  return out;
}

export function readTable(content: string, format: "tsv" | "json"): Table {
  return format === "json" ? readJsonArray(content) : readTsv(content);
}

/**
 * A cell as text ("" when absent); numbers and booleans as written. A JSON object or array is not text: it reads
 * as "" here, and `notText` gives the reason its line is refused (never `String()` of it, which can throw).
 */
export function cellText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** Why a cell is not text ("a JSON object", "a JSON array"), or null when it is text or absent. */
export function notText(value: unknown): string | null {
  if (value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value)) return null;
  return Array.isArray(value) ? "a JSON array" : "a JSON object";
}

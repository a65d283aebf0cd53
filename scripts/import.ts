/**
 * Imports language data into the local (default) or remote D1 database and R2 bucket.
 *
 *   npm run import -- <lexicon|stems|sentences|stories|forms|audio> <file> [--remote] [--persist-to <dir>]
 *                     [--strict] [--report <file.tsv>]
 *
 * Lexicon and stems files (the dictionary and the stems file as published, or the import format) are
 * read by app/core/import/: every line becomes an entry, is merged into one (homographs), or is
 * refused with its reason; the accepted lines are compared with the database and only what differs
 * is written, and the report lists every refused line (--strict: any refused line, nothing is
 * written; --report: every line that is not simply an entry, as TSV). The other kinds are all or
 * nothing: any bad row is reported with its line number and nothing is written.
 * The rows are written as one SQL file in one `wrangler d1 execute` (one D1 batch, which is a
 * transaction); audio files go to R2 before the database points at them. Statements are upserts
 * that only write when a value differs, so importing the same file twice changes nothing.
 * Formats: README.md "Importing language data"; shared code: scripts/import/formats.ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseLexiconText } from "../app/core/import/lexicon.ts";
import { planLexicon, type ExistingLexeme } from "../app/core/import/plan.ts";
import { lexiconReport, lineReport, stemsReport } from "../app/core/import/report.ts";
import { parseStemsText, planStems } from "../app/core/import/stems.ts";
import {
  IMPORT_KINDS,
  audioKeyFor,
  audioSql,
  checkLemmaRefs,
  formatErrors,
  formatOf,
  formsSql,
  lexiconPlanSql,
  parseAudio,
  parseForms,
  parseSentences,
  parseStories,
  resolveLemma,
  sentencesSql,
  stemsPlanSql,
  storiesSql,
  type AudioObject,
  type ImportKind,
  type KnownLexemes,
  type RowError,
} from "./import/formats.ts";
import { indexPendingKeys } from "./import/index-keys.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUCKET = "nishnaabemwin-audio";
/** Largest recording accepted (bytes). */
const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

type Target = { remote: boolean; persist: string[] };
type Options = { strict?: boolean; report?: string };

function wrangler(args: string[]) {
  const result = spawnSync("wrangler", args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: {
      ...process.env,
      PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  }
  return result.stdout;
}

const where = (t: Target) => (t.remote ? ["--remote"] : ["--local", ...t.persist]);

function knownLexemes(target: Target): KnownLexemes {
  const out = wrangler(["d1", "execute", "DB", ...where(target), "--json", "--command", "SELECT id, name, pos FROM lexemes"]);
  return JSON.parse(out)[0].results as KnownLexemes;
}

function existingLexemes(target: Target): ExistingLexeme[] {
  const sql = "SELECT id, name, pos, gloss, stem, search_key, source, corpus_count FROM lexemes";
  return JSON.parse(wrangler(["d1", "execute", "DB", ...where(target), "--json", "--command", sql]))[0].results as ExistingLexeme[];
}

/**
 * Every import also records itself in `edit_log` (no user): the newest edit_log row is the site's content
 * version, so cached public pages render afresh at the next request (ADR 015).
 */
function executeSql(target: Target, statements: string[]) {
  if (statements.length === 0) return;
  statements = [
    ...statements,
    `INSERT INTO edit_log (user_id, entity, entity_id, action, before, after) VALUES (NULL, 'import', 'import', 'import', NULL, '${JSON.stringify({ statements: statements.length })}')`,
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "nish-import-"));
  try {
    const file = path.join(dir, "import.sql");
    writeFileSync(file, statements.join(";\n") + ";\n");
    wrangler(["d1", "execute", "DB", ...where(target), "--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The stored search keys of the lexemes just written (ADR 026a). */
const indexKeys = (target: Target): number => indexPendingKeys(where(target));

class ImportError extends Error {}

function fail(file: string, errors: RowError[]): never {
  throw new ImportError(`${errors.length} bad row${errors.length === 1 ? "" : "s"} in ${file}; nothing was imported:\n${formatErrors(file, errors)}`);
}

function refusedStop(file: string, refused: RowError[], options: Options) {
  if (options.strict && refused.length) {
    throw new ImportError(
      `--strict: ${refused.length} refused line${refused.length === 1 ? "" : "s"} in ${file}; nothing was imported:\n${formatErrors(file, refused, Infinity)}`,
    );
  }
}

/** Validates the whole file, then writes it; returns what was written (for lexicon and stems, the report). */
export function runImport(kind: ImportKind, file: string, target: Target, options: Options = {}): string {
  if (!existsSync(file)) throw new ImportError(`No such file: ${file}`);
  const content = readFileSync(file, "utf8");
  const format = formatOf(file);
  const label = path.basename(file);

  switch (kind) {
    case "lexicon": {
      const parsed = parseLexiconText(content, format);
      if (parsed.fileError) throw new ImportError(`${label}: ${parsed.fileError}; nothing was imported.`);
      refusedStop(label, parsed.refused, options);
      const plan = planLexicon(existingLexemes(target), parsed, `import:${label}`);
      executeSql(target, lexiconPlanSql(plan));
      indexKeys(target);
      if (options.report) writeFileSync(options.report, lineReport({ refused: parsed.refused, merged: parsed.merged }));
      return lexiconReport(label, parsed, plan);
    }
    case "stems": {
      const parsed = parseStemsText(content);
      if (parsed.fileError) throw new ImportError(`${label}: ${parsed.fileError}; nothing was imported.`);
      const plan = planStems(existingLexemes(target), parsed);
      refusedStop(label, plan.refused, options);
      executeSql(target, stemsPlanSql(plan));
      indexKeys(target);
      if (options.report) writeFileSync(options.report, lineReport({ refused: plan.refused, merged: plan.merged }));
      return stemsReport(label, parsed, plan);
    }
    case "sentences": {
      const parsed = checkLemmaRefs(parseSentences(content, format), knownLexemes(target));
      if (parsed.errors.length) fail(label, parsed.errors);
      executeSql(target, sentencesSql(parsed.rows.map((r) => r.value)));
      return `${parsed.rows.length} sentences`;
    }
    case "stories": {
      if (format !== "json") throw new ImportError("Stories are imported from a .json file (an array of stories).");
      const parsed = parseStories(content);
      if (parsed.errors.length) fail(label, parsed.errors);
      executeSql(target, storiesSql(parsed.rows.map((r) => r.value)));
      return `${parsed.rows.length} stories`;
    }
    case "forms": {
      const parsed = checkLemmaRefs(parseForms(content, format), knownLexemes(target));
      if (parsed.errors.length) fail(label, parsed.errors);
      executeSql(target, formsSql(parsed.rows.map((r) => r.value)));
      return `${parsed.rows.length} forms`;
    }
    case "audio": {
      const parsed = parseAudio(content, format);
      const known = knownLexemes(target);
      const objects: Array<AudioObject & { path: string }> = [];
      for (const { line, value } of parsed.rows) {
        const audioPath = path.resolve(path.dirname(file), value.file);
        const lexeme = resolveLemma(known, value);
        if ("error" in lexeme) {
          parsed.errors.push({ line, message: lexeme.error });
          continue;
        }
        if (!existsSync(audioPath) || !statSync(audioPath).isFile()) {
          parsed.errors.push({ line, message: `no audio file at ${value.file}` });
          continue;
        }
        const size = statSync(audioPath).size;
        if (size === 0 || size > MAX_AUDIO_BYTES) {
          parsed.errors.push({ line, message: `${value.file} is ${size} bytes (allowed: 1 to ${MAX_AUDIO_BYTES})` });
          continue;
        }
        objects.push({
          ...audioKeyFor(lexeme.id, value.file),
          lexemeId: lexeme.id,
          size,
          speaker: value.speaker,
          recordedAt: value.recorded_at,
          path: audioPath,
        });
      }
      parsed.errors.sort((a, b) => a.line - b.line);
      if (parsed.errors.length) fail(label, parsed.errors);
      // R2 first: the database only ever points at objects that exist.
      for (const o of objects) {
        wrangler(["r2", "object", "put", `${BUCKET}/${o.key}`, "--file", o.path, "--content-type", o.contentType, ...where(target)]);
      }
      executeSql(target, audioSql(objects));
      return `${objects.length} recordings`;
    }
  }
}

function usage() {
  return `Usage: npm run import -- <${IMPORT_KINDS.join("|")}> <file> [--remote] [--persist-to <dir>] [--strict] [--report <file.tsv>]\n       npm run import -- index [--remote] [--persist-to <dir>]`;
}

function main() {
  const args = process.argv.slice(2);
  const remote = args.includes("--remote");
  const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const values = new Set(["--persist-to", "--report"].filter((f) => args.includes(f)).map((f) => args.indexOf(f) + 1));
  const persistTo = valueOf("--persist-to");
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  const report = valueOf("--report");
  const options: Options = { strict: args.includes("--strict"), report: report ? path.resolve(report) : undefined };
  const positional = args.filter((a, i) => !a.startsWith("--") && !values.has(i));
  const [kind, file] = positional;
  if (kind === "index") {
    // The keys of every pending lexeme, after moving the stored search data to this checkout's version when it is
    // older (a migration that marks every lexeme, a new SEARCH_DATA_VERSION, a failed write): docs/search.md.
    console.log(`Search keys written for ${indexKeys({ remote, persist })} lexemes.`);
    return;
  }
  if (!kind || !file || !(IMPORT_KINDS as readonly string[]).includes(kind)) {
    console.error(usage());
    process.exit(2);
  }
  if (remote && persist.length) {
    console.error("--persist-to is for the local database only.");
    process.exit(2);
  }
  try {
    const started = performance.now();
    const done = runImport(kind as ImportKind, path.resolve(file), { remote, persist }, options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (kind === "lexicon" || kind === "stems") {
      console.log(`${done}\nImported into the ${remote ? "remote" : "local"} database in ${seconds} s.`);
      if (options.report) console.log(`Every refused and merged line: ${options.report}`);
    } else {
      console.log(`Imported ${done} into the ${remote ? "remote" : "local"} database (unchanged rows were left as they were).`);
    }
  } catch (error) {
    console.error(error instanceof ImportError ? error.message : error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

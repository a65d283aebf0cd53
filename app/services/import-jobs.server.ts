/**
 * Admins' imports in the browser (issue 38, ADR 023): a dictionary (lexicon) or stems file, read by the import
 * command's own parser and plan (app/core/import/).
 * - The dry run plans the whole file against the database and writes nothing.
 * - Applying a file that has something to write stores it in R2 under `imports/` (never served) and makes an import
 *   job of batches of IMPORT_BATCH_ROWS entries. A file of one batch is written in the request; a larger one goes
 *   through the jobs queue, one `import-batch` message per batch, and the admin watches its progress.
 * - A batch reads the stored file (checked against its hash), takes its slice of the entries, plans that slice
 *   against the rows it names as they are now and writes the plan with its mark in one D1 batch (a transaction):
 *   a batch that runs again, or a file imported again, has nothing left to write. A batch that fails marks the job
 *   failed; "Resume" sends the batches that have no mark again.
 * - The job's one edit_log row is written by the batch that completes it (the content version: ADR 015).
 */
import type { Db } from "../../db/client";
import {
  commitImportBatch,
  createImportJob,
  doneBatches,
  getImportJob,
  markImportJob,
  unfinishedJobFor,
  type ImportJob,
  type ImportJobKind,
} from "../../db/queries/import-jobs";
import { existingLexemes, lexemesByKeys, lexiconPlanWrites, stemsPlanWrites } from "../../db/queries/lexicon-import";
import { indexPendingLexemes } from "./lexicon.server";
import { parseLexiconText, type LexiconEntry, type LexiconParse } from "../core/import/lexicon";
import { lexemeKey, planLexicon } from "../core/import/plan";
import { lexiconReport, stemsReport } from "../core/import/report";
import { parseStemsText, planStems, type StemRow, type StemsParse } from "../core/import/stems";
import type { JobMessage } from "./job-messages.server";
import type { Bindings } from "./bindings.server";
import { BoundedCache } from "./bounded-cache.server";
import { forgetContentVersion } from "./page-cache.server";
import { sha256Hex } from "../utils/sha256";

/** The largest file an admin may import (the whole dictionary file is under 1 MB; room for larger ones). */
export const MAX_IMPORT_FILE_BYTES = 8 * 1024 * 1024;
/** Entries (lexicon) or stems per batch: one D1 transaction of a few statements. */
export const IMPORT_BATCH_ROWS = 500;
/** Files of at most this many batches are written in the request that applies them (no queue, no waiting). */
const IN_REQUEST_BATCHES = 1;
/** Lines listed of what a dry run of a stems file would set. */
const STEMS_SHOWN = 50;

type Format = "tsv" | "json";
type Read =
  | { kind: "lexicon"; fileError?: string; parse: LexiconParse; units: LexiconEntry[] }
  | { kind: "stems"; fileError?: string; parse: StemsParse; units: StemRow[] };

/** The entries of a file in order: a stems file's first line per entry (the later ones are reported, not used). */
function readImportFile(kind: ImportJobKind, text: string, format: Format): Read {
  if (kind === "lexicon") {
    const parse = parseLexiconText(text, format);
    return { kind, fileError: parse.fileError, parse, units: parse.entries };
  }
  const parse = parseStemsText(text);
  const seen = new Set<string>();
  const units = parse.rows.filter((r) => !seen.has(lexemeKey(r.name, r.pos)) && seen.add(lexemeKey(r.name, r.pos)));
  return { kind, fileError: parse.fileError, parse, units };
}

export type DryRun = { fileError?: string; report: string; writes: number; refused: number; lines: number; units: number };

/** What the file would change, with the report the admin reads; nothing is written. */
export async function dryRunImport(db: Db, kind: ImportJobKind, text: string, format: Format, name: string): Promise<DryRun> {
  const read = readImportFile(kind, text, format);
  if (read.fileError) return { fileError: `${name}: ${read.fileError}`, report: "", writes: 0, refused: 0, lines: 0, units: 0 };
  const base = { lines: read.parse.lines, units: read.units.length };
  if (read.kind === "lexicon") {
    const plan = planLexicon(await existingLexemes(db), read.parse, `import:${name}`);
    const writes = plan.added.length + plan.changed.length;
    return { ...base, report: lexiconReport(name, read.parse, plan), writes, refused: read.parse.refused.length };
  }
  const existing = await existingLexemes(db);
  const plan = planStems(existing, read.parse);
  const byId = new Map(existing.map((r) => [r.id, r]));
  const set = plan.updates.slice(0, STEMS_SHOWN).map((u) => {
    const row = byId.get(u.id)!;
    return `  ${name}:${u.line}: ${row.name} (${row.pos}): stem ${row.stem ?? "(none)"} → ${u.stem}`;
  });
  const listed = plan.updates.length
    ? [`Stems to set (${plan.updates.length}):`, ...set, ...(plan.updates.length > STEMS_SHOWN ? [`  … and ${plan.updates.length - STEMS_SHOWN} more`] : [])]
    : [];
  return { ...base, report: [stemsReport(name, read.parse, plan), ...listed].join("\n"), writes: plan.updates.length, refused: plan.refused.length };
}

type Enqueue = (messages: Array<{ body: JobMessage }>) => Promise<unknown>;
type JobBindings = Pick<Bindings, "db" | "audio" | "jobs">;

const queueOf =
  (queue: Queue): Enqueue =>
  (messages) =>
    queue.sendBatch(messages);

async function enqueueBatches(job: ImportJob, batches: number[], enqueue: Enqueue) {
  for (let i = 0; i < batches.length; i += 100) {
    await enqueue(batches.slice(i, i + 100).map((batch) => ({ body: { version: 1, type: "import-batch", jobId: job.id, batch } })));
  }
}

export type StartResult = { fileError: string } | { nothing: DryRun } | { jobId: number };

/**
 * Applies a file: nothing to write → `nothing` (no job, no audit row); an unfinished job for the same file → that
 * job; otherwise a new job, written here when it is one batch and queued when it is more.
 */
export async function startImport(
  { db, audio, jobs }: JobBindings,
  file: { kind: ImportJobKind; name: string; format: Format; bytes: ArrayBuffer; userId: number },
): Promise<StartResult> {
  const fileHash = await sha256Hex(file.bytes);
  const open = await unfinishedJobFor(db, file.kind, fileHash);
  if (open) return { jobId: open.id };
  const text = new TextDecoder().decode(file.bytes);
  const dry = await dryRunImport(db, file.kind, text, file.format, file.name);
  if (dry.fileError) return { fileError: dry.fileError };
  if (dry.writes === 0) return { nothing: dry };
  const fileKey = `imports/${crypto.randomUUID()}.${file.format}`;
  // R2 first: a job only ever points at a file that is there.
  await audio.put(fileKey, file.bytes, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
  const job = await createImportJob(db, {
    kind: file.kind,
    fileName: file.name,
    fileHash,
    fileKey,
    format: file.format,
    totalLines: dry.lines,
    totalBatches: Math.ceil(dry.units / IMPORT_BATCH_ROWS),
    refused: dry.refused,
    report: dry.report,
    userId: file.userId,
  });
  if (job.totalBatches <= IN_REQUEST_BATCHES) {
    for (let batch = 0; batch < job.totalBatches; batch++) await runImportBatch({ db, audio }, job.id, batch);
  } else {
    await enqueueBatches(
      job,
      Array.from({ length: job.totalBatches }, (_, i) => i),
      queueOf(jobs),
    );
  }
  return { jobId: job.id };
}

/** Sends again the batches of an unfinished job that have no mark; the job is queued again. */
export async function resumeImport({ db, jobs }: Pick<JobBindings, "db" | "jobs">, jobId: number, enqueue: Enqueue = queueOf(jobs)) {
  const job = await getImportJob(db, jobId);
  if (!job || job.status === "done") return job;
  const done = await doneBatches(db, job.id);
  const left = Array.from({ length: job.totalBatches }, (_, i) => i).filter((b) => !done.has(b));
  await markImportJob(db, job.id, "queued");
  await enqueueBatches(job, left, enqueue);
  return getImportJob(db, job.id);
}

/**
 * The parses of the files batches read, by kind, format and hash: the batches of one job arrive together in one
 * isolate, so the file is fetched, checked and parsed once, not once per batch.
 */
const reads = new BoundedCache<string, Read>("parsed import files", { entries: 2 });

async function readStoredFile(audio: R2Bucket, job: ImportJob): Promise<Read> {
  const key = `${job.kind}:${job.format}:${job.fileHash}`;
  const kept = reads.get(key);
  if (kept) return kept;
  const object = await audio.get(job.fileKey);
  if (!object) throw new Error("the stored file is gone; apply the file again");
  const bytes = await object.arrayBuffer();
  if ((await sha256Hex(bytes)) !== job.fileHash) throw new Error("the stored file is not the file that was applied");
  const read = readImportFile(job.kind, new TextDecoder().decode(bytes), job.format);
  if (read.fileError) throw new Error(read.fileError);
  return reads.set(key, read);
}

/**
 * Writes one batch of a job (see the module comment). A batch already written, of a finished or unknown job, or
 * past the end writes nothing. A failure marks the job failed with its reason and is not thrown: "Resume" retries.
 */
export async function runImportBatch(
  { db, audio }: Pick<JobBindings, "db" | "audio">,
  jobId: number,
  batch: number,
): Promise<"written" | "skipped" | "failed"> {
  const job = await getImportJob(db, jobId);
  if (!job || job.status === "done" || batch >= job.totalBatches) return "skipped";
  if ((await doneBatches(db, jobId, [batch])).has(batch)) return "skipped";
  try {
    const read = await readStoredFile(audio, job);
    const now = Date.now();
    const from = batch * IMPORT_BATCH_ROWS;
    const mark = { jobId, batch, added: 0, changed: 0 };
    let writes;
    if (read.kind === "lexicon") {
      const entries = read.units.slice(from, from + IMPORT_BATCH_ROWS);
      const plan = planLexicon(await lexemesByKeys(db, entries), { ...read.parse, entries }, `import:${job.fileName}`);
      writes = lexiconPlanWrites(db, plan, now);
      Object.assign(mark, { added: plan.added.length, changed: plan.changed.length });
    } else {
      const rows = read.units.slice(from, from + IMPORT_BATCH_ROWS);
      const plan = planStems(await lexemesByKeys(db, rows), { ...read.parse, rows, refused: [] });
      writes = stemsPlanWrites(db, plan.updates, now);
      mark.changed = plan.updates.length;
    }
    await commitImportBatch(db, writes, mark);
    // The batch's entries become searchable by their stored keys (ADR 026a); until then requests read the lexicon whole.
    // Bounded: after a new engine version every entry is pending, and the scheduled work writes the rest (ADR 034).
    await indexPendingLexemes(db, 2 * IMPORT_BATCH_ROWS);
    const after = await getImportJob(db, jobId);
    if (after?.status === "done") {
      forgetContentVersion();
      await audio.delete(job.fileKey);
    }
    return "written";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error("import-batch-failed", { jobId, batch, error: reason });
    await markImportJob(db, jobId, "failed", `Batch ${batch + 1} of ${job.totalBatches}: ${reason}`.slice(0, 500));
    return "failed";
  }
}

/**
 * The stored search data keeps itself current (ADR 034). Every 5 minutes the cron moves it to the code's version when
 * it is older (every lexeme marked pending: a new engine re-derives everything) and, while lexemes are pending, asks
 * the jobs queue to write their keys: one message writes INDEX_BATCH lexemes and asks for the next, until none is
 * left. No operator command is needed; `npm run import -- index` still does it at once.
 */
import { pendingCount } from "../../db/queries/lexicon-keys";
import { bringSearchDataCurrent } from "../../db/queries/search-data";
import type { Bindings } from "./bindings.server";
import type { JobMessage } from "./job-messages.server";
import { indexPendingLexemes } from "./lexicon.server";

/** Lexemes one job message indexes: about a second of the isolate, so pages are never held up for long. */
export const INDEX_BATCH = 500;

const INDEX_MESSAGE: JobMessage = { version: 1, type: "index-pending" };

/** The cron's step: the version brought current, and the job asked for while lexemes are pending. */
export async function keepSearchDataCurrent({ db, jobs }: Pick<Bindings, "db" | "jobs">): Promise<{ rederived: boolean; pending: number }> {
  const rederived = await bringSearchDataCurrent(db);
  const pending = await pendingCount(db);
  if (rederived) console.info("search-data-rederive", { pending });
  if (pending > 0) await jobs.send(INDEX_MESSAGE);
  return { rederived, pending };
}

/**
 * The job: one batch of pending lexemes indexed, and the next asked for while some are left and this batch settled
 * some (an isolate of an older deploy settles none under a newer version: it stops, and the cron asks the newer one).
 */
export async function runIndexJob({ db, jobs }: Pick<Bindings, "db" | "jobs">): Promise<{ written: number; left: number }> {
  const before = await pendingCount(db);
  const written = await indexPendingLexemes(db, INDEX_BATCH);
  const left = await pendingCount(db);
  if (written > 0 && left > 0 && left < before) await jobs.send(INDEX_MESSAGE);
  return { written, left };
}

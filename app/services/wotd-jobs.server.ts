/**
 * Cron entry. `0 12 * * *` (wrangler.toml) is the daily Word of the Day job: it only picks and stores the
 * day's word and enqueues the sends, at most 100 confirmed subscribers per message; the queue consumer
 * (email-queue.server.ts) renders and sends. The five-minute cron keeps the derived data current (search data, page words).
 * @see docs/decisions/007-word-of-the-day-delivery.md
 */
import { askForMissingExamples } from "./course-jobs.server";
import { forgetContentVersion } from "./page-cache.server";
import { askForPageWordsIfBehind } from "./page-words.server";
import { keepSearchDataCurrent } from "./search-data.server";
import type { Bindings } from "./bindings.server";
import { recordJobRun } from "../../db/queries/jobs";
import { listConfirmedSubscriberIds, pickWordOfTheDay } from "../../db/queries/wotd";
import { WOTD_BATCH_SIZE, type JobMessage } from "./job-messages.server";

export const WOTD_CRON = "0 12 * * *";
/**
 * Every few minutes: the stored search data (a new engine version, pending keys: search-data.server.ts) and the stored
 * page words catch up with writes that asked for nothing (the import command, a migration, a deploy).
 */
export const CATCH_UP_CRON = "*/5 * * * *";

/** Subscriber ids read per query; each page becomes up to 100 queue messages (one sendBatch call). */
const PAGE_SIZE = WOTD_BATCH_SIZE * 100;

export function dayOf(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10);
}

export async function runScheduled(
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  bindings: Pick<Bindings, "config" | "db" | "queue" | "jobs">,
) {
  switch (controller.cron) {
    case WOTD_CRON: {
      const day = dayOf(controller.scheduledTime);
      const result = await runWordOfTheDay(bindings, day);
      console.info("wotd-pick", { day, ...result });
      // Lessons without example sentences ask the editors for some (never from a visitor's GET).
      const asked = await askForMissingExamples(bindings);
      if (asked.length) console.info("lessons-without-examples", { asked });
      return;
    }
    case CATCH_UP_CRON: {
      // The stored search data first (ADR 034), then the page words, which read it.
      await keepSearchDataCurrent(bindings);
      if (await askForPageWordsIfBehind(bindings)) console.info("page-words-asked", { by: "cron" });
      return;
    }
    default:
      console.warn("scheduled-unknown-cron", { cron: controller.cron });
  }
}

type Enqueue = (messages: Array<{ body: JobMessage }>) => Promise<unknown>;

/**
 * Picks the day's word and enqueues its sends. Running it twice the same day is harmless (unique deliveries).
 * `enqueue` defaults to the email queue; tests and the bench pass their own.
 */
export async function runWordOfTheDay({ db, queue }: Pick<Bindings, "db" | "queue">, day: string, enqueue: Enqueue = (messages) => queue.sendBatch(messages)) {
  const pick = await pickWordOfTheDay(db, day);
  // A new pick is a new content version (db/queries/content-version.ts): this isolate reads it at its next page.
  forgetContentVersion();
  if (!pick) {
    await recordJobRun(db, "wotd-pick", `${day}:none`);
    return { lexemeId: null, subscribers: 0, messages: 0 };
  }
  let afterId = 0;
  let subscribers = 0;
  let messages = 0;
  for (;;) {
    const ids = await listConfirmedSubscriberIds(db, afterId, PAGE_SIZE);
    if (ids.length === 0) break;
    const batch: Array<{ body: JobMessage }> = [];
    for (let i = 0; i < ids.length; i += WOTD_BATCH_SIZE) {
      batch.push({ body: { version: 1, type: "wotd-send", day, subscriberIds: ids.slice(i, i + WOTD_BATCH_SIZE) } });
    }
    await enqueue(batch);
    subscribers += ids.length;
    messages += batch.length;
    afterId = ids[ids.length - 1];
    if (ids.length < PAGE_SIZE) break;
  }
  await recordJobRun(db, "wotd-pick", `${day}:${pick.lexemeId}`);
  return { lexemeId: pick.lexemeId, subscribers, messages };
}

/**
 * Cron entry. `0 12 * * *` (wrangler.toml) is the daily Word of the Day job: it only
 * picks and stores the day's word and enqueues the sending work; the queue consumer sends.
 */
import { createDb } from "../../db/client";
import { pickWordOfTheDay } from "../../db/queries/wotd";
import { recordJobRun } from "../../db/queries/jobs";
import type { JobMessage } from "./messages";

export const WOTD_CRON = "0 12 * * *";

export function dayOf(time: number | Date): string {
  return new Date(time).toISOString().slice(0, 10);
}

export async function runScheduled(
  controller: Pick<ScheduledController, "cron" | "scheduledTime">,
  env: Env,
  _ctx: ExecutionContext,
) {
  const db = createDb(env.DB);
  switch (controller.cron) {
    case WOTD_CRON: {
      const day = dayOf(controller.scheduledTime);
      const pick = await pickWordOfTheDay(db, day);
      await recordJobRun(db, "wotd-pick", pick ? `${day}:${pick.lexemeId}` : `${day}:none`);
      if (pick) {
        const message: JobMessage = { version: 1, type: "wotd-day", day };
        await env.EMAIL_QUEUE.send(message);
      }
      console.info("wotd-pick", { day, lexemeId: pick?.lexemeId ?? null });
      return;
    }
    default:
      console.warn("scheduled-unknown-cron", { cron: controller.cron });
  }
}

/**
 * Queue consumer for the email queue. Each message is parsed from `unknown`;
 * malformed messages are acknowledged and logged (retrying cannot fix them).
 */
import { createDb } from "../../db/client";
import { recordJobRun } from "../../db/queries/jobs";
import { JobMessageSchema } from "./messages";

export async function handleEmailBatch(batch: MessageBatch<unknown>, env: Env) {
  const db = createDb(env.DB);
  let handled = 0;
  let rejected = 0;
  for (const message of batch.messages) {
    const parsed = JobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      rejected++;
      console.error("email-queue-bad-message", { id: message.id, issues: parsed.error.issues.length });
      message.ack();
      continue;
    }
    try {
      switch (parsed.data.type) {
        case "wotd-day":
          // Sending to subscribers lands with the Word of the Day issue; for now the
          // consumer records that the day's job reached it.
          await recordJobRun(db, "wotd-day-received", parsed.data.day);
          break;
      }
      handled++;
      message.ack();
    } catch (error) {
      console.error("email-queue-failed", { id: message.id, error: String(error) });
      message.retry({ delaySeconds: 60 });
    }
  }
  console.info("email-batch", { handled, rejected });
}

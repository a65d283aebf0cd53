/**
 * The consumer of both queues (wrangler.toml): the mail queue (the Word of the Day, confirmations, contact messages)
 * and the jobs queue (an admin import's batches, the stored page words, the offline dictionary, the search keys of
 * pending entries: one message per delivery, so a long job holds up neither mail nor pages for long). A message is
 * handled by its type, whichever queue brought it. Each message is parsed from `unknown`; malformed messages are
 * acknowledged and logged (retrying cannot fix them). Transient failures are retried with exponential backoff; after
 * the queue's last retry the message goes to that queue's dead-letter queue (wrangler.toml `dead_letter_queue`).
 * @see docs/decisions/007-word-of-the-day-delivery.md
 */
import type { Db } from "../../db/client";
import { getContactMessage } from "../../db/queries/contact";
import { hasJobRun, recordJobRun } from "../../db/queries/jobs";
import { claimDeliveries, getWotdContent, settleDeliveries } from "../../db/queries/wotd";
import { clickTokenFor, unsubscribeTokenFor } from "./email-tokens.server";
import { getMailTransport, type MailTransport } from "./mail.server";
import type { Config } from "./config.server";
import type { Bindings } from "./bindings.server";
import { renderAlreadySubscribedEmail, renderConfirmEmail, renderContactEmail, renderWotdEmail, siteInfo } from "./emails.server";
import { runImportBatch } from "./import-jobs.server";
import { buildPack } from "./offline-dictionary.server";
import { buildPageWords } from "./page-words.server";
import { runIndexJob } from "./search-data.server";
import { JobMessageSchema, type JobMessage } from "./job-messages.server";

export type ConsumerDeps = { mailer: MailTransport };

/** Seconds before the n-th retry: 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** How many sends run at once (Workers allow six open connections per invocation). */
const SEND_CONCURRENCY = 6;

/** What the consumer uses of the Worker: the database, the configuration, R2 (import files) and the queue. */
type ConsumerBindings = Pick<Bindings, "db" | "config" | "audio" | "queue" | "jobs">;

type Outcome = { retry: boolean; sent: number; failed: number };

export async function handleQueueBatch(batch: MessageBatch<unknown>, bindings: ConsumerBindings, deps?: ConsumerDeps) {
  const mailer = deps?.mailer ?? getMailTransport(bindings.config);
  const totals = { handled: 0, rejected: 0, retried: 0, sent: 0, failed: 0 };
  for (const message of batch.messages) {
    const parsed = JobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      totals.rejected++;
      console.error("queue-bad-message", { id: message.id, issues: parsed.error.issues.length });
      message.ack();
      continue;
    }
    let outcome: Outcome;
    try {
      outcome = await handleJob(bindings, mailer, parsed.data);
    } catch (error) {
      console.error("queue-job-failed", { id: message.id, type: parsed.data.type, error: String(error) });
      outcome = { retry: true, sent: 0, failed: 0 };
    }
    totals.sent += outcome.sent;
    totals.failed += outcome.failed;
    if (outcome.retry) {
      totals.retried++;
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    } else {
      totals.handled++;
      message.ack();
    }
  }
  console.info("queue-batch", { queue: batch.queue, ...totals });
  return totals;
}

async function handleJob(bindings: ConsumerBindings, mailer: MailTransport, job: JobMessage): Promise<Outcome> {
  const { db, config } = bindings;
  switch (job.type) {
    case "wotd-send":
      return sendDailyEmails(db, config, mailer, job.day, job.subscriberIds);
    case "wotd-confirm":
      return sendOnce(db, `wotd-confirm-sent`, `${job.subscriberId}:${job.sendId ?? job.token.slice(0, 12)}`, () =>
        mailer.send(renderConfirmEmail(siteInfo(config), { email: job.email, token: job.token })),
      );
    case "wotd-already": {
      const unsubscribeToken = await unsubscribeTokenFor(config, job.email);
      return sendOnce(db, "wotd-already-sent", `${job.subscriberId}:${job.sendId}`, () =>
        mailer.send(renderAlreadySubscribedEmail(siteInfo(config), { email: job.email, unsubscribeToken })),
      );
    }
    case "contact": {
      const stored = await getContactMessage(db, job.contactMessageId);
      if (!stored) return { retry: false, sent: 0, failed: 1 };
      const to = config.contactEmail;
      return sendOnce(db, "contact-mail-sent", String(stored.id), () => mailer.send(renderContactEmail(siteInfo(config), to, stored)));
    }
    case "import-batch":
      // A failed batch marks its job failed (the admin resumes it) instead of coming back here later.
      await runImportBatch(bindings, job.jobId, job.batch);
      return { retry: false, sent: 0, failed: 0 };
    case "offline-pack": {
      // A failure throws and is retried with backoff; a stale version or one already built is done.
      const started = Date.now();
      const outcome = await buildPack(bindings, job.packVersion);
      console.info("offline-pack", { version: job.packVersion, outcome, ms: Date.now() - started });
      return { retry: false, sent: 0, failed: 0 };
    }
    case "index-pending": {
      // A failure throws and is retried with backoff; the cron asks again in 5 minutes anyway.
      const started = Date.now();
      const result = await runIndexJob(bindings);
      console.info("index-pending", { ...result, ms: Date.now() - started });
      return { retry: false, sent: 0, failed: 0 };
    }
    case "page-words": {
      // A failure throws and is retried with backoff; a message for a version the lexicon has left is dropped.
      const started = Date.now();
      const result = await buildPageWords(bindings, job.lexiconVersion);
      console.info("page-words", { ...result, ms: Date.now() - started });
      return { retry: false, sent: 0, failed: 0 };
    }
  }
}

/** One-off mails: a job_runs row records the send, so a redelivered message does not mail twice. */
async function sendOnce(db: Db, job: string, detail: string, send: () => ReturnType<MailTransport["send"]>): Promise<Outcome> {
  if (await hasJobRun(db, job, detail)) return { retry: false, sent: 0, failed: 0 };
  const result = await send();
  if (result.status === "sent") {
    await recordJobRun(db, job, detail);
    return { retry: false, sent: 1, failed: 0 };
  }
  console.warn("email-send-failed", { job, transient: result.transient, error: result.message });
  return { retry: result.transient, sent: 0, failed: 1 };
}

/**
 * The daily email for one batch of subscribers. Claiming the (day, subscriber) rows first makes a
 * redelivered or concurrent message harmless; anything claimed but not sent is released as failed.
 */
async function sendDailyEmails(db: Db, config: Config, mailer: MailTransport, day: string, subscriberIds: number[]): Promise<Outcome> {
  const word = await getWotdContent(db, day);
  if (!word) throw new Error(`No word picked for ${day}`);
  const claimed = await claimDeliveries(db, day, subscriberIds);
  const site = siteInfo(config);
  const sent: number[] = [];
  const failures: Array<{ id: number; permanent: boolean; message: string }> = [];
  let next = 0;
  try {
    const worker = async () => {
      while (next < claimed.length) {
        const recipient = claimed[next++];
        const unsubscribeToken = await unsubscribeTokenFor(config, recipient.email);
        const clickToken = await clickTokenFor(config, recipient.id);
        const result = await mailer.send(renderWotdEmail(site, word, { email: recipient.email, unsubscribeToken, clickToken }));
        if (result.status === "sent") sent.push(recipient.id);
        else failures.push({ id: recipient.id, permanent: !result.transient, message: result.message });
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, worker));
  } finally {
    const settled = new Set([...sent, ...failures.map((f) => f.id)]);
    for (const recipient of claimed) {
      if (!settled.has(recipient.id)) failures.push({ id: recipient.id, permanent: false, message: "interrupted" });
    }
    await settleDeliveries(db, day, sent, failures);
  }
  const transient = failures.filter((f) => !f.permanent).length;
  return { retry: transient > 0, sent: sent.length, failed: failures.length };
}

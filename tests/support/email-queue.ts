/**
 * For Worker tests (inside workerd) that put messages on the real local email queue. The queue delivers in
 * batches (wrangler.toml: up to 10 messages, at most 5 s later) to the consumer in this same isolate; a file
 * must let it drain before its storage goes away, or the next test file's run can stall.
 */
import { env } from "cloudflare:workers";
import { waitFor } from "./wait-for";

/**
 * Waits until the queue is drained: its backlog is empty (every message was handed to the consumer) and
 * `handled()` is true (the consumer has finished them, as seen in what it writes, e.g. `job_runs`).
 * Messages waiting for a delayed retry are not in the backlog and are not waited for.
 */
export async function waitForEmailQueueDrain(handled: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  await waitFor(async () => (await env.EMAIL_QUEUE.metrics()).backlogCount === 0 && (await handled()), {
    timeoutMs,
    intervalMs: 200,
    message: "the email queue did not drain (backlog left, or the consumer did not finish the messages)",
  });
}

/** How many rows `sql` counts (a `SELECT COUNT(*) AS n …`). */
export async function countRows(sql: string) {
  return (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;
}

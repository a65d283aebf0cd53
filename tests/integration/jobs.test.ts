import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { expect, test } from "vitest";



async function seedLexeme(name: string) {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is tested')",
  )
    .bind(name, name)
    .run();
}

test("the daily cron picks one word for the day, stores it and enqueues the day's job", async () => {
  await seedLexeme("jobtest-a");
  await seedLexeme("jobtest-b");
  const scheduledTime = Date.UTC(2031, 0, 15, 12);
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "0 12 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);

  const pick = await env.DB.prepare("SELECT lexeme_id FROM wotd_picks WHERE day = '2031-01-15'").first<{ lexeme_id: number }>();
  expect(pick?.lexeme_id).toBeGreaterThan(0);
  const run = await env.DB.prepare("SELECT detail FROM job_runs WHERE job = 'wotd-pick' AND detail LIKE '2031-01-15:%'").first();
  expect(run).toEqual({ detail: `2031-01-15:${pick!.lexeme_id}` });

  // Running again the same day keeps the same word.
  const again = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: scheduledTime + 1000, cron: "0 12 * * *" }), env, again);
  await waitOnExecutionContext(again);
  const picks = await env.DB.prepare("SELECT lexeme_id FROM wotd_picks WHERE day = '2031-01-15'").all();
  expect(picks.results).toEqual([{ lexeme_id: pick!.lexeme_id }]);
});

test("the next day picks a word not used yet", async () => {
  await seedLexeme("jobtest-a");
  await seedLexeme("jobtest-b");
  for (const day of [16, 17]) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.UTC(2032, 0, day, 12), cron: "0 12 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const rows = await env.DB.prepare("SELECT lexeme_id FROM wotd_picks WHERE day IN ('2032-01-16', '2032-01-17')").all<{ lexeme_id: number }>();
  expect(rows.results).toHaveLength(2);
  expect(rows.results[0].lexeme_id).not.toBe(rows.results[1].lexeme_id);
});

test("the email queue consumer handles the day's message and acks a malformed one without retrying", async () => {
  const batch = createMessageBatch("nishnaabemwin-email", [
    { id: "good", timestamp: new Date(), attempts: 1, body: { version: 1, type: "wotd-day", day: "2033-03-03" } },
    { id: "bad", timestamp: new Date(), attempts: 1, body: { version: 1, type: "wotd-day", day: "tomorrow" } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.explicitAcks.sort()).toEqual(["bad", "good"]);
  expect(result.retryMessages).toEqual([]);
  const run = await env.DB.prepare("SELECT detail FROM job_runs WHERE job = 'wotd-day-received' AND detail = '2033-03-03'").first();
  expect(run).toEqual({ detail: "2033-03-03" });
});

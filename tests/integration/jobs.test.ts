import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { expect, test } from "vitest";
import { getRecordedMail } from "../../app/services/mail.server";

async function seedLexeme(name: string) {
  await env.DB.prepare("INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is tested')").bind(name, name).run();
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

test("the picker prefers a word with a recording and an example sentence", async () => {
  // A fresh word has been used fewer times than every word picked above, and it is the only one with both.
  const name = `jobtest-rich-${crypto.randomUUID().slice(0, 8)}`;
  const audio = await env.DB.prepare("INSERT INTO audio_objects (key, content_type, size) VALUES (?, 'audio/mpeg', 1) RETURNING id")
    .bind(`audio/${name}.mp3`)
    .first<{ id: number }>();
  const lexeme = await env.DB.prepare(
    "INSERT INTO lexemes (name, search_key, pos, gloss, audio_id) VALUES (?, ?, 'vai', 's/he is rich in examples', ?) RETURNING id",
  )
    .bind(name, name, audio!.id)
    .first<{ id: number }>();
  const sentence = await env.DB.prepare("INSERT INTO sentences (text, trans) VALUES (?, 'An example.') RETURNING id")
    .bind(`${name} sentence`)
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO sentence_lexemes (sentence_id, lexeme_id) VALUES (?, ?)").bind(sentence!.id, lexeme!.id).run();

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.UTC(2034, 5, 1, 12), cron: "0 12 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
  const pick = await env.DB.prepare("SELECT lexeme_id FROM wotd_picks WHERE day = '2034-06-01'").first<{ lexeme_id: number }>();
  expect(pick?.lexeme_id).toBe(lexeme!.id);
});

test("the email queue consumer sends a confirmation once even when it is delivered twice, and acks a malformed message", async () => {
  const email = `jobs-${crypto.randomUUID()}@example.org`;
  const body: unknown = { version: 1, type: "wotd-confirm", subscriberId: 999_999, email, token: "t".repeat(43) };
  const batch = createMessageBatch<unknown>("nishnaabemwin-email", [
    { id: "good", timestamp: new Date(), attempts: 1, body },
    { id: "again", timestamp: new Date(), attempts: 2, body },
    { id: "bad", timestamp: new Date(), attempts: 1, body: { version: 1, type: "wotd-send", day: "tomorrow", subscriberIds: [] } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.explicitAcks.sort()).toEqual(["again", "bad", "good"]);
  expect(result.retryMessages).toEqual([]);
  const mails = getRecordedMail().filter((m) => m.to === email);
  expect(mails).toHaveLength(1);
  expect(mails[0].text).toContain(`/confirm-email?t=${"t".repeat(43)}`);
});

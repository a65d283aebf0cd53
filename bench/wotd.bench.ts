/**
 * Word of the Day at scale (issue 5 §8): 100,000 confirmed subscribers in a local D1, one daily run
 * through the local queue (wrangler dev, workerd) into the recording mailer (MAIL_TRANSPORT=record).
 * Prints elapsed time, messages/s, duplicates and missing; both of the last two must be 0.
 * Needs a build (`npm run build`). BENCH_SUBSCRIBERS overrides the count.
 */
// @ts-expect-error plain ESM helper without types
import { must, start, stop, waitFor } from "../scripts/lib.mjs";
import { rmSync } from "node:fs";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS || 100_000);
const PORT = 8797;
const STATE = ".wrangler/bench-wotd";
const url = `http://127.0.0.1:${PORT}`;
const SUBJECT = "Word of the Day: ";

rmSync(STATE, { recursive: true, force: true });
must("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { capture: true });
must("node", ["scripts/seed.ts", "--persist-to", STATE], { capture: true });
// Bench addresses with placeholder token hashes (unsubscribing is not part of this figure).
must(
  "wrangler",
  [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    STATE,
    "--command",
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${SUBSCRIBERS})
     INSERT INTO wotd_subscribers (email, status, source, unsubscribe_token_hash, confirmed_at)
     SELECT 'bench-' || n || '@example.org', 'confirmed', 'import', lower(hex(randomblob(32))), unixepoch() * 1000 FROM seq`,
  ],
  { capture: true },
);

const child = start(
  "wrangler",
  [
    "dev",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    STATE,
    "--var",
    "ENVIRONMENT:test",
    "--var",
    "MAIL_TRANSPORT:record",
    "--log-level",
    "error",
  ],
  { stdio: "ignore" },
);

type Stats = { messages: number; recipients: number; duplicates: number };
async function stats(): Promise<Stats> {
  return (await (await fetch(`${url}/api/_test/recorded-mail?subject=${encodeURIComponent(SUBJECT)}`)).json()) as Stats;
}

try {
  const ready = await waitFor(
    async () => {
      try {
        return (await fetch(`${url}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000 },
  );
  if (!ready) throw new Error(`wrangler dev did not start on ${url}`);

  const started = performance.now();
  const cron = await fetch(`${url}/cdn-cgi/local/scheduled?cron=0+12+*+*+*`);
  if (!cron.ok) throw new Error(`The scheduled endpoint answered ${cron.status}`);
  const cronMs = performance.now() - started;

  // Wait until everyone is mailed, or nothing has moved for 60 s.
  let last: Stats = { messages: 0, recipients: 0, duplicates: 0 };
  let lastChange = performance.now();
  while (last.recipients < SUBSCRIBERS && performance.now() - lastChange < 60_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await stats();
    if (now.messages !== last.messages) lastChange = performance.now();
    last = now;
  }
  // A short grace period so late duplicates would still show.
  await new Promise((r) => setTimeout(r, 3000));
  last = await stats();
  const elapsedS = (lastChange - started) / 1000;
  const missing = SUBSCRIBERS - last.recipients;
  console.log(`Word of the Day: ${SUBSCRIBERS} confirmed subscribers, local queue → recording mailer`);
  console.table([
    {
      subscribers: SUBSCRIBERS,
      "cron ms": Math.round(cronMs),
      "elapsed s": elapsedS.toFixed(1),
      "messages/s": (last.messages / elapsedS).toFixed(0),
      messages: last.messages,
      duplicates: last.duplicates,
      missing,
      target: last.duplicates === 0 && missing === 0 ? "0 duplicates, 0 missing: ok" : "0 duplicates, 0 missing: MISSED",
    },
  ]);
  if (last.duplicates !== 0 || missing !== 0) process.exitCode = 1;
} finally {
  stop(child);
}

import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, lexemes, sentenceLexemes, sentences, wotdDeliveries, wotdPicks, wotdSubscribers } from "../schema";

// ---------------------------------------------------------------- the day's word

/**
 * Picks (or returns the already stored) word for `day` (YYYY-MM-DD, UTC).
 * Deterministic per date. Candidates are the lexemes used least often so far (so no word repeats until
 * every word has been used); among those, words with a recording and an example sentence come first;
 * never the previous day's word when there is another choice. The date picks one of the candidates.
 */
export async function pickWordOfTheDay(db: Db, day: string) {
  const existing = await db.select().from(wotdPicks).where(eq(wotdPicks.day, day)).get();
  if (existing) return existing;

  const previousDay = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const candidates = sql`
    WITH uses AS (
      SELECT l.id,
        (SELECT count(*) FROM wotd_picks p WHERE p.lexeme_id = l.id) AS n,
        (l.audio_id IS NOT NULL) + EXISTS (SELECT 1 FROM sentence_lexemes s WHERE s.lexeme_id = l.id) AS score
      FROM lexemes l
    ),
    least AS (SELECT id, score FROM uses WHERE n = (SELECT min(n) FROM uses)),
    best AS (SELECT id FROM least WHERE score = (SELECT max(score) FROM least)),
    fresh AS (
      SELECT id FROM best
      WHERE id IS NOT (SELECT lexeme_id FROM wotd_picks WHERE day = ${previousDay})
         OR (SELECT count(*) FROM best) = 1
    )`;
  const total = await db.get<{ n: number }>(sql`${candidates} SELECT count(*) AS n FROM fresh`);
  if (!total || total.n === 0) return null;
  const offset = dayNumber(day) % total.n;
  const lexeme = await db.get<{ id: number }>(sql`${candidates} SELECT id FROM fresh ORDER BY id LIMIT 1 OFFSET ${offset}`);
  if (!lexeme) return null;
  await db.insert(wotdPicks).values({ day, lexemeId: lexeme.id }).onConflictDoNothing();
  return (await db.select().from(wotdPicks).where(eq(wotdPicks.day, day)).get()) ?? null;
}

function dayNumber(day: string) {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

export type WotdContent = {
  day: string;
  lexemeId: number;
  name: string;
  pos: string;
  gloss: string;
  /** Site path of the recording, e.g. /audio/12.mp3, or null. */
  audioPath: string | null;
  example: { text: string; trans: string } | null;
};

/** Site path of a stored recording when it is served at /audio/{file}; otherwise null. */
function audioPathOf(key: string | null) {
  return key && /^audio\/[A-Za-z0-9_-]+\.(mp3|ogg|opus|webm|m4a|wav)$/.test(key) ? `/${key}` : null;
}

/** The word picked for `day` with what the email and the archive page show, or null. */
export async function getWotdContent(db: Db, day: string): Promise<WotdContent | null> {
  const row = await db
    .select({
      day: wotdPicks.day,
      lexemeId: lexemes.id,
      name: lexemes.name,
      pos: lexemes.pos,
      gloss: lexemes.gloss,
      audioKey: audioObjects.key,
    })
    .from(wotdPicks)
    .innerJoin(lexemes, eq(lexemes.id, wotdPicks.lexemeId))
    .leftJoin(audioObjects, eq(audioObjects.id, lexemes.audioId))
    .where(eq(wotdPicks.day, day))
    .get();
  if (!row) return null;
  const example = await db
    .select({ text: sentences.text, trans: sentences.trans })
    .from(sentenceLexemes)
    .innerJoin(sentences, eq(sentences.id, sentenceLexemes.sentenceId))
    .where(eq(sentenceLexemes.lexemeId, row.lexemeId))
    .orderBy(asc(sentences.id))
    .limit(1)
    .get();
  const { audioKey, ...rest } = row;
  return { ...rest, audioPath: audioPathOf(audioKey), example: example ?? null };
}

/** /wotd: past words, newest first (days up to and including `today`). */
export async function listWotdArchive(db: Db, today: string, limit = 366) {
  return db
    .select({ day: wotdPicks.day, lexemeId: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss })
    .from(wotdPicks)
    .innerJoin(lexemes, eq(lexemes.id, wotdPicks.lexemeId))
    .where(sql`${wotdPicks.day} <= ${today}`)
    .orderBy(desc(wotdPicks.day))
    .limit(limit);
}

// ---------------------------------------------------------------- subscribers

export type SubscriberSource = (typeof wotdSubscribers.$inferInsert)["source"];

/** The address of a subscriber (for the click log of a Word of the Day link), or null. */
export async function getSubscriberEmail(db: Db, id: number) {
  const row = await db.select({ email: wotdSubscribers.email }).from(wotdSubscribers).where(eq(wotdSubscribers.id, id)).get();
  return row?.email ?? null;
}

export async function findSubscriberByEmail(db: Db, email: string) {
  return db
    .select({
      id: wotdSubscribers.id,
      status: wotdSubscribers.status,
      confirmTokenHash: wotdSubscribers.confirmTokenHash,
      confirmExpiresAt: wotdSubscribers.confirmExpiresAt,
    })
    .from(wotdSubscribers)
    .where(eq(wotdSubscribers.email, email))
    .get();
}

/** A new pending subscriber. Throws the D1 unique-constraint error when the address exists. */
export async function insertPendingSubscriber(
  db: Db,
  input: { email: string; source: SubscriberSource; confirmTokenHash: string; confirmExpiresAt: Date; unsubscribeTokenHash: string },
) {
  const [row] = await db
    .insert(wotdSubscribers)
    .values({ ...input, status: "pending" })
    .returning({ id: wotdSubscribers.id });
  return row;
}

/** A pending or unsubscribed address signs up again: back to pending with a fresh confirmation token. */
export async function renewPendingSubscriber(db: Db, id: number, confirmTokenHash: string, confirmExpiresAt: Date) {
  await db
    .update(wotdSubscribers)
    .set({ status: "pending", confirmTokenHash, confirmExpiresAt, unsubscribedAt: null })
    .where(and(eq(wotdSubscribers.id, id), sql`${wotdSubscribers.status} != 'confirmed'`));
}

/** Where a confirmation token stands, without changing anything: its subscriber's status and expiry, or null. */
export async function findSubscriberByConfirmHash(db: Db, confirmTokenHash: string) {
  return db
    .select({ id: wotdSubscribers.id, status: wotdSubscribers.status, confirmExpiresAt: wotdSubscribers.confirmExpiresAt })
    .from(wotdSubscribers)
    .where(eq(wotdSubscribers.confirmTokenHash, confirmTokenHash))
    .get();
}

/**
 * Double opt-in: a valid, unexpired confirmation token confirms its subscriber (once). The token's hash is kept,
 * so the same link used again can say "already confirmed" (unsubscribing clears it).
 */
export async function confirmSubscriber(db: Db, confirmTokenHash: string, now = new Date()) {
  const [row] = await db
    .update(wotdSubscribers)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(wotdSubscribers.confirmTokenHash, confirmTokenHash), eq(wotdSubscribers.status, "pending"), gt(wotdSubscribers.confirmExpiresAt, now)))
    .returning({ id: wotdSubscribers.id });
  return row ?? null;
}

export async function findSubscriberByUnsubscribeHash(db: Db, unsubscribeTokenHash: string) {
  return db
    .select({ id: wotdSubscribers.id, status: wotdSubscribers.status })
    .from(wotdSubscribers)
    .where(eq(wotdSubscribers.unsubscribeTokenHash, unsubscribeTokenHash))
    .get();
}

/** Unsubscribes the token's subscriber; true when the token belongs to one (already unsubscribed counts). */
export async function unsubscribeByHash(db: Db, unsubscribeTokenHash: string, now = new Date()) {
  const subscriber = await findSubscriberByUnsubscribeHash(db, unsubscribeTokenHash);
  if (!subscriber) return false;
  if (subscriber.status !== "unsubscribed") {
    await db
      .update(wotdSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
      .where(eq(wotdSubscribers.id, subscriber.id));
  }
  return true;
}

/** Unsubscribes an address (from the account page, where the session proves the address). True if it was subscribed. */
export async function unsubscribeByEmail(db: Db, email: string, now = new Date()) {
  const rows = await db
    .update(wotdSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(wotdSubscribers.email, email), sql`${wotdSubscribers.status} != 'unsubscribed'`))
    .returning({ id: wotdSubscribers.id });
  return rows.length > 0;
}

/** Confirmed subscriber ids after `afterId`, ascending (keyset paging for the daily fan-out). */
export async function listConfirmedSubscriberIds(db: Db, afterId: number, limit: number) {
  const rows = await db
    .select({ id: wotdSubscribers.id })
    .from(wotdSubscribers)
    .where(and(eq(wotdSubscribers.status, "confirmed"), gt(wotdSubscribers.id, afterId)))
    .orderBy(asc(wotdSubscribers.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- deliveries

/**
 * Claims the day's deliveries for these subscribers: creates the unique (day, subscriber) rows, then moves
 * every row that is not sent yet (and not failed for good) to `sent` with `sent_at` NULL, in one atomic
 * UPDATE. Only confirmed subscribers are claimed. A second consumer running the same message claims nothing,
 * so nobody is mailed twice. Returns the claimed subscribers with their addresses.
 */
export async function claimDeliveries(db: Db, day: string, subscriberIds: number[]) {
  const ids = JSON.stringify(subscriberIds);
  await db.run(sql`
    INSERT INTO wotd_deliveries (day, subscriber_id)
    SELECT ${day}, id FROM wotd_subscribers
    WHERE id IN (SELECT value FROM json_each(${ids})) AND status = 'confirmed'
    ON CONFLICT (day, subscriber_id) DO NOTHING`);
  const claimed = await db.all<{ id: number; email: string }>(sql`
    UPDATE wotd_deliveries SET status = 'sent', sent_at = NULL, attempts = attempts + 1, last_error = NULL
    WHERE day = ${day}
      AND subscriber_id IN (SELECT value FROM json_each(${ids}))
      AND subscriber_id IN (SELECT id FROM wotd_subscribers WHERE status = 'confirmed')
      AND (status = 'queued' OR (status = 'failed' AND (last_error IS NULL OR last_error NOT LIKE 'permanent:%')))
    RETURNING subscriber_id AS id, (SELECT email FROM wotd_subscribers s WHERE s.id = subscriber_id) AS email`);
  return claimed;
}

/** After sending: successes get their `sent_at`; failures go back to `failed` with the reason. */
export async function settleDeliveries(
  db: Db,
  day: string,
  sentIds: number[],
  failures: Array<{ id: number; permanent: boolean; message: string }>,
  now = Date.now(),
) {
  const statements = [];
  if (sentIds.length) {
    statements.push(
      db
        .update(wotdDeliveries)
        .set({ sentAt: new Date(now) })
        .where(and(eq(wotdDeliveries.day, day), sql`${wotdDeliveries.subscriberId} IN (SELECT value FROM json_each(${JSON.stringify(sentIds)}))`)),
    );
  }
  for (const failure of failures) {
    const reason = `${failure.permanent ? "permanent: " : ""}${failure.message}`.slice(0, 500);
    statements.push(
      db
        .update(wotdDeliveries)
        .set({ status: "failed", sentAt: null, lastError: reason })
        .where(and(eq(wotdDeliveries.day, day), eq(wotdDeliveries.subscriberId, failure.id))),
    );
  }
  if (statements.length === 0) return;
  const [first, ...rest] = statements;
  await db.batch([first, ...rest]);
}

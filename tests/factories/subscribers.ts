/** Word of the Day subscribers for integration tests (inside workerd). */
import { getConfig } from "../../app/services/config.server";
import { confirmTokenFor, hashToken, unsubscribeTokenFor } from "../../app/services/email-tokens.server";

/** `confirmToken` is the live confirmation link's token of a pending subscriber (otherwise empty). */
export type TestSubscriber = { id: number; email: string; unsubscribeToken: string; confirmToken: string };

export async function insertSubscriber(
  env: Env,
  status: "pending" | "confirmed" | "unsubscribed" = "confirmed",
  email = `wotd-${crypto.randomUUID()}@example.org`,
): Promise<TestSubscriber> {
  const unsubscribeToken = await unsubscribeTokenFor(getConfig(env), email);
  const expiresAt = new Date(Date.now() + 86_400_000);
  const confirmToken = status === "pending" ? await confirmTokenFor(getConfig(env), email, expiresAt) : "";
  const row = await env.DB.prepare(
    "INSERT INTO wotd_subscribers (email, status, source, unsubscribe_token_hash, confirm_token_hash, confirm_expires_at) VALUES (?, ?, 'wotd-signup', ?, ?, ?) RETURNING id",
  )
    .bind(email, status, await hashToken(unsubscribeToken), confirmToken ? await hashToken(confirmToken) : null, confirmToken ? expiresAt.getTime() : null)
    .first<{ id: number }>();
  return { id: row!.id, email, unsubscribeToken, confirmToken };
}

/** A lexeme with an example sentence (and optionally a recording), for the daily email. */
export async function insertWordWithExample(env: Env, opts: { audio?: boolean } = {}) {
  const name = `wotdword-${crypto.randomUUID().slice(0, 8)}`;
  let audioId: number | null = null;
  if (opts.audio) {
    const audio = await env.DB.prepare("INSERT INTO audio_objects (key, content_type, size) VALUES (?, 'audio/mpeg', 10) RETURNING id")
      .bind(`audio/${name}.mp3`)
      .first<{ id: number }>();
    audioId = audio!.id;
  }
  const lexeme = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, audio_id) VALUES (?, ?, 'vai', 's/he tests things', ?) RETURNING id")
    .bind(name, name, audioId)
    .first<{ id: number }>();
  const sentence = await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES (?, ?, 'DEMO') RETURNING id")
    .bind(`${name} example`, "An example translation.")
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO sentence_lexemes (sentence_id, lexeme_id) VALUES (?, ?)").bind(sentence!.id, lexeme!.id).run();
  return { id: lexeme!.id, name };
}

/** Stores `lexemeId` as the word of `day` (so a test controls the word without running the picker). */
export async function pickForDay(env: Env, day: string, lexemeId: number) {
  await env.DB.prepare("INSERT INTO wotd_picks (day, lexeme_id) VALUES (?, ?)").bind(day, lexemeId).run();
}

/**
 * Word of the Day sign-up, double opt-in and unsubscribe, and the contact form: the logic shared by the
 * page actions, the resource routes and the JSON API (docs/product.md §3-§5, §7, §8).
 * @see docs/decisions/007-word-of-the-day-delivery.md
 */
import type { Db } from "../../db/client";
import type { Bindings } from "./bindings.server";
import { insertContactMessage } from "../../db/queries/contact";
import { hitRateLimit } from "../../db/queries/rate-limits";
import { RATE_RULES, rateKey, takeClientCap } from "./rate-limit.server";
import {
  confirmSubscriber,
  findSubscriberByConfirmHash,
  findSubscriberByEmail,
  findSubscriberByUnsubscribeHash,
  insertPendingSubscriber,
  renewPendingSubscriber,
  type SubscriberSource,
  unsubscribeByEmail,
  unsubscribeByHash,
} from "../../db/queries/wotd";
import type { ContactInput, WotdSignupInput } from "../utils/email-forms";
import type { JobMessage } from "./job-messages.server";
import { confirmTokenFor, hashToken, TOKEN_PATTERN, unsubscribeTokenFor } from "./email-tokens.server";

type Deps = Pick<Bindings, "config" | "db" | "queue">;

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Over a per-client cap (RATE_RULES.wotdSignup, RATE_RULES.contact): answer 429 with `Retry-After: retryAfter` (s). */
export type RateLimited = { status: "rate-limited"; retryAfter: number };

/**
 * "subscribed" for a new, pending or already confirmed address alike (the form must not tell who is subscribed:
 * the owner of a confirmed address gets an email saying so instead).
 */
export type SignupResult = { status: "subscribed" } | RateLimited | { status: "error" };

function isUniqueViolation(error: unknown) {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT/i.test(text);
}

/**
 * A new address becomes pending and gets a confirmation email; a pending one whose link still works gets the
 * same link again (the first one stays valid); an expired or unsubscribed one gets a fresh link; a confirmed one
 * gets a note that it is already subscribed. Every case answers "subscribed" (no one learns who is subscribed).
 * A filled decoy answers success and stores nothing. Mails to one address are capped (RATE_RULES.wotdConfirmMail).
 */
export async function signUpForWotd(
  { config, db, queue }: Deps,
  input: Omit<WotdSignupInput, "source"> & { source: SubscriberSource },
  request: Request,
): Promise<SignupResult> {
  if (input.name.trim() !== "") return { status: "subscribed" };
  try {
    const refusal = await takeClientCap(db, "wotdSignup", request);
    if (refusal) return { status: "rate-limited", retryAfter: refusal.retryAfter };
    let subscriberId: number;
    let token: string;
    const existing = await findSubscriberByEmail(db, input.email);
    if (existing?.status === "confirmed") {
      if (await mayMail(db, input.email)) {
        const note: JobMessage = { version: 1, type: "wotd-already", subscriberId: existing.id, email: input.email, sendId: crypto.randomUUID() };
        await queue.send(note);
      }
      return { status: "subscribed" };
    }
    const live = existing?.status === "pending" && existing.confirmExpiresAt && existing.confirmExpiresAt.getTime() > Date.now();
    const resent = live ? await confirmTokenFor(config, input.email, existing.confirmExpiresAt!) : null;
    if (existing && resent && (await hashToken(resent)) === existing.confirmTokenHash) {
      // Still pending with a working link: send the same link again, change nothing.
      token = resent;
      subscriberId = existing.id;
    } else if (existing) {
      const confirmExpiresAt = new Date(Date.now() + CONFIRM_TTL_MS);
      token = await confirmTokenFor(config, input.email, confirmExpiresAt);
      await renewPendingSubscriber(db, existing.id, await hashToken(token), confirmExpiresAt);
      subscriberId = existing.id;
    } else {
      const confirmExpiresAt = new Date(Date.now() + CONFIRM_TTL_MS);
      token = await confirmTokenFor(config, input.email, confirmExpiresAt);
      const confirmTokenHash = await hashToken(token);
      try {
        const row = await insertPendingSubscriber(db, {
          email: input.email,
          source: input.source,
          confirmTokenHash,
          confirmExpiresAt,
          unsubscribeTokenHash: await hashToken(await unsubscribeTokenFor(config, input.email)),
        });
        subscriberId = row.id;
      } catch (error) {
        // Two sign-ups of the same address at once: the unique index decides, the other one mails.
        if (isUniqueViolation(error)) return { status: "subscribed" };
        throw error;
      }
    }
    if (await mayMail(db, input.email)) {
      const message: JobMessage = { version: 1, type: "wotd-confirm", subscriberId, email: input.email, token, sendId: crypto.randomUUID() };
      await queue.send(message);
    }
    return { status: "subscribed" };
  } catch (error) {
    console.error("wotd-signup-failed", { error: String(error) });
    return { status: "error" };
  }
}

/** Someone could type another person's address again and again: a few mails a day to one address at most. */
async function mayMail(db: Db, email: string) {
  const rule = RATE_RULES.wotdConfirmMail;
  return (await hitRateLimit(db, rateKey(rule, email), rule.limit, rule.windowMs)).allowed;
}

/** Loose shape check first, so random strings never reach the database. */
async function tokenHash(token: string | null | undefined) {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return hashToken(token);
}

export type ConfirmState = "pending" | "confirmed" | "already-confirmed" | "invalid";

/** Where a confirmation link stands, for the page a GET shows (never changes anything). */
export async function confirmationState(db: Db, token: string | null | undefined): Promise<ConfirmState> {
  const hash = await tokenHash(token);
  const subscriber = hash ? await findSubscriberByConfirmHash(db, hash) : null;
  if (!subscriber) return "invalid";
  if (subscriber.status === "confirmed") return "already-confirmed";
  const live = subscriber.status === "pending" && subscriber.confirmExpiresAt && subscriber.confirmExpiresAt.getTime() > Date.now();
  return live ? "pending" : "invalid";
}

/** The POST of the confirmation page (or the API): confirms once; the same link again is "already-confirmed". */
export async function confirmEmail(db: Db, token: string | null | undefined): Promise<Exclude<ConfirmState, "pending">> {
  const hash = await tokenHash(token);
  if (!hash) return "invalid";
  if (await confirmSubscriber(db, hash)) return "confirmed";
  return (await confirmationState(db, token)) === "already-confirmed" ? "already-confirmed" : "invalid";
}

/** Whether the unsubscribe token belongs to a subscriber. Never changes anything. */
export async function verifyUnsubscribeToken(db: Db, token: string | null | undefined) {
  const hash = await tokenHash(token);
  if (!hash) return false;
  return Boolean(await findSubscriberByUnsubscribeHash(db, hash));
}

/**
 * What an unsubscribe link stands for: a subscription to end ("subscribed", pending ones too), one that has already
 * ended ("unsubscribed": the link opened again), or nothing ("invalid").
 */
export async function unsubscribeTokenState(db: Db, token: string | null | undefined): Promise<"subscribed" | "unsubscribed" | "invalid"> {
  const hash = await tokenHash(token);
  const subscriber = hash ? await findSubscriberByUnsubscribeHash(db, hash) : null;
  if (!subscriber) return "invalid";
  return subscriber.status === "unsubscribed" ? "unsubscribed" : "subscribed";
}

export async function unsubscribe(db: Db, token: string | null | undefined) {
  const hash = await tokenHash(token);
  if (!hash) return false;
  return unsubscribeByHash(db, hash);
}

/** The Word of the Day state of an address: never signed up, waiting for confirmation, confirmed or unsubscribed. */
export async function wotdStatusOf(db: Db, email: string) {
  return (await findSubscriberByEmail(db, email))?.status ?? "none";
}

/** Unsubscribes an address the caller has proven (the account page: the session's own email). */
export async function unsubscribeAddress(db: Db, email: string) {
  return unsubscribeByEmail(db, email);
}

export type ContactResult = { status: "received" } | RateLimited | { status: "error" };

/** Stores the message and queues the email to the site owner. A filled decoy answers success and stores nothing. */
export async function submitContactMessage({ db, queue }: Pick<Deps, "db" | "queue">, input: ContactInput, request: Request): Promise<ContactResult> {
  if (input.honorific.trim() !== "") return { status: "received" };
  try {
    const refusal = await takeClientCap(db, "contact", request);
    if (refusal) return { status: "rate-limited", retryAfter: refusal.retryAfter };
    const { honorific: _decoy, ...message } = input;
    const row = await insertContactMessage(db, message);
    const job: JobMessage = { version: 1, type: "contact", contactMessageId: row.id };
    try {
      await queue.send(job);
    } catch (error) {
      // The message is stored; the owner still sees it in the database.
      console.error("contact-enqueue-failed", { id: row.id, error: String(error) });
    }
    return { status: "received" };
  } catch (error) {
    console.error("contact-failed", { error: String(error) });
    return { status: "error" };
  }
}

/**
 * Tokens in Word of the Day emails. Only SHA-256 hashes are stored.
 * - Confirmation tokens are random (32 bytes) and expire.
 * - Unsubscribe tokens must appear in every daily email although only their hash is stored, so they are
 *   derived: HMAC-SHA256(EMAIL_TOKEN_SECRET, "wotd-unsubscribe:v1:" + email). Long-lived, one per subscriber.
 * @see docs/decisions/007-word-of-the-day-delivery.md
 */
import type { Config } from "./config.server";
import { BoundedCache } from "./bounded-cache.server";
import { sha256Hex } from "../utils/sha256";

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function randomToken(bytes = 32) {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export const hashToken = (token: string) => sha256Hex(token);

function tokenSecret(config: Pick<Config, "emailTokenSecret">) {
  const secret = config.emailTokenSecret;
  if (secret.length < 32) throw new Error("EMAIL_TOKEN_SECRET (or SESSION_SECRET) is missing or too short.");
  return secret;
}

const keys = new BoundedCache<string, Promise<CryptoKey>>("HMAC keys of the token secrets", { entries: 4 });

function hmacKey(secret: string) {
  return keys.getOrSet(secret, () => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
}

/** The subscriber's unsubscribe token (same value every time for the same address). */
export async function unsubscribeTokenFor(config: Config, email: string) {
  const key = await hmacKey(tokenSecret(config));
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`wotd-unsubscribe:v1:${email}`));
  return toBase64Url(new Uint8Array(mac));
}

/**
 * The confirmation token of a pending sign-up: an HMAC of the address and the link's expiry, so a second sign-up
 * while the first link is still valid sends the same link again instead of invalidating it. Stored hashed.
 */
export async function confirmTokenFor(config: Config, email: string, expiresAt: Date) {
  const key = await hmacKey(tokenSecret(config));
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`wotd-confirm:v1:${email}:${expiresAt.getTime()}`));
  return toBase64Url(new Uint8Array(mac));
}

/**
 * The reference a Word of the Day email's "See the word" link carries instead of the address: the subscriber's
 * id and an HMAC of it, so a click can be logged for the subscriber without their address in any URL.
 */
export async function clickTokenFor(config: Config, subscriberId: number) {
  const key = await hmacKey(tokenSecret(config));
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`wotd-click:v1:${subscriberId}`));
  return `${subscriberId}.${toBase64Url(new Uint8Array(mac)).slice(0, 22)}`;
}

/** The subscriber id a click token stands for, or null when the token is not one of ours. */
export async function subscriberOfClickToken(config: Config, token: string): Promise<number | null> {
  const match = /^(\d{1,12})\.[A-Za-z0-9_-]{22}$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return (await clickTokenFor(config, id)) === token ? id : null;
}

/** Tokens arrive in links: a loose shape check before any database work. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

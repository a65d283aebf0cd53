/**
 * Messages on the queues (mail on the email queue, heavy jobs on the jobs queue: wrangler.toml): a versioned
 * discriminated union, parsed from `unknown` at the consumer (never trusted as typed).
 */
import { z } from "zod";

export const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD");

/** Most subscribers per daily-send message (the batch size; also D1-friendly). */
export const WOTD_BATCH_SIZE = 100;

/** The daily email for up to 100 subscribers (the cron job fans out the confirmed list). */
export const WotdSendMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("wotd-send"),
  day: DaySchema,
  subscriberIds: z.array(z.number().int().positive()).min(1).max(WOTD_BATCH_SIZE),
});

/**
 * The double opt-in email of one sign-up. The token is only ever in this message and the email. A second
 * sign-up while the link still works sends the same token again: `sendId` (one per sign-up) tells the two
 * sends apart, so the consumer's once-only ledger still drops a redelivered message but not the resend.
 */
export const WotdConfirmMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("wotd-confirm"),
  subscriberId: z.number().int().positive(),
  email: z.email(),
  token: z.string().min(20).max(128),
  sendId: z.string().min(8).max(64).optional(),
});

/**
 * A sign-up for an address that is already confirmed: its owner is told (with a way out), and the person who
 * typed the address sees the same answer as for a new one, so the form never says who is subscribed.
 */
export const WotdAlreadyMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("wotd-already"),
  subscriberId: z.number().int().positive(),
  email: z.email(),
  sendId: z.string().min(8).max(64),
});

/** A stored contact message to forward to the site owner. */
export const ContactMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("contact"),
  contactMessageId: z.number().int().positive(),
});

/** One batch of an admin's import job (app/services/import-jobs.server.ts); running it twice writes nothing new. */
export const ImportBatchMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("import-batch"),
  jobId: z.number().int().positive(),
  batch: z.number().int().min(0).max(100_000),
});

/** An offline dictionary pack's version: its format, a digest of the lexicon version. */
export const PACK_VERSION_RE = /^\d{1,3}-[0-9a-f]{16}$/;

/** Build the offline dictionary pack of a lexicon version (app/services/offline-dictionary.server.ts); idempotent. */
export const OfflinePackMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("offline-pack"),
  packVersion: z.string().regex(PACK_VERSION_RE),
});

/**
 * Work out the stored page words (story and word pages' tap-a-word and related words) of a lexicon version
 * (app/services/page-words.server.ts); a message for a version the lexicon has left is dropped.
 */
export const PageWordsMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("page-words"),
  lexiconVersion: z.string().min(1).max(200),
});

/** Write the keys of a batch of pending lexemes, and ask for the next (app/services/search-data.server.ts). */
export const IndexPendingMessageSchema = z.object({
  version: z.literal(1),
  type: z.literal("index-pending"),
});

export const JobMessageSchema = z.discriminatedUnion("type", [
  WotdSendMessageSchema,
  WotdConfirmMessageSchema,
  WotdAlreadyMessageSchema,
  ContactMessageSchema,
  ImportBatchMessageSchema,
  OfflinePackMessageSchema,
  PageWordsMessageSchema,
  IndexPendingMessageSchema,
]);

export type JobMessage = z.infer<typeof JobMessageSchema>;

/**
 * Database schema (Drizzle, SQLite dialect for D1): every entity of docs/product.md §3.
 * SQL names are snake_case, TypeScript names camelCase. Migrations are generated
 * from this file with `npm run db:generate` into migrations/ and applied by wrangler.
 * long-file: drizzle-kit generates migrations from one schema file, and the tables reference each other.
 * Every column used in a WHERE, ORDER BY or JOIN has an index (D1 bills rows scanned).
 */
import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const ROLES = ["learner", "editor", "admin"] as const;
export const AGES = ["child", "mid", "aged", "elder"] as const;
export const FLUENCIES = ["nothing", "beginner", "intermediate", "fluent", "native"] as const;
export const TRIBES = ["gtb", "lrb", "ltbb", "mfn", "oto", "sfn", "wifn", "wfn", "zfn", "oth"] as const;
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
/** Where a Word of the Day sign-up came from; "account" is the subscribe button on /niin (a TS enum only: no SQL change). */
export const SUBSCRIBER_SOURCES = ["index-signup", "wotd-signup", "import", "account"] as const;
export const DELIVERY_STATUSES = ["queued", "sent", "failed"] as const;
export const MORPH_SIDES = ["right", "left", "both", "none"] as const;
export const LESSON_ITEM_TYPES = ["word", "sent"] as const;
export const STORY_SOURCES = ["bloomfield", "olp", "misc"] as const;
export const DEFAULT_USERNAME_COLOR = "#825b94";

// ---------------------------------------------------------------- accounts

/** New cards a day unless the learner sets another number on /niin (Anki's default). */
export const DEFAULT_NEW_CARDS_PER_DAY = 20;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Always lowercase (docs/product.md §5). */
  username: text("username").notNull().unique(),
  /** Lowercased, trimmed. */
  email: text("email").notNull().unique(),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (app/services/password.server.ts). */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull().default("learner"),
  usernameColor: text("username_color").notNull().default(DEFAULT_USERNAME_COLOR),
  /** Bumped on log-out and password change: every session JWT carries it and must match. */
  sessionVersion: integer("session_version").notNull().default(0),
  /**
   * Random, per account; device cookies carry it (app/services/device-cookie.server.ts). A password reset gives a new
   * one, and a deleted account's goes with it, so no old device cookie counts for a later owner of the name.
   * Null only for rows older than the column until the migration's backfill.
   */
  deviceKey: text("device_key"),
  /** When the account proved it receives mail at `email` (a link sent there was opened); null: never. */
  emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
  /** Practice: at most this many cards never practised before come up in any 24 hours (a setting on /niin, as in Anki). */
  newCardsPerDay: integer("new_cards_per_day").notNull().default(DEFAULT_NEW_CARDS_PER_DAY),
  // Optional intro survey (docs/product.md §3)
  realName: text("real_name"),
  age: text("age", { enum: AGES }),
  fluency: text("fluency", { enum: FLUENCIES }),
  fluencyComment: text("fluency_comment"),
  tribe: text("tribe", { enum: TRIBES }),
  tribeComment: text("tribe_comment"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
});

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the random token; the token itself is only ever in the email. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** Links that prove an account receives mail at its address (/niin "Confirm this address"): single use, expiring. */
export const emailProofs = sqliteTable(
  "email_proofs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the link was sent to: it proves that address, not whatever the account says later. */
    email: text("email").notNull(),
    /** SHA-256 of the random token; the token itself is only ever in the email. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_proofs_user_id_idx").on(t.userId)],
);

// ---------------------------------------------------------------- Word of the Day

export const wotdSubscribers = sqliteTable(
  "wotd_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lowercased, trimmed. Unique: a second sign-up answers SQLITE_CONSTRAINT_UNIQUE (docs/product.md §8). */
    email: text("email").notNull().unique(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    source: text("source", { enum: SUBSCRIBER_SOURCES }).notNull(),
    /** SHA-256 of the double opt-in token; cleared once confirmed. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    /** SHA-256 of the long-lived per-subscriber unsubscribe token. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
    createdAt: createdAt(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("wotd_subscribers_status_idx").on(t.status, t.id)],
);

/** One row per calendar day (UTC, YYYY-MM-DD): the word chosen by the cron job. */
export const wotdPicks = sqliteTable(
  "wotd_picks",
  {
    day: text("day").primaryKey(),
    lexemeId: integer("lexeme_id")
      .notNull()
      .references(() => lexemes.id),
    createdAt: createdAt(),
  },
  (t) => [index("wotd_picks_lexeme_id_idx").on(t.lexemeId)],
);

/** One row per subscriber per day: the unique pair is what stops a double send. */
export const wotdDeliveries = sqliteTable(
  "wotd_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    day: text("day")
      .notNull()
      .references(() => wotdPicks.day),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => wotdSubscribers.id, { onDelete: "cascade" }),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wotd_deliveries_day_subscriber_uq").on(t.day, t.subscriberId),
    index("wotd_deliveries_subscriber_id_idx").on(t.subscriberId),
    index("wotd_deliveries_status_idx").on(t.status),
  ],
);

// ---------------------------------------------------------------- contact and click log

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

/** Email links carry ?email=…; the page reports it here (docs/product.md §2 Layout, §7 POST /click). */
export const clickLog = sqliteTable(
  "click_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    page: text("page").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("click_log_email_idx").on(t.email), index("click_log_created_at_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- language data

/** A dictionary entry (lemma). */
export const lexemes = sqliteTable(
  "lexemes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Headword as written in the dictionary (NFC). */
    name: text("name").notNull(),
    /** Folded form for search: NFC, lowercase, apostrophes unified (app/core/orthography.ts). */
    searchKey: text("search_key").notNull(),
    /** Part of speech tag (docs/product.md §3: vai, vta, na, ni, av, pv, …). */
    pos: text("pos").notNull(),
    gloss: text("gloss").notNull(),
    /** Underlying (unsyncopated) stem for the grammar engine, e.g. gikendam1 for gkendaan. */
    stem: text("stem"),
    /** Occurrences in the collected texts; orders the /k word list. */
    corpusCount: integer("corpus_count").notNull().default(0),
    /** Where the entry came from, e.g. "demo:nishnaabemwin-dict". */
    source: text("source").notNull().default(""),
    audioId: integer("audio_id").references((): AnySQLiteColumn => audioObjects.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("lexemes_name_pos_uq").on(t.name, t.pos),
    index("lexemes_search_key_idx").on(t.searchKey),
    index("lexemes_pos_idx").on(t.pos),
    index("lexemes_corpus_count_idx").on(t.corpusCount),
    index("lexemes_audio_id_idx").on(t.audioId),
  ],
);

/**
 * How often each word is used on the site (issue 38): views of its page /k/{id} and how often it came up among a
 * search's first hits. Counted in the isolate and added here in batches (app/services/word-uses.server.ts); no
 * personal data, no row per view. Orders the editor's Counts view and recording queue.
 */
export const lexemeUses = sqliteTable(
  "lexeme_uses",
  {
    lexemeId: integer("lexeme_id")
      .primaryKey()
      .references(() => lexemes.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    searches: integer("searches").notNull().default(0),
  },
  (t) => [index("lexeme_uses_views_idx").on(t.views), index("lexeme_uses_searches_idx").on(t.searches)],
);

export const sentences = sqliteTable(
  "sentences",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    text: text("text").notNull(),
    trans: text("trans").notNull(),
    /** Source code, e.g. NMZ (shown as a named label) or DEMO. */
    source: text("source").notNull().default(""),
    notes: text("notes"),
    /** Its recording (issue 38: attached in the editor's sentence view), public under audio/. */
    audioId: integer("audio_id").references((): AnySQLiteColumn => audioObjects.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sentences_source_idx").on(t.source), index("sentences_audio_id_idx").on(t.audioId)],
);

/** Example sentences of a word (docs/product.md §7 wotd?lex_id → sentence_ids). */
export const sentenceLexemes = sqliteTable(
  "sentence_lexemes",
  {
    sentenceId: integer("sentence_id")
      .notNull()
      .references(() => sentences.id, { onDelete: "cascade" }),
    lexemeId: integer("lexeme_id")
      .notNull()
      .references(() => lexemes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.sentenceId, t.lexemeId] }), index("sentence_lexemes_lexeme_id_idx").on(t.lexemeId)],
);

/** The editor's rank rows: one attested word form with its frequency (docs/product.md §3 Form row). */
export const forms = sqliteTable(
  "forms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    form: text("form").notNull().unique(),
    searchKey: text("search_key").notNull(),
    morphSide: text("morph_side", { enum: MORPH_SIDES }),
    emoji: text("emoji"),
    count: integer("count").notNull().default(0),
    perc: real("perc").notNull().default(0),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /**
     * Position among all forms by count desc, id desc (1 = most frequent). Stored so a filtered page keeps the
     * global rank without a window over every form; recomputed when `form_rank_state.dirty` says counts or
     * rows changed (triggers in migration 0002 set it). See db/queries/editor-ranks.ts `ensureFormRanks`.
     */
    rank: integer("rank"),
  },
  (t) => [
    index("forms_count_idx").on(t.count),
    index("forms_search_key_idx").on(t.searchKey),
    // (rank, search_key): rank pages are a range seek; a short filter scans this index in rank order (covering).
    index("forms_rank_search_key_idx").on(t.rank, t.searchKey),
  ],
);

/**
 * Trigrams of each form's search key, so an editor's substring filter reads a few index entries instead of every
 * form. Filled and kept in step by triggers on `forms` (migration 0002), never written by application code.
 * A plain table rather than an FTS5 trigram index: `wrangler d1 export` refuses a database with virtual tables.
 */
export const formGrams = sqliteTable(
  "form_grams",
  {
    gram: text("gram").notNull(),
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.gram, t.formId] }), index("form_grams_form_id_idx").on(t.formId)],
);

/** 1..256: character positions for the trigram triggers (SQLite triggers cannot use a recursive CTE). */
export const gramPositions = sqliteTable("gram_positions", {
  n: integer("n").primaryKey(),
});

/** One row (id 1): whether `forms.rank` must be recomputed. Set by triggers, cleared by `ensureFormRanks`. */
export const formRankState = sqliteTable("form_rank_state", {
  id: integer("id").primaryKey(),
  dirty: integer("dirty", { mode: "boolean" }).notNull().default(true),
});

/** Links from a form to the lexemes it belongs to (the product reference's lexIds list). */
export const formLexemes = sqliteTable(
  "form_lexemes",
  {
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    lexemeId: integer("lexeme_id")
      .notNull()
      .references(() => lexemes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.lexemeId] }), index("form_lexemes_lexeme_id_idx").on(t.lexemeId)],
);

/** What a story's edit in review holds (ADR 032): the state it asks for and its text. */
export type StoryEdit = { title: string; state: "coming" | "published"; data: Array<Array<{ text: string; trans: string }>> };

/** What a lesson's edit in review holds (ADR 032): the fields of the editor's form. */
export type LessonEdit = {
  title: string;
  summary: string;
  explanation: string;
  spec: { words: Array<{ name: string; pos: string }>; cells: string[] };
  sentences: Array<{ text: string; trans: string }>;
};

export const stories = sqliteTable(
  "stories",
  {
    /** Keeps the old prefixes: AM… (Bloomfield), OLP…, others. */
    id: text("id").primaryKey(),
    source: text("source", { enum: STORY_SOURCES }).notNull(),
    title: text("title").notNull(),
    /** Published: listed on /d and readable by everyone. */
    completed: integer("completed", { mode: "boolean" }).notNull().default(false),
    /**
     * Not published, but listed on /d as coming ('Not ready to view', docs/product.md /d) by the editor's choice. A story
     * neither completed nor listed is a draft: editors only, 404 to everyone else.
     */
    listed: integer("listed", { mode: "boolean" }).notNull().default(false),
    /**
     * Who sent it for review (issue 38): a draft, or the edit in `pending` of a public story (ADR 032). Another
     * editor or an admin publishes it; neither its sender nor its author may (app/utils/review.ts). Null: not in review.
     */
    reviewBy: integer("review_by").references(() => users.id, { onDelete: "set null" }),
    /** JSON: Array<Array<{ text, trans, audio? }>> — paragraphs of sentences (audio: an R2 key under audio/). */
    data: text("data", { mode: "json" }).$type<Array<Array<{ text: string; trans: string; audio?: string }>>>().notNull(),
    /**
     * An edit of a published or coming story waiting for review (ADR 032): the columns above stay what everyone
     * sees until a reviewer publishes it. Editors only; null when there is none.
     */
    pending: text("pending", { mode: "json" }).$type<StoryEdit>(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("stories_title_idx").on(t.title)],
);

/** "review": a draft sent for review (issue 38); like a draft, not on the course path (a TS enum only: no SQL change). */
export const LESSON_STATUSES = ["draft", "review", "published"] as const;

/** A lesson of the course (migrations/0005): its words and cells are data (spec), its forms come from the engine. */
export const lessons = sqliteTable(
  "lessons",
  {
    /** The lesson number in /aambe/learn/{num}. */
    id: integer("id").primaryKey(),
    title: text("title").notNull(),
    /** Place on the course path (ascending, then id). */
    position: integer("position").notNull().default(0),
    status: text("status", { enum: LESSON_STATUSES }).notNull().default("published"),
    summary: text("summary").notNull().default(""),
    /** Plain-English explanation; paragraphs separated by blank lines. */
    explanation: text("explanation").notNull().default(""),
    /** JSON LessonSpec (app/utils/course.ts): { words: [{ name, pos }], cells: ["ind 1s", "pl", …] }. */
    spec: text("spec", { mode: "json" }).$type<{ words: Array<{ name: string; pos: string }>; cells: string[] }>(),
    /** Who sent it for review (status "review", or the edit in `pending` of a published lesson); null otherwise. */
    reviewBy: integer("review_by").references(() => users.id, { onDelete: "set null" }),
    /** An edit of a published lesson waiting for review (ADR 032); learners see the columns above until it is published. */
    pending: text("pending", { mode: "json" }).$type<LessonEdit>(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("lessons_status_position_idx").on(t.status, t.position)],
);

export const lessonItems = sqliteTable(
  "lesson_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type", { enum: LESSON_ITEM_TYPES }).notNull(),
    value: text("value").notNull(),
    /** Words only. */
    pos: text("pos"),
    trans: text("trans").notNull(),
    lexemeId: integer("lexeme_id").references(() => lexemes.id, { onDelete: "set null" }),
    audioId: integer("audio_id").references(() => audioObjects.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("lesson_items_lesson_position_uq").on(t.lessonId, t.position),
    index("lesson_items_lexeme_id_idx").on(t.lexemeId),
    index("lesson_items_audio_id_idx").on(t.audioId),
  ],
);

/** A recording stored in R2 (binding AUDIO). Size and type are kept here so serving needs no HEAD. */
export const audioObjects = sqliteTable(
  "audio_objects",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** R2 object key, e.g. "audio/123.mp3" or "forms/nmaajaa_1.ogg". */
    key: text("key").notNull().unique(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    formId: integer("form_id").references(() => forms.id, { onDelete: "set null" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Who is speaking on the recording (credited on the word page), when known. */
    speaker: text("speaker"),
    /** When it was recorded, when known (the upload time is `created_at`). */
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("audio_objects_form_id_idx").on(t.formId), index("audio_objects_uploaded_by_idx").on(t.uploadedBy)],
);

/** Every change an editor or admin makes to language data. */
export const editLog = sqliteTable(
  "edit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Table name of the changed entity, e.g. "forms". */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    action: text("action").notNull(),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: createdAt(),
  },
  (t) => [index("edit_log_user_id_idx").on(t.userId), index("edit_log_entity_idx").on(t.entity, t.entityId), index("edit_log_created_at_idx").on(t.createdAt)],
);

/** Rows the scheduled job writes so an operator can see it ran (and tests can assert it). */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("job_runs_job_idx").on(t.job, t.createdAt)],
);

// ---------------------------------------------------------------- abuse limits and learning progress

/** Fixed-window request counters (the reliable floor under the Workers rate-limit binding). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    /** e.g. "login:ip:203.0.113.9" or "login:user:maajaa". */
    key: text("key").notNull(),
    /** Start of the window, ms since epoch. */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * Per-(account, client) log-in backoff of unknown clients: attempts since the last success and when the next one
 * may start (ms since epoch). Reserved with one atomic upsert (db/queries/rate-limits.ts `reserveBackoff`).
 */
export const loginBackoff = sqliteTable(
  "login_backoff",
  {
    /** e.g. "login:pair:maajaa:203.0.113.9". */
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    blockedUntil: integer("blocked_until").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("login_backoff_updated_at_idx").on(t.updatedAt)],
);

/** Spaced-repetition cards (ts-fsrs state) of a signed-in learner, synced from local storage. */
export const srsCards = sqliteTable(
  "srs_cards",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stable id of what is practised, e.g. "lesson:1:3" or "verb:maajaa:ind:1s". */
    cardKey: text("card_key").notNull(),
    /** The ts-fsrs Card as JSON (dates as ISO strings). */
    state: text("state", { mode: "json" }).notNull(),
    /** When the card is next due, ms since epoch. */
    due: integer("due").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cardKey] }), index("srs_cards_user_due_idx").on(t.userId, t.due)],
);

/**
 * Every answer a signed-in learner gave in practice, once: `id` is made by the browser for each answer (or by the
 * server for a form posted without JavaScript), so an answer sent again (a retried post, the offline outbox
 * replayed) is recognised and never scheduled twice (ADR 017). `question` names the question of a round that it
 * answers (round id, step, card key; app/utils/practice.ts questionId): one answer per question, so a reload, Back
 * and answer again, or the outbox replaying a question answered online, stores nothing more (issue 47).
 */
export const srsReviews = sqliteTable(
  "srs_reviews",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardKey: text("card_key").notNull(),
    correct: integer("correct", { mode: "boolean" }).notNull(),
    /** When the learner answered (the browser's clock for an offline answer, never later than receipt). */
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    /** The question of a round this answers ("r8k2…:3:verb:maajaa:ind:1s"); null for answers without one. */
    question: text("question"),
    /** What the learner answered (typed, or the option chosen), to show the feedback again on a reload or Back. */
    given: text("given"),
    /** The card's first review: counted against the learner's new cards a day. */
    firstReview: integer("first_review", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("srs_reviews_user_answered_idx").on(t.userId, t.answeredAt), uniqueIndex("srs_reviews_user_question_idx").on(t.userId, t.question)],
);

// ---------------------------------------------------------------- reports

export const REPORT_STATUSES = ["open", "resolved"] as const;

/** "Report a problem" and "Suggest a missing word" (app/services/reports.server.ts); editors work the queue. */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** word, sentence, story, conjugator, missing or recording (app/utils/report-texts.ts). */
    kind: text("kind").notNull(),
    /** The page it was sent from, e.g. /k/12. */
    page: text("page").notNull(),
    /** The form, word, sentence or story it refers to, as shown on that page. */
    subject: text("subject").notNull().default(""),
    message: text("message").notNull(),
    email: text("email"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    resolutionNote: text("resolution_note"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reports_status_created_idx").on(t.status, t.createdAt),
    index("reports_user_id_idx").on(t.userId),
    index("reports_resolved_by_idx").on(t.resolvedBy),
  ],
);

// ---------------------------------------------------------------- browser imports

export const IMPORT_JOB_KINDS = ["lexicon", "stems"] as const;
/** queued: batches on the queue (or running); failed: a batch failed, "Resume" sends the rest again; done. */
export const IMPORT_JOB_STATUSES = ["queued", "failed", "done"] as const;

/**
 * An admin's import from /admin/import (issue 38): the file is kept in R2 under `file_key` (a private prefix, never
 * served) until the job is done, and its batches go through the queue (app/services/import-jobs.server.ts).
 * `done_batches`, `added` and `changed` are worked out from import_job_batches in each batch's own transaction.
 */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: IMPORT_JOB_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file, hex: a batch checks the stored file against it; the same file is not queued twice. */
    fileHash: text("file_hash").notNull(),
    fileKey: text("file_key").notNull(),
    format: text("format", { enum: ["tsv", "json"] }).notNull(),
    totalLines: integer("total_lines").notNull(),
    totalBatches: integer("total_batches").notNull(),
    doneBatches: integer("done_batches").notNull().default(0),
    added: integer("added").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    /** Lines of the file the dry run refused (not imported; the report lists them). */
    refused: integer("refused").notNull().default(0),
    status: text("status", { enum: IMPORT_JOB_STATUSES }).notNull().default("queued"),
    error: text("error"),
    /** The dry run's report of the file, as the admin saw it before applying. */
    report: text("report").notNull().default(""),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("import_jobs_file_hash_idx").on(t.fileHash),
    index("import_jobs_created_at_idx").on(t.createdAt),
    index("import_jobs_user_id_idx").on(t.userId),
  ],
);

/** One row per batch of an import job that has been written (in the batch's own transaction): re-running it is a no-op. */
export const importJobBatches = sqliteTable(
  "import_job_batches",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => importJobs.id, { onDelete: "cascade" }),
    batch: integer("batch").notNull(),
    added: integer("added").notNull(),
    changed: integer("changed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.batch] })],
);

/**
 * What a story or a word page works out from the whole lexicon (tap-a-word for its texts, a word's related words),
 * written by a queue job when the lexicon changes (app/services/page-words.server.ts, ADR 029): a page reads its row
 * instead of indexing the lexicon, when the rows are complete for the current lexicon version (`page_words_state`)
 * and the row is of the page's texts.
 */
export const pageWords = sqliteTable("page_words", {
  /** `story:{id}` or `word:{id}`. */
  pageKey: text("page_key").primaryKey(),
  /** SHA-256 (hex) of the page's texts (page-words.server.ts `textsHash`). */
  textsHash: text("texts_hash").notNull(),
  /** SHA-256 (hex) of `body`: the job rewrites only rows whose body changed. */
  bodyHash: text("body_hash").notNull(),
  /** JSON: `{ words, related }` (page-words.server.ts `PageWords`). */
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/**
 * The lexicon version every row of `page_words` is complete for, and the content version (editors' changes to
 * stories and sentences) the job read when it started (one row, id 1; none before the first build).
 */
export const pageWordsState = sqliteTable("page_words_state", {
  id: integer("id").primaryKey(),
  lexiconVersion: text("lexicon_version").notNull(),
  contentVersion: integer("content_version").notNull(),
  pages: integer("pages").notNull(),
  builtAt: integer("built_at").notNull(),
});

// ---------------------------------------------------------------- the lexicon's stored search keys (ADR 026)

/**
 * What each lexeme is found by (app/core/lexicon-keys.ts: kind, key), written when the lexeme changes: a request
 * reads the lexemes its query's keys find. No foreign key: the delete trigger of migration 0013 removes a lexeme's rows.
 */
export const lexemeKeys = sqliteTable(
  "lexeme_keys",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    lexemeId: integer("lexeme_id").notNull(),
    /** The analysers' note (app/core/grammar/cell-hints.ts, ADR 030): an `x` key's cells, a `v` key's "joined"; else null. */
    cells: text("cells"),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.lexemeId] }), index("lexeme_keys_lexeme_id_idx").on(t.lexemeId)],
);

/**
 * The tail projections of a class's tail text (app/core/grammar/tail-endings.ts, ADR 030), written with the keys of
 * the verbs that end so: a request puts its candidates' into the analyser's memo instead of working them out.
 */
export const tailEndings = sqliteTable("tail_endings", {
  id: text("id").primaryKey(),
  data: text("data").notNull(),
});

/** A lexeme's place in the word list (/k): the collation key of its name, its letter and part-of-speech group. */
export const lexemeOrder = sqliteTable(
  "lexeme_order",
  {
    lexemeId: integer("lexeme_id").primaryKey(),
    sortKey: text("sort_key").notNull(),
    letter: text("letter").notNull(),
    posGroup: text("pos_group").notNull(),
  },
  (t) => [index("lexeme_order_sort_idx").on(t.sortKey), index("lexeme_order_group_idx").on(t.posGroup, t.letter, t.sortKey)],
);

/**
 * Lexemes whose keys are not written yet (migration 0013's triggers add a lexeme when its name, part of speech,
 * gloss or stem is written; `n` counts the writes). While any is here, requests use the lexicon read whole (ADR 009).
 */
export const lexemeKeysPending = sqliteTable("lexeme_keys_pending", {
  lexemeId: integer("lexeme_id").primaryKey(),
  n: integer("n").notNull().default(1),
});

/**
 * The one row (id 1) that says which version of the engine and of the key format made the stored search data
 * (app/core/search-data-version.ts, ADR 034): the keys, the tail rows, and through the lexicon version the page
 * words and the offline dictionary; and how many writes the lexicon has had. When the code's version is another, every lexeme is marked pending and the tail
 * rows go (`bringSearchDataCurrent`), so nothing of the old engine is read as current; the scheduled work derives
 * them again in bounded batches.
 */
export const searchData = sqliteTable("search_data", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
  /**
   * Writes of lexemes that change what is derived from them (insert, delete, name/pos/gloss/stem), counted by
   * migration 0018's triggers: with `version`, the lexicon version (db/queries/lexemes.ts), one row read.
   * A recording or a corpus count is not such a write.
   */
  lexiconWrites: integer("lexicon_writes").notNull().default(0),
  /** When the version last changed (ms), and when the last batch of pending keys was written (ms). */
  rederivedAt: integer("rederived_at"),
  indexedAt: integer("indexed_at"),
});

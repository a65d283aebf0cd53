CREATE TABLE `audio_objects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`form_id` integer,
	`uploaded_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audio_objects_key_unique` ON `audio_objects` (`key`);--> statement-breakpoint
CREATE INDEX `audio_objects_form_id_idx` ON `audio_objects` (`form_id`);--> statement-breakpoint
CREATE INDEX `audio_objects_uploaded_by_idx` ON `audio_objects` (`uploaded_by`);--> statement-breakpoint
CREATE TABLE `click_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`page` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `click_log_email_idx` ON `click_log` (`email`);--> statement-breakpoint
CREATE INDEX `click_log_created_at_idx` ON `click_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_at_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `edit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `edit_log_user_id_idx` ON `edit_log` (`user_id`);--> statement-breakpoint
CREATE INDEX `edit_log_entity_idx` ON `edit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `edit_log_created_at_idx` ON `edit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `form_lexemes` (
	`form_id` integer NOT NULL,
	`lexeme_id` integer NOT NULL,
	PRIMARY KEY(`form_id`, `lexeme_id`),
	FOREIGN KEY (`form_id`) REFERENCES `forms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lexeme_id`) REFERENCES `lexemes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_lexemes_lexeme_id_idx` ON `form_lexemes` (`lexeme_id`);--> statement-breakpoint
CREATE TABLE `forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form` text NOT NULL,
	`search_key` text NOT NULL,
	`morph_side` text,
	`emoji` text,
	`count` integer DEFAULT 0 NOT NULL,
	`perc` real DEFAULT 0 NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `forms_form_unique` ON `forms` (`form`);--> statement-breakpoint
CREATE INDEX `forms_count_idx` ON `forms` (`count`);--> statement-breakpoint
CREATE INDEX `forms_search_key_idx` ON `forms` (`search_key`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_runs_job_idx` ON `job_runs` (`job`,`created_at`);--> statement-breakpoint
CREATE TABLE `lesson_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lesson_id` integer NOT NULL,
	`position` integer NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`pos` text,
	`trans` text NOT NULL,
	`lexeme_id` integer,
	`audio_id` integer,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lexeme_id`) REFERENCES `lexemes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`audio_id`) REFERENCES `audio_objects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lesson_items_lesson_position_uq` ON `lesson_items` (`lesson_id`,`position`);--> statement-breakpoint
CREATE INDEX `lesson_items_lexeme_id_idx` ON `lesson_items` (`lexeme_id`);--> statement-breakpoint
CREATE INDEX `lesson_items_audio_id_idx` ON `lesson_items` (`audio_id`);--> statement-breakpoint
CREATE TABLE `lessons` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lexemes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`search_key` text NOT NULL,
	`pos` text NOT NULL,
	`gloss` text NOT NULL,
	`stem` text,
	`corpus_count` integer DEFAULT 0 NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`audio_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`audio_id`) REFERENCES `audio_objects`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lexemes_name_pos_uq` ON `lexemes` (`name`,`pos`);--> statement-breakpoint
CREATE INDEX `lexemes_search_key_idx` ON `lexemes` (`search_key`);--> statement-breakpoint
CREATE INDEX `lexemes_pos_idx` ON `lexemes` (`pos`);--> statement-breakpoint
CREATE INDEX `lexemes_corpus_count_idx` ON `lexemes` (`corpus_count`);--> statement-breakpoint
CREATE INDEX `lexemes_audio_id_idx` ON `lexemes` (`audio_id`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_id_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `sentence_lexemes` (
	`sentence_id` integer NOT NULL,
	`lexeme_id` integer NOT NULL,
	PRIMARY KEY(`sentence_id`, `lexeme_id`),
	FOREIGN KEY (`sentence_id`) REFERENCES `sentences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lexeme_id`) REFERENCES `lexemes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sentence_lexemes_lexeme_id_idx` ON `sentence_lexemes` (`lexeme_id`);--> statement-breakpoint
CREATE TABLE `sentences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`text` text NOT NULL,
	`trans` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sentences_source_idx` ON `sentences` (`source`);--> statement-breakpoint
CREATE TABLE `stories` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`title` text NOT NULL,
	`completed` integer DEFAULT false NOT NULL,
	`data` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE INDEX `stories_title_idx` ON `stories` (`title`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'learner' NOT NULL,
	`username_color` text DEFAULT '#825b94' NOT NULL,
	`session_version` integer DEFAULT 0 NOT NULL,
	`real_name` text,
	`age` text,
	`fluency` text,
	`fluency_comment` text,
	`tribe` text,
	`tribe_comment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `wotd_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`day` text NOT NULL,
	`subscriber_id` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`day`) REFERENCES `wotd_picks`(`day`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subscriber_id`) REFERENCES `wotd_subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wotd_deliveries_day_subscriber_uq` ON `wotd_deliveries` (`day`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `wotd_deliveries_subscriber_id_idx` ON `wotd_deliveries` (`subscriber_id`);--> statement-breakpoint
CREATE INDEX `wotd_deliveries_status_idx` ON `wotd_deliveries` (`status`);--> statement-breakpoint
CREATE TABLE `wotd_picks` (
	`day` text PRIMARY KEY NOT NULL,
	`lexeme_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lexeme_id`) REFERENCES `lexemes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wotd_picks_lexeme_id_idx` ON `wotd_picks` (`lexeme_id`);--> statement-breakpoint
CREATE TABLE `wotd_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`source` text NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`unsubscribe_token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wotd_subscribers_email_unique` ON `wotd_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `wotd_subscribers_confirm_token_hash_unique` ON `wotd_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `wotd_subscribers_unsubscribe_token_hash_unique` ON `wotd_subscribers` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE INDEX `wotd_subscribers_status_idx` ON `wotd_subscribers` (`status`,`id`);
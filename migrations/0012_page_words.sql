CREATE TABLE `page_words` (
	`page_key` text PRIMARY KEY NOT NULL,
	`texts_hash` text NOT NULL,
	`body_hash` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `page_words_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`lexicon_version` text NOT NULL,
	`content_version` integer NOT NULL,
	`pages` integer NOT NULL,
	`built_at` integer NOT NULL
);

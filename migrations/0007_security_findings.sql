CREATE TABLE `email_proofs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_proofs_token_hash_unique` ON `email_proofs` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_proofs_user_id_idx` ON `email_proofs` (`user_id`);--> statement-breakpoint
ALTER TABLE `stories` ADD `listed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `device_key` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Hand-written: every existing account gets its own device key (device cookies bound to a username alone stop
-- counting; sessions, subscriptions and reviews are untouched).
UPDATE `users` SET `device_key` = lower(hex(randomblob(16))) WHERE `device_key` IS NULL;

CREATE TABLE `srs_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`card_key` text NOT NULL,
	`correct` integer NOT NULL,
	`answered_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `srs_reviews_user_answered_idx` ON `srs_reviews` (`user_id`,`answered_at`);
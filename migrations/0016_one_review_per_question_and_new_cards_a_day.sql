ALTER TABLE `srs_reviews` ADD `question` text;--> statement-breakpoint
ALTER TABLE `srs_reviews` ADD `given` text;--> statement-breakpoint
ALTER TABLE `srs_reviews` ADD `first_review` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `srs_reviews_user_question_idx` ON `srs_reviews` (`user_id`,`question`);--> statement-breakpoint
ALTER TABLE `users` ADD `new_cards_per_day` integer DEFAULT 20 NOT NULL;
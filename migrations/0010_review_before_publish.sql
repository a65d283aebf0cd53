ALTER TABLE `lessons` ADD `review_by` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `stories` ADD `review_by` integer REFERENCES users(id) ON DELETE set null;
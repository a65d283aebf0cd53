ALTER TABLE `lessons` ADD `pending` text;--> statement-breakpoint
ALTER TABLE `stories` ADD `pending` text;
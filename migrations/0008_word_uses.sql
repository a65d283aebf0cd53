CREATE TABLE `lexeme_uses` (
	`lexeme_id` integer PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`searches` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`lexeme_id`) REFERENCES `lexemes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lexeme_uses_views_idx` ON `lexeme_uses` (`views`);--> statement-breakpoint
CREATE INDEX `lexeme_uses_searches_idx` ON `lexeme_uses` (`searches`);
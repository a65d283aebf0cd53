CREATE TABLE `search_data` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`rederived_at` integer,
	`indexed_at` integer
);
--> statement-breakpoint
-- Hand-written: the stored search data of a database migrated to here was made by version 1 of the engine and key
-- format (app/core/search-data-version.ts); a later version re-derives it by itself (ADR 034).
INSERT INTO `search_data` (`id`, `version`) VALUES (1, 1);

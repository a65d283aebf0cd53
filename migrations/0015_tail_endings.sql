CREATE TABLE `tail_endings` (
	`id` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
-- Hand-written (ADR 030): the tail projections are written with the keys of the verbs that end so; every lexeme is
-- marked pending, so the next writer (the import command's `index`, the seed) writes them.
INSERT INTO `lexeme_keys_pending` (`lexeme_id`) SELECT `id` FROM `lexemes` WHERE true
  ON CONFLICT(`lexeme_id`) DO UPDATE SET `n` = `n` + 1;

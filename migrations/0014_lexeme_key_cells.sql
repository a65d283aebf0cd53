ALTER TABLE `lexeme_keys` ADD `cells` text;--> statement-breakpoint
-- Hand-written (ADR 030): the verbs found by their cells' projections changed (also a stem or changed stem the join
-- cannot split), and their keys now carry those cells, so every lexeme's keys are written again: marked pending,
-- requests read the lexicon whole until the next writer (the import command's `index`, the seed, an import job)
-- writes them.
INSERT INTO `lexeme_keys_pending` (`lexeme_id`) SELECT `id` FROM `lexemes` WHERE true
  ON CONFLICT(`lexeme_id`) DO UPDATE SET `n` = `n` + 1;

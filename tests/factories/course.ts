/** The demo course and lexicon (db/seed/data) for Worker tests: parsed, and loaded into the test D1 like the seed does. */
import type { env as Env } from "cloudflare:workers";
import course from "../../db/seed/data/course.json";
import lexiconTsv from "../../db/seed/data/lexicon.tsv?raw";
import { parseSeedLexicon } from "../support/seed-lexicon";

export type SeedLesson = (typeof course)[number];
export const COURSE: SeedLesson[] = course;

export const LEXICON = parseSeedLexicon(lexiconTsv);

/** Inserts the course's words and lessons (every lesson of the file, published) unless they are there. */
export async function loadCourse(env: typeof Env) {
  const words = new Set(COURSE.flatMap((l) => l.words.map((w) => `${w.name}\t${w.pos}`)));
  const statements = [];
  for (const entry of LEXICON.filter((l) => words.has(`${l.name}\t${l.pos}`))) {
    statements.push(
      env.DB.prepare("INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem, source) VALUES (?, ?, ?, ?, ?, 'test')").bind(
        entry.name,
        entry.name.toLowerCase(),
        entry.pos,
        entry.gloss,
        entry.stem,
      ),
    );
  }
  for (const [i, lesson] of COURSE.entries()) {
    statements.push(
      env.DB.prepare("INSERT OR IGNORE INTO lessons (id, title, position, status, summary, explanation, spec) VALUES (?, ?, ?, 'published', ?, ?, ?)").bind(
        lesson.id,
        lesson.title,
        i + 1,
        lesson.summary,
        lesson.explanation,
        JSON.stringify({ words: lesson.words, cells: lesson.cells }),
      ),
    );
    for (const [j, s] of lesson.sentences.entries()) {
      statements.push(
        env.DB.prepare("INSERT OR IGNORE INTO lesson_items (lesson_id, position, type, value, trans) VALUES (?, ?, 'sent', ?, ?)").bind(
          lesson.id,
          j + 1,
          s.text,
          s.trans,
        ),
      );
    }
  }
  await env.DB.batch(statements);
}

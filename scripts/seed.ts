/**
 * Loads the demo content (db/seed/data, see its README) into the LOCAL D1 database,
 * only when that database is empty. Never touches a remote database.
 *
 *   node scripts/seed.ts [--persist-to <dir>] [--force]
 *
 * Demo accounts (local only; the README lists them): learner, editor, admin.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "../app/services/password.server.ts";
import { normalizeText, toSearchKey } from "../app/core/orthography.ts";
import { CLEAN_FORM_RANKS_SQL, RERANK_FORMS_SQL } from "../db/queries/form-ranks.ts";
import { indexPendingKeys } from "./import/index-keys.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = path.join(root, "db", "seed", "data");

export const DEMO_ACCOUNTS = [
  { username: "learner", email: "learner@example.org", password: "learner-demo-2026", role: "learner" },
  { username: "editor", email: "editor@example.org", password: "editor-demo-2026", role: "editor" },
  { username: "admin", email: "admin@example.org", password: "admin-demo-2026", role: "admin" },
] as const;

type Row = Record<string, string>;

function readTsv(file: string): Row[] {
  const [header, ...lines] = readFileSync(path.join(dataDir, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const columns = header.split("\t");
  return lines.map((line, i) => {
    const cells = line.split("\t");
    if (cells.length > columns.length) throw new Error(`${file}:${i + 2}: ${cells.length} cells, expected ${columns.length}`);
    return Object.fromEntries(columns.map((c, j) => [c, normalizeText(cells[j] ?? "")]));
  });
}

const q = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

const lexemeRef = (name: string, pos: string) => `(SELECT id FROM lexemes WHERE name = ${q(name)} AND pos = ${q(pos)})`;

/** Words of a sentence as the editor's rank rows see them: lower-case, punctuation stripped. */
function wordsOf(text: string) {
  return toSearchKey(text)
    .split(" ")
    .map((w) => w.replace(/^[^\p{L}']+|[^\p{L}']+$/gu, ""))
    .filter(Boolean);
}

export type CourseLesson = {
  id: number;
  title: string;
  summary: string;
  explanation: string;
  words: Array<{ name: string; pos: string }>;
  cells: string[];
  sentences: Array<{ text: string; trans: string }>;
};

export function readCourse(): CourseLesson[] {
  return (JSON.parse(readFileSync(path.join(dataDir, "course.json"), "utf8")) as CourseLesson[]).map((l) => ({
    ...l,
    title: normalizeText(l.title),
    explanation: l.explanation.normalize("NFC"),
    sentences: l.sentences.map((x) => ({ text: normalizeText(x.text), trans: normalizeText(x.trans) })),
  }));
}

export async function buildSeedSql(): Promise<string> {
  const out: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    out.push(
      `INSERT INTO users (username, email, password_hash, role) VALUES (${q(account.username)}, ${q(account.email)}, ${q(await hashPassword(account.password))}, ${q(account.role)});`,
    );
  }

  const lexicon = readTsv("lexicon.tsv");
  for (const row of lexicon) {
    out.push(
      `INSERT INTO lexemes (name, search_key, pos, gloss, stem, source) VALUES (${q(row.name)}, ${q(toSearchKey(row.name))}, ${q(row.pos)}, ${q(row.gloss)}, ${q(row.stem)}, 'demo:nishnaabemwin-dict');`,
    );
  }

  const sentences = readTsv("sentences.tsv");
  const formCounts = new Map<string, { count: number; lexeme: string; pos: string }>();
  for (const row of sentences) {
    out.push(
      `INSERT INTO sentences (id, text, trans, source, notes) VALUES (${q(Number(row.id))}, ${q(row.text)}, ${q(row.trans)}, 'DEMO', 'Demo sentence: one reference verb form (otw_sample_verb_paradigms, CC BY-NC-SA 4.0).');`,
    );
    out.push(
      `INSERT INTO sentence_lexemes (sentence_id, lexeme_id) SELECT ${q(Number(row.id))}, ${lexemeRef(row.lemma, row.pos)} WHERE ${lexemeRef(row.lemma, row.pos)} IS NOT NULL;`,
    );
    for (const word of wordsOf(row.text)) {
      const entry = formCounts.get(word) ?? { count: 0, lexeme: row.lemma, pos: row.pos };
      entry.count++;
      formCounts.set(word, entry);
    }
  }

  // Rank rows: each demo form with its count in the demo sentences.
  const total = [...formCounts.values()].reduce((sum, f) => sum + f.count, 0);
  for (const [form, { count, lexeme, pos }] of formCounts) {
    out.push(`INSERT INTO forms (form, search_key, count, perc) VALUES (${q(form)}, ${q(toSearchKey(form))}, ${count}, ${(100 * count) / total});`);
    out.push(
      `INSERT INTO form_lexemes (form_id, lexeme_id) SELECT (SELECT id FROM forms WHERE form = ${q(form)}), ${lexemeRef(lexeme, pos)} WHERE ${lexemeRef(lexeme, pos)} IS NOT NULL;`,
    );
  }

  out.push(`${RERANK_FORMS_SQL};`, `${CLEAN_FORM_RANKS_SQL};`);

  // The course (db/seed/data/course.json): lessons as data, their forms come from the engine at request time.
  for (const [i, lesson] of readCourse().entries()) {
    const spec = JSON.stringify({ words: lesson.words, cells: lesson.cells });
    out.push(
      `INSERT INTO lessons (id, title, position, status, summary, explanation, spec) VALUES (${q(lesson.id)}, ${q(lesson.title)}, ${q(i + 1)}, 'published', ${q(lesson.summary)}, ${q(lesson.explanation)}, ${q(spec)});`,
    );
    for (const [j, sentence] of lesson.sentences.entries()) {
      out.push(
        `INSERT INTO lesson_items (lesson_id, position, type, value, trans) VALUES (${q(lesson.id)}, ${q(j + 1)}, 'sent', ${q(sentence.text)}, ${q(sentence.trans)});`,
      );
    }
  }

  const stories = JSON.parse(readFileSync(path.join(dataDir, "stories.json"), "utf8")) as Array<{
    id: string;
    source: string;
    title: string;
    completed: boolean;
    /** Not published but listed on /d as coming ('Not ready to view'); neither: a draft, editors only. */
    listed?: boolean;
    paragraphs: Array<Array<{ text: string; trans: string }>>;
  }>;
  for (const story of stories) {
    out.push(
      `INSERT INTO stories (id, source, title, completed, listed, data) VALUES (${q(story.id)}, ${q(story.source)}, ${q(story.title)}, ${story.completed ? 1 : 0}, ${story.listed ? 1 : 0}, ${q(JSON.stringify(story.paragraphs))});`,
    );
  }
  return out.join("\n") + "\n";
}

function wrangler(args: string[]) {
  const result = spawnSync("wrangler", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

async function main() {
  const args = process.argv.slice(2);
  const persistIndex = args.indexOf("--persist-to");
  const persist = persistIndex >= 0 ? ["--persist-to", args[persistIndex + 1]] : [];
  const force = args.includes("--force");

  const countJson = wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    ...persist,
    "--json",
    "--command",
    "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM lexemes) AS n",
  ]);
  const n = JSON.parse(countJson)[0].results[0].n as number;
  if (n > 0 && !force) {
    console.log("Local database already has content: seed skipped.");
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "nish-seed-"));
  try {
    const file = path.join(dir, "seed.sql");
    writeFileSync(file, await buildSeedSql());
    wrangler(["d1", "execute", "DB", "--local", ...persist, "--file", file]);
    indexPendingKeys(["--local", ...persist]);
    console.log("Seeded the local database with demo content (db/seed/data).");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

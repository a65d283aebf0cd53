/**
 * The admins' dictionary import in the browser (issue 38, /admin/import): the rows a plan is compared with, and
 * the plan written in batches. The plan (app/core/import/plan.ts, shared with `npm run import`) holds only what
 * differs, so the same file twice writes nothing; the import's own edit_log row goes with the last batch.
 */
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../client";
import { editLog, lexemes } from "../schema";
import type { ExistingLexeme, LexemeValues, LexiconPlan } from "../../app/core/import/plan";

export async function existingLexemes(db: Db): Promise<ExistingLexeme[]> {
  return db.all<ExistingLexeme>(sql`SELECT id, name, pos, gloss, stem, search_key, source, corpus_count FROM lexemes`);
}

/** Statements per D1 batch, and rows per insert (7 columns: under D1's 100 bound parameters). */
const BATCH = 100;
const ROWS_PER_INSERT = 12;

function row(v: LexemeValues) {
  return {
    name: v.name,
    pos: v.pos,
    searchKey: v.search_key,
    gloss: v.gloss,
    source: v.source,
    ...("stem" in v ? { stem: v.stem ?? null } : {}),
    ...("corpus_count" in v ? { corpusCount: v.corpus_count ?? 0 } : {}),
  };
}

/**
 * Writes a plan: added rows, then changed ones, BATCH statements per D1 batch; the audit row in the last batch.
 * A plan with nothing to write writes nothing (not even the audit row: nothing changed).
 */
export async function applyLexiconPlan(db: Db, plan: LexiconPlan, audit: { userId: number; file: string; refused: number }) {
  const now = new Date();
  const statements: BatchItem<"sqlite">[] = [];
  // Rows with the same optional columns share an insert.
  const groups = new Map<string, LexemeValues[]>();
  for (const v of plan.added) {
    const key = ["stem" in v, "corpus_count" in v].join();
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  for (const rows of groups.values()) {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      statements.push(db.insert(lexemes).values(rows.slice(i, i + ROWS_PER_INSERT).map((v) => ({ ...row(v), updatedAt: now }))).onConflictDoNothing());
    }
  }
  for (const { id, values } of plan.changed) {
    const { name: _name, pos: _pos, ...set } = row(values);
    statements.push(db.update(lexemes).set({ ...set, updatedAt: now }).where(eq(lexemes.id, id)));
  }
  const log = db.insert(editLog).values({
    userId: audit.userId,
    entity: "lexemes",
    entityId: `import:${audit.file}`,
    action: "import",
    before: null,
    after: { added: plan.added.length, changed: plan.changed.length, unchanged: plan.unchanged, refused: audit.refused },
  });
  for (let i = 0; i < statements.length; i += BATCH) {
    const chunk = statements.slice(i, i + BATCH);
    const last = i + BATCH >= statements.length;
    await db.batch((last ? [...chunk, log] : chunk) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
}

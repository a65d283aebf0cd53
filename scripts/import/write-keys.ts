/**
 * The import command's and the seed's last step (ADR 026a), run with tsx (the engine's modules import without
 * extensions): the stored keys of every lexeme written since its keys were (migration 0013's pending marks), worked
 * out by the same core function as in the Worker and written as one SQL file, one `wrangler d1 execute` (one
 * transaction with the marks it settles, and an edit_log row: the content version moves on). Until then requests
 * read the lexicon whole, so no request sees a lexeme without its keys. Stored data of an older version of the engine
 * is marked pending first (ADR 034), so it is all written again.
 *
 *   tsx scripts/import/write-keys.ts <wrangler d1 execute target flags: --local [--persist-to DIR] | --remote>
 * Prints the number of lexemes indexed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newWholeCaches } from "../../app/core/grammar/whole-narrowing";
import { newGrammarMemo } from "../../app/core/grammar/memo";
import { indexRows } from "../../app/core/lexicon-keys";
import { inlineJson, keyWrites, PENDING_SQL, type PendingRow } from "../../db/queries/lexicon-keys";
import { noteIndexedSql, rederiveStatements } from "../../db/queries/search-data";

const target = process.argv.slice(2);
const LOG = `INSERT INTO edit_log (user_id, entity, entity_id, action, before, after) VALUES (NULL, 'import', 'import', 'index', NULL, NULL)`;

function d1(args: string[]): string {
  const result = spawnSync("wrangler", ["d1", "execute", "DB", ...target, ...args], {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  return result.stdout;
}

/** Runs some statements as one file (one transaction). */
function execute(statements: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "nish-keys-"));
  try {
    const file = path.join(dir, "keys.sql");
    writeFileSync(file, statements.join(";\n") + ";\n");
    d1(["--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

execute(rederiveStatements(Date.now()));
const pending = JSON.parse(d1(["--json", "--command", PENDING_SQL.replace("?1", "-1")]))[0].results as PendingRow[];
if (pending.length > 0) {
  execute([...keyWrites(indexRows(pending, newWholeCaches(newGrammarMemo())), pending).map(inlineJson), noteIndexedSql(Date.now()), LOG]);
}
console.log(pending.length);

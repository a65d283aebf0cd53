/**
 * Writes the stored search keys of every lexeme without them (scripts/import/write-keys.ts, run with tsx); `target`
 * is wrangler's target flags (`--local [--persist-to DIR]` or `--remote`). Returns how many lexemes it indexed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function indexPendingKeys(target: string[]): number {
  const result = spawnSync("tsx", [path.join(root, "scripts/import/write-keys.ts"), ...target], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  if (result.status !== 0) throw new Error(`writing the search keys failed:\n${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  return Number(result.stdout.trim().split("\n").pop());
}

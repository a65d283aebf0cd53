/**
 * Account administration from the command line.
 *
 *   npm run user -- role <username> <learner|editor|admin> [--remote] [--persist-to <dir>]
 *
 * Without --remote it changes the local D1 database (the one `npm start` uses); with --remote
 * the production D1 database of wrangler.toml (needs `wrangler login`). Run with Node 22's
 * type stripping, like scripts/seed.ts.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROLES = ["learner", "editor", "admin"] as const;
const USAGE = "Usage: npm run user -- role <username> <learner|editor|admin> [--remote] [--persist-to <dir>]";

function wrangler(args: string[]) {
  const result = spawnSync("wrangler", args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export function parseArgs(argv: string[]) {
  const flags = new Set(argv.filter((a) => a === "--remote"));
  const persistIndex = argv.indexOf("--persist-to");
  const persist = persistIndex >= 0 ? argv[persistIndex + 1] : undefined;
  const positional = argv.filter((a, i) => !a.startsWith("--") && (persistIndex < 0 || i !== persistIndex + 1));
  const [command, rawUsername, role] = positional;
  if (command !== "role" || !rawUsername || !role) throw new Error(USAGE);
  const username = rawUsername.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9_-]{2,29}$/.test(username)) throw new Error(`"${rawUsername}" is not a valid username.\n${USAGE}`);
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role "${role}": use one of ${ROLES.join(", ")}.`);
  if (flags.has("--remote") && persist) throw new Error("--remote and --persist-to cannot be combined.");
  return { username, role, remote: flags.has("--remote"), persist };
}

function main() {
  const { username, role, remote, persist } = parseArgs(process.argv.slice(2));
  const where = remote ? ["--remote"] : ["--local", ...(persist ? ["--persist-to", persist] : [])];
  // Both values are validated above against fixed patterns, so they are safe inside the SQL text.
  const sql = `UPDATE users SET role = '${role}', updated_at = (unixepoch('subsec') * 1000) WHERE username = '${username}' RETURNING id, username, role;`;
  const out = JSON.parse(wrangler(["d1", "execute", "DB", ...where, "--json", "--command", sql])) as Array<{
    results: Array<{ id: number; username: string; role: string }>;
  }>;
  const row = out[0]?.results?.[0];
  if (!row) {
    console.error(`No user named "${username}" in the ${remote ? "remote" : "local"} database.`);
    process.exit(1);
  }
  console.log(`${row.username} is now ${row.role} (${remote ? "remote" : "local"} database).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

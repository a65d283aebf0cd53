// Unused exports (docs/architecture.md): ts-unused-exports lists every export no other module imports; this keeps
// the ones that are dead, i.e. not framework entry points (route module exports, the Worker and server entries)
// and not used in their own file either (an export used beside its definition is only a wider visibility).
// Exits 1 and lists them when any is left. (knip does this too, but its native parser cannot be locked for every
// platform from this machine's registry.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

const ROUTE_EXPORTS = new Set([
  "default",
  "loader",
  "action",
  "meta",
  "links",
  "headers",
  "middleware",
  "ErrorBoundary",
  "shouldRevalidate",
  "handle",
  "Layout",
  "HydrateFallback",
  "clientLoader",
  "clientAction",
  "clientMiddleware",
  "streamTimeout",
]);
// db/schema.ts is read whole by drizzle-kit (drizzle.config.ts): a table that only raw SQL uses is still declared.
const ENTRY = /^(app\/(routes\/|root\.tsx|routes\.ts|entry\.server\.tsx)|workers\/app\.ts|db\/schema\.ts|tests\/|bench\/|scripts\/)/;

const files = run("git", ["ls-files", "app", "workers", "db", "scripts", "bench", "tests"], { capture: true })
  .stdout.split("\n")
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(".d.ts") && !f.includes("/fixtures/"));
const out = run("ts-unused-exports", ["tsconfig.json", ...files, "--excludeDeclarationFiles"], { capture: true });
const dead = [];
for (const line of out.stdout.split("\n")) {
  const match = /^(.+?): (.+)$/.exec(line.trim());
  if (!match || !match[1].startsWith(root)) continue;
  const file = path.relative(root, match[1]);
  const text = readFileSync(match[1], "utf8");
  for (const name of match[2].split(", ").map((n) => n.trim())) {
    if (ENTRY.test(file) && (ROUTE_EXPORTS.has(name) || !file.startsWith("app/routes/"))) continue;
    const uses = text.match(new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))?.length ?? 0;
    if (uses > 1) continue;
    // Passed on by `export * from` (a barrel of texts and schemas): the defining module is checked itself.
    if (uses === 0 && /export \* from /.test(text)) continue;
    dead.push(`${file}: ${name}`);
  }
}
if (dead.length) {
  console.error(`Exports nothing uses (remove them, or the export keyword):\n  ${dead.join("\n  ")}`);
  process.exit(1);
}
console.log(`No unused exports (${files.length} files).`);

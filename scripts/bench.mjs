// npm run bench [-- --only <name>] [-- --full-data]: runs every bench/*.bench.ts (with tsx) in turn.
// Each bench prints its own figures; targets are printed beside them, never asserted as unit tests.
// --full-data lets a bench read the full reference files from ../shared/data (never committed).
import { readdirSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
const files = readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.startsWith(only))
  .sort();
if (files.length === 0) {
  console.log("No benchmarks found.");
  process.exit(0);
}
let failed = 0;
for (const file of files) {
  console.log(`\n━━ ${file}`);
  if (run("tsx", [path.join("bench", file), ...args]) !== 0) failed++;
}
process.exit(failed ? 1 : 0);

// The architecture check of `npm test` (docs/architecture.md):
// 1. the dependency rules of .dependency-cruiser.cjs: imports point down, no cycle;
// 2. no source file over MAX_LINES lines unless it says why in a `long-file:` comment.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

const MAX_LINES = 350;
const FOLDERS = ["app", "workers", "db", "scripts", "bench", "tests"];
const SKIP = /(^|\/)(node_modules|\.react-router|fixtures|seed\/data)(\/|$)/;

let ok = run("depcruise", [...FOLDERS.filter((f) => f !== "tests"), "--config", ".dependency-cruiser.cjs"]) === 0;

function* sources(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) yield* sources(rel);
    else if (/\.(ts|tsx|mjs|js|cjs)$/.test(entry.name)) yield rel;
  }
}

const long = [];
for (const folder of FOLDERS) {
  for (const file of sources(folder)) {
    const text = readFileSync(path.join(root, file), "utf8");
    const lines = text.split("\n").length;
    if (lines > MAX_LINES && !/long-file:/.test(text)) long.push(`${file} (${lines} lines)`);
  }
}
if (long.length) {
  ok = false;
  console.error(`Files over ${MAX_LINES} lines without a "long-file:" comment saying why:\n  ${long.join("\n  ")}`);
} else {
  console.log(`No file over ${MAX_LINES} lines without a reason.`);
}
process.exit(ok ? 0 : 1);

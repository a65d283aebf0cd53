// Client JavaScript per route, from the build output (gzip sizes): prints a table and fails when a
// public route loads more than the budget on first load, or loads any editor/admin code, or any of the grammar
// engine's inflection and analysis (the server builds every form; ADR 015a).
// Both are found through the hidden client source maps (vite.config.ts): a chunk is editor code when one of its
// sources lives in an `editor/` or `admin` folder or file of app/, engine code when one is in app/core/grammar/.
//   node scripts/js-budget.mjs [--budget-kb 127]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./lib.mjs";

const args = process.argv.slice(2);
const budgetKb = Number(args.includes("--budget-kb") ? args[args.indexOf("--budget-kb") + 1] : 127);
const clientDir = path.join(root, "build", "client");
const assetsDir = path.join(clientDir, "assets");
if (!existsSync(assetsDir)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const manifestFile = readdirSync(assetsDir).find((f) => /^manifest-.*\.js$/.test(f));
const manifestText = readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("=") + 1).replace(/;\s*$/, ""));

const EDITOR_SOURCE = /(^|\/)app\/(.*\/)?(editor|admin)(\/|\.|-)/;
// cells.ts (names of orders and persons), vaio-cells.ts (the VAIO's cells and objects, which the conjugator form
// offers: ADR 028), conj-form.ts (the conjugator form's rules, recomputed in the browser) and spelling.ts (the
// spelling keys search folds a word with, which the offline dictionary folds a query with; ADR 027a) hold no
// inflection and no analysis.
const ENGINE_SOURCE = /(^|\/)app\/core\/grammar\/(?!(cells|vaio-cells|conj-form|spelling)\.ts$)/;
const gzCache = new Map();
function gzipKb(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length / 1024);
  return gzCache.get(file);
}
/** Whether one of a chunk's sources (paths from the repository root) matches `pattern`. */
function hasSource(file, pattern) {
  const map = path.join(clientDir, `${file}.map`);
  if (!existsSync(map)) return false;
  const { sources = [] } = JSON.parse(readFileSync(map, "utf8"));
  return sources.some((s) =>
    pattern.test(
      path
        .resolve(path.dirname(map), s)
        .replace(/\\/g, "/")
        .replace(root.replace(/\\/g, "/") + "/", ""),
    ),
  );
}

const routes = manifest.routes;
function chain(id) {
  const out = [];
  for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : null) out.unshift(r);
  return out;
}
const isEditorRoute = (route) => /(^|\/)(editor|admin)/i.test(route.id) || /^(DEV_editor|editor|admin)(\/|$)/.test(route.path ?? "");
const leaves = Object.values(routes).filter((r) => !Object.values(routes).some((o) => o.parentId === r.id));

const rows = [];
let failed = false;
for (const route of leaves) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain(route.id)) {
    if (r.module) files.add(r.module);
    for (const f of r.imports ?? []) files.add(f);
  }
  const list = [...files].map((f) => f.replace(/^\//, ""));
  const kb = list.reduce((sum, f) => sum + gzipKb(f), 0);
  const editorFiles = list.filter((f) => hasSource(f, EDITOR_SOURCE));
  const engineFiles = list.filter((f) => hasSource(f, ENGINE_SOURCE));
  const publicRoute = !isEditorRoute(route);
  const overBudget = publicRoute && kb > budgetKb;
  const leaksEditor = publicRoute && editorFiles.length > 0;
  const leaksEngine = publicRoute && engineFiles.length > 0;
  if (overBudget || leaksEditor || leaksEngine) failed = true;
  rows.push({
    route: route.id,
    path: route.index ? "(index)" : `/${route.path ?? ""}`,
    kind: publicRoute ? "public" : "editor",
    files: list.length,
    kb: kb.toFixed(1),
    result: overBudget
      ? `OVER ${budgetKb} KB`
      : leaksEditor
        ? `EDITOR CODE: ${editorFiles.join(", ")}`
        : leaksEngine
          ? `ENGINE CODE: ${engineFiles.join(", ")}`
          : "ok",
  });
}
rows.sort((a, b) => Number(b.kb) - Number(a.kb));
const widths = Object.keys(rows[0]).map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
const line = (r) =>
  Object.keys(rows[0])
    .map((k, i) => String(r[k]).padEnd(widths[i]))
    .join("  ");
console.log(`Client JavaScript on first load per route (gzip, budget ${budgetKb} KB for public routes)`);
console.log(line(Object.fromEntries(Object.keys(rows[0]).map((k) => [k, k]))));
for (const r of rows) console.log(line(r));
process.exit(failed ? 1 : 0);

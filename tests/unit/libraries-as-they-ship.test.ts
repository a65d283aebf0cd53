/**
 * The site runs its libraries as they ship (docs/decisions/019-libraries-as-they-ship.md): nothing in the build
 * configuration or scripts/ edits node_modules or rewrites a dependency's code at build time, and package.json has
 * no install step of its own. Grep-level rules, each tried below on the kind of code it is there to catch.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { scripts?: Record<string, string> } & Record<string, unknown>;
const dependencies = Object.keys({ ...(pkg.dependencies as object), ...(pkg.devDependencies as object) });

/** npm's scripts that run on `npm install` / `npm ci` of the project itself. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"];

/** The build configuration (the root's *.config.* files) and every file under scripts/. */
const FILES = [
  ...readdirSync(root).filter((f) => /\.config\.(c|m)?[jt]s$/.test(f)),
  ...readdirSync(path.join(root, "scripts"), { recursive: true, encoding: "utf8" })
    .map((f) => path.join("scripts", f))
    .filter((f) => /\.(c|m)?[jt]s$/.test(f)),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Between two parts of a path: `/`, `\/` or `[\\/]` in a regular expression, or `", "` in `path.join`. */
const SEP = String.raw`(?:/|\\/|\[\\\\/\]|["'\x60]\s*,\s*["'\x60])`;
/** A path into a dependency's folder in node_modules (its tools in node_modules/.bin are fine). */
const INTO_NODE_MODULES = new RegExp(`node_modules${SEP}` + String.raw`(?!\.bin\b)[@\w]`);
/** A path into a dependency's built code (its dist/, cjs/, … folders). */
const INTO_PACKAGE = new RegExp(`(?:${dependencies.map(escape).join("|")})${SEP}(?:dist|cjs|esm|lib|build|vendor|wrangler-dist)\\b`);
/** A bundler hook that changes code as it is bundled (`transform(code, id) {…}`, `renderChunk: (code) => …`). */
const CODE_HOOK = /(?<![.\w$])(?:transform|renderChunk)\s*(?:\(\s*code\b|:\s*(?:async\s+)?(?:function\b|\(\s*code\b))/;

function offences(text: string): string[] {
  return [
    INTO_NODE_MODULES.test(text) && "reaches into a dependency's folder in node_modules",
    INTO_PACKAGE.test(text) && "names a dependency's built files",
    CODE_HOOK.test(text) && "defines a bundler hook that rewrites code",
  ].filter((x): x is string => typeof x === "string");
}

describe("the libraries run as they ship", () => {
  test("package.json has no install step of its own, nor a patch tool", () => {
    expect(Object.keys(pkg.scripts ?? {}).filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
    expect(dependencies.filter((name) => /patch-package|patch/i.test(name))).toEqual([]);
    expect(pkg).not.toHaveProperty("patchedDependencies");
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { hasInstallScript?: boolean }> };
    expect(lock.packages[""]?.hasInstallScript ?? false).toBe(false);
  });

  test("no build configuration or script edits node_modules or rewrites a dependency's code", () => {
    expect(FILES).toContain("vite.config.ts");
    const found = FILES.flatMap((file) => offences(read(file)).map((offence) => `${file}: ${offence}`));
    expect(found).toEqual([]);
  });

  test("the rules catch what they are for", () => {
    expect(offences(`path.join(root, "node_modules", "wrangler", "wrangler-dist", "ProxyWorker.js")`)).toHaveLength(2);
    expect(offences("const file = `node_modules/react-dom/cjs/x.js`;")).not.toEqual([]);
    expect(offences(String.raw`const ROUTER_FILE = /react-router[\\/]dist[\\/]production/;`)).not.toEqual([]);
    expect(offences("export const plugin = { name: 'x', transform(code, id) { return code.replace(a, b); } };")).not.toEqual([]);
    expect(offences("export const plugin = { name: 'x', renderChunk: (code) => code };")).not.toEqual([]);
    // What the project does and may do: run tools from node_modules/.bin, import a package, validate with zod.
    expect(offences(`const bin = path.join(root, "node_modules", ".bin");`)).toEqual([]);
    expect(offences(`import { reactRouter } from "@react-router/dev/vite"; z.string().transform(normalizeText);`)).toEqual([]);
  });
});

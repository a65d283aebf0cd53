/**
 * The server bundle's patches of React Router (scripts/react-router-fast-paths.ts): the installed files have the
 * functions they replace; the indexed matcher finds exactly what React Router's finds, on this site's routes and on
 * routes of every shape, for URLs in every spelling; and it tests far fewer routes per URL.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import appRoutes from "../../app/routes";
import { withBuildRequestOnce, withIndexedMatching } from "../../scripts/react-router-fast-paths";

const require = createRequire(import.meta.url);
const lib = path.join(path.dirname(require.resolve("react-router/package.json")), "dist", "production", "lib");
const utilsFile = path.join(lib, "router", "utils.js");

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Meta = { matcher: RegExp };
type Branch = { path: string; routesMeta: Meta[] };
type Match = { route: Route; params: Record<string, string>; pathname: string; pathnameBase: string };
type Utils = {
  flattenAndRankRoutes(routes: Route[]): Branch[];
  matchRoutesImpl(routes: Route[], location: string, basename: string, allowPartial: boolean, branches?: Branch[]): Match[] | null;
};

/** The patched module: written next to nothing in node_modules, its relative imports pointed back at the originals. */
async function loadPatched(): Promise<Utils> {
  const code = withIndexedMatching(readFileSync(utilsFile, "utf8")).replace(/from "\.\/([\w.-]+)"/g, (_, file: string) => `from ${JSON.stringify(pathToFileURL(path.join(lib, "router", file)).href)}`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "rr-match-")), "utils.mjs");
  writeFileSync(file, code);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

type Entry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Entry[] };
const toRoute = (e: Entry): Route => ({ id: e.id ?? e.file, path: e.path, index: e.index, caseSensitive: e.caseSensitive, children: e.children?.map(toRoute) });
/** The site's routes as the framework builds them: every route under the root route. */
const siteRoutes: Route[] = [{ id: "root", path: "", children: (appRoutes as unknown as Entry[]).map(toRoute) }];

/** Routes of shapes the site does not have: dynamic, optional, splat and non-ASCII first segments, case-sensitive and
 * pathless layout routes, nested index routes. */
const shapeRoutes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "lang", path: ":lang/about" },
      { id: "opt", path: "opt?/x" },
      { id: "optlang", path: ":lang?/y" },
      { id: "exact", path: "Exact", caseSensitive: true },
      { id: "exact-lower", path: "exact" },
      { id: "sigma", path: "σ" },
      { id: "dotted", path: "index.html" },
      { id: "layout", path: "", children: [{ id: "inner", path: "inner/:id" }, { id: "inner-index", index: true }] },
      { id: "nest", path: "nest", children: [{ id: "nest-index", index: true }, { id: "nest-a", path: "a/*" }, { id: "nest-abs", path: "/nest/abs" }] },
      { id: "files", path: "files/*" },
      { id: "any", path: "*" },
    ],
  },
];

/** URLs from each route's path (params filled, splats given one and two segments) in different spellings. */
function urls(routes: Route[]): string[] {
  const paths = new Set<string>(["/", "", "//", "///x", "/unknown", "/k/1/extra", "/%6B/1", "/%E2%84%AA/1", "/\u212A/1", "/Σ", "/ς", "/σ", "/%", "/a%2Fb"]);
  const walk = (rs: Route[], parent: string) => {
    for (const r of rs) {
      const full = r.path ? `${parent}/${r.path.replace(/^\//, "")}` : parent;
      for (const filled of [full.replace(/:\w+\??/g, "1"), full.replace(/:\w+\??/g, "DEMO1"), full.replace(/\/:\w+\?/g, "")]) {
        for (const url of [filled.replace(/\/\*$/, ""), filled.replace(/\*$/, "a"), filled.replace(/\*$/, "a/b")]) {
          const u = url || "/";
          paths.add(u).add(`${u}/`).add(u.toUpperCase()).add(u.replace(/^\//, "//")).add(encodeURI(u).replace(/a/g, "%61"));
        }
      }
      if (r.children) walk(r.children, full);
    }
  };
  walk(routes, "");
  return [...paths];
}

const summary = (matches: Match[] | null) => matches?.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase]) ?? null;

/** Counts how many route regexes a matcher runs. */
function countTests(branches: Branch[]): () => number {
  let n = 0;
  for (const b of branches) {
    for (const meta of b.routesMeta) {
      const re = meta.matcher;
      meta.matcher = new Proxy(re, { get: (t, k) => (k === Symbol.match ? (s: string) => (n++, re[Symbol.match](s)) : Reflect.get(t, k)) });
    }
  }
  return () => n;
}

describe("React Router's server bundle patches", () => {
  test("the installed files have the functions the build replaces", () => {
    const utils = readFileSync(utilsFile, "utf8");
    expect(withIndexedMatching(utils)).toContain("branchesByFirstSegment(branches, decoded)");
    const dev = readFileSync(path.join(lib, "server-runtime", "dev.js"), "utf8");
    expect(withBuildRequestOnce(dev)).toContain("isBuildRequest === undefined");
    expect(() => withIndexedMatching("function matchRoutesImpl() {}")).toThrow(/matchRoutesImpl has changed/);
    expect(() => withBuildRequestOnce("function getBuildTimeHeader() {}")).toThrow(/getBuildTimeHeader has changed/);
  });

  test.each([
    ["this site's routes", siteRoutes],
    ["routes of every shape", shapeRoutes],
  ])("the indexed matcher finds what React Router finds: %s", async (_, routes) => {
    const plain: Utils = await import(/* @vite-ignore */ pathToFileURL(utilsFile).href);
    const patched = await loadPatched();
    const plainBranches = plain.flattenAndRankRoutes(routes);
    const patchedBranches = patched.flattenAndRankRoutes(routes);
    const list = urls(routes);
    let matched = 0;
    for (const url of list) {
      const expected = summary(plain.matchRoutesImpl(routes, url, "/", false, plainBranches));
      expect(summary(patched.matchRoutesImpl(routes, url, "/", false, patchedBranches)), url).toEqual(expected);
      expect(summary(patched.matchRoutesImpl(routes, url, "/", true, patchedBranches)), url).toEqual(summary(plain.matchRoutesImpl(routes, url, "/", true, plainBranches)));
      if (expected && expected.at(-1)?.[0] !== "any" && expected.at(-1)?.[0] !== "routes/not-found.tsx") matched++;
    }
    console.log(`${list.length} URLs, ${matched} matched by a route other than the catch-all`);
    expect(matched).toBeGreaterThan(list.length / 3);
  });

  test("it runs far fewer route regexes", async () => {
    const plain: Utils = await import(/* @vite-ignore */ pathToFileURL(utilsFile).href);
    const patched = await loadPatched();
    const plainBranches = plain.flattenAndRankRoutes(siteRoutes);
    const patchedBranches = patched.flattenAndRankRoutes(siteRoutes);
    const plainTests = countTests(plainBranches);
    const patchedTests = countTests(patchedBranches);
    for (const url of ["/", "/k/1", "/conj", "/d/DEMO1", "/aambe/learn/1"]) {
      plain.matchRoutesImpl(siteRoutes, url, "/", false, plainBranches);
      patched.matchRoutesImpl(siteRoutes, url, "/", false, patchedBranches);
    }
    console.log(`route regexes run for five pages: ${patchedTests()} indexed, ${plainTests()} without`);
    expect(patchedTests()).toBeLessThan(plainTests() / 5);
  });
});

/**
 * The server bundle's patches of React Router (scripts/react-router-fast-paths.ts): the installed files have the
 * functions they replace; the indexed matcher finds exactly what React Router's finds, on this site's routes and on
 * routes of every shape, for URLs in every spelling, and tests far fewer routes per URL; the route objects made once
 * per build are the ones React Router makes, made again when a route module changes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test, vi } from "vitest";
import appRoutes from "../../app/routes";
import { PATCHED_FILES, patchRouterFile } from "../../scripts/react-router-fast-paths";

const require = createRequire(import.meta.url);
const lib = path.join(path.dirname(require.resolve("react-router/package.json")), "dist", "production", "lib");
const utilsFile = path.join(lib, "router/utils.js");

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Meta = { matcher: RegExp };
type Branch = { path: string; routesMeta: Meta[] };
type Match = { route: Route; params: Record<string, string>; pathname: string; pathnameBase: string };
type Utils = {
  flattenAndRankRoutes(routes: Route[]): Branch[];
  matchRoutesImpl(routes: Route[], location: string, basename: string, allowPartial: boolean, branches?: Branch[]): Match[] | null;
};

/** A patched copy of one of React Router's files (outside node_modules), its relative imports pointed back at the
 * installed files; `extra` is code added at its end (to reach an internal function). */
async function loadPatched<T>(file: string, extra = ""): Promise<T> {
  const dir = path.dirname(path.join(lib, file));
  const code = patchRouterFile(file, readFileSync(path.join(lib, file), "utf8")).replace(/from "(\.{1,2}\/[\w./-]+)"/g, (_, rel: string) => `from ${JSON.stringify(pathToFileURL(path.join(dir, rel)).href)}`);
  const copy = path.join(mkdtempSync(path.join(tmpdir(), "rr-patched-")), path.basename(file).replace(/\.js$/, ".mjs"));
  writeFileSync(copy, code + extra);
  return import(/* @vite-ignore */ pathToFileURL(copy).href);
}
const loadInstalled = <T>(file: string): Promise<T> => import(/* @vite-ignore */ pathToFileURL(path.join(lib, file)).href);

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
    for (const file of PATCHED_FILES) {
      const code = readFileSync(path.join(lib, file), "utf8");
      expect(patchRouterFile(file, code), file).not.toBe(code);
      expect(() => patchRouterFile(file, "export {};"), file).toThrow(/has changed; update/);
    }
    expect(patchRouterFile("router/utils.js", readFileSync(utilsFile, "utf8"))).toContain("branchesByFirstSegment(branches, decoded)");
  });

  test.each([
    ["this site's routes", siteRoutes],
    ["routes of every shape", shapeRoutes],
  ])("the indexed matcher finds what React Router finds: %s", async (_, routes) => {
    const plain = await loadInstalled<Utils>("router/utils.js");
    const patched = await loadPatched<Utils>("router/utils.js");
    vi.spyOn(console, "warn").mockImplementation(() => {}); // React Router's warning for the malformed "/%"
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
    const plain = await loadInstalled<Utils>("router/utils.js");
    const patched = await loadPatched<Utils>("router/utils.js");
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

  test("the route objects made once per build are React Router's own, made again when a route module changes", async () => {
    type Modules = Record<string, Record<string, unknown>>;
    type ServerRoute = Record<string, unknown> & { id: string; children?: ServerRoute[] };
    const Root = () => null;
    const Layout = () => null;
    const Words = () => null;
    const Home = () => null;
    const build = {
      root: { id: "root", path: "", module: { default: Root, Layout } },
      "routes/words": { id: "routes/words", parentId: "root", path: "k", module: { default: Words, handle: { crumb: "Words" } } },
      "routes/home": { id: "routes/home", parentId: "root", index: true, module: { default: Home } },
    };
    const assets = Object.fromEntries(Object.values(build).map(({ module: _, ...route }) => [route.id, { ...route, hasLoader: route.id !== "routes/home" }]));
    const future = {};

    const entry = await loadInstalled<{ createEntryRouteModules(m: object): Modules }>("server-runtime/entry.js");
    const entryOnce = await loadPatched<typeof entry>("server-runtime/entry.js");
    const modules = entryOnce.createEntryRouteModules(build);
    expect(modules).toEqual(entry.createEntryRouteModules(build));
    expect(entryOnce.createEntryRouteModules(build)).toBe(modules);

    // Route objects compared by what React renders with: components, handles, loaders' presence, elements' types.
    const shape = (routes: ServerRoute[]): unknown[] =>
      routes.map(({ children, element, errorElement, hydrateFallbackElement, loader, lazy, ...rest }) => ({
        ...rest,
        loader: typeof loader,
        lazy: typeof lazy,
        elements: [element, errorElement, hydrateFallbackElement].map((e) => (e as { type?: unknown } | undefined)?.type),
        children: children ? shape(children) : undefined,
      }));
    const routesFile = await loadInstalled<{ createServerRoutes(m: object, r: Modules, f: object, spa: boolean): ServerRoute[] }>("dom/ssr/routes.js");
    const ssr = await loadPatched<{ serverRoutesOnce: typeof routesFile.createServerRoutes }>("dom/ssr/server.js", "\nexport { serverRoutesOnce };\n");
    const first = ssr.serverRoutesOnce(assets, modules, future, false);
    expect(shape(first)).toEqual(shape(routesFile.createServerRoutes(assets, modules, future, false)));
    expect(ssr.serverRoutesOnce(assets, { ...modules }, future, false)).toBe(first);
    const Words2 = () => null;
    const changed = { ...modules, "routes/words": { default: Words2 } };
    const again = ssr.serverRoutesOnce(assets, changed, future, false);
    expect(again).not.toBe(first);
    expect(shape(again)).toEqual(shape(routesFile.createServerRoutes(assets, changed, future, false)));
    expect(ssr.serverRoutesOnce(assets, changed, future, true)).not.toBe(again);

    type Router = { routes: unknown[]; state: { location: unknown; loaderData: unknown; matches: { route: unknown }[] } };
    const server = await loadInstalled<{ createStaticRouter(routes: unknown[], context: object): Router }>("dom/server.js");
    const serverOnce = await loadPatched<typeof server>("dom/server.js");
    const context = (path: string) => ({ location: { pathname: path }, matches: [{ route: { id: "root" }, params: {} }], loaderData: { root: path }, actionData: null, errors: null });
    const a = serverOnce.createStaticRouter(first, context("/k"));
    const b = serverOnce.createStaticRouter(first, context("/"));
    expect(b.routes).toBe(a.routes);
    expect(b.state.loaderData).toEqual({ root: "/" });
    expect(b.state.matches[0]!.route).toBe(a.routes[0]);
    const plainRouter = server.createStaticRouter(first, context("/"));
    expect(shape(b.routes as ServerRoute[])).toEqual(shape(plainRouter.routes as ServerRoute[]));
    expect(serverOnce.createStaticRouter(again, context("/")).routes).not.toBe(a.routes);
  });

  test("turbo-stream's stringify writes the same text as React Router's, for values of every kind", async () => {
    type Encoder = { deferred: Record<number, unknown>; index: number; indices: Map<unknown, number>; stringified: string[]; plugins?: Array<(v: unknown) => unknown>; postPlugins?: Array<(v: unknown) => unknown> };
    type Flatten = { flatten(this: Encoder, input: unknown): Promise<number | [number]> };
    const plain = await loadInstalled<Flatten>("../vendor/turbo-stream-v2/flatten.js");
    const patched = await loadPatched<Flatten>("../vendor/turbo-stream-v2/flatten.js");
    const shared = { code: "3s", name: "s/he" };
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    const nullProto = Object.assign(Object.create(null), { a: 1 });
    class Odd { x = 1; }
    const values: unknown[] = [
      // a page's data: nested objects and arrays, shared objects written once, strings that need escaping
      { root: { year: 2026, siteName: "Nishnaabemwin" }, "routes/word": { word: { id: 1, name: "maajaa", gloss: 'go "away"\n' }, cells: [shared, shared, { who: shared }], empty: {}, none: [] } },
      ["a", "a", "b", "", "ǫ̨ — \u2028 \u{1F600}", "\ud800", "_", "0"],
      [0, -0, 1.5, -2, 1e21, NaN, Infinity, -Infinity, true, false, null, undefined, 10n],
      sparse,
      { "": 1, _1: 2, "key with \"quotes\"": 3, 7: "seven", nested: { deeper: { deepest: [[[]]] } } },
      new Date(0), new Date(NaN), new URL("https://example.org/k/1?x=1"), /a+b/gi, new Set([1, "1", shared]), new Set(), new Map<unknown, unknown>([["k", shared], [shared, "v"]]), new Map(),
      new Error("boom"), new TypeError("bad"), nullProto, Symbol.for("site"),
      { many: Array.from({ length: 7000 }, (_, i) => ({ i, even: i % 2 === 0, label: `cell ${i % 50}` })) }, // past the 6,000 values between clock reads
    ];
    const plugins = [(v: unknown) => (v instanceof Error ? ["SanitizedError", v.name, v.message] : undefined)];
    const encode = async (f: Flatten, value: unknown) => {
      const encoder: Encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins };
      const id = await f.flatten.call(encoder, value);
      return { id, text: encoder.stringified.join(",") };
    };
    for (const value of [...values, values]) {
      expect(await encode(patched, value)).toEqual(await encode(plain, value));
    }
    // What neither can write fails the same way.
    for (const bad of [() => 1, new Odd(), Symbol("local")]) {
      await expect(encode(patched, { bad })).rejects.toThrow((await encode(plain, { bad }).catch((e: Error) => e)) as Error);
    }
  });
});

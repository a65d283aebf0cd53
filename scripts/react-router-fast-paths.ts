/**
 * A build step for the server bundle (ADR 015, session 11): React Router's per-request costs on Workers that are the
 * same for every request, each replaced by code that gives the same answers.
 *
 * 1. Route matching. React Router ranks the app's routes into ~55 branches once, then matches a URL by trying the
 *    branches in rank order until one matches: three times per request (the request handler, the loaders' query and
 *    the route manifest). Each failed branch costs two regex tests, a path join and a few objects; together that
 *    was 8–9% of an uncached page's CPU. Now the matcher tries only the branches that can match: a branch whose
 *    first path segment is static (`conj`, `k` in `k/:id`) can only match a URL whose first segment is the same
 *    text, ignoring ASCII case, as React Router's case-insensitive regexes do. The branches are indexed by that
 *    segment once per branch list (a WeakMap; branch lists are built once per isolate). The others (a dynamic,
 *    optional or splat first segment, or a non-ASCII one, where a regex's case folding is not `toLowerCase`) stay
 *    in every candidate list, and the candidates keep the rank order, so the first match is the one React Router
 *    finds. A case-sensitive route needs no exception: what it matches, the case-insensitive key matches too.
 *    Partial matching (the browser's route discovery) and lists that are not precomputed are left as they were.
 * 2. `getBuildTimeHeader` read `process.env` (a property look-up through the runtime) twice per request to learn
 *    whether the request came from React Router's pre-render build. The environment is fixed per isolate, so it is
 *    read once.
 * 3. The route objects React renders with. For every page, React Router built the build's route-module map, then
 *    the ~55 server routes from the manifest (`createServerRoutes`, in `ServerRouter`), then their data routes
 *    (`createStaticRouter`): ~5% of a page's CPU, and the same objects every time, as they depend only on the build.
 *    Each is now made once per build (WeakMaps keyed by the build's manifest and routes) and reused; the server
 *    routes are made afresh if any route module differs from the ones they were made from. Nothing changes them
 *    after they are made (React elements and route objects are read, never written, on the server); what is per
 *    request (the matches, loader data, location) stays in the request's own context.
 * 4. The encoding of a page's data for hydration (turbo-stream's `stringify`, ADR 015, session 17). Its loop made a
 *    closure (`partsForObj`, with a callback for `map`) for every value it wrote and read the clock for every value,
 *    though the clock only matters every 6,000th. In workerd that took ~90 µs for the word page's data (~120
 *    values), 9 times `JSON.stringify` of the same data. The closure is now made once per call, an object's parts
 *    are joined in a loop, and the clock is read when it is looked at: the same text, in ~35 µs.
 *
 * If a React Router upgrade changes any of these functions, the build fails here rather than silently losing the
 * change.
 */
import type { Plugin } from "vite";

const MATCH_LOOP =
  /let decoded = decodePath\(pathname\);\n\tfor \(let i = 0; matches == null && i < branches\.length; \+\+i\) matches = matchRouteBranch\(branches\[i\], decoded, allowPartial\);/;

const INDEXED_LOOP = `let decoded = decodePath(pathname);
\tlet candidates = allowPartial || !precomputedBranches ? branches : branchesByFirstSegment(branches, decoded);
\tfor (let i = 0; matches == null && i < candidates.length; ++i) matches = matchRouteBranch(candidates[i], decoded, allowPartial);`;

const BRANCH_INDEX = `
var firstSegmentIndexes = new WeakMap();
function firstSegmentKey(branch) {
\tlet first = branch.path.replace(/^\\/+/, "").split("/")[0];
\treturn /^[\\x20-\\x7e]*$/.test(first) && !/[:*?]/.test(first) ? first.toLowerCase() : null;
}
function branchesByFirstSegment(branches, pathname) {
\tlet index = firstSegmentIndexes.get(branches);
\tif (index === undefined) {
\t\tlet keys = branches.map(firstSegmentKey);
\t\tlet byKey = new Map();
\t\tfor (let key of new Set(keys)) if (key !== null) byKey.set(key, branches.filter((_, i) => keys[i] === key || keys[i] === null));
\t\tindex = { byKey, others: branches.filter((_, i) => keys[i] === null) };
\t\tfirstSegmentIndexes.set(branches, index);
\t}
\tlet start = pathname.charCodeAt(0) === 47 ? 1 : 0;
\tlet end = pathname.indexOf("/", start);
\tlet key = (end === -1 ? pathname.slice(start) : pathname.slice(start, end)).toLowerCase();
\treturn index.byKey.get(key) ?? index.others;
}
`;

const BUILD_TIME_HEADER =
  /function getBuildTimeHeader\(request, headerName\) \{\n\tif \(typeof process !== "undefined"\) try \{\n\t\tif \(process\.env\.hasOwnProperty\("IS_RR_BUILD_REQUEST"\) && process\.env\.IS_RR_BUILD_REQUEST === "yes"\) return request\.headers\.get\(headerName\);\n\t\} catch \{\}\n\treturn null;\n\}/;

const BUILD_TIME_HEADER_ONCE = `var isBuildRequest;
function getBuildTimeHeader(request, headerName) {
\tif (isBuildRequest === undefined) {
\t\tisBuildRequest = false;
\t\tif (typeof process !== "undefined") try {
\t\t\tisBuildRequest = process.env.hasOwnProperty("IS_RR_BUILD_REQUEST") && process.env.IS_RR_BUILD_REQUEST === "yes";
\t\t} catch {}
\t}
\treturn isBuildRequest ? request.headers.get(headerName) : null;
}`;

const ENTRY_ROUTE_MODULES = /function createEntryRouteModules\(manifest\) \{\n\treturn Object\.keys\(manifest\)/;

const ENTRY_ROUTE_MODULES_ONCE = `var entryRouteModules = new WeakMap();
function createEntryRouteModules(manifest) {
\tlet modules = entryRouteModules.get(manifest);
\tif (modules === undefined) {
\t\tmodules = createEntryRouteModulesImpl(manifest);
\t\tentryRouteModules.set(manifest, modules);
\t}
\treturn modules;
}
function createEntryRouteModulesImpl(manifest) {
\treturn Object.keys(manifest)`;

const SERVER_ROUTES_CALL = /let routes = createServerRoutes\(manifest\.routes, routeModules, context\.future, context\.isSpaMode\);/;

const SERVER_ROUTES_ONCE = `
var serverRoutes = new WeakMap();
function serverRoutesOnce(manifest, routeModules, future, isSpaMode) {
\tlet made = serverRoutes.get(manifest);
\tif (made && made.future === future && made.isSpaMode === isSpaMode && made.ids.every((id) => routeModules[id] === made.modules[id])) return made.routes;
\tlet ids = Object.keys(manifest);
\tlet modules = {};
\tfor (let id of ids) modules[id] = routeModules[id];
\tmade = { future, isSpaMode, ids, modules, routes: createServerRoutes(manifest, routeModules, future, isSpaMode) };
\tserverRoutes.set(manifest, made);
\treturn made.routes;
}
`;

const STATIC_DATA_ROUTES = /\tlet manifest = \{\};\n\tlet dataRoutes = convertRoutesToDataRoutes\(routes, void 0, void 0, manifest\);/;

const STATIC_DATA_ROUTES_ONCE = `\tlet converted = staticDataRoutes.get(routes);
\tif (converted === undefined) {
\t\tlet manifest = {};
\t\tconverted = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, manifest) };
\t\tstaticDataRoutes.set(routes, converted);
\t}
\tlet { manifest, dataRoutes } = converted;`;

const STRINGIFY_LOOP =
  /\tlet i = 0;\n\twhile \(stack\.length > 0\) \{\n\t\tconst now = getNow\(\);\n\t\tif \(\+\+i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS\) \{\n\t\t\tawait yieldToMain\(\);\n\t\t\tlastYieldTime = getNow\(\);\n\t\t\}\n\t\tconst \[input, index\] = stack\.pop\(\);\n\t\tconst partsForObj = \(obj\) => Object\.keys\(obj\)\.map\(\(k\) => `"_\$\{flattenValue\(k\)\}":\$\{flattenValue\(obj\[k\]\)\}`\)\.join\(","\);/;

const STRINGIFY_LOOP_LEAN = `\tconst partsForObj = (obj) => {
\t\tconst keys = Object.keys(obj);
\t\tlet out = "";
\t\tfor (let k = 0; k < keys.length; k++) {
\t\t\tconst key = keys[k];
\t\t\tconst name = flattenValue(key);
\t\t\tout += (k === 0 ? '"_' : ',"_') + name + '":' + flattenValue(obj[key]);
\t\t}
\t\treturn out;
\t};
\tlet i = 0;
\twhile (stack.length > 0) {
\t\tif (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS) {
\t\t\tawait yieldToMain();
\t\t\tlastYieldTime = getNow();
\t\t}
\t\tconst [input, index] = stack.pop();`;

type Patch = { name: string; find: RegExp; replace: string; append?: string };

/** Each patched file of React Router (its path under `dist/<mode>/lib/`) and what is changed in it. */
const PATCHES: Record<string, Patch[]> = {
  "../vendor/turbo-stream-v2/flatten.js": [{ name: "turbo-stream's stringify", find: STRINGIFY_LOOP, replace: STRINGIFY_LOOP_LEAN }],
  "router/utils.js": [{ name: "matchRoutesImpl", find: MATCH_LOOP, replace: INDEXED_LOOP, append: BRANCH_INDEX }],
  "server-runtime/dev.js": [{ name: "getBuildTimeHeader", find: BUILD_TIME_HEADER, replace: BUILD_TIME_HEADER_ONCE }],
  "server-runtime/entry.js": [{ name: "createEntryRouteModules", find: ENTRY_ROUTE_MODULES, replace: ENTRY_ROUTE_MODULES_ONCE }],
  "dom/ssr/server.js": [
    {
      name: "ServerRouter's createServerRoutes",
      find: SERVER_ROUTES_CALL,
      replace: "let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);",
      append: SERVER_ROUTES_ONCE,
    },
  ],
  "dom/server.js": [
    {
      name: "createStaticRouter",
      find: STATIC_DATA_ROUTES,
      replace: STATIC_DATA_ROUTES_ONCE,
      append: "\nvar staticDataRoutes = new WeakMap();\n",
    },
  ],
};

/** The patched files, relative to `dist/<mode>/lib/`. */
export const PATCHED_FILES = Object.keys(PATCHES);

/** React Router's file `file` (a key of PATCHES) with its patches, or an error naming a function that has changed. */
export function patchRouterFile(file: string, code: string): string {
  let out = code;
  for (const patch of PATCHES[file] ?? []) {
    if (!patch.find.test(out)) throw new Error(`react-router: ${patch.name} has changed; update scripts/react-router-fast-paths.ts`);
    out = out.replace(patch.find, patch.replace) + (patch.append ?? "");
  }
  return out;
}

/** A file of React Router's build: under `lib/` (the key is the path below it) or `vendor/` (`../vendor/…`). */
const ROUTER_FILE = /react-router[\\/]dist[\\/](?:production|development)[\\/]((?:lib|vendor)[\\/].+\.js)$/;

/**
 * The Vite plugin: patches React Router's files in the server bundle of a build (the browser's copy is untouched),
 * and fails the build if one of them was not seen (a file moved in an upgrade would otherwise go unpatched).
 */
export function reactRouterFastPaths(): Plugin {
  const patched = new Set<string>();
  return {
    name: "react-router-fast-paths",
    apply: "build",
    applyToEnvironment: (environment) => environment.name !== "client",
    transform(code, id) {
      const under = ROUTER_FILE.exec(id)?.[1]?.replace(/\\/g, "/");
      const file = under?.startsWith("lib/") ? under.slice(4) : under && `../${under}`;
      if (!file || !(file in PATCHES)) return null;
      patched.add(file);
      return { code: patchRouterFile(file, code), map: null };
    },
    buildEnd(error) {
      const missing = PATCHED_FILES.filter((file) => !patched.has(file));
      if (!error && missing.length) throw new Error(`react-router: ${missing.join(", ")} not in the server bundle; update scripts/react-router-fast-paths.ts`);
    },
  };
}

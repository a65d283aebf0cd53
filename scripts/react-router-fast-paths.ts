/**
 * A build step for the server bundle (ADR 015, session 11): two of React Router's per-request costs on Workers, each
 * replaced by code that gives the same answers.
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
 *
 * If a React Router upgrade changes either function, the build fails here rather than silently losing the change.
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

/** React Router's `lib/router/utils.js` with the indexed matcher, or an error if its matching loop has changed. */
export function withIndexedMatching(code: string): string {
  if (!MATCH_LOOP.test(code)) throw new Error("react-router: matchRoutesImpl has changed; update scripts/react-router-fast-paths.ts");
  return code.replace(MATCH_LOOP, INDEXED_LOOP) + BRANCH_INDEX;
}

/** React Router's `lib/server-runtime/dev.js` reading the environment once, or an error if the function has changed. */
export function withBuildRequestOnce(code: string): string {
  if (!BUILD_TIME_HEADER.test(code)) throw new Error("react-router: getBuildTimeHeader has changed; update scripts/react-router-fast-paths.ts");
  return code.replace(BUILD_TIME_HEADER, BUILD_TIME_HEADER_ONCE);
}

const ROUTER_FILE = /react-router[\\/]dist[\\/](production|development)[\\/]lib[\\/](router[\\/]utils|server-runtime[\\/]dev)\.js$/;

/** The Vite plugin: applies both to React Router's files in the server bundle only (the browser's copy is untouched). */
export function reactRouterFastPaths(): Plugin {
  return {
    name: "react-router-fast-paths",
    applyToEnvironment: (environment) => environment.name !== "client",
    transform(code, id) {
      const file = ROUTER_FILE.exec(id);
      if (!file) return null;
      return { code: file[2].startsWith("router") ? withIndexedMatching(code) : withBuildRequestOnce(code), map: null };
    },
  };
}

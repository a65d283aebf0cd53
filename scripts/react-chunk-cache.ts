/**
 * A build step for the server bundle (ADR 015, session 10): React's edge renderer (`react-dom/server.edge`, what
 * React Router renders pages with on Workers) turns every string it writes (each attribute name and value, each
 * text) into bytes with its own `TextEncoder.encode` call, a call into the runtime per string. Most of those strings
 * are short and the same from request to request (attribute names, class names, the navigation's labels), so the
 * renderer's `stringToChunk` is given a per-isolate cache of the bytes of short strings.
 * Safe because React never changes a chunk once made (it copies chunks into its output buffer, and already shares
 * its precomputed chunks between requests), and a short string's bytes (at most 64 UTF-16 units, so at most 192
 * bytes) are always copied, never handed to the stream themselves (React passes on only chunks over 2,048 bytes).
 * If a React upgrade changes the function, the build fails here rather than silently losing the cache.
 */
import type { Plugin } from "vite";

const STRING_TO_CHUNK = /function stringToChunk\(content\) \{\s*return textEncoder\.encode\(content\);\s*\}/;

const CACHED = `var chunkCache = new Map();
function stringToChunk(content) {
  if (content.length > 64) return textEncoder.encode(content);
  var chunk = chunkCache.get(content);
  if (chunk === undefined) {
    if (chunkCache.size >= 4096) chunkCache.clear();
    chunk = textEncoder.encode(content);
    chunkCache.set(content, chunk);
  }
  return chunk;
}`;

/** The renderer's code with the cache, or an error if its `stringToChunk` is not the one this was written for. */
export function withChunkCache(code: string): string {
  if (!STRING_TO_CHUNK.test(code)) throw new Error("react-dom/server.edge: stringToChunk has changed; update scripts/react-chunk-cache.ts");
  return code.replace(STRING_TO_CHUNK, CACHED);
}

/** The Vite plugin: applies `withChunkCache` to React's edge server renderer (production and development builds). */
export function reactChunkCache(): Plugin {
  return {
    name: "react-dom-server-chunk-cache",
    transform(code, id) {
      if (!/react-dom[\\/]cjs[\\/]react-dom-server\.edge\.(production|development)\.js$/.test(id)) return null;
      return { code: withChunkCache(code), map: null };
    },
  };
}

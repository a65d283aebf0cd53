/**
 * The server bundle's patch of React's edge renderer (scripts/react-chunk-cache.ts): the installed renderer has the
 * function it replaces, the patched renderer writes exactly the same HTML, and a second render of the same tree
 * encodes far fewer strings (the short ones come from the cache).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement as h } from "react";
import { describe, expect, test } from "vitest";
import { withChunkCache } from "../../scripts/react-chunk-cache";

const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs", "react-dom-server.edge.production.js");
const source = readFileSync(file, "utf8");

type Renderer = { renderToReadableStream: (node: unknown) => Promise<ReadableStream<Uint8Array>> };

/** Loads a renderer's CommonJS source with a TextEncoder that counts its `encode` calls. */
function load(code: string): { renderer: Renderer; encodes: () => number } {
  let calls = 0;
  class CountingEncoder extends TextEncoder {
    override encode(input?: string) {
      calls++;
      return super.encode(input);
    }
  }
  const module = { exports: {} as Renderer };
  new Function("module", "exports", "require", "TextEncoder", code)(module, module.exports, createRequire(file), CountingEncoder);
  return { renderer: module.exports, encodes: () => calls };
}

async function html(renderer: Renderer, node: unknown): Promise<string> {
  return new Response(await renderer.renderToReadableStream(node)).text();
}

const page = () =>
  h("main", { className: "page", id: "top" }, [
    h("nav", { key: "n", "aria-label": "Main" }, ["Words", "Stories", "Lessons"].map((t) => h("a", { key: t, href: `/${t.toLowerCase()}`, className: "nav-link" }, t))),
    h("p", { key: "p" }, "maajaa — go away, leave; ", h("abbr", { title: "animate intransitive verb" }, "vai")),
    h("p", { key: "l" }, "x".repeat(300)),
  ]);

describe("React's edge renderer with the chunk cache", () => {
  test("the installed renderer has the function the build replaces", () => {
    const patched = withChunkCache(source);
    expect(patched).not.toBe(source);
    expect(patched).toContain("chunkCache.get(content)");
    expect(() => withChunkCache("function stringToChunk(content) { return other(content); }")).toThrow(/stringToChunk has changed/);
  });

  test("same HTML as the unpatched renderer; a second render encodes fewer strings", async () => {
    const plain = load(source);
    const cached = load(withChunkCache(source));
    const expected = await html(plain.renderer, page());
    expect(await html(cached.renderer, page())).toBe(expected);
    const first = cached.encodes();
    expect(await html(cached.renderer, page())).toBe(expected);
    const second = cached.encodes() - first;
    const before = plain.encodes();
    await html(plain.renderer, page());
    const plainSecond = plain.encodes() - before;
    console.log(`encode calls on a second render: ${second} with the cache, ${plainSecond} without`);
    expect(second).toBeLessThan(plainSecond / 2);
  });
});

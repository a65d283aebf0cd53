/**
 * Paint first, then hydrate (app/components/paint-first-scripts.tsx, ADR 015a, paint first): a page's HTML starts no
 * JavaScript of its own; React Router's boot is held inert and a nonced script after it puts it and its
 * modulepreload links back after the first paint. The browser side (no script fetched before the first paint, the
 * page hydrated after it) is tests/e2e/paint-first.spec.ts.
 */
import { exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { HELD_MODULE_TYPE } from "../../app/components/paint-first-scripts";

const worker = exports.default;

test.each(["/", "/k", "/k?q=maajaa", "/miinad", "/no-such-page"])("%s: the client boot is held until after the first paint", async (path) => {
  const response = await worker.fetch(new Request(`http://localhost${path}`));
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  // Nothing in the HTML itself fetches or runs a module.
  expect(html).not.toMatch(/<link\b[^>]*\bmodulepreload\b/);
  expect(html).not.toMatch(/<script\b[^>]*type="module"/);
  // React Router's boot is there, inert, with the response's nonce.
  const held = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => attrs!.includes(`type="${HELD_MODULE_TYPE}"`));
  expect(held).toHaveLength(1);
  expect(held[0]![1]).toContain(`nonce="${nonce}"`);
  expect(held[0]![2]).toMatch(/import\(["'][^"']+["']\)/);
  // The boot script follows it: nonced, waits for the first contentful paint, restores the preloads and the module.
  const boot = /<script id="paint-first"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  expect(boot?.[0]).toContain(`nonce="${nonce}"`);
  expect(html.indexOf(boot![0])).toBeGreaterThan(html.indexOf(held[0]![0]));
  expect(boot![1]).toContain("first-contentful-paint");
  const [, hrefList, here] = /\}\)\((\[.*\]),("[^"]*")\)$/.exec(boot![1]!)!;
  const hrefs = JSON.parse(hrefList!) as string[];
  // The address the page was written for: a history move before hydration reloads instead of hydrating it elsewhere.
  expect(JSON.parse(here!)).toBe(path);
  const entry = /import\(["']([^"']+)["']\)/.exec(held[0]![2]!)![1]!;
  expect(hrefs).toContain(entry);
});

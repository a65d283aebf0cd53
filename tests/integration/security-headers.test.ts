import { exports } from "cloudflare:workers";
import { expect, test } from "vitest";

const worker = exports.default;

async function get(path: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`));
  return { response, html: await response.text() };
}

function nonceOf(csp: string | null) {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

test.each(["/", "/miinad", "/no-such-page", "/_test/error"])("HTML response %s carries the security headers", async (path) => {
  const { response } = await get(path);
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
});

test("every script carries this response's nonce, and the nonce changes per response", async () => {
  const first = await get("/");
  const second = await get("/");
  const a = nonceOf(first.response.headers.get("content-security-policy"));
  const b = nonceOf(second.response.headers.get("content-security-policy"));
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
  const scripts = first.html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${a}"`);
  const preloads = first.html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  for (const tag of preloads) expect(tag).toContain(`nonce="${a}"`);
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

// Static files are looked up as assets only where wrangler.toml's `run_worker_first` excludes them from the Worker
// (ADR 015a, pages skip the asset look-up); every other address goes to the Worker first. So every file the build's client folder holds
// (public/ and /assets/) must be excluded there, or it would be answered by the site's 404 page.
const CLIENT = path.join(process.cwd(), "build", "client");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test("every file of the build's client folder is served as it is", async ({ request }) => {
  // `_headers` is the assets' configuration (public/_headers), never served.
  const ignored = /(^|\/)\.assetsignore$|^_headers$|\.map$/;
  const files = filesUnder(CLIENT)
    .map((file) => path.relative(CLIENT, file).split(path.sep).join("/"))
    .filter((file) => !ignored.test(file));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const response = await request.get(`/${file}`);
    expect(response.status(), file).toBe(200);
    expect(Buffer.compare(await response.body(), readFileSync(path.join(CLIENT, file))), file).toBe(0);
  }
});

test("pages, the API and unknown addresses go to the Worker", async ({ request }) => {
  const page = await request.get("/k/1");
  expect(page.status()).toBe(200);
  expect(page.headers()["content-security-policy"]).toContain("nonce-");
  expect((await request.get("/api/health")).status()).toBe(200);
  const missing = await request.get("/no-such-page.txt");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("</html>");
});

test("static files carry the security headers the Worker gives every response that is not a page", async ({ request }) => {
  const worker = (await request.get("/api/health")).headers();
  const names = [
    "strict-transport-security",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
    "permissions-policy",
  ];
  const script = filesUnder(path.join(CLIENT, "assets"))
    .map((f) => path.basename(f))
    .find((f) => f.endsWith(".js"));
  for (const file of ["/favicon.svg", "/sw.js", "/manifest.webmanifest", "/icons/icon-192.png", `/assets/${script}`]) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    const headers = response.headers();
    for (const name of names) {
      expect(worker[name], name).toBeTruthy();
      expect(headers[name], `${file}: ${name}`).toBe(worker[name]);
    }
  }
  // Files that are not scripts cannot load anything.
  for (const file of ["/favicon.svg", "/manifest.webmanifest"]) {
    expect((await request.get(file)).headers()["content-security-policy"], file).toContain("default-src 'none'");
  }
});

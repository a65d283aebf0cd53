import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

// Static files are looked up as assets only where wrangler.toml's `run_worker_first` excludes them from the Worker
// (ADR 015, pages skip the asset look-up); every other address goes to the Worker first. So every file the build's client folder holds
// (public/ and /assets/) must be excluded there, or it would be answered by the site's 404 page.
const CLIENT = path.join(process.cwd(), "build", "client");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test("every file of the build's client folder is served as it is", async ({ request }) => {
  const ignored = /(^|\/)\.assetsignore$|\.map$/;
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

/**
 * The admins' dictionary import in the browser (issue 38): a dry run writes nothing and reports per line, the import
 * writes (a one-batch file in the request, as a finished job) and is audited, the same file twice changes nothing;
 * admins only, on every route and action. Stems files and queued jobs: ./admin-import-jobs.test.ts.
 */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { countRows } from "../support/email-queue";

const worker = exports.default;

function post(fields: Record<string, string>, file: string | null, cookie?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file !== null) body.append("file", new Blob([file], { type: "text/tab-separated-values" }), "test-dict.tsv");
  return worker.fetch(
    new Request("http://localhost/admin/import", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
      redirect: "manual",
    }),
  );
}

function get(path: string, cookie?: string) {
  return worker.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }));
}

const newTag = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => String.fromCharCode(97 + (b % 26))).join("");
const fileOf = (tag: string) =>
  `headword\tpos\tgloss\n${tag}aa\tvai\ts/he tests\n${tag}bb\tni\ta test thing\n\tvai\tno headword\n${tag}aa\tvai\ts/he tests again\n`;

const countOf = async (tag: string) => (await env.DB.prepare("SELECT count(*) AS n FROM lexemes WHERE name LIKE ?").bind(`${tag}%`).first<{ n: number }>())!.n;

test("dry run, import, and the same file again: nothing changes the second time; audited", async () => {
  const tag = newTag();
  const FILE = fileOf(tag);
  const count = () => countOf(tag);
  const admin = await insertUser(env, { role: "admin" });
  const cookie = await sessionCookieHeader(env, admin);
  const dry = await post({ intent: "dry-run" }, FILE, cookie);
  expect(dry.status).toBe(200);
  const dryHtml = await dry.text();
  expect(dryHtml).toContain("Dry run: nothing was written.");
  expect(dryHtml).toContain("Lexicon: 2 added, 0 changed");
  expect(dryHtml).toMatch(/Refused lines, not imported \(1\):\s+test-dict\.tsv:4: /);
  expect(await count()).toBe(0);

  const applied = await post({ intent: "apply" }, FILE, cookie);
  expect(applied.status).toBe(302);
  const jobPage = applied.headers.get("Location")!;
  expect(jobPage).toMatch(/^\/admin\/import\/jobs\/\d+$/);
  expect(await count()).toBe(2);
  const progress = await (await get(jobPage, cookie)).text();
  expect(progress).toContain("Done: the whole file is imported.");
  expect(progress).toMatch(/1<!-- --> of <!-- -->1<!-- --> batches/);
  const gloss = await env.DB.prepare("SELECT gloss FROM lexemes WHERE name = ?").bind(`${tag}aa`).first<{ gloss: string }>();
  expect(gloss!.gloss).toBe("s/he tests; s/he tests again");
  const log = await env.DB.prepare("SELECT user_id, after FROM edit_log WHERE action = 'import' AND entity_id = 'import:test-dict.tsv'").all<{
    user_id: number;
    after: string;
  }>();
  expect(log.results).toHaveLength(1);
  expect(JSON.parse(log.results[0]!.after)).toMatchObject({ kind: "lexicon", added: 2, changed: 0, refused: 1 });
  expect(log.results[0]!.user_id).toBe(admin.id);

  const again = await post({ intent: "apply" }, FILE, cookie);
  expect(again.status).toBe(200);
  const againHtml = await again.text();
  expect(againHtml).toContain("Nothing to change: the database already holds this file.");
  expect(againHtml).toContain("Lexicon: 0 added, 0 changed, 2 unchanged.");
  expect(
    (await env.DB.prepare("SELECT count(*) AS n FROM edit_log WHERE action = 'import' AND entity_id = 'import:test-dict.tsv'").first<{ n: number }>())!.n,
  ).toBe(1);
});

test("every import route and action: 401 without a session, 403 for a learner and for an editor; nothing written", async () => {
  const tag = newTag();
  const FILE = fileOf(tag);
  const count = () => countOf(tag);
  const admin = await sessionCookieHeader(env, await insertUser(env, { role: "admin" }));
  const jobPage = (await post({ intent: "apply" }, fileOf(newTag()), admin)).headers.get("Location")!;
  expect((await get(jobPage, admin)).status).toBe(200);
  expect((await get("/admin/import/jobs/99999999", admin)).status).toBe(404);
  expect((await get("/admin/import/jobs/x", admin)).status).toBe(404);
  const resume = (cookie?: string) =>
    worker.fetch(
      new Request(`http://localhost${jobPage}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "resume" }),
        headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
        redirect: "manual",
      }),
    );
  const jobs = await countRows("SELECT count(*) AS n FROM import_jobs");
  const checks = (cookie?: string) => [
    post({ intent: "apply" }, FILE, cookie),
    post({ intent: "dry-run" }, FILE, cookie),
    get("/admin/import", cookie),
    get(jobPage, cookie),
    resume(cookie),
  ];
  for (const response of await Promise.all(checks())) expect(response.status).toBe(401);
  for (const role of ["learner", "editor"] as const) {
    const cookie = await sessionCookieHeader(env, await insertUser(env, { role }));
    for (const response of await Promise.all(checks(cookie))) expect(response.status).toBe(403);
  }
  expect(await count()).toBe(0);
  expect(await countRows("SELECT count(*) AS n FROM import_jobs")).toBe(jobs);
});

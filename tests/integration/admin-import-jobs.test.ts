/**
 * The admins' imports in the browser, part two (issue 38): stems files (dry run per line, apply, the same file twice,
 * audited) and large files as import jobs through the real local queue — batches written whole or not at all, a
 * failed batch stops the job and "Resume" finishes it, a batch delivered again writes nothing, one audit row per job.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, expect, test } from "vitest";
import worker from "../../workers/app";
import { IMPORT_BATCH_ROWS } from "../../app/services/import-jobs.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { countRows, waitForEmailQueueDrain } from "../support/email-queue";
import { waitFor } from "../support/wait-for";

const fetcher = exports.default;

function post(path: string, fields: Record<string, string>, file: { name: string; text: string } | null, cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append("file", new Blob([file.text], { type: "text/tab-separated-values" }), file.name);
  return fetcher.fetch(
    new Request(`http://localhost${path}`, { method: "POST", body, headers: { Origin: "http://localhost", Cookie: cookie }, redirect: "manual" }),
  );
}

const get = (path: string, cookie: string) => fetcher.fetch(new Request(`http://localhost${path}`, { headers: { Cookie: cookie }, redirect: "manual" }));

const newTag = () => Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => String.fromCharCode(97 + (b % 26))).join("");

async function adminCookie() {
  const admin = await insertUser(env, { role: "admin" });
  return { admin, cookie: await sessionCookieHeader(env, admin) };
}

type JobRow = {
  id: number;
  status: string;
  done_batches: number;
  total_batches: number;
  added: number;
  changed: number;
  error: string | null;
  file_key: string;
};
const jobRow = (id: number) =>
  env.DB.prepare("SELECT * FROM import_jobs WHERE id = ?")
    .bind(id)
    .first<JobRow>()
    .then((r) => r!);
const jobIdOf = (response: Response) => Number(/\/admin\/import\/jobs\/(\d+)$/.exec(response.headers.get("Location") ?? "")![1]);
const auditRows = (file: string) => countRows(`SELECT count(*) AS n FROM edit_log WHERE action = 'import' AND entity_id = 'import:${file}'`);

afterAll(async () => {
  await waitForEmailQueueDrain(async () => (await countRows("SELECT count(*) AS n FROM import_jobs WHERE status = 'queued'")) === 0, 30_000);
});

test("a stems file: the dry run lists what is set, skipped and refused per line; apply sets the stems, once", async () => {
  const tag = newTag();
  const { admin, cookie } = await adminCookie();
  const dictionary = `headword\tpos\tgloss\n${tag}aa\tvai\ts/he tests\n${tag}bb\tna\ta tester\n${tag}cc\tvti\ts/he tests it\n`;
  expect((await post("/admin/import", { intent: "apply" }, { name: `${tag}-dict.tsv`, text: dictionary }, cookie)).status).toBe(302);
  await env.DB.prepare("UPDATE lexemes SET stem = 'already' WHERE name = ?").bind(`${tag}cc`).run();
  const name = `${tag}-stems.tsv`;
  const stems = [
    "lemma\tunderlying_stem\tlexicon\tcontinuation",
    `${tag}aa\t${tag}aa1\tVAI\tx`,
    `${tag}bb\t${tag}bbw2\tNA\tx`,
    `${tag}aa\t${tag}other\tVAI\tx`,
    `${tag}zz\t${tag}zz\tVAI\tx`,
    `${tag}cc\talready\tVTI\tx`,
    `${tag}bb\t${tag}bb\tNOPE\tx`,
  ].join("\n");
  const dry = await post("/admin/import", { intent: "dry-run", kind: "stems" }, { name, text: stems }, cookie);
  expect(dry.status).toBe(200);
  const report = (await dry.text()).replaceAll("&#x27;", "'");
  expect(report).toContain("Dry run: nothing was written.");
  expect(report).toContain("Stems: 2 set, 1 unchanged");
  expect(report).toContain(`${name}:2: ${tag}aa (vai): stem (none) → ${tag}aa1`);
  expect(report).toContain(`${name}:3: ${tag}bb (na): stem (none) → ${tag}bbw2`);
  expect(report).toContain(`${name}:4: ${tag}aa (vai): another stem, ${tag}other, not used: line 2's ${tag}aa1 is`);
  expect(report).toContain(`${name}:5: no entry ${tag}zz (vai) in the lexicon`);
  expect(report).toMatch(new RegExp(`${name}:7: lexicon: .*NOPE`));
  const stemOf = async (word: string) => (await env.DB.prepare("SELECT stem FROM lexemes WHERE name = ?").bind(word).first<{ stem: string | null }>())!.stem;
  expect(await stemOf(`${tag}aa`)).toBeNull();

  const applied = await post("/admin/import", { intent: "apply", kind: "stems" }, { name, text: stems }, cookie);
  expect(applied.status).toBe(302);
  expect(await stemOf(`${tag}aa`)).toBe(`${tag}aa1`);
  expect(await stemOf(`${tag}bb`)).toBe(`${tag}bbw2`);
  expect(await stemOf(`${tag}cc`)).toBe("already");
  const job = await jobRow(jobIdOf(applied));
  expect(job).toMatchObject({ status: "done", done_batches: 1, total_batches: 1, added: 0, changed: 2 });
  const log = await env.DB.prepare("SELECT user_id, after FROM edit_log WHERE action = 'import' AND entity_id = ?")
    .bind(`import:${name}`)
    .first<{ user_id: number; after: string }>();
  expect(log!.user_id).toBe(admin.id);
  expect(JSON.parse(log!.after)).toMatchObject({ job: job.id, kind: "stems", added: 0, changed: 2, refused: 2 });
  // The stored file is removed once the job is done.
  expect(await env.AUDIO.head(job.file_key)).toBeNull();

  const again = await post("/admin/import", { intent: "apply", kind: "stems" }, { name, text: stems }, cookie);
  expect(again.status).toBe(200);
  expect(await again.text()).toContain("Nothing to change: the database already holds this file.");
  expect(await auditRows(name)).toBe(1);
});

test("a stems file without its columns is refused as a whole", async () => {
  const { cookie } = await adminCookie();
  const response = await post("/admin/import", { intent: "apply", kind: "stems" }, { name: "wrong.tsv", text: "headword\tpos\tgloss\nx\tvai\ty\n" }, cookie);
  expect(response.status).toBe(400);
  expect(await response.text()).toContain("expected the columns lemma, underlying_stem and lexicon");
});

/** A dictionary file of `n` entries, `${tag}0000` …; the entry at `failAt` (if any) is named `${tag}fail`. */
function bigFile(tag: string, n: number, failAt = -1) {
  const lines = ["headword\tpos\tgloss"];
  for (let i = 0; i < n; i++) lines.push(`${tag}${i === failAt ? "fail" : String(i).padStart(4, "0")}\tvai\ts/he does test ${i}`);
  return lines.join("\n") + "\n";
}

test("a large file goes through the queue in batches; a failed batch stops the job, Resume finishes it; once", async () => {
  const tag = newTag();
  const { admin, cookie } = await adminCookie();
  const name = `${tag}-big.tsv`;
  const total = IMPORT_BATCH_ROWS * 2 + 200;
  const text = bigFile(tag, total, IMPORT_BATCH_ROWS + 7);
  const count = () => countRows(`SELECT count(*) AS n FROM lexemes WHERE name LIKE '${tag}%'`);
  // The second batch fails in the database: none of its rows may be written.
  await env.DB.exec(
    `CREATE TRIGGER import_test_${tag} BEFORE INSERT ON lexemes WHEN NEW.name = '${tag}fail' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
  );
  const applied = await post("/admin/import", { intent: "apply" }, { name, text }, cookie);
  expect(applied.status).toBe(302);
  const id = jobIdOf(applied);
  expect((await jobRow(id)).total_batches).toBe(3);

  const failed = await waitFor(
    async () => {
      const job = await jobRow(id);
      return job.status === "failed" && job.done_batches === 2 ? job : null;
    },
    { timeoutMs: 20_000, message: "the job did not stop at its failing batch" },
  );
  expect(failed.error).toContain("Batch 2 of 3");
  expect(failed.error).toContain("refused by the test");
  expect(await count()).toBe(total - IMPORT_BATCH_ROWS);
  expect(await auditRows(name)).toBe(0);
  const page = await (await get(`/admin/import/jobs/${id}`, cookie)).text();
  expect(page).toContain("Stopped: a batch failed.");
  expect(page).toMatch(/2<!-- --> of <!-- -->3<!-- --> batches/);
  expect(page).toContain(">Resume</button>");

  // Batch 1 delivered again, twice, while the job is stopped: it is written already, nothing changes.
  const before = await env.DB.prepare("SELECT max(updated_at) AS t FROM lexemes WHERE name LIKE ?").bind(`${tag}%`).first<{ t: number }>();
  const message = { version: 1, type: "import-batch", jobId: id, batch: 0 };
  const batch = createMessageBatch<unknown>("nishnaabemwin-jobs", [
    { id: "first", timestamp: new Date(), attempts: 1, body: message },
    { id: "again", timestamp: new Date(), attempts: 1, body: message },
    { id: "bad", timestamp: new Date(), attempts: 1, body: { ...message, batch: -1 } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.explicitAcks.sort()).toEqual(["again", "bad", "first"]);
  expect(result.retryMessages).toEqual([]);
  const after = await env.DB.prepare("SELECT max(updated_at) AS t FROM lexemes WHERE name LIKE ?").bind(`${tag}%`).first<{ t: number }>();
  expect(after!.t).toBe(before!.t);
  expect((await jobRow(id)).done_batches).toBe(2);

  await env.DB.exec(`DROP TRIGGER import_test_${tag}`);
  const resumed = await fetcher.fetch(
    new Request(`http://localhost/admin/import/jobs/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "resume" }),
      headers: { Origin: "http://localhost", Cookie: cookie },
      redirect: "manual",
    }),
  );
  expect(resumed.status).toBe(302);
  const done = await waitFor(
    async () => {
      const job = await jobRow(id);
      return job.status === "done" ? job : null;
    },
    { timeoutMs: 20_000, message: "the resumed job did not finish" },
  );
  expect(done).toMatchObject({ done_batches: 3, added: total, changed: 0, error: null });
  expect(await count()).toBe(total);
  const log = await env.DB.prepare("SELECT user_id, after FROM edit_log WHERE action = 'import' AND entity_id = ?")
    .bind(`import:${name}`)
    .all<{ user_id: number; after: string }>();
  expect(log.results).toHaveLength(1);
  expect(JSON.parse(log.results[0]!.after)).toMatchObject({ job: id, kind: "lexicon", added: total, changed: 0, batches: 3 });
  expect(log.results[0]!.user_id).toBe(admin.id);
  expect(await env.AUDIO.head(done.file_key)).toBeNull();

  // The same file again: nothing to change, no job, no audit row.
  const jobs = await countRows("SELECT count(*) AS n FROM import_jobs");
  const again = await post("/admin/import", { intent: "apply" }, { name, text }, cookie);
  expect(again.status).toBe(200);
  expect(await again.text()).toContain(`Lexicon: 0 added, 0 changed, ${total} unchanged.`);
  expect(await countRows("SELECT count(*) AS n FROM import_jobs")).toBe(jobs);
  expect(await auditRows(name)).toBe(1);
});

test("applying a file whose job is not finished points at that job; an entry already there is updated, not added", async () => {
  const tag = newTag();
  const { cookie } = await adminCookie();
  const name = `${tag}-twice.tsv`;
  const text = bigFile(tag, IMPORT_BATCH_ROWS + 10);
  await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 'an old gloss')").bind(`${tag}0003`, `${tag}0003`).run();
  const first = await post("/admin/import", { intent: "apply" }, { name, text }, cookie);
  const second = await post("/admin/import", { intent: "apply" }, { name, text }, cookie);
  expect(jobIdOf(second)).toBe(jobIdOf(first));
  const done = await waitFor(
    async () => {
      const job = await jobRow(jobIdOf(first));
      return job.status === "done" ? job : null;
    },
    { timeoutMs: 20_000, message: "the job did not finish" },
  );
  expect(done).toMatchObject({ added: IMPORT_BATCH_ROWS + 9, changed: 1 });
  const gloss = await env.DB.prepare("SELECT gloss FROM lexemes WHERE name = ?").bind(`${tag}0003`).first<{ gloss: string }>();
  expect(gloss!.gloss).toBe("s/he does test 3");
});

/**
 * The admins' dictionary import in the browser (issue 38): a dry run writes nothing and reports per line, the import
 * writes and is audited, the same file twice changes nothing; admins only.
 */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

function post(fields: Record<string, string>, file: string | null, cookie?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file !== null) body.append("file", new Blob([file], { type: "text/tab-separated-values" }), "test-dict.tsv");
  return worker.fetch(
    new Request("http://localhost/admin/import", { method: "POST", body, headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual" }),
  );
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
  expect(await applied.text()).toContain("Imported.");
  expect(await count()).toBe(2);
  const gloss = await env.DB.prepare("SELECT gloss FROM lexemes WHERE name = ?").bind(`${tag}aa`).first<{ gloss: string }>();
  expect(gloss!.gloss).toBe("s/he tests; s/he tests again");
  const log = await env.DB.prepare("SELECT user_id, after FROM edit_log WHERE action = 'import' AND entity_id = 'import:test-dict.tsv'").all<{ user_id: number; after: string }>();
  expect(log.results).toHaveLength(1);
  expect(JSON.parse(log.results[0]!.after)).toMatchObject({ added: 2, changed: 0, refused: 1 });

  const again = await post({ intent: "apply" }, FILE, cookie);
  expect(await again.text()).toContain("Lexicon: 0 added, 0 changed, 2 unchanged.");
  expect((await env.DB.prepare("SELECT count(*) AS n FROM edit_log WHERE action = 'import' AND entity_id = 'import:test-dict.tsv'").first<{ n: number }>())!.n).toBe(1);
});

test("the import: 401 without a session, 403 for a learner and for an editor; nothing written", async () => {
  const tag = newTag();
  const FILE = fileOf(tag);
  const count = () => countOf(tag);
  expect((await post({ intent: "apply" }, FILE)).status).toBe(401);
  for (const role of ["learner", "editor"] as const) {
    const cookie = await sessionCookieHeader(env, await insertUser(env, { role }));
    expect((await post({ intent: "apply" }, FILE, cookie)).status).toBe(403);
  }
  expect(await count()).toBe(0);
});

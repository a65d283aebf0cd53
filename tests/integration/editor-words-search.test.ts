/** The editor's Words view finds a dictionary word from any of its forms, through the public search's analyser (issue 38). */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

test("Words: gwaabmin finds waabmaa, with the form it was found as; substring matches still follow", async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('waabmaa', 'waabmaa', 'vta', 'see smb.; good-bye', 'waabam')",
  ).run();
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('gwaabminsubstring', 'gwaabminsubstring', 'ni', 'a test thing', null)",
  ).run();
  const editor = await insertUser(env, { role: "editor" });
  const response = await worker.fetch(
    new Request("http://localhost/DEV_editor/words?q=gwaabmin", { headers: { Cookie: await sessionCookieHeader(env, editor) } }),
  );
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<td lang="otw">waabmaa<\/td><td>vta<\/td><td>see smb.; good-bye<\/td><td>gwaabmin → waabmaa, I see you/);
  expect(html.indexOf(">waabmaa<")).toBeLessThan(html.indexOf(">gwaabminsubstring<"));
});

test("Words: 401 without a session, 403 for a learner", async () => {
  expect((await worker.fetch(new Request("http://localhost/DEV_editor/words?q=gwaabmin"))).status).toBe(401);
  const learner = await insertUser(env, { role: "learner" });
  const response = await worker.fetch(
    new Request("http://localhost/DEV_editor/words?q=gwaabmin", { headers: { Cookie: await sessionCookieHeader(env, learner) } }),
  );
  expect(response.status).toBe(403);
});

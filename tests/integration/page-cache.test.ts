/**
 * Public pages from the Workers Cache API (ADR 015): anonymous GETs are stored and served again with a fresh
 * nonce, ETag/304 works, signed-in visitors never share a cached page, and an editor's change is visible at the
 * next request. The Worker's fetch handler is called with PAGE_CACHE=on (tests run with the cache off).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import worker from "../../workers/app";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { wordForms } from "../../app/services/paradigms.server";

const cachedEnv = { ...env, PAGE_CACHE: "on" } as Env;

/** A request as the Worker receives it (the handler's type expects Cloudflare's incoming-request properties). */
const incoming = (url: string, init: RequestInit) => new Request(url, init) as Request<unknown, IncomingRequestCfProperties>;

async function fetchPage(path: string, headers: Record<string, string> = {}, method = "GET") {
  const ctx = createExecutionContext();
  const response = await worker.fetch(incoming(`http://localhost${path}`, { method, headers }), cachedEnv, ctx);
  const text = method === "HEAD" ? "" : await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text };
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

async function insertWord(gloss: string) {
  const name = `cacheword${crypto.randomUUID().slice(0, 8)}`;
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', ?) RETURNING id")
    .bind(name, name, gloss)
    .first<{ id: number }>();
  return { id: row!.id, name };
}

/** An editor's change through the Worker (an emoji on a form of the word: a row and its audit entry); its status. */
async function editorCall(wordName: string, workerEnv: Env) {
  const editor = await insertUser(env, { role: "editor" });
  const form = await env.DB.prepare("INSERT INTO forms (form, search_key, count, perc) VALUES (?, ?, 1, 0.5) RETURNING id")
    .bind(wordName, wordName)
    .first<{ id: number }>();
  const ctx = createExecutionContext();
  const edit = await worker.fetch(
    incoming(`http://localhost/api/editor/forms/${form!.id}/emoji`, {
      method: "POST",
      headers: { Cookie: await sessionCookieHeader(env, editor), Origin: "http://localhost", "Content-Type": "application/json" },
      body: JSON.stringify({ emoji: "🌲" }),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return edit.status;
}

test("an anonymous public page is stored, then served from the cache with a fresh nonce; ETag answers 304", async () => {
  const word = await insertWord("s/he caches");
  const first = await fetchPage(`/k/${word.id}`);
  expect(first.response.status).toBe(200);
  expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
  // Browsers always ask first (a kept anonymous page must not show after log-in); shared caches may keep it.
  expect(first.response.headers.get("Cache-Control")).toBe("public, no-cache");
  expect(first.response.headers.get("CDN-Cache-Control")).toMatch(/max-age=\d+, stale-while-revalidate=\d+/);
  const etag = first.response.headers.get("ETag");
  expect(etag).toMatch(/^W\/".+"$/);

  const second = await fetchPage(`/k/${word.id}`);
  expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
  expect(second.text).toContain("s/he caches");
  const a = nonceOf(first.response.headers.get("Content-Security-Policy"));
  const b = nonceOf(second.response.headers.get("Content-Security-Policy"));
  expect(a).toBeTruthy();
  expect(b).not.toBe(a);
  for (const tag of second.text.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${b}"`);
  expect(second.text).not.toContain(a!);
  expect(second.response.headers.get("x-content-type-options")).toBe("nosniff");
  // The policy is the page's own, with only the nonce changed; the stored copy's own age and cache status are not passed on.
  expect(second.response.headers.get("Content-Security-Policy")).toBe(first.response.headers.get("Content-Security-Policy")!.replace(a!, b!));
  expect(second.response.headers.has("Age")).toBe(false);
  expect(second.response.headers.has("CF-Cache-Status")).toBe(false);
  const head = await fetchPage(`/k/${word.id}`, {}, "HEAD");
  expect(head.response.status).toBe(200);
  expect(head.response.headers.get("X-Page-Cache")).toBe("hit");
  expect(await head.response.text()).toBe("");

  const notModified = await fetchPage(`/k/${word.id}`, { "If-None-Match": etag! });
  expect(notModified.response.status).toBe(304);
});

test("signed-in visitors are never served a shared page, and their pages are never stored", async () => {
  const word = await insertWord("s/he is private");
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const signedIn = await fetchPage(`/k/${word.id}`, { Cookie: cookie });
  expect(signedIn.response.headers.get("X-Page-Cache")).toBeNull();
  expect(signedIn.response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(signedIn.text).toContain(user.username);
  const anonymous = await fetchPage(`/k/${word.id}`);
  expect(anonymous.response.headers.get("X-Page-Cache")).toBe("miss");
  expect(anonymous.text).not.toContain(user.username);
});

test("an editor's change is visible on the word's page at the next request", async () => {
  const word = await insertWord("s/he is old news");
  await fetchPage(`/k/${word.id}`);
  expect((await fetchPage(`/k/${word.id}`)).response.headers.get("X-Page-Cache")).toBe("hit");

  // The change as the editor tool makes it: the row and its audit entry together (ADR 010)...
  await env.DB.batch([
    env.DB.prepare("UPDATE lexemes SET gloss = 's/he is news' WHERE id = ?").bind(word.id),
    env.DB.prepare(
      "INSERT INTO edit_log (user_id, entity, entity_id, action, before, after) VALUES (NULL, 'lexemes', ?, 'set_gloss', '\"s/he is old news\"', '\"s/he is news\"')",
    ).bind(String(word.id)),
  ]);
  // ...and a real editor call through the Worker (it marks the content version to be read again).
  expect(await editorCall(word.name, cachedEnv)).toBe(200);

  const after = await fetchPage(`/k/${word.id}`);
  expect(after.response.headers.get("X-Page-Cache")).toBe("miss");
  expect(after.text).toContain("s/he is news");
  expect(after.text).not.toContain("old news");
});

describe("public data kept per isolate (page cache off)", () => {
  const dataEnv = { ...env, PAGE_CACHE: "off", DATA_CACHE: "on" } as Env;
  async function fetchData(path: string, headers: Record<string, string> = {}) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(incoming(`http://localhost${path}`, { headers }), dataEnv, ctx);
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, text };
  }

  test("an editor's change is visible on the word's page at the next request; signed-in visitors always read D1", async () => {
    const word = await insertWord("s/he is kept");
    expect((await fetchData(`/k/${word.id}`)).text).toContain("s/he is kept");
    // A change that bypasses the editor tool (no audit row): anonymous visitors keep the isolate's copy for now...
    await env.DB.prepare("UPDATE lexemes SET gloss = 's/he is quietly changed' WHERE id = ?").bind(word.id).run();
    const kept = await fetchData(`/k/${word.id}`);
    expect(kept.response.headers.get("X-Page-Cache")).toBeNull();
    expect(kept.text).toContain("s/he is kept");
    // ...a signed-in visitor reads D1 at once...
    const user = await insertUser(env);
    expect((await fetchData(`/k/${word.id}`, { Cookie: await sessionCookieHeader(env, user) })).text).toContain("s/he is quietly changed");

    // ...and an editor's change through the Worker (row + audit entry; the isolate reads the version again) shows at the next request.
    expect(await editorCall(word.name, dataEnv)).toBe(200);
    const after = await fetchData(`/k/${word.id}`);
    expect(after.text).toContain("s/he is quietly changed");
    expect(after.text).not.toContain("s/he is kept");
  });

  test("/conj: each choice its own form, the same page from what is kept, and worked out again after an editor's change", async () => {
    const word = await insertWord("s/he conjugates");
    await env.DB.prepare("UPDATE lexemes SET stem = 'maajaa' WHERE id = ?").bind(word.id).run();
    const page = async (subject: string, full: boolean) => {
      const { text } = await fetchData(`/conj?type=vai&prevType=vai&verb=${word.name}&order=ind&subject=${subject}${full ? "&full=1" : ""}`);
      return text.replace(/nonce="[^"]+"|'nonce-[^']+'/g, "nonce");
    };
    const asked = [
      ["1s", false],
      ["2s", false],
      ["1s", true],
      ["2p", true],
    ] as const;
    const first: string[] = [];
    for (const [subject, full] of asked) first.push(await page(subject, full));
    for (const [i, [subject, full]] of asked.entries()) {
      const { form, gloss } = (await (
        await worker.fetch(
          incoming(`http://localhost/api/conjugate?type=vai&verb=${word.name}&order=ind&subject=${subject}`, {}),
          dataEnv,
          createExecutionContext(),
        )
      ).json()) as { form: string; gloss: string };
      expect(first[i], `${subject} ${full}`).toContain(`data-form="${form}"`);
      expect(first[i], `${subject} ${full}`).toContain(`<p class="conj-gloss">${gloss}</p>`);
      // the result's own "Why this form?", and one per row of the independent order (9 cells) with full=1
      expect(first[i]!.match(/<summary>Why this form\?<\/summary>/g)!.length, `${subject} ${full}`).toBe(full ? 10 : 1);
      expect(await page(subject, full), `${subject} ${full}, asked again`).toBe(first[i]);
    }
    // An editor's change: the verb menus are read again, and so is what is worked out from them.
    await env.DB.prepare("UPDATE lexemes SET gloss = 's/he conjugates anew' WHERE id = ?").bind(word.id).run();
    expect(await editorCall(word.name, dataEnv)).toBe(200);
    expect(await page("1s", true)).toMatch(/<p class="conj-gloss">[^<]*conjugates anew<\/p>/);
  });

  test("what the word page works out from the kept word (its forms) is kept with it and worked out again after a change", async () => {
    const name = `cacheform${crypto.randomUUID().slice(0, 8)}`;
    const lexeme = { name, pos: "vai", gloss: "s/he leaves", stem: "maajaa" };
    const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, 'vai', ?, ?) RETURNING id")
      .bind(name, name, lexeme.gloss, lexeme.stem)
      .first<{ id: number }>();
    const id = row!.id;
    const formsOf = (stem: string) => {
      const forms = wordForms({ ...lexeme, id, stem });
      return forms?.kind === "verb" ? forms.orders.flatMap((o) => o.cells.map((c) => c.form)) : [];
    };
    const before = formsOf("maajaa");
    const changed = formsOf("nibaa");
    expect(before.length).toBeGreaterThan(0);
    expect(changed[0]).not.toBe(before[0]);
    const first = (await fetchData(`/k/${id}`)).text;
    for (const form of before) expect(first).toContain(`>${form}<`);
    await env.DB.prepare("UPDATE lexemes SET stem = 'nibaa' WHERE id = ?").bind(id).run();
    // Kept for anonymous visitors until the version moves (as the word itself)...
    expect((await fetchData(`/k/${id}`)).text).toContain(`>${before[0]}<`);
    // ...and worked out from the new stem once an editor's change moves it.
    expect(await editorCall(name, dataEnv)).toBe(200);
    const after = (await fetchData(`/k/${id}`)).text;
    for (const form of changed) expect(after).toContain(`>${form}<`);
    expect(after).not.toContain(`>${before[0]}<`);
  });
});

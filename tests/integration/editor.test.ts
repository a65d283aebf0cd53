/**
 * Editor tool and /admin (issue #8): role checks on every call, audit rows, uploads, paging and filters.
 * Storage is shared within this file: every test makes its own forms with a unique tag.
 * long-file: one feature's acceptance cases, sharing the form/user helpers at the top.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { ERROR_CODES } from "../../workers/api/errors";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

function call(path: string, init: RequestInit = {}, cookie?: string) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  // As a browser does on every state change.
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", "http://localhost");
  return worker.fetch(new Request(`http://localhost${path}`, { ...init, headers, redirect: "manual" }));
}

async function cookieFor(role: "learner" | "editor" | "admin") {
  const user = await insertUser(env, { role });
  return { user, cookie: await sessionCookieHeader(env, user) };
}

function tag() {
  return `t${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

/** Letters only, so the tag reads as one word in a sentence. */
function letterTag() {
  return `t${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;
}

/** Inserts `n` forms `<tag>a<i>` with descending counts; returns their ids in rank order. */
async function insertForms(prefix: string, n: number, extra: (i: number) => Partial<{ form: string }> = () => ({})) {
  const statements = Array.from({ length: n }, (_, i) => {
    const form = extra(i).form ?? `${prefix}a${i}`;
    return env.DB.prepare("INSERT INTO forms (form, search_key, count, perc) VALUES (?, ?, ?, ?) RETURNING id").bind(
      form,
      form.toLowerCase(),
      1_000_000 - i,
      0.5,
    );
  });
  const results = await env.DB.batch<{ id: number }>(statements);
  return results.map((r) => r.results[0].id);
}

async function insertLexeme(name: string, pos = "vai", gloss = "test gloss") {
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(name, name.toLowerCase(), pos, gloss)
    .first<{ id: number }>();
  return row!.id;
}

function multipart(fields: Record<string, string | Blob | [Blob, string]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) body.append(key, value[0], value[1]);
    else body.append(key, value);
  }
  return body;
}

/** A tiny buffer that starts like an Ogg file (what the sniffer looks at). */
function oggBytes(size = 256) {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("OggS"), 0);
  return bytes;
}

const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const EDITOR_CALLS: Array<[string, string, () => RequestInit]> = [
  ["GET", "/api/editor/forms", () => ({})],
  ["GET", "/api/editor/forms/1", () => ({})],
  ["GET", "/api/editor/forms/1/history", () => ({})],
  ["POST", "/api/editor/forms/1/lexemes", () => json({ username: "editor", lexIds: [1] })],
  ["POST", "/api/editor/forms/1/morph-side", () => json({ username: "editor", morphSide: "right", form: "x" })],
  ["POST", "/api/editor/forms/1/emoji", () => json({ username: "editor", emoji: "🌲", form: "x" })],
  ["POST", "/api/editor/forms/1/audio", () => ({ method: "POST", body: multipart({ username: "editor", audio: [new Blob([oggBytes()]), "a.ogg"] }) })],
  ["GET", "/api/editor/audio/1", () => ({})],
  ["GET", "/api/editor/lexemes?name=maajaa", () => ({})],
  ["GET", "/api/editor/words?q=maa", () => ({})],
  ["GET", "/api/editor/sentences?q=maa", () => ({})],
  ["GET", "/api/editor/counts", () => ({})],
];

const ADMIN_CALL = () => ({
  method: "POST",
  body: multipart({ username: "admin", filetype: "audio/ogg", filename: "test.ogg", word: "test", audio: [new Blob([oggBytes()]), "test.ogg"] }),
});

describe("roles on every call", () => {
  test("every editor API call answers 401 without a session, whatever username the body claims", async () => {
    for (const [method, path, init] of EDITOR_CALLS) {
      const response = await call(path, { method, ...init() });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ success: false, error: { code: ERROR_CODES.UNAUTHORIZED, message: "Please log in." } });
    }
    expect((await call("/api/upload-audio", ADMIN_CALL())).status).toBe(401);
  });

  test("every editor API call answers 403 for a learner, and /api/upload-audio 403 for an editor", async () => {
    const learner = await cookieFor("learner");
    for (const [method, path, init] of EDITOR_CALLS) {
      const response = await call(path, { method, ...init() }, learner.cookie);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: ERROR_CODES.FORBIDDEN } });
    }
    expect((await call("/api/upload-audio", ADMIN_CALL(), learner.cookie)).status).toBe(403);
    const editor = await cookieFor("editor");
    expect((await call("/api/upload-audio", ADMIN_CALL(), editor.cookie)).status).toBe(403);
  });

  test("a forged or stale session counts as no session", async () => {
    const editor = await cookieFor("editor");
    await env.DB.prepare("UPDATE users SET session_version = session_version + 1 WHERE id = ?").bind(editor.user.id).run();
    expect((await call("/api/editor/forms", {}, editor.cookie)).status).toBe(401);
    expect((await call("/api/editor/forms", {}, "__Host-session=not.a.jwt")).status).toBe(401);
  });

  test("editor pages: login link without a session, a refusal without the role, the tool with it", async () => {
    const anonymous = await call("/DEV_editor");
    expect(anonymous.status).toBe(401);
    const html = await anonymous.text();
    expect(html).toContain('href="/biindge?from=DEV_editor"');
    expect(html).not.toContain("Enter Odawa form...");

    const learner = await cookieFor("learner");
    const refused = await call("/DEV_editor/words", {}, learner.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("does not have the editor role");

    const editor = await cookieFor("editor");
    const ok = await call("/DEV_editor", {}, editor.cookie);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('placeholder="Enter Odawa form..."');

    const alias = await call("/editor/words?q=x", {}, editor.cookie);
    expect(alias.status).toBe(302);
    expect(alias.headers.get("Location")).toBe("/DEV_editor/words?q=x");
  });

  test("/admin is for admins only", async () => {
    expect((await call("/admin")).status).toBe(401);
    const editor = await cookieFor("editor");
    expect((await call("/admin", {}, editor.cookie)).status).toBe(403);
    const admin = await cookieFor("admin");
    const page = await call("/admin", {}, admin.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Generate ID");
    const generated = await call("/admin", { method: "POST", body: new URLSearchParams({}) }, admin.cookie);
    expect(generated.status).toBe(200);
    expect(await generated.text()).toMatch(/class="admin-id"[^>]*>[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}</);
    expect((await call("/admin", { method: "POST", body: new URLSearchParams({}) }, editor.cookie)).status).toBe(403);
  });

  test("a page action without the role changes nothing", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1);
    const learner = await cookieFor("learner");
    const response = await call(
      "/DEV_editor?index",
      { method: "POST", body: new URLSearchParams({ intent: "emoji", formId: String(id), emoji: "🌲" }) },
      learner.cookie,
    );
    expect(response.status).toBe(403);
    const row = await env.DB.prepare("SELECT emoji FROM forms WHERE id = ?").bind(id).first();
    expect(row).toEqual({ emoji: null });
  });
});

describe("edits and their audit rows", () => {
  test("linking lexemes, setting a morph side and an emoji each write an audit row with before and after", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1, () => ({ form: `${prefix}(n)` }));
    const lexA = await insertLexeme(`${prefix}lexa`);
    const lexB = await insertLexeme(`${prefix}lexb`, "vti");
    const { user, cookie } = await cookieFor("editor");

    const linked = await call(`/api/editor/forms/${id}/lexemes`, json({ lexIds: [lexA, lexB], username: "someone-else" }), cookie);
    expect(linked.status).toBe(200);
    expect((await call(`/api/editor/forms/${id}/morph-side`, json({ morphSide: "right" }), cookie)).status).toBe(200);
    expect((await call(`/api/editor/forms/${id}/emoji`, json({ emoji: "🌲" }), cookie)).status).toBe(200);

    const log = await env.DB.prepare("SELECT user_id, action, before, after FROM edit_log WHERE entity = 'forms' AND entity_id = ? ORDER BY id")
      .bind(String(id))
      .all();
    expect(log.results.map((r) => ({ ...r, before: JSON.parse(r.before as string), after: JSON.parse(r.after as string) }))).toEqual([
      { user_id: user.id, action: "set_lexemes", before: { lexIds: [] }, after: { lexIds: [lexA, lexB].sort((a, b) => a - b) } },
      { user_id: user.id, action: "set_morph_side", before: { morphSide: null }, after: { morphSide: "right" } },
      { user_id: user.id, action: "set_emoji", before: { emoji: null }, after: { emoji: "🌲" } },
    ]);

    const detail = (await (await call(`/api/editor/forms/${id}`, {}, cookie)).json()) as { data: Array<Record<string, unknown>> };
    expect(detail.data[0]).toMatchObject({ id, morphSide: "right", emoji: "🌲", linked: true });
    const history = (await (await call(`/api/editor/forms/${id}/history`, {}, cookie)).json()) as { data: Array<{ action: string; username: string }> };
    expect(history.data.map((h) => h.action)).toEqual(["set_emoji", "set_morph_side", "set_lexemes"]);
    expect(history.data.every((h) => h.username === user.username)).toBe(true);
  });

  test("an empty word-link list is ignored unless it removes the single link", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1);
    const lexA = await insertLexeme(`${prefix}lexa`);
    const lexB = await insertLexeme(`${prefix}lexb`);
    const { cookie } = await cookieFor("editor");
    await call(`/api/editor/forms/${id}/lexemes`, json({ lexIds: [lexA, lexB] }), cookie);

    const ignored = await call(`/api/editor/forms/${id}/lexemes`, json({ lexIds: [] }), cookie);
    expect(ignored.status).toBe(409);
    const links = async () =>
      (await env.DB.prepare("SELECT lexeme_id FROM form_lexemes WHERE form_id = ? ORDER BY lexeme_id").bind(id).all()).results.map((r) => r.lexeme_id);
    expect(await links()).toEqual([lexA, lexB]);

    expect((await call(`/api/editor/forms/${id}/lexemes`, json({ lexIds: [lexB] }), cookie)).status).toBe(200);
    expect((await call(`/api/editor/forms/${id}/lexemes`, json({ lexIds: [] }), cookie)).status).toBe(200);
    expect(await links()).toEqual([]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM edit_log WHERE entity = 'forms' AND entity_id = ?").bind(String(id)).first();
    expect(count).toEqual({ n: 3 });
  });

  test("bad input is refused with a message and changes nothing", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1);
    const { cookie } = await cookieFor("editor");
    const noSide = await call(`/api/editor/forms/${id}/morph-side`, json({ morphSide: "" }), cookie);
    expect(noSide.status).toBe(400);
    expect(await noSide.json()).toMatchObject({ error: { message: "Choose a morph side before submitting." } });
    expect((await call(`/api/editor/forms/${id}/emoji`, json({ emoji: "" }), cookie)).status).toBe(400);
    expect((await call(`/api/editor/forms/${id}/emoji`, json({ emoji: "<b>hi</b>" }), cookie)).status).toBe(400);
    expect((await call(`/api/editor/forms/${id}/lexemes`, json({ lexIds: [2_000_000_000] }), cookie)).status).toBe(400);
    expect((await call(`/api/editor/forms/999999999/emoji`, json({ emoji: "🌲" }), cookie)).status).toBe(404);
    const log = await env.DB.prepare("SELECT count(*) AS n FROM edit_log WHERE entity_id = ?").bind(String(id)).first();
    expect(log).toEqual({ n: 0 });
  });

  test("the page action saves an emoji through a plain form post", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1);
    const { cookie } = await cookieFor("editor");
    const response = await call(
      `/DEV_editor?index&edit=${id}`,
      { method: "POST", body: new URLSearchParams({ intent: "emoji", formId: String(id), emoji: "🦫" }) },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Saved.");
    expect(await env.DB.prepare("SELECT emoji FROM forms WHERE id = ?").bind(id).first()).toEqual({ emoji: "🦫" });
  });
});

describe("uploads", () => {
  test("an editor clip is stored under a server-made name with its metadata, audit row and playback", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1, () => ({ form: `${prefix}'(d)-x` }));
    const { user, cookie } = await cookieFor("editor");
    const first = multipart({ audio: [new Blob([oggBytes(300)], { type: "text/html" }), "../../evil.html"] });
    const response = await call(`/api/editor/forms/${id}/audio`, { method: "POST", body: first }, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, files: [`${prefix}dx1.ogg`] });
    const second = multipart({ audio: [new Blob([oggBytes(400)]), "whatever.ogg"] });
    const next = await call(`/api/editor/forms/${id}/audio`, { method: "POST", body: second }, cookie);
    expect(await next.json()).toEqual({ success: true, files: [`${prefix}dx2.ogg`] });

    const rows = await env.DB.prepare("SELECT id, key, content_type, size, uploaded_by FROM audio_objects WHERE form_id = ? ORDER BY id").bind(id).all();
    expect(rows.results.map(({ id: _id, ...r }) => r)).toEqual([
      { key: `forms/${prefix}dx1.ogg`, content_type: "audio/ogg", size: 300, uploaded_by: user.id },
      { key: `forms/${prefix}dx2.ogg`, content_type: "audio/ogg", size: 400, uploaded_by: user.id },
    ]);
    expect((await env.AUDIO.head(`forms/${prefix}dx1.ogg`))?.size).toBe(300);
    const audits = await env.DB.prepare("SELECT action FROM edit_log WHERE entity = 'forms' AND entity_id = ?").bind(String(id)).all();
    expect(audits.results).toEqual([{ action: "add_audio" }, { action: "add_audio" }]);

    const clipId = rows.results[0].id as number;
    const played = await call(`/api/editor/audio/${clipId}`, {}, cookie);
    expect(played.status).toBe(200);
    expect(played.headers.get("Content-Type")).toBe("audio/ogg");
    expect(played.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await played.arrayBuffer()).byteLength).toBe(300);
    // The clip is not on the public /audio/ path.
    expect((await call(`/audio/${prefix}dx1.ogg`)).status).toBe(404);

    const ranks = (await (await call(`/api/editor/forms?q=${prefix}`, {}, cookie)).json()) as { data: { rows: Array<{ hasAudio: boolean }> } };
    expect(ranks.data.rows[0].hasAudio).toBe(true);
  });

  test("a renamed HTML file is refused and nothing is stored", async () => {
    const prefix = tag();
    const [id] = await insertForms(prefix, 1);
    const { cookie } = await cookieFor("editor");
    const html = new Blob(["<!doctype html><script>alert(1)</script>"], { type: "audio/ogg" });
    const response = await call(`/api/editor/forms/${id}/audio`, { method: "POST", body: multipart({ audio: [html, "clip.ogg"] }) }, cookie);
    expect(response.status).toBe(415);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM audio_objects WHERE form_id = ?").bind(id).first()).toEqual({ n: 0 });

    const admin = await cookieFor("admin");
    const adminResponse = await call(
      "/api/upload-audio",
      { method: "POST", body: multipart({ filetype: "audio/webm", filename: "test.webm", word: "test", audio: [html, "test.webm"] }) },
      admin.cookie,
    );
    expect(adminResponse.status).toBe(415);
    expect(await adminResponse.json()).toMatchObject({ success: false });
  });

  test("an oversize file is refused while streaming", async () => {
    const admin = await cookieFor("admin");
    const big = new Uint8Array(10 * 1024 * 1024 + 100 * 1024);
    big.set(new TextEncoder().encode("OggS"));
    const response = await call(
      "/api/upload-audio",
      { method: "POST", body: multipart({ filetype: "audio/ogg", filename: "test.ogg", word: "test", audio: [new Blob([big]), "test.ogg"] }) },
      admin.cookie,
    );
    // Refused at the Worker's door (ADR 031), in the API's error shape, which the recorder reads too.
    expect(response.status).toBe(413);
    const refused = (await response.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe(ERROR_CODES.PAYLOAD_TOO_LARGE);
    expect(refused.error.message).toMatch(/too large \(at most 10\.1 MB\)/);

    // Without a Content-Length the counter stops the read.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="audio"; filename="a.ogg"\r\n\r\nOggS'));
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const streamed = await call(
      "/api/upload-audio",
      { method: "POST", body: stream, headers: { "Content-Type": "multipart/form-data; boundary=b" }, duplex: "half" } as RequestInit,
      admin.cookie,
    );
    expect(streamed.status).toBe(413);
  });

  test("a missing destination or missing audio answers the product reference's message", async () => {
    const admin = await cookieFor("admin");
    const noWord = await call(
      "/api/upload-audio",
      { method: "POST", body: multipart({ filetype: "audio/ogg", filename: "test.ogg", audio: [new Blob([oggBytes()]), "test.ogg"] }) },
      admin.cookie,
    );
    expect(noWord.status).toBe(400);
    expect(await noWord.json()).toEqual({ success: false, error: "Nothing to upload (missing audio or destination)." });
    const noAudio = await call(
      "/api/upload-audio",
      { method: "POST", body: multipart({ filetype: "audio/ogg", filename: "test.ogg", word: "test" }) },
      admin.cookie,
    );
    expect(await noAudio.json()).toEqual({ success: false, error: "Nothing to upload (missing audio or destination)." });
    const editor = await cookieFor("editor");
    const noForm = await call(
      "/api/editor/forms/999999999/audio",
      { method: "POST", body: multipart({ audio: [new Blob([oggBytes()]), "a.ogg"] }) },
      editor.cookie,
    );
    expect(noForm.status).toBe(400);
    expect(await noForm.json()).toEqual({ success: false, error: "Nothing to upload (missing audio or destination)." });
  });

  test("the admin test upload stores the word under a server-made name, never overwriting", async () => {
    const admin = await cookieFor("admin");
    const word = tag();
    const upload = () =>
      call(
        "/api/upload-audio",
        { method: "POST", body: multipart({ filetype: "audio/webm", filename: "../x.html", word, audio: [new Blob([oggBytes()]), "x"] }) },
        admin.cookie,
      );
    const first = (await (await upload()).json()) as { success: boolean; filename: string };
    const second = (await (await upload()).json()) as { success: boolean; filename: string };
    expect(first).toEqual({ success: true, filename: `${word}.ogg` });
    expect(second).toEqual({ success: true, filename: `${word}_2.ogg` });
    const row = await env.DB.prepare("SELECT content_type, uploaded_by FROM audio_objects WHERE key = ?").bind(`uploads/${word}.ogg`).first();
    expect(row).toEqual({ content_type: "audio/ogg", uploaded_by: admin.user.id });
    const audit = await env.DB.prepare("SELECT action, user_id FROM edit_log WHERE entity = 'audio_objects' AND entity_id = ?")
      .bind(`uploads/${word}.ogg`)
      .first();
    expect(audit).toEqual({ action: "upload", user_id: admin.user.id });
  });
});

describe("paging and filtering", () => {
  test("a filter pages 100 rows at a time and clamps the page to 1..last", async () => {
    const prefix = tag();
    const ids = await insertForms(prefix, 205);
    const { cookie } = await cookieFor("editor");
    const page = async (p: string) =>
      (
        (await (await call(`/api/editor/forms?q=${prefix.toUpperCase()}&page=${p}`, {}, cookie)).json()) as {
          data: { rows: Array<{ id: number; rank: number }>; page: number; lastPage: number; total: number };
        }
      ).data;

    const first = await page("1");
    expect(first).toMatchObject({ page: 1, lastPage: 3, total: 205 });
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 100));
    const ranks = first.rows.map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(100);

    expect((await page("0")).page).toBe(1);
    expect((await page("-4")).page).toBe(1);
    expect((await page("abc")).page).toBe(1);
    const last = await page("99");
    expect(last.page).toBe(3);
    expect(last.rows.map((r) => r.id)).toEqual(ids.slice(200));
    expect((await page("2")).rows.map((r) => r.id)).toEqual(ids.slice(100, 200));

    const none = (await (await call(`/api/editor/forms?q=${prefix}zzz&page=5`, {}, cookie)).json()) as { data: Record<string, unknown> };
    expect(none.data).toMatchObject({ rows: [], page: 1, lastPage: 1, total: 0 });
  });

  /** Each form's rank computed from scratch (count desc, id desc over every form), for comparison. */
  async function globalRanks(ids: number[]) {
    const { results } = await env.DB.prepare(
      `SELECT f.id, 1 + (SELECT count(*) FROM forms g WHERE g.count > f.count OR (g.count = f.count AND g.id > f.id)) AS rank
       FROM forms f WHERE f.id IN (${ids.map(() => "?").join(",")})`,
    )
      .bind(...ids)
      .all<{ id: number; rank: number }>();
    return new Map(results.map((r) => [r.id, r.rank]));
  }

  type RankData = { rows: Array<{ id: number; rank: number; form: string }>; page: number; lastPage: number; total: number };
  const ranksOf = async (query: string, cookie: string) => ((await (await call(`/api/editor/forms?${query}`, {}, cookie)).json()) as { data: RankData }).data;

  test("filtered rows keep their global rank, through the trigram index, the rank scan and short filters", async () => {
    const { cookie } = await cookieFor("editor");
    // Rare filter (a unique tag): read through the trigram index.
    const rare = tag();
    const rareIds = await insertForms(rare, 5);
    const viaGrams = await ranksOf(`q=${rare}`, cookie);
    expect(viaGrams.rows.map((r) => r.id)).toEqual(rareIds);
    const expected = await globalRanks(rareIds);
    expect(viaGrams.rows.map((r) => r.rank)).toEqual(rareIds.map((id) => expected.get(id)));

    // Common filter: every trigram of the tag is held by more forms than the index is read for, so it scans by rank.
    const common = tag();
    const commonIds = await insertForms(common, 2100);
    const viaScan = await ranksOf(`q=${common}&page=2`, cookie);
    expect(viaScan).toMatchObject({ page: 2, lastPage: 21, total: 2100 });
    expect(viaScan.rows.map((r) => r.id)).toEqual(commonIds.slice(100, 200));
    const scanExpected = await globalRanks(viaScan.rows.map((r) => r.id));
    expect(viaScan.rows.map((r) => r.rank)).toEqual(viaScan.rows.map((r) => scanExpected.get(r.id)));
    // A longer filter inside that tag ("…a2099") is rare again and must agree.
    const one = await ranksOf(`q=${common}a2099`, cookie);
    expect(one.rows.map((r) => [r.id, r.rank])).toEqual([[commonIds[2099], (await globalRanks([commonIds[2099]!])).get(commonIds[2099]!)]]);

    // Short filters (fewer than 3 letters) have no trigram: the same answer as a plain substring count.
    const short = await ranksOf(`q=${rare.slice(3, 5)}`, cookie);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM forms WHERE instr(search_key, ?) > 0").bind(rare.slice(3, 5)).first<{ n: number }>())!;
    expect(short.total).toBe(n);
    const shortExpected = await globalRanks(short.rows.map((r) => r.id));
    expect(short.rows.map((r) => r.rank)).toEqual(short.rows.map((r) => shortExpected.get(r.id)));
  });

  test("ranks follow count changes, and the trigram index follows renamed and deleted forms", async () => {
    const { cookie } = await cookieFor("editor");
    const prefix = tag();
    const [a, b] = await insertForms(prefix, 2);
    await env.DB.prepare("UPDATE forms SET count = 2000000000 WHERE id = ?").bind(b).run();
    const page = await ranksOf(`q=${prefix}`, cookie);
    expect(page.rows.map((r) => [r.id, r.rank])).toEqual([
      [b, 1],
      [a, (await globalRanks([a!])).get(a!)],
    ]);
    const detail = (await (await call(`/api/editor/forms/${b}`, {}, cookie)).json()) as { data: Array<{ rank: number }> };
    expect(detail.data[0]!.rank).toBe(1);
    await env.DB.prepare("UPDATE forms SET count = 0 WHERE id = ?").bind(b).run();

    const renamed = tag();
    await env.DB.prepare("UPDATE forms SET search_key = ? WHERE id = ?").bind(`${renamed}x`, a).run();
    expect((await ranksOf(`q=${renamed}`, cookie)).rows.map((r) => r.id)).toEqual([a]);
    expect((await ranksOf(`q=${prefix}a0`, cookie)).rows).toEqual([]);

    await env.DB.prepare("DELETE FROM forms WHERE id = ?").bind(a).run();
    const grams = await env.DB.prepare("SELECT count(*) AS n FROM form_grams WHERE form_id = ?").bind(a).first<{ n: number }>();
    expect(grams!.n).toBe(0);
    expect((await ranksOf(`q=${renamed}`, cookie)).total).toBe(0);
  });

  test("the unfiltered list is ranked by count and its last page is clamped", async () => {
    const { cookie } = await cookieFor("editor");
    const prefix = tag();
    await insertForms(prefix, 3);
    const first = (await (await call("/api/editor/forms", {}, cookie)).json()) as {
      data: { rows: Array<{ rank: number; count: number }>; lastPage: number; total: number };
    };
    expect(first.data.rows.length).toBe(Math.min(100, first.data.total));
    expect(first.data.rows[0].rank).toBe(1);
    const counts = first.data.rows.map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const beyond = (await (await call(`/api/editor/forms?page=${first.data.lastPage + 10}`, {}, cookie)).json()) as { data: { page: number } };
    expect(beyond.data.page).toBe(first.data.lastPage);
  });

  test("the rank page renders display rules, colours, the speaker icon and Previous/Next links", async () => {
    const prefix = tag();
    const [sided, linked] = await insertForms(prefix, 2, (i) => ({ form: i === 0 ? `${prefix}(a)` : `${prefix}b` }));
    const lex = await insertLexeme(`${prefix}lex`);
    const { cookie } = await cookieFor("editor");
    await call(`/api/editor/forms/${sided}/morph-side`, json({ morphSide: "none" }), cookie);
    await call(`/api/editor/forms/${linked}/lexemes`, json({ lexIds: [lex] }), cookie);
    await call(`/api/editor/forms/${linked}/audio`, { method: "POST", body: multipart({ audio: [new Blob([oggBytes()]), "a.ogg"] }) }, cookie);
    const html = await (await call(`/DEV_editor?q=${prefix}`, {}, cookie)).text();
    expect(html).toContain(`form-sided" lang="otw">${prefix}(a)(morph)</span>`);
    expect(html).toContain(`form-linked" lang="otw">${prefix}b</span>`);
    expect(html.match(/aria-label="has audio"/g)?.length).toBe(1);
    expect(html).toContain("Page <!-- -->1<!-- --> of <!-- -->1");

    const withPanel = await (await call(`/DEV_editor?q=${prefix}&edit=${sided}`, {}, cookie)).text();
    expect(withPanel).toContain('id="morph-side"');
    const plainPanel = await (await call(`/DEV_editor?q=${prefix}&edit=${linked}`, {}, cookie)).text();
    expect(plainPanel).not.toContain('id="morph-side"');
  });

  test("lexeme offers match the whole name, case-insensitively", async () => {
    const prefix = tag();
    const id = await insertLexeme(`${prefix}Name`);
    await insertLexeme(`${prefix}Namex`);
    const { cookie } = await cookieFor("editor");
    const found = (await (await call(`/api/editor/lexemes?name=${prefix.toUpperCase()}NAME`, {}, cookie)).json()) as { data: Array<{ id: number }> };
    expect(found.data.map((l) => l.id)).toEqual([id]);
  });

  test("word search shows at most 100 then how many more; the count filter uses the product reference's tags", async () => {
    const prefix = tag();
    await env.DB.batch(
      Array.from({ length: 130 }, (_, i) =>
        env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, corpus_count) VALUES (?, ?, ?, ?, ?)").bind(
          `${prefix}w${i}`,
          `${prefix}w${i}`,
          i % 2 ? "av" : "pv",
          "g",
          i,
        ),
      ),
    );
    const { cookie } = await cookieFor("editor");
    const html = await (await call(`/DEV_editor/words?q=${prefix}`, {}, cookie)).text();
    expect(html).toContain("30<!-- --> more results");
    expect(await (await call("/DEV_editor/words", {}, cookie)).text()).toContain("Enter text to search");
    expect(await (await call(`/DEV_editor/words?q=${prefix}nothing`, {}, cookie)).text()).toContain("No results");

    const counts = (await (await call("/api/editor/counts?pos=adverb", {}, cookie)).json()) as { data: { rows: Array<{ pos: string }> } };
    expect(counts.data.rows.length).toBeGreaterThan(0);
    expect(counts.data.rows.every((r) => r.pos === "av")).toBe(true);
  });

  test("sentence search gives each word its glosses or '(no meaning listed)'", async () => {
    const prefix = letterTag();
    const sentence = await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES (?, ?, 'NMZ') RETURNING id")
      .bind(`${prefix}x ${prefix}y.`, "translation")
      .first<{ id: number }>();
    const [formId] = await insertForms(prefix, 1, () => ({ form: `${prefix}x` }));
    const lex = await insertLexeme(`${prefix}lemma`, "vai", "walk about");
    await env.DB.prepare("INSERT INTO form_lexemes (form_id, lexeme_id) VALUES (?, ?)").bind(formId, lex).run();
    const { cookie } = await cookieFor("editor");
    const result = (await (await call(`/api/editor/sentences?q=${prefix}`, {}, cookie)).json()) as {
      data: { rows: Array<{ id: number; rowNumber: number; words: Array<{ text: string; glosses?: string[] }> }> };
    };
    expect(result.data.rows).toHaveLength(1);
    expect(result.data.rows[0]).toMatchObject({ id: sentence!.id, rowNumber: 1 });
    expect(result.data.rows[0].words.filter((w) => w.glosses)).toEqual([
      { text: `${prefix}x`, form: `${prefix}x`, glosses: ["walk about"] },
      { text: `${prefix}y`, form: `${prefix}y`, glosses: [] },
    ]);
    const html = await (await call(`/DEV_editor/sentences?q=${prefix}`, {}, cookie)).text();
    expect(html).toContain("(no meaning listed)");
    expect(html).toContain("walk about");
  });
});

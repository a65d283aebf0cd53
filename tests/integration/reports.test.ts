/**
 * "Report a problem" and "Suggest a missing word" (/report), the per-client cap, and the editors' queue
 * (/DEV_editor/reports): stored with page and form, 429 + Retry-After over the cap, role-protected, resolved with
 * a note. Every test uses its own client address and a unique subject.
 */
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { RATE_RULES } from "../../app/services/rate-limit.server";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { get, post, randomIp } from "./accounts-helpers";

function subject() {
  return `q${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

async function cookieFor(role: "learner" | "editor" | "admin") {
  const user = await insertUser(env, { role });
  return { user, cookie: await sessionCookieHeader(env, user) };
}

type ReportRow = {
  id: number;
  kind: string;
  page: string;
  subject: string;
  message: string;
  email: string | null;
  status: string;
  resolution_note: string | null;
  resolved_by: number | null;
};

async function reportsAbout(s: string) {
  const { results } = await env.DB.prepare("SELECT * FROM reports WHERE subject = ? ORDER BY id").bind(s).all<ReportRow>();
  return results;
}

test("the report form shows what it is about and works without JavaScript", async () => {
  const s = subject();
  const response = await get(`/report?kind=word&page=%2Fk%2F12&subject=${s}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("<h1>Report a problem</h1>");
  expect(html).toContain("What is wrong?");
  expect(html).toContain('name="kind" value="word"');
  expect(html).toContain('name="page" value="/k/12"');
  expect(html).toContain(`name="subject" value="${s}"`);
  expect(html).toMatch(/<form class="report-form"[^>]*method="post"/);

  const missing = await (await get(`/report?kind=missing&page=%2Fk%3Fq%3D${s}&subject=${s}`)).text();
  expect(missing).toContain("<h1>Suggest a missing word</h1>");
  // A page that is not on this site is not carried over.
  const hostile = await (await get("/report?kind=nonsense&page=%2F%2Fevil.example&subject=x")).text();
  expect(hostile).toContain('name="page" value="/"');
  expect(hostile).toContain('name="kind" value="word"');
});

test("a report is stored with its page, kind, the form it refers to and the optional email", async () => {
  const s = subject();
  const response = await post("/report", {
    kind: "conjugator",
    page: "/conj?type=vai&verb=maajaa",
    subject: s,
    message: "The form looks wrong.",
    email: "Learner@Example.org",
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Thank you! An editor will look at it.");
  const [row] = await reportsAbout(s);
  expect(row).toMatchObject({
    kind: "conjugator",
    page: "/conj?type=vai&verb=maajaa",
    subject: s,
    message: "The form looks wrong.",
    email: "learner@example.org",
    status: "open",
  });

  const s2 = subject();
  expect((await post("/report", { kind: "missing", page: "/k?q=x", subject: s2, message: "jiimaan: a boat" })).status).toBe(200);
  expect((await reportsAbout(s2))[0]).toMatchObject({ kind: "missing", email: null });
});

test("bad reports are refused with 400 and store nothing; so are cross-site posts", async () => {
  const s = subject();
  const bad: Array<Record<string, string>> = [
    { kind: "word", page: "/k/1", subject: s, message: "   " },
    { kind: "word", page: "//evil.example", subject: s, message: "x" },
    { kind: "other", page: "/k/1", subject: s, message: "x" },
    { kind: "word", page: "/k/1", subject: s, message: "x", email: "not-an-email" },
    { kind: "word", page: "/k/1", subject: s, message: "x".repeat(2001) },
  ];
  for (const fields of bad) {
    expect((await post("/report", fields)).status, JSON.stringify(fields).slice(0, 80)).toBe(400);
  }
  // React Router refuses cross-origin page posts (400) before the root guard would (403).
  expect([400, 403]).toContain((await post("/report", { kind: "word", page: "/k/1", subject: s, message: "x" }, { origin: "https://evil.example" })).status);
  expect(await reportsAbout(s)).toHaveLength(0);
});

test(`reports are capped per client (${RATE_RULES.report.limit} an hour): then 429 with Retry-After`, async () => {
  const ip = randomIp();
  const s = subject();
  for (let i = 0; i < RATE_RULES.report.limit; i++) {
    expect((await post("/report", { kind: "word", page: "/k/1", subject: s, message: `report ${i}` }, { ip })).status).toBe(200);
  }
  const refused = await post("/report", { kind: "word", page: "/k/1", subject: s, message: "one more" }, { ip });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many reports from your network.");
  expect(await reportsAbout(s)).toHaveLength(RATE_RULES.report.limit);
  // Another client is not affected.
  expect((await post("/report", { kind: "word", page: "/k/1", subject: s, message: "elsewhere" })).status).toBe(200);
});

test("the editors' queue is role-protected: 401 without a session, 403 for a learner", async () => {
  expect((await get("/DEV_editor/reports")).status).toBe(401);
  const learner = await cookieFor("learner");
  expect((await get("/DEV_editor/reports", { cookie: learner.cookie })).status).toBe(403);
  const s = subject();
  await post("/report", { kind: "word", page: "/k/1", subject: s, message: "x" });
  const [row] = await reportsAbout(s);
  // A learner cannot resolve either (the layout's middleware covers the action).
  expect((await post("/DEV_editor/reports", { id: String(row!.id), note: "done" }, { cookie: learner.cookie })).status).toBe(403);
  expect((await reportsAbout(s))[0]!.status).toBe("open");
});

test("editors see open reports linked to the edit, counted in their navigation, and resolve them with a note", async () => {
  const editor = await cookieFor("editor");
  const s = subject();
  await post("/report", { kind: "sentence", page: "/k/7", subject: s, message: "The translation is off." });
  const [row] = await reportsAbout(s);

  const open = await (await get("/DEV_editor/reports", { cookie: editor.cookie })).text();
  expect(open).toContain("The translation is off.");
  expect(open).toContain(`href="/DEV_editor/sentences?q=${s}"`);
  expect(open).toContain('href="/k/7"');
  const count = Number(/REPORTS \((\d+) open\)/.exec(open)?.[1]);
  expect(count).toBeGreaterThan(0);
  // The count shows on every editor page.
  expect(await (await get("/DEV_editor/words", { cookie: editor.cookie })).text()).toMatch(/REPORTS \(\d+ open\)/);

  expect((await post("/DEV_editor/reports", { id: String(row!.id), note: "  " }, { cookie: editor.cookie })).status).toBe(400);
  const resolved = await post("/DEV_editor/reports", { id: String(row!.id), note: "Fixed the translation." }, { cookie: editor.cookie });
  expect(resolved.status).toBe(200);
  expect((await reportsAbout(s))[0]).toMatchObject({ status: "resolved", resolution_note: "Fixed the translation.", resolved_by: editor.user.id });
  // Resolving twice: not open any more.
  expect((await post("/DEV_editor/reports", { id: String(row!.id), note: "again" }, { cookie: editor.cookie })).status).toBe(404);

  const after = await (await get("/DEV_editor/reports", { cookie: editor.cookie })).text();
  expect(after).not.toContain("The translation is off.");
  expect(Number(/REPORTS \((\d+) open\)/.exec(after)?.[1])).toBe(count - 1);
  const done = await (await get("/DEV_editor/reports?status=resolved", { cookie: editor.cookie })).text();
  expect(done).toContain("The translation is off.");
  expect(done).toContain("Fixed the translation.");
  expect(done).toContain(`Resolved by ${editor.user.username}`);
});

test("report links: word sentences, stories and empty searches", async () => {
  const story = subject();
  await env.DB.prepare("INSERT INTO stories (id, source, title, completed, data) VALUES (?, 'misc', ?, 1, ?)")
    .bind(story, `Story ${story}`, JSON.stringify([[{ text: "Maajaa.", trans: "S/he leaves." }]]))
    .run();
  const storyHtml = await (await get(`/d/${story}`)).text();
  expect(storyHtml).toContain(`/report?kind=story&amp;page=%2Fd%2F${story}`);
  const empty = await (await get(`/k?q=${subject()}`)).text();
  expect(empty).toContain("Suggest a missing word");
});

test("a word without a recording offers 'Ask for a recording': the request needs no words and lands in the editors' queue", async () => {
  const name = subject();
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'vai', 's/he is unrecorded') RETURNING id")
    .bind(name, name)
    .first<{ id: number }>();
  const page = await (await get(`/k/${row!.id}`)).text();
  expect(page).toContain("No recording of this word yet.");
  expect(page).toContain(`href="/report?kind=recording&amp;page=%2Fk%2F${row!.id}&amp;subject=${name}"`);
  expect(page).toContain(">Ask for a recording<");

  const form = await (await get(`/report?kind=recording&page=%2Fk%2F${row!.id}&subject=${name}`)).text();
  expect(form).toContain("<h1>Ask for a recording</h1>");
  expect(form).toContain("Anything an editor should know? (optional)");
  expect(form).not.toMatch(/<textarea[^>]*required/);

  expect((await post("/report", { kind: "recording", page: `/k/${row!.id}`, subject: name, message: "" })).status).toBe(200);
  expect((await reportsAbout(name))[0]).toMatchObject({ kind: "recording", page: `/k/${row!.id}`, message: "", status: "open" });
  // Every other kind still needs words.
  const other = subject();
  expect((await post("/report", { kind: "word", page: "/k/1", subject: other, message: "" })).status).toBe(400);
  expect(await reportsAbout(other)).toEqual([]);

  const { cookie } = await cookieFor("editor");
  const queue = await (await get("/DEV_editor/reports", { cookie })).text();
  expect(queue).toContain(name);
});

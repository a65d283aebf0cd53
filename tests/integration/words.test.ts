/** Words, stories, search and import (issue #7). long-file: one feature's acceptance cases, sharing helpers. */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { ERROR_CODES } from "../../workers/api/errors";
import { parseLexiconText } from "../../app/core/import/lexicon";
import { planLexicon, type ExistingLexeme } from "../../app/core/import/plan";
import { parseStemsText, planStems } from "../../app/core/import/stems";
import { checkLemmaRefs, lexiconPlanSql, parseStories, parseSentences, sentencesSql, stemsPlanSql, storiesSql } from "../../scripts/import/formats";

const worker = exports.default;

async function page(path: string, init?: RequestInit) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual", ...init }));
  return { response, html: await response.text() };
}

async function api<T>(path: string, init?: RequestInit) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, init));
  return { response, body: (await response.json()) as T };
}

/** A made-up, letters-only headword that no other test uses (never real Odawa). */
function uniqueWord(prefix = "zq") {
  const letters = "bcdfghjklmnpqrstvwxz";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return prefix + [...bytes].map((b) => letters[b % letters.length]).join("");
}

async function insertLexeme(name: string, pos: string, gloss: string, corpusCount = 0) {
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, corpus_count) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(name, name.toLowerCase().replace(/[’‘ʼ]/g, "'"), pos, gloss, corpusCount)
    .first<{ id: number }>();
  return row!.id;
}

/** An incomplete story is listed as coming ('Not ready to view'); drafts are tested in security-findings.test.ts. */
async function insertStory(id: string, title: string, completed: boolean, data: unknown) {
  await env.DB.prepare("INSERT INTO stories (id, source, title, completed, listed, data) VALUES (?, 'misc', ?, ?, 1, ?)")
    .bind(id, title, completed ? 1 : 0, JSON.stringify(data))
    .run();
}

// These two run first, while this file's database has no words and no stories.
test("/k and /d say 'No data' when there is nothing to list", async () => {
  const words = await page("/k");
  expect(words.response.status).toBe(200);
  expect(words.html).toContain("These are the top words in Nishnaabemwin, according to our collected texts.");
  expect(words.html).toContain("Increased functionality coming soon!");
  expect(words.html).toContain("No data");
  const stories = await page("/d");
  expect(stories.html).toContain("No data");
});

test("/k lists words by name, linking to /k/{id} with the gloss, styled verb or noun by part of speech", async () => {
  const verb = uniqueWord("b");
  const noun = uniqueWord("a");
  const verbId = await insertLexeme(verb, "vai", "s/he tests quietly", 5);
  const nounId = await insertLexeme(noun, "ni", "a test object", 3);
  const { html } = await page("/k/");
  expect(html).toContain(`href="/k/${verbId}"`);
  expect(html).toContain(`<span class="word-name word-verb" lang="otw">${verb}</span>`);
  expect(html).toContain(`<span class="word-name word-noun" lang="otw">${noun}</span>`);
  expect(html).toContain("s/he tests quietly");
  expect(html.indexOf(noun)).toBeLessThan(html.indexOf(verb)); // sorted by name
  expect(html).toContain(`href="/k/${nounId}"`);
});

test("/k/{id} shows name, part of speech, gloss and a back link, and no audio button without a recording", async () => {
  const name = uniqueWord();
  const id = await insertLexeme(name, "vta", "see someone (test)");
  const { response, html } = await page(`/k/${id}`);
  expect(response.status).toBe(200);
  expect(html).toContain(name);
  expect(html).toContain("vta");
  expect(html).toContain("see someone (test)");
  expect(html).toContain('href="/k"');
  expect(html).not.toContain("audio-button");
  expect(html).toContain("No recording of this word yet.");
});

test("/k/{id} has an audio button when the word has a recording, and the recording is served", async () => {
  const name = uniqueWord();
  const id = await insertLexeme(name, "vai", "sing (test)");
  const key = `audio/${id}.mp3`;
  await env.AUDIO.put(key, new Uint8Array([1, 2, 3, 4]), { httpMetadata: { contentType: "audio/mpeg" } });
  const audio = await env.DB.prepare("INSERT INTO audio_objects (key, content_type, size) VALUES (?, 'audio/mpeg', 4) RETURNING id")
    .bind(key)
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE lexemes SET audio_id = ? WHERE id = ?").bind(audio!.id, id).run();
  const { html } = await page(`/k/${id}`);
  expect(html).toContain("audio-button");
  expect(html).not.toContain("No recording of this word yet.");
  expect(html).toContain(`href="/${key}"`);
  const served = await worker.fetch(new Request(`http://localhost/${key}`, { method: "HEAD" }));
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("audio/mpeg");
});

test("an unknown or malformed word id shows 'Word Not Found' and 'No info for this word found.' with 404", async () => {
  for (const path of ["/k/987654321", "/k/abc", "/k/0"]) {
    const { response, html } = await page(path);
    expect(response.status).toBe(404);
    expect(html).toContain("Word Not Found");
    expect(html).toContain("No info for this word found.");
  }
});

test("/k/{id} lists its example sentences; every word links to search without JavaScript", async () => {
  const name = uniqueWord();
  const id = await insertLexeme(name, "vai", "walk (test)");
  const text = `${name[0].toUpperCase()}${name.slice(1)} gaye.`;
  const sentence = await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES (?, 'S/he walks too.', 'DEMO') RETURNING id")
    .bind(text)
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO sentence_lexemes (sentence_id, lexeme_id) VALUES (?, ?)").bind(sentence!.id, id).run();
  const { html } = await page(`/k/${id}`);
  expect(html).toContain("S/he walks too.");
  expect(html).toContain(`href="/k?q=${encodeURIComponent(text.split(" ")[0])}"`);
  expect(html).toContain('href="/k?q=gaye"');
  expect(html).toContain("Demo sentence (reference verb form)");
});

test("/d lists stories: completed ones link, incomplete ones show 'Not ready to view'", async () => {
  const done = `AM${uniqueWord()}`;
  const draft = `OLP${uniqueWord()}`;
  await insertStory(done, `Finished ${done}`, true, [[{ text: "Aanii.", trans: "Hello." }]]);
  await insertStory(draft, `Draft ${draft}`, false, []);
  const { html } = await page("/d");
  expect(html).toContain(`href="/d/${done}"`);
  expect(html).not.toContain(`href="/d/${draft}"`);
  expect(html).toContain(`Draft ${draft}`);
  expect(html).toContain("Not ready to view");
});

test("/d/{id} shows paragraphs of sentences with translations; otherwise 'This story is not ready to view!'", async () => {
  const done = `X${uniqueWord()}`;
  const draft = `Y${uniqueWord()}`;
  const word = uniqueWord();
  await insertStory(done, "A test story", true, [[{ text: `${word} maajaa.`, trans: "First sentence." }], [{ text: "Second.", trans: "Second sentence." }]]);
  await insertStory(draft, "An unfinished story", false, [[{ text: "Hidden.", trans: "Hidden text." }]]);

  const story = await page(`/d/${done}`);
  expect(story.response.status).toBe(200);
  expect(story.html).toContain("A test story");
  expect(story.html).toContain("First sentence.");
  expect(story.html).toContain("Second sentence.");
  expect(story.html.match(/class="story-paragraph"/g)).toHaveLength(2);
  expect(story.html).toContain(`href="/k?q=${word}"`);
  expect(story.html).toContain('href="/d"');

  const notReady = await page(`/d/${draft}`);
  expect(notReady.html).toContain("This story is not ready to view!");
  expect(notReady.html).not.toContain("Hidden text.");

  const missing = await page(`/d/NOPE${uniqueWord()}`);
  expect(missing.response.status).toBe(404);
  expect(missing.html).toContain("This story is not ready to view!");
});

// ---------------------------------------------------------------- search

test("search finds a word whatever its case", async () => {
  const name = uniqueWord();
  const id = await insertLexeme(name, "vai", "case test");
  const { html } = await page(`/k?q=${encodeURIComponent(name.toUpperCase())}`);
  expect(html).toContain(`href="/k/${id}"`);
  expect(html).toContain("case test");
});

test("search treats apostrophe look-alikes alike, and finds a word typed without its apostrophe", async () => {
  const name = `${uniqueWord()}'aat`;
  const id = await insertLexeme(name, "nid", "apostrophe test");
  for (const typed of [name.replace("'", "’"), name.replace("'", "ʼ"), name.replace("'", "")]) {
    const { html } = await page(`/k?q=${encodeURIComponent(typed)}`);
    expect(html, typed).toContain(`href="/k/${id}"`);
  }
});

test("search by English finds words by the words of their gloss", async () => {
  const gloss = uniqueWord("en");
  const id = await insertLexeme(uniqueWord(), "na", `a ${gloss} animal`);
  const { html } = await page(`/k?q=${encodeURIComponent(gloss.toUpperCase())}`);
  expect(html).toContain(`href="/k/${id}"`);
  expect(html).toContain("1 result");
});

test("search shows at most 100 results, then 'N more results'", async () => {
  const gloss = uniqueWord("many");
  const statements = Array.from({ length: 104 }, () =>
    env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss) VALUES (?, ?, 'ni', ?)").bind(...((n) => [n, n, `${gloss} thing`])(uniqueWord())),
  );
  await env.DB.batch(statements);
  const { html } = await page(`/k?q=${gloss}`);
  expect(html).toContain("104 results");
  expect(html.match(/class="search-hit"/g)).toHaveLength(100);
  expect(html).toContain("4 more results");
});

test("search by an inflected form finds its lemma and says which form it is (grammar engine)", async () => {
  const id = await insertLexeme("maajaa", "vai", "go away, leave");
  await env.DB.prepare("UPDATE lexemes SET stem = 'maajaa' WHERE id = ?").bind(id).run();
  const { html } = await page("/k?q=Nmaajaa");
  expect(html).toContain(`href="/k/${id}"`);
  expect(html).toMatch(/<span lang="otw">nmaajaa<\/span> → <span lang="otw">maajaa<\/span>, [^<]+/i);
  expect(html).toContain("(Independent: I)");
  const json = await api<{ data: Array<{ id: number; match: string; analysis: { lemma: string; explanation: string } | null }> }>("/api/search?q=nmaajaa");
  expect(json.body.data[0]).toMatchObject({ id, match: "form", analysis: { lemma: "maajaa" } });
  expect(json.body.data[0].analysis?.explanation).toMatch(/^nmaajaa → maajaa, /);
});

test("search meets syncopated and full spellings (gikendaan finds gkendaan)", async () => {
  const row = await env.DB.prepare(
    "INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('gkendaan', 'gkendaan', 'vti', 'know it', 'gikendam1') RETURNING id",
  ).first<{ id: number }>();
  const { html } = await page("/k?q=gikendaan");
  expect(html).toContain(`href="/k/${row!.id}"`);
});

test("the navbar has a search box that submits to /k without JavaScript", async () => {
  const { html } = await page("/wiij");
  const form = /<form([^>]*class="navbar-search"[^>]*)>(.*?)<\/form>/s.exec(html);
  expect(form?.[1]).toContain('action="/k"');
  expect(form?.[1]).toContain('method="get"');
  expect(form?.[2]).toContain('name="q"');
});

test("GET /api/search answers JSON and rejects an empty query", async () => {
  const name = uniqueWord();
  const id = await insertLexeme(name, "vii", "api search test");
  const ok = await api<{ total: number; data: Array<{ id: number; match: string }> }>(`/api/search?q=${name}`);
  expect(ok.response.status).toBe(200);
  expect(ok.body.data[0]).toMatchObject({ id, match: "odawa" });
  const bad = await api<{ error: { code: string } }>("/api/search?q=");
  expect(bad.response.status).toBe(400);
  expect(bad.body.error.code).toBe(ERROR_CODES.VALIDATION);
});

// ---------------------------------------------------------------- compat JSON

test("POST /api/sentence answers { data: sentence }, 404 for an unknown id and 400 for a bad body", async () => {
  const text = `${uniqueWord()}.`;
  const row = await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES (?, 'A test.', 'NMZ') RETURNING id").bind(text).first<{ id: number }>();
  const post = (body: string) =>
    api<{ data?: unknown; error?: { code: string } }>("/api/sentence", { method: "POST", headers: { "Content-Type": "application/json" }, body });
  const ok = await post(JSON.stringify({ id: row!.id }));
  expect(ok.body).toEqual({ data: { id: row!.id, text, trans: "A test.", source: "NMZ" } });
  const missing = await post(JSON.stringify({ id: 987654321 }));
  expect(missing.response.status).toBe(404);
  const bad = await post("{not json");
  expect(bad.response.status).toBe(400);
  expect(bad.body.error?.code).toBe(ERROR_CODES.VALIDATION);
});

test("GET /api/wotd?lex_id= answers the word's example sentence ids", async () => {
  const id = await insertLexeme(uniqueWord(), "vai", "wotd test");
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const s = await env.DB.prepare("INSERT INTO sentences (text, trans) VALUES (?, ?) RETURNING id").bind(`S${n}.`, `T${n}.`).first<{ id: number }>();
    await env.DB.prepare("INSERT INTO sentence_lexemes (sentence_id, lexeme_id) VALUES (?, ?)").bind(s!.id, id).run();
    ids.push(s!.id);
  }
  expect((await api(`/api/wotd?lex_id=${id}`)).body).toEqual({ sentence_ids: ids });
  expect((await api("/api/wotd?lex_id=abc")).response.status).toBe(400);
});

test("GET /api/story-index and the story sources /api/bloomfield, /api/olp, /api/misc", async () => {
  const am = `AM${uniqueWord()}`;
  const olp = `OLP${uniqueWord()}`;
  await env.DB.prepare("INSERT INTO stories (id, source, title, completed, listed, data) VALUES (?, 'bloomfield', 'B', 1, 0, ?), (?, 'olp', 'O', 0, 1, ?)")
    .bind(am, JSON.stringify([[{ text: "A.", trans: "a" }]]), olp, JSON.stringify([[{ text: "Secret.", trans: "s" }]]))
    .run();
  const index = await api<Array<{ id: string; title: string; completed: boolean }>>("/api/story-index");
  expect(index.body).toContainEqual({ id: am, title: "B", completed: true });
  expect(index.body).toContainEqual({ id: olp, title: "O", completed: false });
  const bloomfield = await api<Array<{ id: string; data: unknown }>>("/api/bloomfield");
  expect(bloomfield.body.find((s) => s.id === am)?.data).toEqual([[{ text: "A.", trans: "a" }]]);
  const olps = await api<Array<{ id: string; data: unknown }>>("/api/olp");
  expect(olps.body.find((s) => s.id === olp)?.data).toEqual([]);
  const misc = await api<Array<{ id: string }>>("/api/misc");
  expect(misc.body.some((s) => s.id === am || s.id === olp)).toBe(false);
});

test("GET /api/openapi.json describes the public read API", async () => {
  const { response, body } = await api<{ openapi: string; paths: Record<string, unknown> }>("/api/openapi.json");
  expect(response.status).toBe(200);
  expect(body.openapi).toMatch(/^3\./);
  for (const path of ["/api/vocab", "/api/search", "/api/sentence", "/api/wotd", "/api/story-index", "/api/bloomfield", "/api/olp", "/api/misc"]) {
    expect(body.paths, path).toHaveProperty([path]);
  }
});

// ---------------------------------------------------------------- import SQL in real D1

async function runStatements(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

const existing = () =>
  env.DB.prepare("SELECT id, name, pos, gloss, stem, search_key, source, corpus_count FROM lexemes")
    .all<ExistingLexeme>()
    .then((r) => r.results);

test("importing a lexicon twice changes nothing the second time; homographs become one entry", async () => {
  const a = uniqueWord();
  const b = uniqueWord();
  const file = `name\tpos\tgloss\tstem\n${a}\tvai\tgo somewhere (test)\t${a}\n${b}\tna\ta test animal\t\n${b}\tna\ta second sense\t\n`;
  const parsed = parseLexiconText(file, "tsv");
  expect(parsed.refused).toEqual([]);
  const snapshot = () =>
    env.DB.prepare("SELECT * FROM lexemes WHERE name IN (?, ?) ORDER BY name")
      .bind(a, b)
      .all()
      .then((r) => r.results);
  const plan = planLexicon(await existing(), parsed, "import:test");
  expect([plan.added.length, plan.changed.length]).toEqual([2, 0]);
  await runStatements(lexiconPlanSql(plan));
  const first = await snapshot();
  expect(first).toHaveLength(2);
  expect(first.find((r) => r.name === b)).toMatchObject({ gloss: "a test animal; a second sense", stem: null });
  const again = planLexicon(await existing(), parsed, "import:test");
  expect([again.added.length, again.changed.length, again.unchanged]).toEqual([0, 0, 2]);
  expect(lexiconPlanSql(again)).toEqual([]);
  // The same upserts run again (as if the rows had appeared meanwhile) still change nothing.
  await runStatements(lexiconPlanSql(plan));
  expect(await snapshot()).toEqual(first);

  // A dictionary file without a stem column leaves stems alone; a stems file sets them (UPDATE … FROM VALUES).
  const glossOnly = parseLexiconText(`headword\tpos\tgloss\tcomment\n${a}\tvai\tgo somewhere (test)\t\n`, "tsv");
  expect(lexiconPlanSql(planLexicon(await existing(), glossOnly, "import:test"))).toEqual([]);
  const stems = parseStemsText(`lemma\tunderlying_stem\tlexicon\n${b}\t${b}w2\tNA\n`);
  const stemPlan = planStems(await existing(), stems);
  expect(stemPlan.updates).toHaveLength(1);
  await runStatements(stemsPlanSql(stemPlan));
  expect((await snapshot()).find((r) => r.name === b)).toMatchObject({ stem: `${b}w2` });
  expect(planStems(await existing(), stems)).toMatchObject({ updates: [], unchanged: 1 });
});

test("a lexicon file's bad rows are refused with line numbers", () => {
  const file = `name\tpos\tgloss\n${uniqueWord()}\tvai\tok\n\n\tvai\tno name\n${uniqueWord()}\tNOT A TAG\tx\nz\tvai\tx\textra\tcells\n`;
  const parsed = parseLexiconText(file, "tsv");
  expect(parsed.refused.map((e) => e.line)).toEqual([4, 5, 6]);
  expect(parsed.refused[0].message).toContain("name");
  expect(parsed.entries).toHaveLength(1);
});

test("sentences and stories import idempotently and link sentences to their words", async () => {
  const name = uniqueWord();
  const id = await insertLexeme(name, "vai", "import link test");
  const text = `${uniqueWord()}.`;
  const sentences = parseSentences(`text\ttrans\tsource\tlemmas\n${text}\tImported.\tNMZ\t${name}:vai\n`, "tsv");
  expect(sentences.errors).toEqual([]);
  const storyId = `AM${uniqueWord()}`;
  const stories = parseStories(JSON.stringify([{ id: storyId, title: "Imported", completed: true, paragraphs: [[{ text, trans: "Imported." }]] }], null, 2));
  expect(stories.errors).toEqual([]);
  const statements = [...sentencesSql(sentences.rows.map((r) => r.value)), ...storiesSql(stories.rows.map((r) => r.value))];
  await runStatements(statements);
  await runStatements(statements);
  const rows = await env.DB.prepare("SELECT id FROM sentences WHERE text = ?").bind(text).all();
  expect(rows.results).toHaveLength(1);
  expect((await api(`/api/wotd?lex_id=${id}`)).body).toEqual({ sentence_ids: [rows.results[0].id] });
  const story = await env.DB.prepare("SELECT source, completed FROM stories WHERE id = ?").bind(storyId).first();
  expect(story).toEqual({ source: "bloomfield", completed: 1 });
});

test("a stories file reports the line where a bad story starts", () => {
  const file = `[\n  { "id": "AM1", "title": "Fine", "completed": true, "paragraphs": [] },\n  {\n    "id": "bad id!",\n    "title": "",\n    "completed": "yes"\n  }\n]`;
  const parsed = parseStories(file);
  expect(parsed.rows).toHaveLength(1);
  expect(parsed.errors).toHaveLength(1);
  expect(parsed.errors[0].line).toBe(3);
  expect(parsed.errors[0].message).toMatch(/id.*title.*completed/s);
});

test("sentences naming a word that is not in the lexicon are rejected with their line", () => {
  const parsed = checkLemmaRefs(parseSentences("text\ttrans\tlemmas\nZqa.\tA.\tzqnope:vai\nZqb.\tB.\tmaajaa\n", "tsv"), [
    { id: 1, name: "maajaa", pos: "vai" },
  ]);
  expect(parsed.errors).toEqual([{ line: 2, message: 'lemmas: no word "zqnope" (vai) in the lexicon' }]);
});

test("search by an inflected noun finds its lemma (noun engine: jiimaanan → jiimaan, plural)", async () => {
  const id = await insertLexeme("jiimaan", "ni", "canoe, boat");
  await env.DB.prepare("UPDATE lexemes SET stem = 'jiimaan' WHERE id = ?").bind(id).run();
  const { html } = await page("/k?q=jiimaanan");
  expect(html).toContain(`href="/k/${id}"`);
  expect(html).toMatch(/<span lang="otw">jiimaanan<\/span> → <span lang="otw">jiimaan<\/span>, canoes/);
  const json = await api<{ data: Array<{ id: number; match: string; analysis: { lemma: string; cell: string } | null }> }>("/api/search?q=jiimaanan");
  expect(json.body.data.find((d) => d.id === id)).toMatchObject({ match: "form", analysis: { lemma: "jiimaan" } });
});

import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { inflect } from "../../app/core/grammar";
import { VAI_SUBJECTS } from "../../app/components/learn/subjects";

const worker = exports.default;

async function get(path: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual" }));
  return { response, html: await response.text() };
}

/** A lesson with a number no other test uses, and its items. */
async function insertLesson(items: Array<{ type: "word" | "sent"; value: string; pos?: string; trans: string }>) {
  const id = 1000 + Math.floor(Math.random() * 1_000_000_000);
  await env.DB.prepare("INSERT INTO lessons (id, title) VALUES (?, ?)").bind(id, `Test lesson ${id}`).run();
  for (const [i, item] of items.entries()) {
    await env.DB.prepare("INSERT INTO lesson_items (lesson_id, position, type, value, pos, trans) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(id, i + 1, item.type, item.value, item.pos ?? null, item.trans)
      .run();
  }
  return id;
}

async function ensureSampleVerb() {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem, source) VALUES ('maajaa', 'maajaa', 'vai', 'go away, leave', 'maajaa', 'test')",
  ).run();
  return { name: "maajaa", pos: "vai", stem: "maajaa", gloss: "go away, leave" };
}

test("/aambe/learn redirects to /aambe", async () => {
  const { response } = await get("/aambe/learn");
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/aambe");
});

test("an unknown or malformed lesson number redirects to /aambe", async () => {
  for (const path of ["/aambe/learn/987654321", "/aambe/learn/abc", "/aambe/learn/0", "/aambe/learn/-1"]) {
    const { response } = await get(path);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toBe("/aambe");
  }
});

test("an empty lesson says 'No lesson data found'", async () => {
  const id = await insertLesson([]);
  const { response, html } = await get(`/aambe/learn/${id}`);
  expect(response.status).toBe(200);
  expect(html).toContain("No lesson data found");
});

test("a lesson's items come from D1, one at a time, with the step in the URL", async () => {
  const value = `demo-${crypto.randomUUID().slice(0, 6)}`;
  const id = await insertLesson([
    { type: "word", value, pos: "vai", trans: "first meaning" },
    { type: "sent", value: `${value} sentence.`, trans: "second meaning" },
  ]);
  const start = await get(`/aambe/learn/${id}`);
  expect(start.html).toContain("2 items");
  expect(start.html).toContain(`href="/aambe/learn/${id}?step=1"`);
  const first = await get(`/aambe/learn/${id}?step=1`);
  expect(first.html).toContain(value);
  expect(first.html).toContain("first meaning");
  expect(first.html).toContain("50%");
  expect(first.html).toContain(`href="/aambe/learn/${id}?step=2"`);
  // Only the current item is on screen (the whole lesson is in the hydration data).
  const main = first.html.slice(first.html.indexOf("<main"), first.html.indexOf("</main>"));
  expect(main).not.toContain("second meaning");
  const last = await get(`/aambe/learn/${id}?step=2`);
  expect(last.html).toContain("100%");
  expect(last.html).toContain(`href="/aambe/practice?lesson=${id}"`);
  expect(last.html).toContain(">Finish<");
});

test("the item's recording shows a play button only when the item has audio", async () => {
  const key = `audio/learn-${crypto.randomUUID().slice(0, 8)}.mp3`;
  const audio = await env.DB.prepare("INSERT INTO audio_objects (key, content_type, size) VALUES (?, 'audio/mpeg', 3) RETURNING id")
    .bind(key)
    .first<{ id: number }>();
  const id = await insertLesson([
    { type: "word", value: "with-audio", trans: "a" },
    { type: "word", value: "without-audio", trans: "b" },
  ]);
  await env.DB.prepare("UPDATE lesson_items SET audio_id = ? WHERE lesson_id = ? AND position = 1").bind(audio!.id, id).run();
  const withAudio = await get(`/aambe/learn/${id}?step=1`);
  expect(withAudio.html).toContain(`src="/${key}"`);
  const withoutAudio = await get(`/aambe/learn/${id}?step=2`);
  expect(withoutAudio.html).not.toContain("<audio");
  expect(withoutAudio.html).not.toContain("audio-button");
});

test("/aambe/verbs shows the product reference's counts and labels; only VAI can be started", async () => {
  const { html } = await get("/aambe/verbs");
  for (const [code, counts, label] of [
    ["VAI", "9 basic / 42 total", "MEDIUM"],
    ["VII", "4 basic / 12 total", "EASY"],
    ["VTA", "39 basic / 176 total", "HARD"],
    ["VTI", "16 basic / 58 total", "MEDIUM"],
  ]) {
    const section = html.slice(html.indexOf(`id="type-${code}"`));
    const end = section.indexOf("</li>");
    expect(section.slice(0, end), code).toContain(counts);
    expect(section.slice(0, end), code).toContain(label);
  }
  expect(html.match(/Coming soon!/g)).toHaveLength(3);
  expect(html).toContain('href="/aambe/verbs/vai"');
});

test("/aambe/verbs/vai renders the subjects in docs/product.md order and the engine's forms (or says none yet)", async () => {
  const verb = await ensureSampleVerb();
  const { html } = await get("/aambe/verbs/vai");
  const codes = [...html.matchAll(/<th scope="row">([^<]+)<\/th><td>/g)].map((m) => m[1]);
  expect(codes).toEqual(["1s", "2s", "3s", "3&#x27;", "1p", "21", "2p", "3p", "X"]);
  for (const subject of VAI_SUBJECTS) {
    const expected = inflect(verb, { order: "ind", subject: subject.code });
    const row = html.slice(html.indexOf(`data-subject="${subject.code.replace("'", "&#x27;")}"`));
    const cell = row.slice(0, row.indexOf("</tr>"));
    if (expected) expect(cell, subject.code).toContain(expected.form);
    else expect(cell, subject.code).toContain("form not available yet");
  }
  for (const term of ["proximate", "obviative", "exclusive", "inclusive"]) {
    // HTML attribute names are case-insensitive; React writes popoverTarget.
    expect(html.toLowerCase()).toContain(`popovertarget="term-${term}"`);
    expect(html).toContain(`id="term-${term}" popover="auto"`);
  }
});

test("/aambe/verbs/vai/practice steps through nine subjects by URL and ends with 'Finished!'", async () => {
  await ensureSampleVerb();
  const first = await get("/aambe/verbs/vai/practice");
  expect(first.html).toContain("Form 1 of 9");
  expect(first.html).toContain("Independent order");
  expect(first.html).toContain('name="step" value="1"');
  expect(first.html).toContain(">Progress<");
  const ninth = await get("/aambe/verbs/vai/practice?step=8");
  expect(ninth.html).toContain("Form 9 of 9");
  expect(ninth.html).toContain("someone");
  const done = await get("/aambe/verbs/vai/practice?step=9");
  expect(done.html).toContain("Finished!");
  const imperative = await get("/aambe/verbs/vai/practice?order=imp");
  expect(imperative.html).toContain("Form 1 of 3");
  expect(imperative.html).toContain('name="order" value="imp"');
  const unknown = await get("/aambe/verbs/vai/practice?order=nonsense&step=zz");
  expect(unknown.html).toContain("Form 1 of 9");
});

test("/aambe/practice says so when the verb or lesson does not exist", async () => {
  const verb = await get("/aambe/practice?verb=no-such-verb-xyz");
  expect(verb.html).toContain("No verb “no-such-verb-xyz” was found");
  const lesson = await get("/aambe/practice?lesson=999999999");
  expect(lesson.html).toContain("There is no such lesson.");
});

test("/aambe/practice?verb= (lemma or id) drills the engine's high-confidence forms of that verb", async () => {
  const verb = await ensureSampleVerb();
  const row = await env.DB.prepare("SELECT id FROM lexemes WHERE name = 'maajaa' AND pos = 'vai'").first<{ id: number }>();
  const forms = VAI_SUBJECTS.flatMap((s) => inflect(verb, { order: "ind", subject: s.code }) ?? []).filter((f) => f.confidence === "high");
  for (const path of ["/aambe/practice?verb=maajaa", `/aambe/practice?verb=${row!.id}`]) {
    const { html } = await get(path);
    expect(html, path).toContain("Independent forms of");
    expect(html, path).toContain(`data-testid="item-count">${forms.length}<`);
    // The round's cards are keyed by verb, order and subject, and the Start link carries them.
    expect(html, path).toContain("verb:maajaa:ind:1s");
    expect(html, path).toMatch(/href="\/aambe\/practice\?verb=maajaa&amp;q=verb%3Amaajaa%3Aind%3A1s/);
  }
  // The first question asks for the meaning of the first form, with the right meaning among the choices.
  const { html } = await get(`/aambe/practice?verb=maajaa&q=${encodeURIComponent("verb:maajaa:ind:1s")}&t=1`);
  expect(html).toContain(forms[0].form);
  expect(html).toContain(forms[0].gloss);
});

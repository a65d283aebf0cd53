/**
 * The word list and the word page ("The site around the learner"): /k paged on the server, the A–Z bar,
 * part-of-speech filters, counts, search results with the matched form, English phrase → form, and the word page's
 * plain part of speech, recording credit, related words, report link and JSON-LD. This file's database holds only
 * the words it inserts: paging words start with "q" (no Odawa headword does).
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";

const worker = exports.default;

async function page(path: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { redirect: "manual" }));
  return { response, html: await response.text() };
}

async function insertLexeme(name: string, pos: string, gloss: string, stem: string | null = null) {
  const row = await env.DB.prepare("INSERT INTO lexemes (name, search_key, pos, gloss, stem) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(name, name.toLowerCase(), pos, gloss, stem)
    .first<{ id: number }>();
  return row!.id;
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  ids.maajaa = await insertLexeme("maajaa", "vai", "go away, leave", "maajaa");
  ids.waabmaa = await insertLexeme("waabmaa", "vta", "see smb.; good-bye", "waabam");
  ids.gnawaabmaa = await insertLexeme("gnawaabmaa", "vta", "look at smb.", "ganawaabam");
  // 60 nouns and 5 verbs under Q, named so that they sort by their number.
  for (let i = 0; i < 60; i++) await insertLexeme(`qnoun${String(i).padStart(2, "0")}`, "ni", `test thing ${i}`);
  for (let i = 0; i < 5; i++) await insertLexeme(`qverb${i}`, "vai", `test doing ${i}`);
});

test("/k is paged on the server: 50 words a page, a count, and Previous/Next links that work without JavaScript", async () => {
  const first = await page("/k?letter=q");
  expect(first.response.status).toBe(200);
  expect(first.html).toContain("65 words starting with Q, page 1 of 2");
  expect(first.html).toContain("qnoun00");
  expect(first.html).toContain("qnoun49");
  expect(first.html).not.toContain("qnoun50");
  expect(first.html).toContain('href="/k?letter=q&amp;page=2"');
  expect(first.html).toContain('rel="next"');

  const second = await page("/k?letter=q&page=2");
  expect(second.html).toContain("page 2 of 2");
  expect(second.html).toContain("qnoun50");
  expect(second.html).toContain("qverb4");
  expect(second.html).not.toContain("qnoun49<");
  expect(second.html).toContain('href="/k?letter=q"');

  // Out of range or nonsense: the nearest page, never an error.
  expect((await page("/k?letter=q&page=999")).html).toContain("page 2 of 2");
  expect((await page("/k?letter=q&page=-3")).html).toContain("page 1 of 2");
  expect((await page("/k?page=abc")).response.status).toBe(200);
});

test("/k has an A–Z bar: letters with words link to their page, letters without words are not links", async () => {
  const { html } = await page("/k");
  expect(html).toContain('aria-label="Words by first letter"');
  expect(html).toContain('href="/k?letter=q"');
  expect(html).toContain('href="/k?letter=m"');
  expect(html).not.toContain('href="/k?letter=x"');
  expect(html).toContain("X: no words");

  const m = await page("/k?letter=m");
  expect(m.html).toContain("1 word starting with M");
  expect(m.html).toContain(`href="/k/${ids.maajaa}"`);
  expect(m.html).not.toContain(`href="/k/${ids.waabmaa}"`);
  expect(m.html).toContain('aria-current="page">M<');
  // Unknown letters are ignored.
  expect((await page("/k?letter=%3Cscript%3E")).html).toContain("68 words");
});

test("/k filters by part of speech, in the list and in search, and keeps one search box", async () => {
  const verbs = await page("/k?letter=q&pos=verb");
  expect(verbs.html).toContain("5 verbs starting with Q");
  expect(verbs.html).toContain("qverb0");
  expect(verbs.html).not.toContain("qnoun00");
  const nouns = await page("/k?pos=noun");
  expect(nouns.html).toContain("60 nouns");
  expect(nouns.html).toContain('<option value="noun" selected="">Nouns</option>');

  const search = await page("/k?q=test&pos=verb");
  expect(search.html).toContain("5 results for “test” (verbs)");
  expect(search.html).not.toContain("qnoun01");

  // One search form on the page itself (the navbar's is hidden on /k by the page's stylesheet).
  expect(search.html.match(/aria-label="Word search"/g)).toHaveLength(1);
});

test("search results show the matched inflected form: nwaabmaa → waabmaa, I see him/her", async () => {
  const { html } = await page("/k?q=nwaabmaa");
  expect(html).toContain("1 result for “nwaabmaa”");
  expect(html).toMatch(/<span lang="otw">nwaabmaa<\/span> → <span lang="otw">waabmaa<\/span>, I see him\/her/);
  expect(html).toContain("(Independent: I → s/he)");
  expect(html).toContain(`href="/k/${ids.waabmaa}"`);
});

test("English phrases find the form through the engine's glosses, with the cell named", async () => {
  const cases: Array<[string, string, string, string]> = [
    ["I see you", "gwaabmin", "I see you (sg)", "Independent: I → you (sg)"],
    ["they don't leave", "maajaasiiwag", "they do not leave", "Independent Negative: they"],
    ["she sees me", "nwaabmig", "s/he sees me", "Independent: s/he → I"],
    ["when I leave", "maajaayaanh", "when/that I leave", "Conjunct: I"],
    ["we (incl.) leave", "gmaajaami", "we (incl.) leave", "Independent: we (incl.)"],
  ];
  for (const [query, form, gloss, cell] of cases) {
    const { html } = await page(`/k?q=${encodeURIComponent(query)}`);
    expect(html, query).toContain(`<span lang="otw">${form}</span>`);
    expect(html, query).toContain(gloss);
    expect(html, query).toContain(`(${cell})`);
  }
  // A phrase of words the lexicon does not have finds nothing and offers to suggest the word.
  const none = await page(`/k?q=${encodeURIComponent("they juggle quietly")}`);
  expect(none.html).toContain("No results");
  expect(none.html).toContain("Suggest a missing word");
  expect(none.html).toContain("/report?kind=missing");
});

test("the word page names the part of speech in plain words with its code, and links a report", async () => {
  const { response, html } = await page(`/k/${ids.waabmaa}`);
  expect(response.status).toBe(200);
  expect(html).toContain("verb, transitive animate");
  expect(html).toMatch(/\(<a[^>]*href="\/legend#[^"]*"[^>]*><abbr title="[^"]+">vta<\/abbr><\/a>\)/);
  expect(html).toContain(`/report?kind=word&amp;page=%2Fk%2F${ids.waabmaa}&amp;subject=waabmaa`);
  expect(html).toContain("Report a problem");
});

test("the word page lists related words: the same stem and compounds", async () => {
  const stemTwin = await insertLexeme("waabmaa", "vai", "be seen (test)", "waabam");
  const compound = await insertLexeme("gichi-maajaa", "vai", "leave for good (test)");
  const seeing = await page(`/k/${ids.waabmaa}`);
  expect(seeing.html).toContain("Related words");
  expect(seeing.html).toContain(`href="/k/${stemTwin}"`);
  expect(seeing.html).toContain("same stem");
  const leaving = await page(`/k/${ids.maajaa}`);
  expect(leaving.html).toContain(`href="/k/${compound}"`);
  expect(leaving.html).toContain("compound");
});

test("the word page credits the recording's speaker and date when the data has them", async () => {
  const id = await insertLexeme("qrecorded", "ni", "a recorded test word");
  const audio = await env.DB.prepare(
    "INSERT INTO audio_objects (key, content_type, size, speaker, recorded_at) VALUES (?, 'audio/mpeg', 3, 'Test Speaker', ?) RETURNING id",
  )
    .bind(`audio/${id}.mp3`, Date.UTC(2024, 4, 17))
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE lexemes SET audio_id = ? WHERE id = ?").bind(audio!.id, id).run();
  const { html } = await page(`/k/${id}`);
  expect(html).toContain("Recorded by Test Speaker");
  expect(html).toContain('<time dateTime="2024-05-17">2024-05-17</time>');

  // Without a speaker (older recordings), no credit line.
  const plain = await insertLexeme("qplainaudio", "ni", "another recorded test word");
  const bare = await env.DB.prepare("INSERT INTO audio_objects (key, content_type, size) VALUES (?, 'audio/mpeg', 3) RETURNING id")
    .bind(`audio/${plain}.mp3`)
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE lexemes SET audio_id = ? WHERE id = ?").bind(bare!.id, plain).run();
  expect((await page(`/k/${plain}`)).html).not.toContain("Recorded by");
});

test("the word page has schema.org DefinedTerm JSON-LD carrying the response's CSP nonce", async () => {
  const { response, html } = await page(`/k/${ids.maajaa}`);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const script = /<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/.exec(html);
  expect(script?.[1]).toBe(nonce);
  const json = JSON.parse(script![2]!);
  expect(json).toMatchObject({ "@context": "https://schema.org", "@type": "DefinedTerm", name: "maajaa", description: "go away, leave", termCode: "vai" });
  expect(json.url).toMatch(new RegExp(`/k/${ids.maajaa}$`));
});

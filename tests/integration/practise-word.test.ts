/**
 * "Practise this word" on the conjugator adds the forms of the cell the learner is looking at: its order, tense or
 * mode and preverbs, not the plain present. The form is read from the page as a browser without JavaScript sends it.
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;
const decode = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&gt;", ">");

beforeAll(async () => {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem) VALUES ('maajaa', 'maajaa', 'vai', 'go away, leave', 'maajaa')",
  ).run();
});

async function page(path: string, cookie?: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The conjugator's result form and the hidden fields of its "Practise this word" form. */
async function conjugate(query: string) {
  const html = await page(`/conj?${query}`);
  const shown = /data-form="([^"]+)"/.exec(html)?.[1];
  const form = /<form[^>]*action="\/aambe\/deck"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  expect(form, query).toBeTruthy();
  expect(form).toContain("Practise this word");
  const fields = Object.fromEntries([...form!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], decode(m[2])]));
  return { shown: decode(shown!), fields };
}

async function practise(fields: Record<string, string>, cookie?: string) {
  const response = await worker.fetch(
    new Request("http://localhost/aambe/deck", {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
  );
  expect(response.status).toBe(302);
  return decode(response.headers.get("location")!);
}

async function deckOf(userId: number) {
  const rows = await env.DB.prepare("SELECT card_key FROM srs_cards WHERE user_id = ?").bind(userId).all<{ card_key: string }>();
  return rows.results.map((r) => r.card_key);
}

test("with the past selected, the deck gets the past forms, the one shown first, and the round asks them", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const { shown, fields } = await conjugate("type=vai&verb=maajaa&order=ind&subject=1s&tense=past");
  expect(shown).toMatch(/^ngii-/);
  const location = await practise(fields, cookie);
  const keys = await deckOf(user.id);
  expect(keys.length).toBeGreaterThan(1);
  // Every form added is a past form (gii-); none of the present.
  for (const key of keys) expect(key).toMatch(/^verb:maajaa:ind:[^:]+:pv=gii$/);
  expect(keys).toContain("verb:maajaa:ind:1s:pv=gii");
  // The practice that opens asks those forms, the shown one first.
  expect(location).toMatch(/^\/aambe\/practice\?/);
  const question = await page(location, cookie);
  expect(decode(/data-card="([^"]+)"/.exec(question)?.[1] ?? "")).toBe("verb:maajaa:ind:1s:pv=gii");
  expect(question).toContain(`Question 1 of ${keys.length}`);
  const prompt = /class="practice-prompt"[^>]*>([^<]+)</.exec(question)?.[1];
  const typed = /How do you say “([^”]+)”/.exec(decode(question))?.[1];
  // Asked either way round: the past form itself, or its English ("I left" rather than "I leave").
  if (prompt) expect(prompt).toBe(shown);
  else expect(typed).toMatch(/\b(left|went)\b/);
});

test("a mode (the dubitative) and a plain conjunct cell add forms of that mode and that order", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  await practise((await conjugate("type=vai&verb=maajaa&order=ind&subject=3s&tense=dub")).fields, cookie);
  const dubitative = await deckOf(user.id);
  expect(dubitative).toContain("verb:maajaa:ind:3s:dub");
  for (const key of dubitative) expect(key).toMatch(/:dub$/);

  const other = await insertUser(env);
  const otherCookie = await sessionCookieHeader(env, other);
  const location = await practise((await conjugate("type=vai&verb=maajaa&order=conj&subject=3s")).fields, otherCookie);
  const conjunct = await deckOf(other.id);
  expect(conjunct).toContain("verb:maajaa:conj:3s");
  for (const key of conjunct) expect(key).toMatch(/^verb:maajaa:conj:[^:]+$/);
  // The verb's own practice page, of the conjunct order, says how many were added.
  expect(location).toBe(`/aambe/practice?verb=maajaa&pos=vai&order=conj&added=${conjunct.length}`);
  expect(await page(location, otherCookie)).toContain(`${conjunct.length} forms were added to your practice deck.`);
});

test("anonymous learners practise the shown cell's forms at once; the plain present still adds the core cells", async () => {
  const { fields } = await conjugate("type=vai&verb=maajaa&order=ind&subject=3s&tense=future");
  const location = await practise(fields);
  const question = await page(location);
  expect(decode(/data-card="([^"]+)"/.exec(question)?.[1] ?? "")).toBe("verb:maajaa:ind:3s:pv=wii");

  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const present = await practise((await conjugate("type=vai&verb=maajaa&order=ind&subject=3s")).fields, cookie);
  expect(present).toBe("/aambe/practice?verb=maajaa&pos=vai&added=9");
  expect(await deckOf(user.id)).toContain("verb:maajaa:ind:1s");
});

/**
 * The join page's smaller wrong turns, as a browser without JavaScript meets them: age ranges that do not overlap
 * (the stored values unchanged), a refused username that says which characters are wrong, and the home page that
 * says the account was created.
 */
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { AGES } from "../../db/schema";
import { get, post, sessionFrom, uniqueName } from "./accounts-helpers";

const decode = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

const joinFields = (username: string, extra: Record<string, string> = {}) => ({
  username,
  password: "ziibiwan-nibi-2026",
  passwordRepeat: "ziibiwan-nibi-2026",
  email: `${crypto.randomUUID()}@example.org`,
  niijii: "",
  ...extra,
});

async function usernames(like: string) {
  const rows = await env.DB.prepare("SELECT username FROM users WHERE username LIKE ?").bind(like).all<{ username: string }>();
  return rows.results.map((r) => r.username);
}

test("the age choices are ranges that neither overlap nor leave a gap, and keep their stored values", async () => {
  const page = decode(await (await get("/wiijiiwe")).text());
  const select = /<select id="age"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? "";
  const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].filter((m) => m[1] !== "");
  expect(options.map((m) => m[1])).toEqual([...AGES]);
  const ranges = options.map(([, , label]) => {
    const under = /^Under (\d+)$/.exec(label);
    if (under) return [0, Number(under[1]) - 1];
    const between = /^(\d+)–(\d+)$/.exec(label);
    if (between) return [Number(between[1]), Number(between[2])];
    const over = /^(\d+) or over$/.exec(label);
    if (over) return [Number(over[1]), Infinity];
    throw new Error(`An age label that is not a range: ${label}`);
  });
  for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0], options[i]![2]).toBe(ranges[i - 1]![1] + 1);
  expect(ranges.at(-1)![1]).toBe(Infinity);

  // Each value is stored as it always was.
  for (const age of AGES) {
    const name = uniqueName("age");
    expect((await post("/wiijiiwe", joinFields(name, { age }))).status).toBe(302);
    expect(await env.DB.prepare("SELECT age FROM users WHERE username = ?").bind(name).first("age")).toBe(age);
  }
});

test("a username with a space is refused with the reason under the field, as typed, and nothing is created", async () => {
  const stem = uniqueName("maya");
  const typed = `${stem.replace(/^m/, "M")} Walk`;
  const response = await post("/wiijiiwe", joinFields(typed));
  expect(response.status).toBe(400);
  const page = decode(await response.text());
  const reason = "A username cannot contain spaces: use only lowercase letters a–z, digits, hyphen (-) or underscore (_).";
  // The field keeps what was typed, and its own error says why (the page message hides after a few seconds).
  expect(page).toMatch(new RegExp(`<input[^>]*id="username"[^>]*value="${typed}"`));
  expect(page).toMatch(/<input[^>]*id="username"[^>]*aria-describedby="username-rules username-error"/);
  expect(page).toContain(`<p class="field-error" id="username-error">${reason}</p>`);
  expect(await usernames(`${stem}%`)).toEqual([]);

  for (const [name, said] of [
    [`${stem}.walk`, "A username cannot contain “.”: use only"],
    [`${stem} w.é`, "A username cannot contain spaces, “.” or “é”: use only"],
    [`-${stem}`, "A username must start with a letter or digit, not “-”."],
  ] as const) {
    expect(decode(await (await post("/wiijiiwe", joinFields(name))).text()), name).toContain(said);
  }
  // Capitals are no reason: they are lowercased.
  expect((await post("/wiijiiwe", joinFields(`${stem.toUpperCase()}_w`))).status).toBe(302);
  expect(await usernames(`${stem}%`)).toEqual([`${stem}_w`]);
});

test("joining lands on a home page that says the account was created; a visitor given that link is told nothing", async () => {
  const name = uniqueName("new");
  const response = await post("/wiijiiwe", joinFields(name));
  expect(response.status).toBe(302);
  const landing = response.headers.get("Location")!;
  expect(landing).toBe("/?welcome=joined");
  const home = decode(await (await get(landing, { cookie: sessionFrom(response)! })).text());
  expect(home).toContain(`Your account “${name}” has been created. Welcome!`);
  expect(home).toMatch(/data-testid="joined"/);
  const visitor = decode(await (await get(landing)).text());
  expect(visitor).not.toContain("has been created");
});

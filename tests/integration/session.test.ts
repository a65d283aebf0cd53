import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

async function html(path: string, cookie?: string) {
  const response = await worker.fetch(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }));
  return response.text();
}

test("a signed-in user sees their name with its colour dot in the navbar, linking to /niin", async () => {
  const user = await insertUser(env);
  await env.DB.prepare("UPDATE users SET username_color = '#2a7f62' WHERE id = ?").bind(user.id).run();
  const page = await html("/", await sessionCookieHeader(env, user));
  expect(page).toMatch(new RegExp(`href="/niin"[^>]*>.*background-color:#2a7f62.*${user.username}`));
  expect(page).not.toContain('href="/biindge"');
});

test("a session whose version was bumped (log-out elsewhere) no longer counts", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  await env.DB.prepare("UPDATE users SET session_version = session_version + 1 WHERE id = ?").bind(user.id).run();
  const page = await html("/", cookie);
  expect(page).toContain('href="/biindge"');
  expect(page).not.toContain(user.username);
});

test("a forged or garbled session cookie is ignored", async () => {
  const page = await html("/", "__Host-session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad");
  expect(page).toContain('href="/biindge"');
});

test("on /wiiji a signed-in user sees no navbar and no footer; anonymous visitors do", async () => {
  const user = await insertUser(env);
  const signedIn = await html("/wiiji", await sessionCookieHeader(env, user));
  expect(signedIn).not.toContain('class="navbar"');
  expect(signedIn).not.toContain('class="footer"');
  const anonymous = await html("/wiiji");
  expect(anonymous).toContain('class="navbar"');
  expect(anonymous).toContain('class="footer"');
});

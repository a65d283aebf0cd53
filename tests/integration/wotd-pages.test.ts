/**
 * What the Word of the Day pages say, as a browser without JavaScript meets them: every sign-up form posts to
 * /signup-wotd (never the home page's `/?index`) and says a link was sent, not that the address is signed up; an
 * unsubscribe link opened again says it is already done instead of asking again.
 */
import { env, exports } from "cloudflare:workers";
import { afterAll, expect, test } from "vitest";
import { UNSUBSCRIBE_TEXT, WOTD_TEXT, wotdSentMessage } from "../../app/utils/email-forms";
import { insertSubscriber } from "../factories/subscribers";
import { countRows, waitForEmailQueueDrain } from "../support/email-queue";

const worker = exports.default;
const PREFIX = "wotd-pages-";

// The sign-ups below put confirmation emails on the real local queue: let them be sent before storage goes away.
afterAll(async () => {
  await waitForEmailQueueDrain(
    async () =>
      (await countRows(
        `SELECT COUNT(*) AS n FROM wotd_subscribers s WHERE s.email LIKE '${PREFIX}%' AND s.confirm_token_hash IS NOT NULL AND NOT EXISTS
           (SELECT 1 FROM job_runs j WHERE j.job = 'wotd-confirm-sent' AND j.detail LIKE s.id || ':%')`,
      )) === 0,
  );
}, 20_000);

function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", crypto.randomUUID());
  return worker.fetch(new Request(`http://localhost${path}`, { ...init, headers }));
}

function postForm(path: string, fields: Record<string, string>) {
  return call(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(fields),
  });
}

const decode = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** The Word of the Day form of a page: where it posts and its hidden fields. */
async function wotdForm(path: string) {
  const page = await (await call(path)).text();
  const form = /<form[^>]*class="wotd-form"[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0];
  expect(form, path).toBeTruthy();
  const action = decode(/action="([^"]*)"/.exec(form!)?.[1] ?? "");
  const hidden = Object.fromEntries([...form!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  return { action, hidden };
}

async function sourceOf(email: string) {
  return (await env.DB.prepare("SELECT source FROM wotd_subscribers WHERE email = ?").bind(email).first<{ source: string }>())?.source;
}

test("both forms post to /signup-wotd with their source, and say a link was sent, not that the address is signed up", async () => {
  for (const [path, source] of [
    ["/", "index-signup"],
    ["/signup-wotd", "wotd-signup"],
  ] as const) {
    const { action, hidden } = await wotdForm(path);
    expect(action, path).toBe("/signup-wotd");
    expect(hidden.source, path).toBe(source);
    const email = `${PREFIX}${crypto.randomUUID()}@example.org`;
    const response = await postForm(action, { ...hidden, name: "", email });
    expect(response.status, path).toBe(200);
    const page = decode(await response.text());
    expect(page).toContain(wotdSentMessage(email));
    expect(page).toContain(WOTD_TEXT.confirmPrompt);
    expect(page).not.toContain(WOTD_TEXT.success);
    expect(await sourceOf(email), path).toBe(source);
  }
  // A home page served before (its form posting to /?index) still gets the same honest answer.
  const email = `${PREFIX}${crypto.randomUUID()}@example.org`;
  const old = decode(await (await postForm("/?index", { name: "", email })).text());
  expect(old).toContain(wotdSentMessage(email));
  expect(old).not.toContain(WOTD_TEXT.success);
  expect(await sourceOf(email)).toBe("index-signup");
});

test("an unsubscribe link opened again says 'You are already unsubscribed' and does not ask again", async () => {
  const sub = await insertSubscriber(env, "confirmed");
  const link = `/unsubscribe?t=${sub.unsubscribeToken}`;
  expect(await (await call(link)).text()).toContain(">Unsubscribe</button>");
  expect(decode(await (await postForm(link, { t: sub.unsubscribeToken })).text())).toContain(UNSUBSCRIBE_TEXT.success);

  for (const again of [await call(link), await postForm(link, { t: sub.unsubscribeToken })]) {
    expect(again.status).toBe(200);
    const page = decode(await again.text());
    expect(page).toContain(UNSUBSCRIBE_TEXT.already);
    expect(page).not.toContain(UNSUBSCRIBE_TEXT.success);
    expect(page).not.toContain(">Unsubscribe</button>");
    expect(page).toContain('href="/signup-wotd"');
  }
  // One-click (RFC 8058) stays a plain success for the mail provider, and still changes nothing more.
  const oneClick = await postForm(`/unsubscribe/one-click?t=${sub.unsubscribeToken}`, { "List-Unsubscribe": "One-Click" });
  expect(await oneClick.json()).toEqual({ success: true });
  expect((await env.DB.prepare("SELECT status FROM wotd_subscribers WHERE id = ?").bind(sub.id).first<{ status: string }>())?.status).toBe("unsubscribed");

  // Signed up again (pending, then confirmed): the same link asks again.
  await env.DB.prepare("UPDATE wotd_subscribers SET status = 'confirmed' WHERE id = ?").bind(sub.id).run();
  expect(await (await call(link)).text()).toContain(">Unsubscribe</button>");
  // A link that was never valid is still invalid.
  expect(decode(await (await call(`/unsubscribe?t=${"B".repeat(43)}`)).text())).toContain(UNSUBSCRIBE_TEXT.invalid);
});

import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { createBindings } from "../../app/services/bindings.server";
import { env, exports } from "cloudflare:workers";
import { afterAll, expect, test } from "vitest";
import { CONTACT_TEXT } from "../../app/utils/email-forms";
import { handleQueueBatch } from "../../app/services/email-queue.server";
import type { MailMessage, MailTransport } from "../../app/services/mail.server";
import { countRows, waitForEmailQueueDrain } from "../support/email-queue";

const worker = exports.default;

// Contact messages are queued on the real local queue (batches flush at most 5 s later); let them drain
// before this file's storage goes away, or the next test file's run can stall: every stored message has
// been forwarded (the consumer's sent-once ledger in job_runs).
afterAll(async () => {
  await waitForEmailQueueDrain(
    async () =>
      (await countRows(
        `SELECT COUNT(*) AS n FROM contact_messages c WHERE NOT EXISTS
           (SELECT 1 FROM job_runs j WHERE j.job = 'contact-mail-sent' AND j.detail = CAST(c.id AS TEXT))`,
      )) === 0,
  );
}, 20_000);

function post(path: string, fields: Record<string, string>, ip: string = crypto.randomUUID()) {
  return worker.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
      body: new URLSearchParams(fields),
    }),
  );
}

async function stored(email: string) {
  return env.DB.prepare("SELECT id, name, subject, message FROM contact_messages WHERE email = ?")
    .bind(email)
    .all<{ id: number; name: string; subject: string; message: string }>();
}

function fields(email: string, overrides: Record<string, string> = {}) {
  return { honorific: "", name: "Nokomis", email, subject: "Aanii!", message: "Miigwech for the site.", ...overrides };
}

test("/contact without JavaScript stores the message, says 'Message received!' and emails the site owner", async () => {
  const email = `contact-${crypto.randomUUID()}@example.org`;
  const response = await post("/contact", fields(email));
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(CONTACT_TEXT.success);
  const rows = await stored(email);
  expect(rows.results).toEqual([{ id: expect.any(Number), name: "Nokomis", subject: "Aanii!", message: "Miigwech for the site." }]);

  // The queued job forwards it to CONTACT_EMAIL, with replies going to the sender.
  const sent: MailMessage[] = [];
  const mailer: MailTransport = { name: "test", send: async (m) => (sent.push(m), { status: "sent", id: null }) };
  const body = { version: 1, type: "contact", contactMessageId: rows.results[0].id };
  const batch = createMessageBatch("nishnaabemwin-email", [
    { id: "c1", timestamp: new Date(), attempts: 1, body },
    { id: "c2", timestamp: new Date(), attempts: 2, body },
  ]);
  const ctx = createExecutionContext();
  await handleQueueBatch(batch, createBindings(env, createExecutionContext()), { mailer });
  expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["c1", "c2"]);
  const forwarded = sent.filter((m) => m.replyTo === email);
  expect(forwarded).toHaveLength(1); // redelivery does not mail twice
  expect(forwarded[0].to).toBe(env.CONTACT_EMAIL);
  expect(forwarded[0].subject).toContain("Aanii!");
  expect(forwarded[0].text).toContain("Miigwech for the site.");
});

test("a filled decoy honorific gets the success message and stores nothing", async () => {
  const email = `decoy-${crypto.randomUUID()}@example.org`;
  const page = await post("/contact", fields(email, { honorific: "Dr." }));
  expect(await page.text()).toContain(CONTACT_TEXT.success);
  const api = await post("/add-contact-message", fields(email, { honorific: "Dr." }));
  expect(await api.json()).toEqual({ success: true, message: CONTACT_TEXT.success });
  expect((await stored(email)).results).toEqual([]);
});

test("missing or bad fields get a clear message, keep what was typed and store nothing", async () => {
  const email = `bad-${crypto.randomUUID()}@example.org`;
  const page = await post("/contact", fields(email, { message: "   " }));
  expect(page.status).toBe(400);
  const html = await page.text();
  expect(html).toContain("Please enter a message.");
  expect(html).toContain(`value="${email}"`);
  const api = await post("/add-contact-message", fields(email, { subject: "line one\nline two" }));
  expect(api.status).toBe(400);
  expect(await api.json()).toEqual({ success: false, message: "The subject must be one line." });
  expect((await stored(email)).results).toEqual([]);
});

test("POST /add-contact-message answers {success, message} and stores the message", async () => {
  const email = `api-${crypto.randomUUID()}@example.org`;
  const response = await post("/add-contact-message", fields(email, { subject: "A question" }));
  expect(await response.json()).toEqual({ success: true, message: CONTACT_TEXT.success });
  expect((await stored(email)).results).toHaveLength(1);
});

test("contact messages are rate limited per client address", async () => {
  const ip = `rl-${crypto.randomUUID()}`;
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await post("/add-contact-message", fields(`rl${i}-${crypto.randomUUID()}@example.org`), ip)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});

test("POST /click logs the click like /api/click", async () => {
  const email = `click-${crypto.randomUUID()}@example.org`;
  const response = await post("/click", { email, page: "/k/1" });
  expect(await response.json()).toEqual({ success: true });
  const row = await env.DB.prepare("SELECT page FROM click_log WHERE email = ?").bind(email).first();
  expect(row).toEqual({ page: "/k/1" });
  expect((await post("/click", { email, page: "https://evil.example/" })).status).toBe(400);
});

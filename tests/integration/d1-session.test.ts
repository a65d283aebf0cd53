/**
 * D1 read replication (ADR 015): after a signed-in learner's write the response carries the D1 bookmark, and the
 * learner's next reads use it, so they see their own write even when reads go to a replica.
 */
import { env, exports } from "cloudflare:workers";
import { expect, test } from "vitest";
import { BOOKMARK_COOKIE } from "../../app/services/d1-session.server";
import { insertUser, sessionCookieHeader } from "../factories/users";

const worker = exports.default;

test("a signed-in write hands back a bookmark; the next read with it sees the write; anonymous reads get none", async () => {
  const user = await insertUser(env);
  const cookie = await sessionCookieHeader(env, user);
  const write = await worker.fetch(
    new Request("http://localhost/niin", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ usernameColor: "#2a6f4e" }),
      redirect: "manual",
    }),
  );
  expect(write.status).toBeLessThan(400);
  const bookmark = new RegExp(`${BOOKMARK_COOKIE}=([^;]+)`).exec(write.headers.get("Set-Cookie") ?? "")?.[1];
  expect(bookmark, "the write's response carries a D1 bookmark").toBeTruthy();
  expect(write.headers.get("Set-Cookie")).toContain("HttpOnly; Secure; SameSite=Lax");

  const read = await worker.fetch(new Request("http://localhost/niin", { headers: { Cookie: `${cookie}; ${BOOKMARK_COOKIE}=${bookmark}` } }));
  expect(read.status).toBe(200);
  expect(await read.text()).toContain("#2a6f4e");

  const anonymous = await worker.fetch(new Request("http://localhost/k"));
  expect(anonymous.headers.get("Set-Cookie") ?? "").not.toContain(BOOKMARK_COOKIE);
});

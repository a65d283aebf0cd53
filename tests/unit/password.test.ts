import { expect, test } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../../app/services/password.server";

test("passwords use PBKDF2-SHA256 with exactly 100,000 iterations (the Workers maximum)", async () => {
  expect(PBKDF2_ITERATIONS).toBe(100_000);
  const stored = await hashPassword("correct horse");
  const [scheme, iterations, salt, hash] = stored.split("$");
  expect(scheme).toBe("pbkdf2-sha256");
  expect(Number(iterations)).toBe(100_000);
  expect(atob(salt)).toHaveLength(16);
  expect(atob(hash)).toHaveLength(32);
});

test("the same password gets a different salt each time, and both verify", async () => {
  const a = await hashPassword("bezhig-niizh");
  const b = await hashPassword("bezhig-niizh");
  expect(a).not.toBe(b);
  expect(await verifyPassword("bezhig-niizh", a)).toBe(true);
  expect(await verifyPassword("bezhig-niizh", b)).toBe(true);
});

test("a wrong password or a malformed hash does not verify", async () => {
  const stored = await hashPassword("bezhig-niizh");
  expect(await verifyPassword("bezhig-niiZh", stored)).toBe(false);
  expect(await verifyPassword("bezhig-niizh", "plain-text")).toBe(false);
  expect(await verifyPassword("bezhig-niizh", "pbkdf2-sha256$999999999$AAAA$AAAA")).toBe(false);
  expect(await verifyPassword("bezhig-niizh", "pbkdf2-sha256$1000$***$***")).toBe(false);
});

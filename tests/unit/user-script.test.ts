import { expect, test } from "vitest";
import { parseArgs } from "../../scripts/user";

test("npm run user -- role <username> <role> [--remote] parses and lowercases the username", () => {
  expect(parseArgs(["role", "Maajaa", "editor"])).toEqual({ username: "maajaa", role: "editor", remote: false, persist: undefined });
  expect(parseArgs(["role", "maajaa", "admin", "--remote"])).toMatchObject({ remote: true, role: "admin" });
  expect(parseArgs(["role", "maajaa", "learner", "--persist-to", ".wrangler/x"])).toMatchObject({ persist: ".wrangler/x", remote: false });
});

test("unknown roles, bad usernames and missing arguments are refused before any database work", () => {
  expect(() => parseArgs(["role", "maajaa", "king"])).toThrow(/Unknown role/);
  expect(() => parseArgs(["role", "x'; DROP TABLE users; --", "admin"])).toThrow(/not a valid username/);
  expect(() => parseArgs(["role", "maajaa"])).toThrow(/Usage/);
  expect(() => parseArgs(["grant", "maajaa", "admin"])).toThrow(/Usage/);
});

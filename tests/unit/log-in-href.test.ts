import { expect, test } from "vitest";
import { logInHref } from "../../app/components/navbar";

test("the header's log-in link names the page to come back to, but not for the account pages", () => {
  expect(logInHref("/k/13", "")).toBe("/biindge?from=k%2F13");
  expect(logInHref("/k", "?q=maajaa")).toBe("/biindge?from=k%3Fq%3Dmaajaa");
  expect(logInHref("/", "")).toBe("/biindge");
  for (const path of ["/biindge", "/wiijiiwe", "/forgot", "/restore", "/logout", "/niin", "/menu"]) expect(logInHref(path, "")).toBe("/biindge");
});

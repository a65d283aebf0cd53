import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { isCurrent, SiteLink } from "../../app/components/site-link";

test("isCurrent follows NavLink's rule: the page or below it; the home link only on the home page", () => {
  expect(isCurrent("/k", "/k")).toBe(true);
  expect(isCurrent("/k/12", "/k")).toBe(true);
  expect(isCurrent("/k/", "/k")).toBe(true);
  expect(isCurrent("/kidwinan", "/k")).toBe(false);
  expect(isCurrent("/", "/")).toBe(true);
  expect(isCurrent("/k", "/")).toBe(false);
  expect(isCurrent("/aambe/learn/1", "/aambe")).toBe(true);
  expect(isCurrent("/aambe/learn/1", "/aambe", true)).toBe(false);
});

test("SiteLink is a plain anchor that React Router's route discovery picks up", () => {
  const html = renderToString(createElement(SiteLink, { to: "/k?letter=m", className: "x", rel: "next" }, "Next"));
  expect(html).toBe('<a href="/k?letter=m" data-discover="true" class="x" rel="next">Next</a>');
});

/** The site's one in-memory cache (issue 41): bounded by count and weight, least recently used out first. */
import { describe, expect, test } from "vitest";
import { BoundedCache } from "../../app/services/bounded-cache.server";

describe("BoundedCache", () => {
  test("keeps at most its entry bound; the least recently used goes first", () => {
    const cache = new BoundedCache<string, number>("numbers", { entries: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // "a" is now the most recently used
    cache.set("c", 3);
    expect(cache.has("b")).toBe(false);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  test("the order stays least recently used first when the newest entry is asked for again, deleted or cleared", () => {
    const cache = new BoundedCache<string, number>("numbers", { entries: 3 });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect(cache.get("c")).toBe(3); // already the newest: nothing to reorder
    expect(cache.get("a")).toBe(1);
    expect(cache.get("a")).toBe(1);
    cache.set("d", 4); // "b" is the least recently used
    expect([..."abcd"].filter((k) => cache.has(k))).toEqual(["a", "c", "d"]);
    cache.delete("d");
    cache.set("d", 4);
    expect(cache.get("c")).toBe(3);
    cache.set("e", 5); // "a" is now the least recently used
    expect([..."acde"].filter((k) => cache.has(k))).toEqual(["c", "d", "e"]);
    cache.clear();
    cache.set("x", 1);
    expect(cache.get("x")).toBe(1);
    expect(cache.size).toBe(1);
  });

  test("getOrSet makes a value once", () => {
    const cache = new BoundedCache<string, string[]>("lists", { entries: 4 });
    let made = 0;
    const make = () => (made++, ["x"]);
    const first = cache.getOrSet("k", make);
    expect(cache.getOrSet("k", make)).toBe(first);
    expect(made).toBe(1);
  });

  test("a weight bound drops the oldest entries until a new one fits, and never keeps one too heavy", () => {
    const cache = new BoundedCache<string, Uint8Array>("pages", { entries: 10, weight: 10, weigh: (v) => v.byteLength });
    cache.set("a", new Uint8Array(4));
    cache.set("b", new Uint8Array(4));
    cache.set("c", new Uint8Array(4));
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([false, true, true]);
    cache.set("huge", new Uint8Array(11));
    expect(cache.has("huge")).toBe(false);
    expect(cache.describe()).toBe("pages: 2/10 entries, 8/10 weight");
    cache.set("b", new Uint8Array(1));
    expect(cache.describe()).toBe("pages: 2/10 entries, 5/10 weight");
  });

  test("keepFor empties the cache when the version changes, not when it stays", () => {
    const cache = new BoundedCache<string, number>("reads", { entries: 4 });
    cache.keepFor("v1").set("a", 1);
    expect(cache.keepFor("v1").get("a")).toBe(1);
    expect(cache.keepFor("v2").get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("refuses a cache without room", () => {
    expect(() => new BoundedCache("nothing", { entries: 0 })).toThrow(/at least 1/);
  });
});

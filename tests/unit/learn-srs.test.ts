import { describe, expect, test } from "vitest";
import { isAcceptedAnswer } from "../../app/components/learn/answers";
import { mergeCards, reviewCard } from "../../app/components/learn/srs";
import { buildRound } from "../../app/components/learn/practice-session";
import type { PracticeItem } from "../../app/components/learn/practice-types";
import { ProgressCardSchema } from "../../app/utils/progress";

describe("typed answers", () => {
  test("case, outer spaces, sentence punctuation and apostrophe look-alikes do not matter", () => {
    expect(isAcceptedAnswer(" NMAAJAA ", ["Nmaajaa."])).toBe(true);
    expect(isAcceptedAnswer("nmaajaa", ["Nmaajaa."])).toBe(true);
    expect(isAcceptedAnswer("maajaa’", ["maajaa'"])).toBe(true);
  });
  test("a different word, or nothing, is wrong; any listed variant is right", () => {
    expect(isAcceptedAnswer("zhaa", ["maajaa"])).toBe(false);
    expect(isAcceptedAnswer("   ", ["maajaa"])).toBe(false);
    expect(isAcceptedAnswer("gmaajaamin", ["gmaajaami", "gmaajaamin"])).toBe(true);
  });
});

describe("the schedule", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  test("a right answer schedules a card later than a wrong one, and both are valid on the wire", () => {
    const good = reviewCard({}, "lesson:1:1", true, now);
    const again = reviewCard({}, "lesson:1:2", false, now);
    expect(ProgressCardSchema.parse(good)).toEqual(good);
    expect(ProgressCardSchema.parse(again)).toEqual(again);
    expect(good.due).toBeGreaterThan(again.due);
    expect(again.due).toBeGreaterThan(now.getTime());
    expect(good.updatedAt).toBe(now.getTime());
    expect(good.state.reps).toBe(1);
  });
  test("a second review builds on the stored card", () => {
    const first = reviewCard({}, "lesson:1:1", true, now);
    const later = new Date(first.due);
    const second = reviewCard({ [first.key]: first }, "lesson:1:1", true, later);
    expect(second.state.reps).toBe(2);
    expect(second.due).toBeGreaterThan(first.due);
  });
  test("merging keeps the newest review of each card", () => {
    const old = reviewCard({}, "lesson:1:1", false, now);
    const newer = reviewCard({}, "lesson:1:1", true, new Date(now.getTime() + 1000));
    const other = reviewCard({}, "lesson:1:2", true, now);
    expect(mergeCards({ [old.key]: old }, [newer, other])).toEqual({ [newer.key]: newer, [other.key]: other });
    expect(mergeCards({ [newer.key]: newer }, [old])).toEqual({ [newer.key]: newer });
  });
});

describe("a practice round", () => {
  const items: PracticeItem[] = Array.from({ length: 12 }, (_, i) => ({
    key: `lesson:9:${i + 1}`,
    odawa: `word${i + 1}`,
    english: `meaning ${i + 1}`,
    answers: [`word${i + 1}`],
    audio: i === 0 ? "/audio/1.mp3" : null,
  }));
  test("due items come first, at most ten, with choices that include the right meaning", () => {
    const t = now().getTime();
    const cards = { [items[0].key]: { ...reviewCard({}, items[0].key, true, now()), due: t + 86_400_000 } };
    const round = buildRound(items, cards, t);
    expect(round).toHaveLength(10);
    expect(round.map((q) => q.item.key)).not.toContain(items[0].key);
    for (const q of round) {
      expect(q.options).toContain(q.item.english);
      expect(new Set(q.options).size).toBe(q.options.length);
    }
    expect(round.filter((q) => q.kind === "type").length).toBeGreaterThan(0);
    expect(round.filter((q) => q.kind === "choose").length).toBeGreaterThan(0);
  });
  test("an item with a recording can be a listening question", () => {
    const round = buildRound(items, {}, Date.now());
    expect(round[0]).toMatchObject({ kind: "listen", item: { key: items[0].key } });
  });
  function now() {
    return new Date("2026-11-22T12:00:00Z");
  }
});

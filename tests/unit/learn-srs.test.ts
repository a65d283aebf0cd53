import { describe, expect, test } from "vitest";
import { newCard, reviewCard } from "../../app/services/practice.server";
import { parseCardKey, lessonState, verbCardKey, nounCardKey } from "../../app/utils/course";
import { ProgressCardSchema } from "../../app/utils/progress";
import { advance, isAcceptedAnswer, questionKind, readSession, roundKeys, ROUND_SIZE, seededOrder, sessionParams } from "../../app/utils/practice";

describe("typed answers", () => {
  test("case, outer spaces, sentence punctuation and apostrophe look-alikes do not matter", () => {
    expect(isAcceptedAnswer(" NMAAJAA ", ["Nmaajaa."])).toBe(true);
    expect(isAcceptedAnswer("nmaajaa", ["Nmaajaa."])).toBe(true);
    expect(isAcceptedAnswer("maajaa’", ["maajaa'"])).toBe(true);
    expect(isAcceptedAnswer("zaagʼigan", ["zaag'igan"])).toBe(true);
  });
  test("letters are strict: a different word, a missing vowel or nothing is wrong; any listed variant is right", () => {
    expect(isAcceptedAnswer("zhaa", ["maajaa"])).toBe(false);
    expect(isAcceptedAnswer("   ", ["maajaa"])).toBe(false);
    expect(isAcceptedAnswer("nmaaja", ["nmaajaa"])).toBe(false);
    expect(isAcceptedAnswer("nmajaa", ["nmaajaa"])).toBe(false);
    expect(isAcceptedAnswer("gmaajaamin", ["gmaajaami", "gmaajaamin"])).toBe(true);
  });
});

describe("the schedule (server, ts-fsrs)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  test("a right answer schedules a card later than a wrong one, and both are valid on the wire", () => {
    const good = reviewCard(undefined, "lesson:1:1", true, now);
    const again = reviewCard(undefined, "lesson:1:2", false, now);
    expect(ProgressCardSchema.parse(good)).toEqual(good);
    expect(ProgressCardSchema.parse(again)).toEqual(again);
    expect(good.due).toBeGreaterThan(again.due);
    expect(again.due).toBeGreaterThan(now.getTime());
    expect(good.updatedAt).toBe(now.getTime());
    expect(good.state.reps).toBe(1);
  });
  test("a second review builds on the stored card; a new card is due at once", () => {
    const first = reviewCard(undefined, "lesson:1:1", true, now);
    const second = reviewCard(first, "lesson:1:1", true, new Date(first.due));
    expect(second.state.reps).toBe(2);
    expect(second.due).toBeGreaterThan(first.due);
    const fresh = newCard("verb:maajaa:ind:1s", now);
    expect(fresh.due).toBe(now.getTime());
    expect(fresh.state.reps).toBe(0);
  });
});

describe("card keys and lesson states", () => {
  test("verb, noun and lesson keys round-trip", () => {
    expect(parseCardKey(verbCardKey("waabmaa", { order: "ind", subject: "3s", object: "3'" }))).toEqual({
      kind: "verb",
      lemma: "waabmaa",
      cell: { order: "ind", subject: "3s", object: "3'" },
    });
    expect(parseCardKey(nounCardKey("ngwis", "nad", "1s sg"))).toEqual({ kind: "noun", lemma: "ngwis", pos: "nad", cellKey: "1s sg" });
    expect(parseCardKey("lesson:3:2")).toEqual({ kind: "lesson", lessonId: 3, position: 2 });
    expect(parseCardKey("verb:maajaa:nope:1s")).toBeNull();
  });
  test("whole-verb cells (the past, the future) have keys of their own that round-trip", () => {
    const past = { order: "ind" as const, subject: "1s" as const, preverbs: ["gii"] };
    expect(verbCardKey("maajaa", past)).toBe("verb:maajaa:ind:1s:pv=gii");
    expect(verbCardKey("maajaa", past)).not.toBe(verbCardKey("maajaa", { order: "ind", subject: "1s" }));
    expect(parseCardKey(verbCardKey("maajaa", past))).toEqual({ kind: "verb", lemma: "maajaa", cell: past });
    const whole = {
      order: "conj" as const,
      subject: "3s" as const,
      mode: "prt" as const,
      change: true as const,
      participle: "3p" as const,
      preverbs: ["gii", "maajii"],
    };
    expect(parseCardKey(verbCardKey("maajaa", whole))).toEqual({ kind: "verb", lemma: "maajaa", cell: whole });
    expect(parseCardKey("verb:maajaa:ind:1s:pv=")).toBeNull();
    expect(parseCardKey("verb:maajaa:ind:1s:nope")).toBeNull();
    expect(parseCardKey("something")).toBeNull();
  });
  test("new, in progress, done", () => {
    expect(lessonState(["a", "b"], () => false)).toBe("new");
    expect(lessonState(["a", "b"], (k) => k === "a")).toBe("in progress");
    expect(lessonState(["a", "b"], () => true)).toBe("done");
  });
});

describe("a practice round", () => {
  const items = Array.from({ length: 15 }, (_, i) => ({ key: `lesson:9:${i + 1}` }));
  const t = Date.parse("2026-11-22T12:00:00Z");
  test("due and new items first, earliest due first, at most ROUND_SIZE; items not due are left out", () => {
    const due: Record<string, number> = { "lesson:9:1": t + 86_400_000, "lesson:9:5": t - 1000 };
    const round = roundKeys(items, (k) => due[k], t);
    expect(round).toHaveLength(ROUND_SIZE);
    expect(round[0]).toBe("lesson:9:5");
    expect(round).not.toContain("lesson:9:1");
  });
  test("a wrong answer goes to the back of the queue until it is answered right", () => {
    let state = { queue: ["a", "b", "c"], total: 3, missed: [] as string[], answered: 0 };
    state = advance(state, "a", false);
    expect(state.queue).toEqual(["b", "c", "a"]);
    expect(state.missed).toEqual(["a"]);
    state = advance(advance(state, "b", true), "c", true);
    expect(state.queue).toEqual(["a"]);
    state = advance(state, "a", false);
    expect(state.queue).toEqual(["a"]);
    state = advance(state, "a", true);
    expect(state).toEqual({ queue: [], total: 3, missed: ["a"], answered: 5 });
  });
  test("the round travels in the URL and questions alternate between choosing and typing", () => {
    const state = { queue: ["verb:maajaa:ind:3'", "lesson:1:2"], total: 4, missed: ["lesson:1:2"], answered: 3 };
    expect(readSession(new URLSearchParams(sessionParams(state)))).toEqual(state);
    expect(readSession(new URLSearchParams("lesson=1"))).toBeNull();
    expect(questionKind({ queue: ["a", "b"], total: 2, missed: [], answered: 0 }, 3)).toBe("choose");
    expect(questionKind({ queue: ["b"], total: 2, missed: [], answered: 1 }, 3)).toBe("type");
    expect(questionKind({ queue: ["a", "b"], total: 2, missed: [], answered: 0 }, 0)).toBe("type");
    expect(seededOrder([1, 2, 3, 4], "x")).toEqual(seededOrder([1, 2, 3, 4], "x"));
    expect([...seededOrder([1, 2, 3, 4], "x")].sort()).toEqual([1, 2, 3, 4]);
  });
});

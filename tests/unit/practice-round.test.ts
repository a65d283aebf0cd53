/** A round's id and its questions' names (issue 47), and the new cards a day in a round's queue. */
import { describe, expect, test } from "vitest";
import { advance, newRoundId, questionId, readSession, roundKeys, sessionParams } from "../../app/utils/practice";

describe("the questions of a round", () => {
  test("a round's id travels in the URL as `round` (never `r`, an email link's click reference) and names each step", () => {
    const round = newRoundId();
    expect(round).toMatch(/^[0-9a-z]{8,32}$/);
    expect(newRoundId()).not.toBe(round);
    const state = { queue: ["a:1", "b:2"], total: 2, missed: [], answered: 0, round };
    const params = new URLSearchParams(sessionParams(state));
    expect(params.get("round")).toBe(round);
    expect(params.has("r")).toBe(false);
    expect(readSession(params)).toEqual(state);
    expect(questionId(state, "a:1")).toBe(`${round}:0:a:1`);
    // A missed item asked again is another question of the round.
    const later = advance(advance(state, "a:1", false), "b:2", true);
    expect(later.queue).toEqual(["a:1"]);
    expect(questionId(later, "a:1")).toBe(`${round}:2:a:1`);
    expect(questionId({ ...state, round: undefined }, "a:1")).toBeNull();
    expect(readSession(new URLSearchParams("q=a&round=NOT*VALID"))?.round).toBeUndefined();
  });

  test("a round takes every due card practised before and at most the new cards left", () => {
    const now = 1_000_000;
    const items = ["old1", "new1", "new2", "old2", "new3"].map((key) => ({ key }));
    const due = (k: string) => (k.startsWith("old") ? now - 10 : undefined);
    expect(roundKeys(items, due, now, { isNew: (k) => k.startsWith("new"), left: 2 })).toEqual(["old1", "old2", "new1", "new2"]);
    expect(roundKeys(items, due, now, { isNew: (k) => k.startsWith("new"), left: 0 })).toEqual(["old1", "old2"]);
    expect(roundKeys(items, due, now)).toHaveLength(5);
  });
});

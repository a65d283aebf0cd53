/**
 * Practice that is always fair, over every lesson of the demo course (db/seed/data/course.json): no multiple-choice
 * question offers two options with the same English meaning, the same form or the same cell, and every taught form is
 * accepted typed as the site shows it (hyphenated parts), with h for the glottal stop, in capitals, with punctuation.
 */
import { describe, expect, test } from "vitest";
import { advance, answerKey, isAcceptedAnswer, meaningKey, quoted, type PracticeItem } from "../../app/utils/practice";
import { buildPracticePage } from "../../app/utils/practice-page";
import { COURSE } from "../factories/course";
import { lessonItems } from "../support/lesson-items";

const context = { signedIn: false, now: 0, due: new Map<string, number>(), extra: new Map<string, PracticeItem>() };

describe("multiple choice over every lesson", () => {
  for (const lesson of COURSE) {
    test(`lesson ${lesson.id}: options differ in meaning, form and cell`, () => {
      const items = lessonItems(lesson);
      const source = { heading: "", lead: null, notice: null, base: `lesson=${lesson.id}`, items, next: null };
      for (const item of items) {
        const page = buildPracticePage(source, { queue: [item.key], total: 1, missed: [], answered: 0 }, context);
        if (page.view !== "question") throw new Error(page.view);
        if (page.kind !== "choose") continue;
        expect(page.options).toContain(item.english);
        expect(page.options.length, item.key).toBeGreaterThanOrEqual(3);
        const meanings = page.options.map(meaningKey);
        expect(new Set(meanings).size, `${item.key}: ${page.options.join(" | ")}`).toBe(meanings.length);
        // Each option stands for the items that have that meaning: no two options share a form or a word's cell.
        const forms = new Set<string>();
        const cells = new Set<string>();
        for (const option of page.options) {
          // A distractor is written in the style of the right meaning: its owners are the items of that meaning.
          const owners = option === item.english ? [item] : items.filter((i) => meaningKey(i.english) === meaningKey(option));
          for (const owner of owners) {
            const form = answerKey(owner.odawa);
            if (owner !== item) expect(answerKey(item.odawa), `${item.key}: "${option}" is the same form`).not.toBe(form);
            forms.add(form);
            if (owner.lemma && owner.cell) cells.add(`${owner.lemma}.${owner.pos}|${owner.cell}`);
          }
          const cellsOfOption = new Set(owners.flatMap((o) => (o.lemma && o.cell ? [`${o.lemma}.${o.pos}|${o.cell}`] : [])));
          for (const c of cellsOfOption) expect(owners.length === 1 || cellsOfOption.size === 1, `${item.key}: ${c}`).toBe(true);
        }
        expect(forms.size, `${item.key}: ${page.options.join(" | ")}`).toBe(page.options.length);
      }
    });
  }
});

describe("typed answers over every lesson", () => {
  for (const lesson of COURSE) {
    test(`lesson ${lesson.id}: every form is accepted hyphenated, with h, in capitals and with punctuation`, () => {
      for (const item of lessonItems(lesson)) {
        const spellings = [item.odawa, item.odawa.toUpperCase(), `${item.odawa}.`, item.odawa.replace(/'/g, "’"), item.odawa.replace(/'/g, "h")];
        if (item.parts) spellings.push([item.parts.prefix, item.parts.root, item.parts.suffix].filter(Boolean).join("-"));
        for (const typed of spellings) expect(isAcceptedAnswer(typed, item.answers), `${item.key}: ${typed}`).toBe(true);
      }
    });
  }

  test("letters still decide: another lesson form is not accepted for this one", () => {
    const items = lessonItems(COURSE[0]);
    expect(isAcceptedAnswer("n-maajaa", ["nmaajaa"])).toBe(true);
    expect(isAcceptedAnswer("zaaghigan", ["zaag'igan"])).toBe(true);
    expect(isAcceptedAnswer("g-maajaa", ["nmaajaa"])).toBe(false);
    expect(items.filter((i) => isAcceptedAnswer(items[0].odawa, i.answers)).length).toBe(
      items.filter((i) => answerKey(i.odawa) === answerKey(items[0].odawa)).length,
    );
  });
});

describe("counters and feedback", () => {
  test("the question number moves on after a wrong answer, and the total counts the second try", () => {
    const items = lessonItems(COURSE[0]);
    const source = { heading: "", lead: null, notice: null, base: "lesson=1", items, next: null };
    let state = { queue: items.slice(0, 3).map((i) => i.key), total: 3, missed: [] as string[], answered: 0 };
    const first = buildPracticePage(source, state, context);
    expect(first.view === "question" && [first.number, first.total]).toEqual([1, 3]);
    state = advance(state, state.queue[0], false);
    const second = buildPracticePage(source, state, context);
    expect(second.view === "question" && [second.number, second.total, second.retry]).toEqual([2, 4, false]);
    state = advance(advance(state, state.queue[0], true), state.queue[1], true);
    const retry = buildPracticePage(source, state, context);
    expect(retry.view === "question" && [retry.number, retry.total, retry.retry]).toEqual([4, 4, true]);
  });

  test("a gloss that ends a sentence keeps one closing mark", () => {
    expect(quoted("I leave.")).toBe("“I leave.”");
    expect(quoted("Leave! (said to one person)")).toBe("“Leave! (said to one person)”.");
    expect(quoted("go away!")).toBe("“go away!”");
    expect(quoted("it rains")).toBe("“it rains”.");
  });
});

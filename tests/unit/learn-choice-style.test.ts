/**
 * Multiple choice that gives nothing away by its writing, over every question of every lesson of the demo course
 * (db/seed/data/course.json): the options of a question are all written as sentences ("You (sg) see it.") or all as
 * forms' glosses ("you (sg) see it"), in a lesson's round and in a deck that mixes the lessons; and no question, option
 * or table gloss carries a grammar label ("(future or want to, wii-)").
 */
import { describe, expect, test } from "vitest";
import { asked, choiceOptions, type PracticeItem } from "../../app/utils/practice";
import { buildPracticePage } from "../../app/utils/practice-page";
import { hasGrammarLabel, styleProblems } from "../support/choice-style";
import { expandLesson } from "../../app/services/course.server";
import { COURSE, LEXICON } from "../factories/course";
import { lessonItems } from "../support/lesson-items";

const context = { signedIn: false, now: 0, due: new Map<string, number>(), extra: new Map<string, PracticeItem>() };

/** The options of `item` asked first in a round of `items` (the first question of a round is multiple choice). */
function optionsOf(item: PracticeItem, items: PracticeItem[]) {
  const source = { heading: "", lead: null, notice: null, base: "", items, next: null };
  const page = buildPracticePage(source, { queue: [item.key], total: 1, missed: [], answered: 0 }, context);
  if (page.view !== "question") throw new Error(page.view);
  return page.kind === "choose" ? page.options : null;
}

describe("the options of every multiple-choice question share one style", () => {
  for (const lesson of COURSE) {
    test(`lesson ${lesson.id}: ${lesson.title}`, () => {
      const items = lessonItems(lesson);
      let asked = 0;
      for (const item of items) {
        const options = optionsOf(item, items);
        if (!options) continue;
        asked++;
        expect(options).toContain(item.english);
        expect(styleProblems(options), `${item.odawa}: ${options.join(" | ")}`).toEqual([]);
      }
      expect(asked, "every item is asked as multiple choice").toBe(items.length);
    });
  }

  test("in a deck that mixes every lesson's forms and sentences", () => {
    const all = COURSE.flatMap(lessonItems);
    for (const item of all) {
      const options = optionsOf(item, all)!;
      expect(options).toContain(item.english);
      expect(styleProblems(options), `${item.odawa}: ${options.join(" | ")}`).toEqual([]);
    }
  });

  test("a distractor takes the style of the right meaning, whichever it is written in", () => {
    const item = (key: string, odawa: string, english: string): PracticeItem => ({ key, odawa, english, answers: [odawa], audio: null, parts: null });
    const sentence = item("lesson:6:2", "Gwaabndaan.", "You (sg) see it.");
    const forms = [item("a", "gikendaan", "s/he knows about it"), item("b", "gnoondaan", "you (sg) hear it"), item("c", "ngii-maajaa", "I went away")];
    expect(choiceOptions(sentence, forms, "x").sort()).toEqual(["I went away.", "S/he knows about it.", "You (sg) hear it."]);
    const form = item("d", "nbaa", "s/he sleeps");
    const sentences = [sentence, item("e", "Nmaajaa.", "I go away."), item("f", "Maajaan.", "Go away! (you (sg))")];
    expect(choiceOptions(form, sentences, "x").sort()).toEqual(["I go away", "go away! (you (sg))", "you (sg) see it"]);
  });

  test("the checker itself: the issue's own example is not one style", () => {
    expect(styleProblems(["s/he knows about it", "You (sg) see it.", "you (sg) hear it", "s/he hears it"])).toHaveLength(6);
    expect(styleProblems(["I go away", "I sleep."])).toHaveLength(1);
    expect(styleProblems(["Go away! (you (sg))", "Let's sleep!", "S/he sleeps."])).toEqual([]);
  });
});

describe("plain English: no grammar labels in what a learner reads", () => {
  test("typed questions, options and the tables of every lesson", () => {
    for (const lesson of COURSE) {
      const { forms, table } = expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON);
      for (const form of forms) {
        expect(hasGrammarLabel(asked(form.english)), `lesson ${lesson.id}: How do you say “${asked(form.english)}”?`).toBe(false);
      }
      for (const row of table.rows) for (const f of row.forms) if (f) expect(hasGrammarLabel(f.english), f.english).toBe(false);
    }
  });

  test("the label is gone, the meaning stays: the past, the future and the changed conjunct", () => {
    const english = (id: number) =>
      expandLesson(
        COURSE.find((l) => l.id === id)!,
        LEXICON,
      ).forms.map((f) => [f.odawa, f.english]);
    expect(english(16)).toContainEqual(["ngii-maajaa", "I went away"]);
    expect(english(18)).toContainEqual(["gwii-giiwe", "you (sg) will go home"]);
    expect(english(19)).toContainEqual(["ga-nbaasii", "s/he will not sleep"]);
    expect(english(20)).toContainEqual(["gaaweyaanh", "whenever I go home"]);
    expect(hasGrammarLabel("you (sg) will go home (future or want to, wii-)")).toBe(true);
    expect(hasGrammarLabel("whenever I go home (changed conjunct)")).toBe(true);
    expect(hasGrammarLabel("s/he sees him/her (obv.)")).toBe(false);
  });
});

/**
 * What the lessons of the demo course say (db/seed/data/course.json, stories.json): about the language, never about
 * the data; the table and a lesson's own example gloss a form alike; and the explanations that issue 47 found lacking
 * (lesson 5's VII negative, lesson 18's final vowel) explain it with forms the course teaches.
 */
import { describe, expect, test } from "vitest";
import { expandLesson } from "../../app/services/course.server";
import { answerKey, meaningKey } from "../../app/utils/practice";
import STORIES from "../../db/seed/data/stories.json";
import { COURSE, LEXICON } from "../factories/course";

const lessonById = (id: number) => COURSE.find((l) => l.id === id)!;
const formsOf = (id: number) => expandLesson(lessonById(id), LEXICON).forms;

/** Notes about the data rather than the language: the demo, placeholders, what the dictionary lacks. */
const DATA_NOTE = /\bdemo\b|placeholder|reference forms|not (?:a )?headword|this (?:small )?dictionary|\b(?:our|the|this) data\b|\bsample\b/i;

describe("lesson texts speak about the language", () => {
  test("no title, summary, explanation or translation of a lesson, and no story title, is a note about the data", () => {
    for (const lesson of COURSE) {
      const texts = [lesson.title, lesson.summary, lesson.explanation, ...lesson.sentences.map((s) => s.trans)];
      for (const text of texts) expect(text, `lesson ${lesson.id}`).not.toMatch(DATA_NOTE);
    }
    for (const story of STORIES) expect(story.title, story.id).not.toMatch(DATA_NOTE);
  });

  test("a lesson's own example glosses its form as the table does, unless the explanation teaches the other meaning", () => {
    for (const lesson of COURSE) {
      const forms = expandLesson(lesson, LEXICON).forms;
      for (const s of lesson.sentences) {
        const form = forms.find((f) => answerKey(f.odawa) === answerKey(s.text));
        if (!form || meaningKey(form.english) === meaningKey(s.trans)) continue;
        // Only where a sentence of the explanation quotes both meanings: lesson 5's naagshi is both "it is evening"
        // (the table) and "it is night" (the example).
        const words = (text: string) => meaningKey(text).split(" ");
        const table = words(form.english).filter((w) => !words(s.trans).includes(w));
        const example = words(s.trans).filter((w) => !words(form.english).includes(w));
        const quotesBoth = lesson.explanation.split(/(?<=[.!?])\s+/).some((sentence) => {
          const quoted = (sentence.match(/"[^"]+"/g) ?? []).flatMap(words);
          return [...table, ...example].every((w) => quoted.includes(w));
        });
        expect(quotesBoth, `lesson ${lesson.id}: ${s.text} “${s.trans}” where the table says “${form.english}”`).toBe(true);
      }
    }
    const first = lessonById(1);
    const nmaajaa = formsOf(1).find((f) => f.odawa === "nmaajaa")!;
    expect(meaningKey(first.sentences.find((s) => s.text === "Nmaajaa.")!.trans)).toBe(meaningKey(nmaajaa.english));
  });

  test("lesson 5 says why the VII negative is -sinoo/-zinoo where the VAI's is -sii, with forms the course teaches", () => {
    const text = lessonById(5).explanation;
    for (const said of ["-sii", "-sinoo", "-zinoo", "-snoo", "animate", '"it"']) expect(text).toContain(said);
    const taught = new Set([...formsOf(5), ...formsOf(4)].map((f) => f.odawa));
    const cited = text.match(/\b[a-z']+(?:snoo|zinoo|sii)\b/g) ?? [];
    expect(cited.length).toBeGreaterThanOrEqual(4);
    for (const form of cited) expect(taught, form).toContain(form);
    expect(cited).toContain("gmiwnzinoo");
  });

  test("lesson 18 says that the final vowel drops in wiisin, naming the dictionary's full stem", () => {
    const text = lessonById(18).explanation;
    const stem = LEXICON.find((l) => l.name === "wiisni" && l.pos === "vai")!.stem!;
    expect(text).toContain(stem);
    expect(text).toMatch(/loses its final vowel: wiisini becomes wiisin/);
    const taught = new Set(formsOf(18).map((f) => f.odawa));
    for (const form of text.match(/\b[a-z]*wii-wiisi?n\w*\b/g) ?? []) expect(taught, form).toContain(form);
  });

  test("lesson 16 and 18 say where the preverb is named now that the glosses are plain", () => {
    expect(lessonById(16).explanation).toContain('"I (with gii-)"');
    expect(lessonById(16).explanation).not.toMatch(/glosses in the table name the preverb/);
    expect(lessonById(18).explanation).not.toMatch(/names the preverb in brackets/);
  });
});

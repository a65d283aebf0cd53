import { env, exports } from "cloudflare:workers";
import { getConfig } from "../../app/services/config.server";
import { beforeAll, describe, expect, test } from "vitest";
import { cellsOf, decline, inflect, nounCells, nounPosOf, ORDERS, parseNounCellKey, verbClassOf } from "../../app/core/grammar";
import { expandLesson } from "../../app/services/course.server";
import { askForMissingExamples } from "../../app/services/course-jobs.server";
import { resolveItems } from "../../app/services/practice.server";
import { createDb } from "../../db/client";
import { parseCardKey, parseVerbCellKey } from "../../app/utils/course";
import { LessonSpecSchema } from "../../app/utils/lesson-spec";
import { answerKey } from "../../app/utils/practice";
import STORIES from "../../db/seed/data/stories.json";
import { COURSE, LEXICON, loadCourse } from "../factories/course";

const worker = exports.default;

/** Every high-confidence engine form of every demo dictionary word (and the headwords themselves). */
function knownWords() {
  const known = new Set(LEXICON.map((l) => answerKey(l.name)));
  for (const word of LEXICON) {
    const cls = verbClassOf(word.pos);
    if (cls) {
      for (const order of ORDERS)
        for (const cell of cellsOf(cls, order)) {
          const f = inflect(word, cell);
          if (f?.confidence === "high") known.add(answerKey(f.form));
        }
    }
    const pos = nounPosOf(word.pos);
    if (pos)
      for (const cell of nounCells(pos)) {
        const d = decline(word, cell);
        if (d?.confidence === "high") known.add(answerKey(d.form));
      }
  }
  return known;
}

describe("the course data (db/seed/data/course.json)", () => {
  test("at least 12 lessons, each with an English explanation, a valid spec and dictionary words", () => {
    expect(COURSE.length).toBeGreaterThanOrEqual(12);
    for (const lesson of COURSE) {
      expect(LessonSpecSchema.safeParse({ words: lesson.words, cells: lesson.cells }).success, lesson.title).toBe(true);
      expect(lesson.explanation.length, lesson.title).toBeGreaterThan(200);
      for (const word of lesson.words) {
        expect(
          LEXICON.some((l) => l.name === word.name && l.pos === word.pos),
          `${lesson.title}: ${word.name}`,
        ).toBe(true);
      }
    }
  });

  test("every taught form is a high-confidence engine form, and every lesson teaches at least four", () => {
    for (const lesson of COURSE) {
      const { forms, table } = expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON);
      expect(forms.length, lesson.title).toBeGreaterThanOrEqual(4);
      expect(table.rows.length, lesson.title).toBeGreaterThan(0);
      for (const form of forms) {
        const word = LEXICON.find((l) => l.name === form.lemma && l.pos === form.pos)!;
        const verbCell = parseVerbCellKey(form.cell);
        const engine = verbCell ? inflect(word, verbCell) : decline(word, parseNounCellKey(form.cell)!);
        expect(engine?.confidence, form.key).toBe("high");
        expect(engine?.form, form.key).toBe(form.odawa);
        expect(form.answers[0]).toBe(form.odawa);
        expect(parseCardKey(form.key), form.key).not.toBeNull();
        const parts = form.parts!;
        expect(`${parts.prefix ?? ""}${parts.root}${parts.suffix ?? ""}`, form.key).toBe(form.odawa);
      }
    }
  });

  test("at least 20 lessons, among them the past (gii-), the future (wii-, ga-) and questions", () => {
    expect(COURSE.length).toBeGreaterThanOrEqual(20);
    expect(new Set(COURSE.map((l) => l.id)).size).toBe(COURSE.length);
    const teaching = (test: (cell: NonNullable<ReturnType<typeof parseVerbCellKey>>) => boolean) =>
      COURSE.filter((lesson) => {
        const { forms } = expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON);
        return forms.some((f) => {
          const cell = parseVerbCellKey(f.cell);
          return cell !== null && test(cell);
        });
      }).map((l) => l.id);
    expect(teaching((c) => c.preverbs?.[0] === "gii").length, "the past").toBeGreaterThanOrEqual(1);
    expect(teaching((c) => c.preverbs?.[0] === "wii" || c.preverbs?.[0] === "ga").length, "the future").toBeGreaterThanOrEqual(1);
    expect(teaching((c) => c.preverbs?.[0] === "wii").length, "wii-").toBeGreaterThanOrEqual(1);
    expect(teaching((c) => c.preverbs?.[0] === "ga").length, "ga-").toBeGreaterThanOrEqual(1);
    expect(teaching((c) => c.change === true || c.preverbs?.[0] === "gaa").length, "questions").toBeGreaterThanOrEqual(1);
    // The question words a questions lesson names are the dictionary's own.
    const questions = COURSE.filter((l) => /question/i.test(l.title));
    expect(questions.length).toBeGreaterThanOrEqual(1);
    for (const word of ["aandi", "wenen", "wegnen", "aaniish"])
      expect(
        LEXICON.some((l) => l.name === word),
        word,
      ).toBe(true);
  });

  test("a whole-verb form's card is its own: the past never shares a card with the present", () => {
    const keys = COURSE.flatMap((lesson) => expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON).forms.map((f) => `${f.key} ${f.odawa}`));
    const byKey = new Map<string, Set<string>>();
    for (const entry of keys) {
      const [key, odawa] = entry.split(" ");
      byKey.set(key!, (byKey.get(key!) ?? new Set()).add(odawa!));
    }
    for (const [key, forms] of byKey) expect(forms.size, `${key}: ${[...forms].join(", ")}`).toBe(1);
  });

  test("the Odawa of sentences is engine forms or dictionary words only", () => {
    const known = knownWords();
    for (const lesson of COURSE) {
      for (const s of lesson.sentences) {
        for (const word of answerKey(s.text).split(" ")) expect(known.has(word), `${lesson.title}: ${word}`).toBe(true);
      }
    }
  });
});

describe("the course on the site", () => {
  beforeAll(() => loadCourse(env));

  test("/aambe shows the path in order with a state per lesson and a progress bar", async () => {
    const html = await (await worker.fetch("http://localhost/aambe")).text();
    let at = 0;
    for (const lesson of COURSE) {
      const next = html.indexOf(`href="/aambe/learn/${lesson.id}"`, at);
      expect(next, lesson.title).toBeGreaterThan(at);
      at = next;
    }
    expect(html).toContain('data-state="new"');
    expect(html).toMatch(/<progress[^>]*class="course-progress/);
    expect(html).toContain(`0 of ${COURSE.length} lessons done`);
  });

  test("a lesson page: explanation, table of engine forms, examples, practice, previous and next", async () => {
    const lesson = COURSE[1];
    const html = await (await worker.fetch(`http://localhost/aambe/learn/${lesson.id}`)).text();
    expect(html).toContain(lesson.title);
    expect(html).toContain(lesson.summary);
    expect(html).toContain("How it works");
    const { forms } = expandLesson({ words: lesson.words, cells: lesson.cells }, LEXICON);
    for (const form of forms) expect(html).toContain(form.odawa);
    expect(html).toContain(`href="/aambe/practice?lesson=${lesson.id}"`);
    expect(html).toContain(`href="/aambe/learn/${COURSE[0].id}"`);
    expect(html).toContain(`href="/aambe/learn/${COURSE[2].id}"`);
    // The hydration data carries what the page shows, not the practice cards behind it (their keys and answers).
    const data = html.slice(html.indexOf("streamController.enqueue"));
    for (const form of forms) {
      expect(data).toContain(form.odawa);
      expect(data).not.toContain(form.key);
    }
    expect(data).not.toContain('"answers"');
  });

  test("examples come from the data's sentences and stories that use the lesson's forms; without any, the daily job asks the editors once", async () => {
    const withForms = COURSE[1];
    const { forms } = expandLesson({ words: withForms.words, cells: withForms.cells }, LEXICON);
    const form = forms.find((f) => f.odawa === "nnibaami")!;
    await env.DB.prepare("INSERT INTO sentences (text, trans, source) VALUES (?, 'We (excl.) sleep.', 'TEST')")
      .bind(`${form.odawa[0]!.toUpperCase()}${form.odawa.slice(1)}.`)
      .run();
    await env.DB.prepare("INSERT INTO stories (id, source, title, completed, data) VALUES ('EXTEST', 'misc', 'A test story', 1, ?)")
      .bind(
        JSON.stringify([
          [
            { text: "Maajaawag.", trans: "They leave." },
            { text: "Maajaawagsii.", trans: "Not a form of the lesson." },
          ],
        ]),
      )
      .run();
    const html = await (await worker.fetch(`http://localhost/aambe/learn/${withForms.id}`)).text();
    expect(html).toContain("Nnibaami.");
    expect(html).toContain("Maajaawag.");
    expect(html).toContain('href="/d/EXTEST"');
    expect(html).not.toContain("Maajaawagsii.");
    expect(html).not.toContain('data-testid="no-examples"');

    const without = COURSE.find((l) => l.id === 9)!;
    const reports = () =>
      env.DB.prepare("SELECT kind, subject, message FROM reports WHERE kind = 'examples' AND page = ?")
        .bind(`/aambe/learn/${without.id}`)
        .all<{ message: string }>();
    // Visiting the page changes nothing (GET); the daily job files the report, once while it is open.
    for (let i = 0; i < 2; i++) {
      const page = await (await worker.fetch(`http://localhost/aambe/learn/${without.id}`)).text();
      expect(page).toContain('data-testid="no-examples"');
    }
    expect((await reports()).results).toHaveLength(0);
    for (let i = 0; i < 2; i++) await askForMissingExamples({ config: getConfig(env), db: createDb(env.DB) });
    const filed = (await reports()).results;
    expect(filed).toHaveLength(1);
    expect(filed[0]!.message).toContain(without.title);
  });

  test("a lesson of the past: published on the path, its table writes the preverb with one hyphen, its example is the story's", async () => {
    const path = await (await worker.fetch("http://localhost/aambe")).text();
    expect(path.match(/href="\/aambe\/learn\/\d+"/g)?.length).toBeGreaterThanOrEqual(20);
    // The demo story, as the seed loads it: it has the one past form of the data (Ngii-maajaa).
    const demo = STORIES.find((st) => st.id === "DEMO1")!;
    await env.DB.prepare("INSERT OR IGNORE INTO stories (id, source, title, completed, data) VALUES (?, ?, ?, 1, ?)")
      .bind(demo.id, demo.source, demo.title, JSON.stringify(demo.paragraphs))
      .run();
    const past = COURSE.find((l) => l.cells.some((c) => c.endsWith(" pv:gii")) && l.words.some((w) => w.name === "maajaa"))!;
    const html = await (await worker.fetch(`http://localhost/aambe/learn/${past.id}`)).text();
    expect(html).toContain(">ngii-</span>");
    expect(html).not.toMatch(/ngii-<\/span><span[^>]*>-<\/span>/);
    expect(html).toContain("I (with gii-)");
    expect(html).toContain("Ngii-maajaa.");
    expect(html).toContain('href="/d/DEMO1"');
    // The story is cited by the title a visitor reads on /d, in quotes, and no note about the data reaches the page.
    const text = html.slice(html.indexOf("<main"), html.indexOf("</main>")).replace(/<[^>]*>/g, "");
    expect(text).toContain(`(from the story “${demo.title}”)`);
    expect(text).not.toMatch(/demo|reference forms|placeholder/i);
    // Its cards come back from the deck as the past, not as the present of the same person.
    const deck = await resolveItems(createDb(env.DB), ["verb:maajaa:ind:1s:pv=gii", "verb:maajaa:ind:1s"]);
    expect(deck.get("verb:maajaa:ind:1s:pv=gii")?.odawa).toBe("ngii-maajaa");
    expect(deck.get("verb:maajaa:ind:1s")?.odawa).toBe("nmaajaa");
  });

  test("the future: its table and a typed question read as plain English, without the grammar label", async () => {
    const future = COURSE.find((l) => l.cells.some((c) => c.endsWith(" pv:wii")))!;
    const html = await (await worker.fetch(`http://localhost/aambe/learn/${future.id}`)).text();
    expect(html).toContain("you (sg) will go home");
    expect(html).toContain("you (sg) (with wii-)");
    expect(html).not.toContain("(future or want to, wii-)");
    const form = expandLesson({ words: future.words, cells: future.cells }, LEXICON).forms.find((f) => f.odawa === "gwii-giiwe")!;
    // The second question of a round is typed.
    const query = new URLSearchParams({ lesson: String(future.id), q: form.key, t: "1", n: "1" });
    const question = await (await worker.fetch(`http://localhost/aambe/practice?${query}`)).text();
    expect(question.replace(/<[^>]*>/g, "")).toContain("How do you say “you (sg) will go home” in Nishnaabemwin?");
    expect(question).not.toContain("want to, wii-");
  });

  test("a draft lesson is not on the path and its page redirects", async () => {
    const id = 900_000 + Math.floor(Math.random() * 1_000_000);
    await env.DB.prepare("INSERT INTO lessons (id, title, position, status, spec) VALUES (?, ?, 99, 'draft', ?)")
      .bind(id, `Draft ${id}`, JSON.stringify({ words: [{ name: "maajaa", pos: "vai" }], cells: ["ind 1s"] }))
      .run();
    const path = await (await worker.fetch("http://localhost/aambe")).text();
    expect(path).not.toContain(`Draft ${id}`);
    const page = await worker.fetch(new Request(`http://localhost/aambe/learn/${id}`, { redirect: "manual" }));
    expect(page.status).toBe(302);
  });
});

/**
 * The course (issue "Learning that works"): lessons are data (db `lessons` + `lesson_items`), their Odawa forms come
 * from the grammar engine when a lesson is shown, and only `high`-confidence forms are taught — a word or cell
 * without one is left out, never guessed.
 * @see docs/decisions/016-course-and-server-practice.md
 */
import { BoundedCache } from "./bounded-cache.server";
import type { Db } from "../../db/client";
import { getCourseWithPositions, getFormAudio, getLessonAndCourse, getLexemesByNames, type LessonItem } from "../../db/queries/lessons";
import type { Bindings } from "./bindings.server";
import { matchExamples } from "./lesson-examples.server";
import { decline, inflect, nounCellLabel, ORDER_NAMES, parseNounCellKey, PERSON_NAMES, type Cell, type NounCell } from "../core/grammar";
import { courseGloss, isNounPos, isVerbPos, nounCardKey, parseVerbCellKey, sentenceCardKey, verbCardKey } from "../utils/course";
import { LessonSpecSchema, type LessonSpec } from "../utils/lesson-spec";
import type { FormPartsView, PracticeItem } from "../utils/practice";
import { glossFrame } from "../core/grammar/gloss";
import { grammarMemo } from "./grammar-memo.server";

export type CourseLexeme = { name: string; pos: string; gloss: string; stem: string | null; audio: string | null };

/** One taught form: a high-confidence engine form of a lesson word in one of the lesson's cells. */
export type CourseForm = PracticeItem & { lemma: string; pos: string; cell: string; label: string };

export type LessonTable = {
  words: Array<{ name: string; pos: string; gloss: string }>;
  rows: Array<{ cell: string; label: string; forms: Array<CourseForm | null> }>;
};

const MODE_NAMES = { prt: "preterit", dub: "dubitative", dubprt: "preterit-dubitative" } as const;

/**
 * A row's label: the persons, with the order when the lesson has more than one, and the whole verb's features the
 * row has (a mode, the changed conjunct, the preverb as the table writes it: "I (with gii-)", "you (sg) (changed)").
 */
function verbCellLabel(cell: Cell, orders: number) {
  const who = cell.object ? `${PERSON_NAMES[cell.subject]} → ${PERSON_NAMES[cell.object]}` : PERSON_NAMES[cell.subject];
  const notes = [
    ...(orders > 1 ? [ORDER_NAMES[cell.order]] : []),
    ...(cell.mode ? [MODE_NAMES[cell.mode]] : []),
    ...(cell.change ? ["changed"] : []),
    ...(cell.preverbs?.length ? [`with ${cell.preverbs.map((p) => `${p}-`).join("")}`] : []),
  ];
  return notes.length ? `${who} (${notes.join(", ")})` : who;
}

/**
 * A whole-verb form's English as a learner reads it: the engine ends it with a note naming the grammar that makes it
 * ("I went away (past, gii-)", "whenever I go home (changed conjunct)"); the lesson's row label already names the
 * preverb or the change ("I (with gii-)"), and a question asks in plain English, so the course leaves the note out.
 */
function plainEnglish(gloss: string, cell: Cell): string {
  const { note } = glossFrame(cell);
  return note && gloss.endsWith(note) ? gloss.slice(0, -note.length) : gloss;
}

/**
 * The ending of an unpossessed noun form, where the cell has one: plural -ag/-an (-ig, -oog …), obviative -an,
 * locative -ing/-ong/-ang, diminutive -ens/-oons. The split falls where the ending begins, after the stem as it
 * stands in the form (`zaag'ign-ing`, `daawegamg-ong`: the stem's vowel loss shows in the stem, not the ending).
 */
const NOUN_ENDINGS: Array<[test: (cell: NounCell) => boolean, ending: RegExp]> = [
  [(c) => Boolean(c.diminutive === "dim"), /(?:e|oo)ns$/],
  [(c) => Boolean(c.locative), /(?:i|o|a|e)ng$/],
  [(c) => c.number === "pl" || Boolean(c.obviative), /(?:a|i|oo|ii)[gn]$/],
];

/** Prefix / stem / suffix of a noun form: an ending by its cell, else where the headword (or its stem) shows in it. */
function nounParts(form: string, lemma: string, cell: NounCell): FormPartsView {
  if (!cell.possessor && !cell.pejorative && cell.diminutive !== "con") {
    const ending = NOUN_ENDINGS.find(([test]) => test(cell))?.[1].exec(form);
    if (ending && ending.index >= 2) return { prefix: null, root: form.slice(0, ending.index), suffix: ending[0] };
  }
  for (let len = lemma.length; len >= 2; len--) {
    const at = form.indexOf(lemma.slice(0, len));
    if (at >= 0 && at <= 3) {
      return { prefix: at > 0 ? form.slice(0, at) : null, root: lemma.slice(0, len), suffix: form.slice(at + len) || null };
    }
  }
  return { prefix: null, root: form, suffix: null };
}

/** The lesson's table and taught forms, from its spec and the dictionary entries of its words. Pure. */
export function expandLesson(spec: LessonSpec, lexicon: readonly CourseLexeme[]): { table: LessonTable; forms: CourseForm[] } {
  const words = spec.words.flatMap((w) => {
    const entry = lexicon.find((l) => l.name === w.name && l.pos === w.pos);
    return entry ? [{ ...entry, gloss: courseGloss(entry.gloss) }] : [];
  });
  const orders = new Set(spec.cells.map((c) => parseVerbCellKey(c)?.order).filter(Boolean)).size;
  const rows: LessonTable["rows"] = [];
  const forms: CourseForm[] = [];
  for (const cellKey of spec.cells) {
    const verbCell = parseVerbCellKey(cellKey);
    const nounCell = verbCell ? null : parseNounCellKey(cellKey);
    const label = verbCell ? verbCellLabel(verbCell, orders) : nounCell ? nounCellLabel(nounCell) : cellKey;
    const cells = words.map((word): CourseForm | null => {
      if (verbCell && isVerbPos(word.pos)) {
        const f = inflect(word, verbCell, grammarMemo);
        if (!f || f.confidence !== "high") return null;
        return {
          key: verbCardKey(word.name, verbCell),
          odawa: f.form,
          english: plainEnglish(f.gloss, verbCell),
          answers: [f.form, ...f.variants],
          audio: null,
          parts: { prefix: f.prefix, root: f.root, suffix: f.suffix },
          lemma: word.name,
          pos: word.pos,
          cell: cellKey,
          label,
        };
      }
      if (nounCell && isNounPos(word.pos)) {
        const d = decline(word, nounCell, grammarMemo);
        if (!d || d.confidence !== "high" || !d.form) return null;
        return {
          key: nounCardKey(word.name, word.pos, d.key),
          odawa: d.form,
          english: d.gloss,
          answers: [d.form, ...d.variants],
          audio: null,
          parts: nounParts(d.form, word.name, nounCell),
          lemma: word.name,
          pos: word.pos,
          cell: cellKey,
          label,
        };
      }
      return null;
    });
    if (cells.some(Boolean)) rows.push({ cell: cellKey, label, forms: cells });
  }
  // Practice order: word by word, cell by cell, as the table reads down each column.
  for (let w = 0; w < words.length; w++) for (const row of rows) if (row.forms[w]) forms.push(row.forms[w]!);
  return { table: { words: words.map(({ name, pos, gloss }) => ({ name, pos, gloss })), rows }, forms };
}

export function parseSpec(raw: unknown): LessonSpec | null {
  const parsed = LessonSpecSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

function sentenceItems(lessonId: number, items: readonly LessonItem[]): PracticeItem[] {
  return items.map((item) => ({
    key: sentenceCardKey(lessonId, item.position),
    odawa: item.value,
    english: item.trans,
    answers: [item.value],
    audio: item.audio,
    parts: null,
  }));
}

/**
 * expandLesson's results, once per isolate for each lesson spec and state of its words (the engine's work is the
 * same for every visitor until an editor changes the lesson or a word). Bounded; callers copy before changing.
 */
const expanded = new BoundedCache<string, ReturnType<typeof expandLesson>>("lessons expanded by the engine", { entries: 64 });

function expandOnce(spec: LessonSpec, lexicon: readonly CourseLexeme[]) {
  const key = JSON.stringify([spec, lexicon.map((l) => [l.name, l.pos, l.gloss, l.stem])]);
  return expanded.getOrSet(key, () => expandLesson(spec, lexicon));
}

/** Where the course reads from: D1 (the bindings or the database alone). */
type CourseSource = Db | Pick<Bindings, "db" | "config">;
const dbOf = (from: CourseSource): Db => ("config" in from ? from.db : from);

/** The dictionary entries of the course's words in id order (one indexed read: ADR 026 reads no lexicon whole). */
async function courseLexicon(from: CourseSource, names: readonly string[]): Promise<CourseLexeme[]> {
  if (names.length === 0) return [];
  return getLexemesByNames(dbOf(from), names);
}

/**
 * A lesson with its explanation, table, sentences and practice items (forms first, then sentences), or null.
 * Two D1 round trips: the lesson with its items, its words' entries and the course path (one batch), then the recordings of its forms
 * (with `examples`, also the sentences and stories that may use them, in that same batch).
 */
export async function loadLesson(from: CourseSource, id: number, opts: { drafts?: boolean; examples?: boolean } = {}) {
  const { lesson, course, words } = await getLessonAndCourse(dbOf(from), id, opts);
  if (!lesson || (lesson.status !== "published" && !opts.drafts)) return null;
  const spec = parseSpec(lesson.spec);
  // The spec's words came with the lesson (same round trip).
  const lexicon = spec ? words : [];
  const expansion = spec ? expandOnce(spec, lexicon) : { table: { words: [], rows: [] }, forms: [] };
  // The examples' candidates come in the same round trip as the recordings (the lesson page's second).
  const wordforms = expansion.forms.map((f) => f.odawa);
  const { audio, examples } = opts.examples
    ? await getFormAudio(dbOf(from), wordforms, { examples: true }).then((r) => ({
        audio: r.audio,
        examples: matchExamples(
          r.examples,
          wordforms,
          lesson.items.map((i) => i.value),
        ),
      }))
    : { audio: await getFormAudio(dbOf(from), wordforms), examples: [] };
  const copies = new Map(expansion.forms.map((f) => [f, { ...f, audio: audio[f.odawa] ?? null }]));
  const forms = expansion.forms.map((f) => copies.get(f)!);
  const table: LessonTable = {
    words: expansion.table.words,
    rows: expansion.table.rows.map((row) => ({ ...row, forms: row.forms.map((f) => (f ? (copies.get(f) ?? f) : null)) })),
  };
  const at = course.findIndex((l) => l.id === id);
  const link = (l: (typeof course)[number] | undefined) => (l ? { id: l.id, title: l.title } : null);
  return {
    id: lesson.id,
    title: lesson.title,
    status: lesson.status,
    summary: lesson.summary,
    explanation: lesson.explanation
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    table,
    forms,
    sentences: lesson.items,
    /** Sentences from the data that use the lesson's forms (when asked for: the lesson page). */
    examples,
    items: [...forms, ...sentenceItems(lesson.id, lesson.items)] as PracticeItem[],
    previous: at > 0 ? link(course[at - 1]) : null,
    next: at >= 0 ? link(course[at + 1]) : null,
    number: at + 1,
  };
}

/** The course path: every published lesson with the card keys of its items (for its new / in progress / done state). */
export async function loadCourse(from: CourseSource) {
  const { course, positions } = await getCourseWithPositions(dbOf(from));
  const specs = course.map((l) => parseSpec(l.spec));
  const lexicon = await courseLexicon(
    from,
    specs.flatMap((s) => s?.words.map((w) => w.name) ?? []),
  );
  return course.map((lesson, i) => {
    const spec = specs[i];
    const forms = spec ? expandOnce(spec, lexicon).forms : [];
    const keys = [...forms.map((f) => f.key), ...positions.filter((p) => p.lessonId === lesson.id).map((p) => sentenceCardKey(lesson.id, p.position))];
    return { id: lesson.id, title: lesson.title, summary: lesson.summary, keys };
  });
}

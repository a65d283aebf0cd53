/**
 * Shared by the browser tests: a new learner account made through the join form, and the seeded course
 * (db/seed/data/course.json) with the answers to each lesson's questions, from the engine.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "./fixtures";
import { expandLesson } from "../../app/services/course.server";
import { parseSeedLexicon } from "../support/seed-lexicon";

/** Joins through /wiijiiwe (lands on the home page, which says the account was created). */
export async function join(page: Page, username: string, password: string) {
  await page.goto("/wiijiiwe");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Retype password").fill(password);
  await page.getByLabel("Email").fill(`${username}@example.org`);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page).toHaveURL(/\/\?welcome=joined$/);
}

/** A new learner with a unique name starting with `prefix`, signed in. */
export async function joinAsNewLearner(page: Page, prefix: string) {
  const username = `${prefix}${Math.random().toString(36).slice(2, 10)}`;
  const password = "ziibiwan-nibi-2026";
  await join(page, username, password);
  return { username, password };
}

const data = (file: string) => readFileSync(path.join(import.meta.dirname, "../../db/seed/data", file), "utf8");
const LEXICON = parseSeedLexicon(data("lexicon.tsv"));

export const COURSE = JSON.parse(data("course.json")) as Array<{
  id: number;
  title: string;
  words: Array<{ name: string; pos: string }>;
  cells: string[];
  sentences: Array<{ text: string; trans: string }>;
}>;

/** Card key → the Odawa and English of each question of the lesson at `lessonIndex` of the course. */
export function lessonAnswers(lessonIndex: number) {
  const lesson = COURSE[lessonIndex];
  const { forms } = expandLesson(lesson, LEXICON);
  return new Map([
    ...forms.map((f) => [f.key, { odawa: f.odawa, english: f.english }] as const),
    ...lesson.sentences.map((s, i) => [`lesson:${lesson.id}:${i + 1}`, { odawa: s.text, english: s.trans }] as const),
  ]);
}

/**
 * Answers the practice question on the page right (typed, or the right choice) from `answers` (card key → Odawa and
 * English) and waits for "Right!"; the question's card key.
 */
export async function answerRight(page: Page, answers: ReadonlyMap<string, { odawa: string; english: string }>) {
  const question = page.locator(".practice-question");
  await expect(question).toBeVisible();
  const key = (await question.getAttribute("data-card"))!;
  const item = answers.get(key)!;
  if ((await question.getAttribute("data-kind")) === "type") {
    await page.getByLabel("Your answer").fill(item.odawa);
    await page.getByRole("button", { name: "Check" }).click();
  } else {
    await page.getByRole("list", { name: "Choices" }).getByRole("button", { name: item.english, exact: true }).click();
  }
  await expect(page.getByRole("status").filter({ hasText: "Right!" })).toBeVisible();
  return key;
}

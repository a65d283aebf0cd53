/**
 * The course as data (issue "Learning that works"): a lesson is a grammar point, its dictionary words, the cells it
 * teaches, its sentences and an English explanation. This module holds the lesson spec's schema, the cell keys and
 * the card keys of practice, shared by the seed, the editor, the services and the learn pages. Client-safe and
 * dependency-free (the learn pages load it); the lesson spec's zod schema is in lesson-spec.ts.
 */
import type { Cell, Order, Person } from "../core/grammar";
import { cellKey } from "../core/grammar/cells";

const ORDER_CODES = ["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-pro"] as const;
const PERSON_CODES = ["1s", "2s", "3s", "3'", "1p", "21", "2p", "3p", "x", "0s", "0p", "0's", "0'p", "0", "0'"] as const;

/**
 * "ind 1s" or "ind 1s>3s" (the engine's cellKey) → a verb cell, or null; a whole-verb key's features after it, in
 * cellKey's order ("conj 3s prt chg pcp:3p", "ind 1s pv:daa+gii"), are read too.
 */
export function parseVerbCellKey(key: string): Cell | null {
  const m = /^(\S+) ([^\s>]+)(?:>(\S+))?((?: \S+)*)$/.exec(key.trim());
  if (!m) return null;
  const [, order, subject, object, features] = m;
  if (!(ORDER_CODES as readonly string[]).includes(order)) return null;
  if (!(PERSON_CODES as readonly string[]).includes(subject)) return null;
  if (object !== undefined && !(PERSON_CODES as readonly string[]).includes(object)) return null;
  const cell: Cell = { order: order as Order, subject: subject as Person, ...(object ? { object: object as Person } : {}) };
  for (const f of features.split(" ").filter(Boolean)) {
    if ((f === "prt" || f === "dub" || f === "dubprt") && !cell.mode) cell.mode = f;
    else if (f === "chg" && !cell.change) cell.change = true;
    else if ((f === "pcp:3p" || f === "pcp:3'" || f === "pcp:0p") && !cell.participle) cell.participle = f.slice(4) as Cell["participle"];
    else if (/^pv:[a-z]+(?:\+[a-z]+)*$/.test(f) && !cell.preverbs) cell.preverbs = f.slice(3).split("+");
    else return null;
  }
  return cell;
}

const VERB_POS = new Set(["vai", "vii", "vti", "vta"]);
const NOUN_POS = new Set(["na", "ni", "nad", "nid"]);
export const isVerbPos = (pos: string) => VERB_POS.has(pos);
export const isNounPos = (pos: string) => NOUN_POS.has(pos);

/**
 * Card keys (one ts-fsrs card per thing practised): `verb:{lemma}:{order}:{subject}[>{object}]`, and for a whole-verb
 * cell its features after one more colon, as cellKey writes them with spaces as _ and : as =
 * (`verb:maajaa:ind:1s:pv=gii`), `noun:{lemma}.{pos}:{cell key, spaces as _}`, and `lesson:{lesson}:{position}` for a
 * lesson's sentences. Today's verb keys are unchanged, so cards already saved keep their schedule.
 */
export function verbCardKey(lemma: string, cell: Cell) {
  const base = `verb:${lemma}:${cell.order}:${cell.subject}${cell.object ? `>${cell.object}` : ""}`;
  const features = cellKey(cell).split(" ").slice(2);
  return features.length ? `${base}:${features.join("_").replace(/:/g, "=")}` : base;
}
export function nounCardKey(lemma: string, pos: string, cellKey: string) {
  return `noun:${lemma}.${pos}:${cellKey.trim().replace(/\s+/g, "_")}`;
}
export function sentenceCardKey(lessonId: number, position: number) {
  return `lesson:${lessonId}:${position}`;
}

export type ParsedCardKey =
  | { kind: "verb"; lemma: string; cell: Cell }
  | { kind: "noun"; lemma: string; pos: string; cellKey: string }
  | { kind: "lesson"; lessonId: number; position: number };

export function parseCardKey(key: string): ParsedCardKey | null {
  let m = /^verb:([^\s:]+):([^\s:]+):([^\s:]+)(?::([^\s:]+))?$/.exec(key);
  if (m) {
    const features = m[4] ? ` ${m[4].replace(/_/g, " ").replace(/=/g, ":")}` : "";
    const cell = parseVerbCellKey(`${m[2]} ${m[3]}${features}`);
    return cell ? { kind: "verb", lemma: m[1], cell } : null;
  }
  m = /^noun:([^\s:]+)\.([a-z]+):([^\s:]+)$/.exec(key);
  if (m) return { kind: "noun", lemma: m[1], pos: m[2], cellKey: m[3].replace(/_/g, " ") };
  m = /^lesson:([1-9]\d{0,8}):([1-9]\d{0,5})$/.exec(key);
  if (m) return { kind: "lesson", lessonId: Number(m[1]), position: Number(m[2]) };
  return null;
}

/** `text` split at `separator` where it is outside brackets ("rip sth. [clothing worn, due to one's size], tear sth."). */
function splitOutsideBrackets(text: string, separator: "," | ";"): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * A dictionary gloss with each sense once: a sense (the parts between semicolons) that repeats an earlier sense, or
 * one of the comma-separated wordings of an earlier sense, is left out ("realize sth.; realize sth." → "realize
 * sth."; "boot liner, overshoe; overshoe" → "boot liner, overshoe"), and a sense that is one wording said twice is
 * said once ("bend sth. over, bend sth. over"). Wordings that differ ("you (sg.), you (sg.), too") stay as they are.
 */
export function withoutRepeatedSenses(gloss: string): string {
  const key = (text: string) => text.toLowerCase().replace(/\s+/g, " ");
  const seen = new Set<string>();
  const kept: string[] = [];
  let changed = false;
  for (const sense of splitOutsideBrackets(gloss, ";")) {
    const wordings = splitOutsideBrackets(sense, ",");
    const once = wordings.length > 1 && wordings.every((w) => key(w) === key(wordings[0]!)) ? wordings[0]! : sense;
    if (once !== sense) changed = true;
    if (seen.has(key(once))) {
      changed = true;
      continue;
    }
    kept.push(once);
    seen.add(key(once));
    for (const w of wordings) seen.add(key(w));
  }
  return changed && kept.length ? kept.join("; ") : gloss;
}

/**
 * A dictionary gloss as the course uses it, in one place for every lesson, practice card and table: each sense once
 * (withoutRepeatedSenses), and bracketed notes that hold a comma or semicolon are left out, so no sense is cut in the
 * middle of a note ("snow (referring to the event of snowing, not the snow itself)" → "snow").
 */
export function courseGloss(gloss: string): string {
  const senses = withoutRepeatedSenses(gloss);
  const plain = senses
    .replace(/\s*\([^()]*[,;][^()]*\)/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain || senses;
}

/** The senses a lesson's table names for a word: the course gloss up to its first semicolon ("be evening, be night"). */
export function tableGloss(gloss: string): string {
  return courseGloss(gloss).split(";")[0]!.trim();
}

/** A lesson's state on the course path, from the learner's cards of its items. */
export type LessonState = "new" | "in progress" | "done";

export function lessonState(itemKeys: readonly string[], hasCard: (key: string) => boolean): LessonState {
  const seen = itemKeys.filter(hasCard).length;
  if (seen === 0 || itemKeys.length === 0) return "new";
  return seen === itemKeys.length ? "done" : "in progress";
}

/** What /aambe/practice drills: a lesson from D1 (?lesson=), a verb's paradigm (?verb=), or the stored lesson. */
import type { Db } from "../../../db/client";
import { getFormAudio, getLesson, getLexemeByName } from "../../../db/queries/lessons";
import { paradigm, type Cell } from "../../core/grammar";
import { ORDER_LABELS, parseOrder } from "../../components/learn/subjects";
import { lessonPracticeItems, type PracticeItem } from "../../components/learn/practice-types";

const VERB_POS = ["vai", "vii", "vti", "vta"] as const;

export type PracticeSource =
  | { kind: "stored" }
  | { kind: "lesson"; number: number; title: string; items: PracticeItem[] }
  | { kind: "verb"; lemma: string; gloss: string; orderLabel: string; items: PracticeItem[]; missing: number }
  | { kind: "not-found"; message: string };

function cellKey(cell: Cell) {
  return `${cell.order}:${cell.subject}${cell.object ? `>${cell.object}` : ""}`;
}

export async function loadPracticeSource(db: Db, url: URL): Promise<PracticeSource> {
  const verb = url.searchParams.get("verb")?.trim();
  if (verb) {
    const lexeme = await getLexemeByName(db, verb.normalize("NFC").slice(0, 100), VERB_POS);
    if (!lexeme) return { kind: "not-found", message: `No verb “${verb.slice(0, 100)}” was found in the dictionary.` };
    const order = parseOrder(url.searchParams.get("order"));
    const rows = paradigm(lexeme, order);
    const formed = rows.flatMap((r) => (r.inflection ? [{ cell: r.cell, inflection: r.inflection }] : []));
    const audio = await getFormAudio(db, formed.map((r) => r.inflection.form));
    return {
      kind: "verb",
      lemma: lexeme.name,
      gloss: lexeme.gloss,
      orderLabel: ORDER_LABELS[order],
      missing: rows.length - formed.length,
      items: formed.map(({ cell, inflection }) => ({
        key: `verb:${lexeme.name}:${cellKey(cell)}`,
        odawa: inflection.form,
        english: inflection.gloss,
        answers: [inflection.form, ...inflection.variants],
        audio: audio[inflection.form] ?? null,
      })),
    };
  }
  const lesson = url.searchParams.get("lesson");
  if (lesson) {
    const found = /^[1-9]\d{0,8}$/.test(lesson) ? await getLesson(db, Number(lesson)) : null;
    if (!found) return { kind: "not-found", message: "There is no such lesson." };
    return { kind: "lesson", number: found.id, title: found.title, items: lessonPracticeItems(found.id, found.items) };
  }
  return { kind: "stored" };
}

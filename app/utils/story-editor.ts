/**
 * The story editor's form (/DEV_editor/stories/{id}): sentences are written one per line as
 * "Odawa text | English translation", a blank line starts a new paragraph. Works as a plain textarea without JavaScript.
 */
import { z } from "zod";
import { normalizeText } from "../core/orthography";

export const STORY_LIMITS = { title: 200, sentences: 400, text: 500 } as const;

export type EditorParagraphs = Array<Array<{ text: string; trans: string }>>;

/** Text → paragraphs, or the first problem with its line number. */
export function parseStoryText(raw: string): { ok: true; paragraphs: EditorParagraphs } | { ok: false; error: string } {
  const paragraphs: EditorParagraphs = [[]];
  let count = 0;
  for (const [i, line] of raw.replace(/\r\n?/g, "\n").split("\n").entries()) {
    if (line.trim() === "") {
      if (paragraphs.at(-1)!.length > 0) paragraphs.push([]);
      continue;
    }
    const bar = line.indexOf("|");
    const text = normalizeText(bar >= 0 ? line.slice(0, bar) : line);
    const trans = normalizeText(bar >= 0 ? line.slice(bar + 1) : "");
    if (!text || !trans) return { ok: false, error: `Line ${i + 1}: write the sentence, a | and its English translation.` };
    if (text.length > STORY_LIMITS.text || trans.length > STORY_LIMITS.text) {
      return { ok: false, error: `Line ${i + 1}: a sentence and its translation may have at most ${STORY_LIMITS.text} characters each.` };
    }
    if (++count > STORY_LIMITS.sentences) return { ok: false, error: `A story may have at most ${STORY_LIMITS.sentences} sentences.` };
    paragraphs.at(-1)!.push({ text, trans });
  }
  if (paragraphs.at(-1)!.length === 0) paragraphs.pop();
  return { ok: true, paragraphs };
}

export function formatStoryText(paragraphs: ReadonlyArray<ReadonlyArray<{ text: string; trans: string }>>): string {
  return paragraphs.map((p) => p.map((s) => `${s.text} | ${s.trans}`).join("\n")).join("\n\n");
}

export const StoryFormSchema = z.object({
  title: z.string().transform(normalizeText).pipe(z.string().min(1, "Give the story a title.").max(STORY_LIMITS.title)),
  /** draft: editors only; coming: listed on /d as 'Not ready to view'; published: readable by everyone. */
  status: z.enum(["draft", "review", "coming", "published"]).catch("draft"),
  sentences: z.string().max(200_000).catch(""),
});

import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { sentences } from "../schema";

/** Public sentence (docs/product.md §3): id, text, trans, source. */
export async function getSentence(db: Db, id: number) {
  return (
    (await db
      .select({ id: sentences.id, text: sentences.text, trans: sentences.trans, source: sentences.source })
      .from(sentences)
      .where(eq(sentences.id, id))
      .get()) ?? null
  );
}

/**
 * Display names of sentence source codes (docs/product.md §3 shows NMZ as a named label, but does not give the name:
 * an operator adds it here; until then the code itself is shown).
 */
export const SENTENCE_SOURCE_LABELS: Record<string, string> = {
  DEMO: "Demo sentence (reference verb form)",
};

export function sentenceSourceLabel(code: string) {
  return SENTENCE_SOURCE_LABELS[code] ?? code;
}

/** What /about credits from the data itself: the speakers of the recordings and the sources of the sentences. */
import { asc, count, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { audioObjects, sentences } from "../schema";

export async function getCredits(db: Db) {
  const [speakers, sources] = await db.batch([
    db
      .select({ speaker: sql<string>`trim(${audioObjects.speaker})`, recordings: count() })
      .from(audioObjects)
      .where(sql`${isNotNull(audioObjects.speaker)} and trim(${audioObjects.speaker}) <> ''`)
      .groupBy(sql`trim(${audioObjects.speaker})`)
      .orderBy(asc(sql`trim(${audioObjects.speaker})`)),
    db
      .select({ source: sentences.source, sentences: count() })
      .from(sentences)
      .where(ne(sentences.source, ""))
      .groupBy(sentences.source)
      .orderBy(asc(sentences.source)),
  ]);
  return { speakers, sources };
}

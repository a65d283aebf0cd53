import { asc } from "drizzle-orm";
import type { Db } from "../client";
import { lexemes } from "../schema";

export async function listVocab(db: Db) {
  return db
    .select({ id: lexemes.id, name: lexemes.name, gloss: lexemes.gloss, pos: lexemes.pos })
    .from(lexemes)
    .orderBy(asc(lexemes.name));
}

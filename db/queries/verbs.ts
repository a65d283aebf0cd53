import { asc, eq, inArray, and } from "drizzle-orm";
import type { Db } from "../client";
import { lexemes } from "../schema";

export type VerbRow = { id: number; name: string; pos: string; gloss: string; stem: string | null };

/** The classes /conj and /paradigms show: the product reference's four and the VAIO. */
const VERB_CLASSES = ["vai", "vii", "vti", "vta", "vaio"];

/** Every vai/vii/vti/vta/vaio lexeme with its stem, for /conj and /api/conjugate (sorted by name). */
export async function listConjugableVerbs(db: Db): Promise<VerbRow[]> {
  return db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem })
    .from(lexemes)
    .where(inArray(lexemes.pos, VERB_CLASSES))
    .orderBy(asc(lexemes.name), asc(lexemes.id));
}

/** One verb of a class by lemma (as /conj lists it) or by lexeme id. */
export async function findVerb(db: Db, cls: string, verb: string): Promise<VerbRow | null> {
  const cols = { id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem };
  const byId = /^\d+$/.test(verb) ? Number(verb) : null;
  const rows = await db
    .select(cols)
    .from(lexemes)
    .where(and(eq(lexemes.pos, cls), byId !== null ? eq(lexemes.id, byId) : eq(lexemes.name, verb)))
    .orderBy(asc(lexemes.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The vai/vii/vti/vta/vaio lexemes whose lemma is one of `names` (every class and homonym), oldest id first. */
export async function listVerbsNamed(db: Db, names: readonly string[]): Promise<VerbRow[]> {
  if (names.length === 0) return [];
  return db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem })
    .from(lexemes)
    .where(and(inArray(lexemes.name, [...new Set(names)]), inArray(lexemes.pos, VERB_CLASSES)))
    .orderBy(asc(lexemes.id));
}

const NOUN_CLASSES = ["na", "ni", "nad", "nid"];

/** One noun by lemma or lexeme id, of one class (na, ni, nad, nid) or any noun class; oldest id first. */
export async function findNoun(db: Db, noun: string, pos?: string): Promise<VerbRow | null> {
  const cols = { id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem };
  const byId = /^\d+$/.test(noun) ? Number(noun) : null;
  const rows = await db
    .select(cols)
    .from(lexemes)
    .where(and(pos ? eq(lexemes.pos, pos) : inArray(lexemes.pos, NOUN_CLASSES), byId !== null ? eq(lexemes.id, byId) : eq(lexemes.name, noun)))
    .orderBy(asc(lexemes.id))
    .limit(1);
  return rows[0] ?? null;
}

/** The na/ni/nad/nid lexemes whose lemma is one of `names` (every class and homonym), oldest id first. */
export async function listNounsNamed(db: Db, names: readonly string[]): Promise<VerbRow[]> {
  if (names.length === 0) return [];
  return db
    .select({ id: lexemes.id, name: lexemes.name, pos: lexemes.pos, gloss: lexemes.gloss, stem: lexemes.stem })
    .from(lexemes)
    .where(and(inArray(lexemes.name, [...new Set(names)]), inArray(lexemes.pos, NOUN_CLASSES)))
    .orderBy(asc(lexemes.id));
}

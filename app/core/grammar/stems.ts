/**
 * Verb stems for the engine: the lexicon's underlying stem (otw_lexicon_stems.tsv notation) encoded for the
 * phonology, its shape (the classes the reference data is scored by), and checks that flag a stem that looks
 * faulty (already syncopated, missing the VTI m1, a VII -t for -d2, unknown symbols). Pure; kept in the caller's memo.
 */
import type { VerbClass } from "./cells";
import type { GrammarMemo, MemoMap } from "./memo";
import { encode, hasUnknownSymbol } from "./phonology";
import { normaliseWordform } from "./spelling";

export type Stem = {
  /** Encoded stem (phonology.ts alphabet). */
  text: string;
  /** The stem is the lemma itself (no underlying stem): its vowels are locked, never syncopated. */
  locked: boolean;
  /** Shape: long e short n am m cons | vowel n d cons | am oo other | n1/s1 w m h n vowel cons; or compound. */
  shape: string;
  /** Why the stem looks faulty, if it does (the forms are still generated, marked low). */
  problem: string | null;
};

/** Consonant clusters found at least 4 times between vowels in the lexicon's 11,800 verb stems. */
const MEDIAL = new Set(
  "' b bw ch d dw g gb gn gw gz h j jg jw k kd ks kw m mb mw n nd ndk ndw ng ngw nj nm ns nw ny nz nzh nzw p pw s sh shk shkw shp sht shw sk skw sp spw sw t tw w y z zh zhw zw".split(
    " ",
  ),
);
/** Stem-initial clusters found at least 5 times (a stem starting bm-, gd-, nz- … is a syncopated surface form). */
const INITIAL = new Set("b bw ch d dw g gw j k kw m mb mw n nw p s sh shk shkw shp sk sw t w y z zh zhw zw".split(" "));

const PLAIN: Record<string, string> = { A: "a", I: "i", Y: "y", E: "e", O: "o", S: "s", N: "n", M: "m", T: "d" };

/** The stem in plain letters (special symbols resolved or dropped); worked out once per stem. */
function plainOf(encoded: string): string {
  return encoded.replace(/[AIYEOSNMT]/g, (c) => PLAIN[c]!).replace(/[1-8QBDC]/g, "");
}

/** A reason why an underlying stem looks faulty, or null. */
function stemProblem(cls: VerbClass, raw: string, encoded: string, plain: string): string | null {
  if (hasUnknownSymbol(encoded)) return `the stem "${raw}" contains a symbol the engine does not know`;
  if (cls === "vti" && /n1?$/.test(raw)) return `the VTI stem "${raw}" ends in -n, not the class-1 -am1 (or -oo, -i): it looks like the lemma's -aan ending`;
  if (cls === "vii" && /t$/.test(raw)) return `the VII stem "${raw}" ends in -t; d-stems end in -d2 (dictionary -t)`;
  for (const piece of plain.split("-")) {
    const initial = /^[^aeio]+/.exec(piece)?.[0];
    if (initial && !INITIAL.has(initial)) return `the stem "${raw}" starts with "${initial}", which looks already syncopated`;
    for (const m of piece.matchAll(/(?<=[aeio])[^aeio]+(?=[aeio])/g)) {
      if (!MEDIAL.has(m[0])) return `the stem "${raw}" has the cluster "${m[0]}" between vowels, which looks already syncopated`;
    }
  }
  return null;
}

function shapeOf(cls: VerbClass, encoded: string, raw: string, plain: string): string {
  if (raw.includes("-")) return "compound";
  const t = plain;
  if (cls === "vti") return /M$/.test(encoded) ? "am" : /oo$/.test(t) ? "oo" : "other";
  if (cls === "vta") {
    if (/[NS]$/.test(encoded)) return "n1/s1";
    const last = t.slice(-1);
    return last === "w" || last === "m" || last === "h" || last === "n" ? last : /[aeio]$/.test(t) ? "vowel" : "cons";
  }
  if (cls === "vii") return /T$/.test(encoded) ? "d" : /n$/.test(t) ? "n" : /[aeio]$/.test(t) ? "vowel" : "cons";
  if (/(aa|ii|oo)$/.test(t)) return "long";
  if (/e$/.test(t)) return "e";
  if (/[aio]$/.test(t)) return "short";
  return /n$/.test(t) ? "n" : /[^a]am$/.test(t) ? "am" : /m$/.test(t) ? "m" : "cons";
}

const LOCK: Record<string, string> = { a: "à", i: "ì", o: "ò" };

/** The lemma as a stem, when the lexicon has none: vowels locked (it is already syncopated), class endings undone. */
function lemmaStem(name: string, cls: VerbClass): string {
  let t = normaliseWordform(name).replace(/[^a-z'-]/g, "");
  let tail = "";
  if (cls === "vti") {
    if (/aan$/.test(t)) [t, tail] = [t.slice(0, -3), "aM"];
    else if (/oon$/.test(t)) [t, tail] = [t.slice(0, -3), "oo"];
  } else if (cls === "vta" && /aa$/.test(t)) t = t.slice(0, -2);
  else if (cls === "vaio" && /n$/.test(t)) t = t.slice(0, -1);
  else if (cls === "vii" && /t$/.test(t)) [t, tail] = [t.slice(0, -1), "T"];
  // Lock short vowels (not the halves of aa, ii, oo).
  const locked = t.replace(/aa|ii|oo|[aio]/g, (m) => (m.length === 2 ? m : LOCK[m]!));
  return locked + tail;
}

declare module "./memo" {
  interface GrammarMemo {
    /** Class + underlying stem (or lemma) → the stem: shared, so per-stem memos can key on the object. */
    readonly stems: MemoMap<string, Stem>;
  }
}

/** The stem, shared through `memo` (per-stem memos key on the object); without one, a new object. */
export function stemFor(cls: VerbClass, name: string, stem: string | null | undefined, memo?: GrammarMemo): Stem {
  const raw = stem?.trim() ?? "";
  const key = `${cls}\u0000${raw}\u0000${raw ? "" : name}`;
  let out = memo?.stems.get(key);
  if (!out) {
    if (raw) {
      const text = encode(raw);
      const plain = plainOf(text);
      out = { text, locked: false, shape: shapeOf(cls, text, raw, plain), problem: stemProblem(cls, raw, text, plain) };
    } else {
      const text = lemmaStem(name, cls);
      out = { text, locked: true, shape: "lemma", problem: "no underlying stem in the lexicon: the lemma was inflected as it is, without syncope" };
    }
    memo?.stems.set(key, out);
  }
  return out;
}

/**
 * Surface realisation of an underlying word: palatalisation, final short-vowel loss, whole-word syncope,
 * ambiguity apostrophes, glottal h. Pure; see docs/decisions/005-grammar-engine.md.
 *
 * Underlying alphabet: aa ii oo e (long), a i o (short), consonants, plus markers
 *   N, S  palatalising stem-final n / s (otw n1, s1): zh / sh before I
 *   I     an i that palatalises a preceding N / S
 *   D     deletable d (otw d2): gone before s, d+g -> k
 *   ~     delete the preceding short vowel unless the word would be left with less than two morae
 */

export type Part = 0 | 1 | 2; // prefix, root, suffix
type Unit = { text: string; part: Part; vowel: "long" | "short" | null; keep: boolean; locked: boolean };

const LONG = ["aa", "ii", "oo"];

/** Turns the marked stem of otw_lexicon_stems.tsv into the engine's alphabet. */
export function cleanStem(stem: string): string {
  return stem
    .trim()
    .replace(/Va1|Vo1/g, "o")
    .replace(/Vi1|Vo2/g, "a")
    .replace(/Vv1/g, "i")
    .replace(/n1/g, "N")
    .replace(/s1/g, "S")
    .replace(/d2/g, "D")
    .replace(/m1/g, "m")
    .replace(/[iaywo]\d/g, (m) => m[0]!);
}

function tokenize(text: string, part: Part, locked: boolean): Unit[] {
  const out: Unit[] = [];
  let i = 0;
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    if (LONG.includes(two)) {
      out.push({ text: two, part, vowel: "long", keep: true, locked });
      i += 2;
    } else {
      const c = text[i]!;
      const vowel = c === "e" ? "long" : c === "a" || c === "i" || c === "o" || c === "I" ? "short" : null;
      out.push({ text: c, part, vowel, keep: true, locked });
      i += 1;
    }
  }
  return out;
}

function moraCount(units: Unit[]) {
  return units.reduce((n, u) => n + (u.vowel === "long" ? 2 : u.vowel === "short" ? 1 : 0), 0);
}

const isVowelText = (c: string | undefined) => c === "a" || c === "i" || c === "o" || c === "e";

export type Piece = { text: string; part: Part; locked?: boolean };

/** Realises the pieces as one word and returns the surface text of each part (prefix, root, suffix). */
export function realise(pieces: Piece[]): [string, string, string] {
  let units: Unit[] = pieces.flatMap((p) => tokenize(p.text, p.part, p.locked ?? false));

  // Morpheme-boundary vowel hiatus: a suffix-initial i after a vowel merges (i+i = ii) or is lost.
  for (let k = 1; k < units.length; k++) {
    const prev = units[k - 1]!;
    const u = units[k]!;
    if (u.part === 2 && prev.part !== 2 && u.text === "i" && prev.vowel) {
      if (prev.text === "i") {
        prev.text = "ii";
        prev.vowel = "long";
      }
      units.splice(k, 1);
      k--;
    }
  }

  // Palatalisation and D.
  for (let k = 0; k < units.length; k++) {
    const u = units[k]!;
    const next = units[k + 1];
    if (u.text === "N") u.text = next?.text === "I" ? "zh" : "n";
    else if (u.text === "S") u.text = next?.text === "I" ? "sh" : "s";
    else if (u.text === "D") {
      if (next?.text === "s") u.text = "";
      else if (next?.text === "g") {
        u.text = "";
        next.text = "k";
      } else u.text = "d";
    }
  }
  for (const u of units) if (u.text === "I") u.text = "i";
  units = units.filter((u) => u.text !== "");

  // Final short vowel loss (~), blocked by the two-mora minimum.
  for (let k = 0; k < units.length; k++) {
    if (units[k]!.text !== "~") continue;
    units.splice(k, 1);
    const prev = units[k - 1];
    if (prev && prev.vowel === "short" && moraCount(units) - 1 >= 2) {
      units.splice(k - 1, 1);
      k--;
    }
    k--;
  }

  // Syncope, per hyphen-separated piece: in each run of short vowels the 1st, 3rd ... are weak.
  // Index of the last vowel of each hyphen-separated piece (that vowel is always strong).
  const lastVowel = new Set<number>();
  for (let k = units.length - 1, seen = false; k >= 0; k--) {
    if (units[k]!.text === "-") seen = false;
    else if (units[k]!.vowel && !seen) {
      lastVowel.add(k);
      seen = true;
    }
  }
  let count = 0;
  for (let k = 0; k < units.length; k++) {
    const u = units[k]!;
    if (u.text === "-") {
      count = 0;
      continue;
    }
    if (!u.vowel) continue;
    if (u.vowel === "long") {
      count = 0;
      continue;
    }
    if (u.locked) {
      count = 0;
      continue;
    }
    count++;
    if (!lastVowel.has(k) && count % 2 === 1) u.keep = false;
  }

  // Deleted vowels: an apostrophe where the join would be misread (n+z/zh/g/h/s/y, s/z+h), not in prefixes.
  const kept: Unit[] = [];
  for (let k = 0; k < units.length; k++) {
    const u = units[k]!;
    if (u.keep) {
      kept.push(u);
      continue;
    }
    const before = kept[kept.length - 1];
    const after = units[k + 1];
    if (u.part !== 0 && before && after) {
      const b = before.text.slice(-1);
      const a = after.text[0];
      // n+g always; n+z/zh/s/h/y only after a vowel (where it could be read as a nasal vowel); s/z+h always.
      const afterVowel = before.text.length > 1 ? isVowelText(before.text.slice(-2, -1)) : isVowelText(kept[kept.length - 2]?.text.slice(-1));
      const ambiguous =
        (b === "n" && (a === "g" || (afterVowel && (a === "z" || a === "h" || a === "s" || a === "y")))) || ((b === "s" || b === "z") && a === "h");
      if (ambiguous) {
        kept.push({ text: "'", part: u.part, vowel: null, keep: true, locked: false });
      }
    }
  }

  const parts: [string, string, string] = ["", "", ""];
  for (const u of kept) parts[u.part] += u.text;
  // Glottal stop: a plain h (not in nh, sh, zh, ch) is written '.
  const word = parts.join("");
  const glottal = (s: string, offset: number) =>
    s.replace(/h/g, (_m, idx: number) => {
      const p = word[offset + idx - 1];
      return p === "n" || p === "s" || p === "z" || p === "c" ? "h" : "'";
    });
  return [glottal(parts[0], 0), glottal(parts[1], parts[0].length), glottal(parts[2], parts[0].length + parts[1].length)];
}

/**
 * Splits a surface form into prefix, root and suffix by aligning its consonants with the consonants of the
 * underlying pieces (syncope only deletes vowels; the rules insert d/y/w/i and change or drop a few consonants).
 * Vowels go with the consonants around them: the vowels after the stem's last consonant stay in the root when the
 * stem ends in a vowel. Display only. Pure.
 */

const VOWELS = "aioeàìòAIYEO";
/** Letters an underlying symbol may surface as (phonology.ts alphabet). */
const SURFACES: Record<string, string> = {
  "1": "w",
  "2": "w",
  "3": "w",
  "4": "w",
  "5": "w",
  Q: "yh",
  S: "sh",
  M: "mn",
  N: "nzh",
  "6": "n",
  "7": "n",
  "8": "n",
  B: "bm",
  D: "dgj",
  T: "dk",
  C: "y",
  s: "z",
  m: "n",
  n: "g",
  d: "gj",
  h: "'",
  t: "d",
};
const DROPPABLE = "12345678QBDTCwyh'";

/** Costs in tenths (exact integers): substitution by character codes (underlying × surface, both < 256). */
const COSTS = new Uint8Array(256 * 256).fill(20);
for (let uc = 0; uc < 256; uc++) {
  const u = String.fromCharCode(uc);
  for (const f of "bcdghjkmnpstwyz'") COSTS[uc * 256 + f.charCodeAt(0)] = u === f ? 0 : SURFACES[u]?.includes(f) ? 3 : 20;
}
/** Deleting an underlying consonant: 0.5 if a rule may drop it, else 1 (tenths). Inserting a surface one: 1. */
const DELETE = new Uint8Array(256).fill(10);
for (const c of DROPPABLE) DELETE[c.charCodeAt(0)] = 5;
const INSERT = 10;

/** Per character code: a vowel of the underlying alphabet (1), a surface vowel a i o e or hyphen (2). */
const KIND = new Uint8Array(65536);
for (const c of VOWELS) KIND[c.charCodeAt(0)]! |= 1;
for (const c of "aioe-") KIND[c.charCodeAt(0)]! |= 2;

const MAX = 64;
/** The alignment table (at most MAX + 1 rows of MAX + 1): scratch space, rewritten by every call. */
const dp = new Int32Array((MAX + 1) * (MAX + 1));
/** Underlying consonants: character code (& 255), deletion cost and position in prefix + stem + suffix. */
const uCode = new Int32Array(MAX);
const uDel = new Int32Array(MAX);
const uPos = new Int32Array(MAX);
const fIdx = new Int32Array(MAX);
const fCode = new Int32Array(MAX);
const owner = new Int32Array(MAX);

function consonantsOf(part: string, offset: number, n: number): number {
  for (let i = 0; i < part.length && n < MAX; i++) {
    const c = part.charCodeAt(i);
    if (!(KIND[c]! & 1) && c !== 45) {
      uCode[n] = c & 255;
      uDel[n] = c < 256 ? DELETE[c]! : 10;
      uPos[n++] = offset + i;
    }
  }
  return n;
}

/**
 * Where `surface` splits into prefix, root and suffix, given the underlying prefix, stem and suffix (boundary symbols
 * removed): cut1 × 65536 + cut2, the prefix being surface[0, cut1) and the root surface[cut1, cut2) (a number, not
 * three strings: the engine keeps it per stem and cell).
 */
export function splitSurface(prefix: string, stem: string, suffix: string, surface: string): number {
  return withRootVowels(stem, surface, splitPiece(prefix, stem, suffix, surface));
}

/**
 * The same alignment for a word or a piece of one (the join's head: prefix + the stem's first symbols and middle; or
 * its tail: the stem's last symbols + the ending), without the root's trailing vowels: cut1 × 65536 + the end of the
 * last consonant that came from the stem (0: none). Prefix: its consonants and those inserted before the stem's
 * first (nd-, gd-, d-).
 */
export function splitPiece(prefix: string, stem: string, suffix: string, surface: string): number {
  const m = owners(prefix, stem, suffix, surface);
  const p = prefix.length;
  const r = p + stem.length;
  let cut1 = 0;
  if (prefix) {
    for (let k = 0; k < m; k++) {
      if (owner[k]! >= p) break;
      cut1 = fIdx[k]! + 1;
    }
  }
  for (let k = m - 1; k >= 0; k--) if (owner[k]! >= p && owner[k]! < r) return cut1 * 65536 + fIdx[k]! + 1;
  return cut1 * 65536;
}

/**
 * The cuts (cut1 × 65536 + cut2) of `surface` from its `splitPiece`: the root runs up to the stem's last surviving
 * consonant, plus the vowels after it if the stem ends in a vowel.
 */
export function withRootVowels(stem: string, surface: string, piece: number): number {
  const cut1 = piece >>> 16;
  let cut2 = piece & 0xffff || cut1;
  if (!stem || KIND[stem.charCodeAt(stem.length - 1)]! & 1) while (cut2 < surface.length && "aioe".includes(surface[cut2]!)) cut2++;
  if (cut2 < cut1) cut2 = cut1;
  return cut1 * 65536 + cut2;
}

/** Aligns the consonants of `surface` with those of prefix + stem + suffix (`owner`, `fIdx`); returns their number. */
function owners(prefix: string, stem: string, suffix: string, surface: string): number {
  const p = prefix.length;
  const r = p + stem.length;
  const n = consonantsOf(suffix, r, consonantsOf(stem, p, consonantsOf(prefix, 0, 0)));
  let m = 0;
  for (let j = 0; j < surface.length && m < MAX; j++) {
    const c = surface.charCodeAt(j);
    if (!(KIND[c]! & 2)) {
      fCode[m] = c & 255;
      fIdx[m++] = j;
    }
  }
  // Consonants that match one to one at no cost: the diagonal costs 0, so every D(i, i) is 0 and the trace-back
  // below would take the diagonal at every step; skip the table.
  let same = n === m;
  for (let k = 0; same && k < n; k++) same = COSTS[uCode[k]! * 256 + fCode[k]!] === 0;
  if (same) for (let k = 0; k < m; k++) owner[k] = uPos[k]!;
  else align(n, m);
  return m;
}

/** The alignment table and its trace-back: which underlying letter each surface consonant came from (-1: inserted). */
function align(n: number, m: number): void {
  const w = m + 1;
  for (let j = 0; j <= m; j++) dp[j] = j * INSERT;
  for (let i = 1; i <= n; i++) {
    const row = i * w;
    const prev = row - w;
    const code = uCode[i - 1]!;
    const del = uDel[i - 1]!;
    const base = code * 256;
    dp[row] = dp[prev]! + del;
    for (let j = 1; j <= m; j++) {
      const a = dp[prev + j - 1]! + COSTS[base + fCode[j - 1]!]!;
      const b = dp[prev + j]! + del;
      const c = dp[row + j - 1]! + INSERT;
      dp[row + j] = a < b ? (a < c ? a : c) : b < c ? b : c;
    }
  }
  // Trace back: which underlying letter each surface consonant came from (-1: inserted by a rule).
  owner.fill(-1, 0, m);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const code = uCode[i - 1]!;
    const here = dp[i * w + j]!;
    if (here === dp[(i - 1) * w + j - 1]! + COSTS[code * 256 + fCode[j - 1]!]!) {
      owner[--j] = uPos[--i]!;
    } else if (here === dp[(i - 1) * w + j]! + uDel[i - 1]!) i--;
    else j--;
  }
}

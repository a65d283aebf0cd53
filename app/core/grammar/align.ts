/**
 * Splits a surface form into prefix, root and suffix by aligning its consonants with the consonants of the
 * underlying pieces (syncope only deletes vowels; the rules insert d/y/w/i and change or drop a few consonants).
 * Vowels go with the consonants around them: the vowels after the stem's last consonant stay in the root when the
 * stem ends in a vowel. Display only. Pure.
 */

const VOWELS = "aioeàìòAIYEO";
/** Letters an underlying symbol may surface as (phonology.ts alphabet). */
const SURFACES: Record<string, string> = {
  "1": "w", "2": "w", "3": "w", "4": "w", "5": "w", Q: "yh", S: "sh", M: "mn", N: "nzh", "6": "n", "7": "n", "8": "n",
  B: "bm", D: "dgj", T: "dk", C: "y", s: "z", m: "n", n: "g", d: "gj", h: "'", t: "d",
};
const DROPPABLE = "12345678QBDTCwyh'";

/** Substitution costs by character codes (underlying × surface, both < 256). */
const COSTS = new Float64Array(256 * 256).fill(2);
for (let uc = 0; uc < 256; uc++) {
  const u = String.fromCharCode(uc);
  for (const f of "bcdghjkmnpstwyz'") COSTS[uc * 256 + f.charCodeAt(0)] = u === f ? 0 : SURFACES[u]?.includes(f) ? 0.3 : 2;
}

/** Per character code: a vowel of the underlying alphabet (1), a surface vowel a i o e or hyphen (2), droppable (4). */
const KIND = new Uint8Array(65536);
for (const c of VOWELS) KIND[c.charCodeAt(0)]! |= 1;
for (const c of "aioe-") KIND[c.charCodeAt(0)]! |= 2;
for (const c of DROPPABLE) KIND[c.charCodeAt(0)]! |= 4;

let dp = new Float64Array(256);
const uIdx = new Int32Array(64);
const fIdx = new Int32Array(64);
const owner = new Int32Array(64);

/** [prefix, root, suffix] of `surface`, given the underlying prefix, stem and suffix (boundary symbols removed). */
export function splitSurface(prefix: string, stem: string, suffix: string, surface: string): [string, string, string] {
  const u = prefix + stem + suffix;
  let n = 0;
  for (let i = 0; i < u.length && n < 64; i++) {
    const c = u.charCodeAt(i);
    if (!(KIND[c]! & 1) && c !== 45) uIdx[n++] = i;
  }
  let m = 0;
  for (let j = 0; j < surface.length && m < 64; j++) if (!(KIND[surface.charCodeAt(j)]! & 2)) fIdx[m++] = j;
  const w = m + 1;
  if (dp.length < (n + 1) * w) dp = new Float64Array((n + 1) * w * 2);
  for (let j = 0; j <= m; j++) dp[j] = j;
  for (let i = 1; i <= n; i++) {
    const row = i * w;
    const prev = row - w;
    const code = u.charCodeAt(uIdx[i - 1]!);
    const del = KIND[code]! & 4 ? 0.5 : 1;
    const base = (code & 255) * 256;
    dp[row] = dp[prev]! + del;
    for (let j = 1; j <= m; j++) {
      const a = dp[prev + j - 1]! + COSTS[base + (surface.charCodeAt(fIdx[j - 1]!) & 255)]!;
      const b = dp[prev + j]! + del;
      const c = dp[row + j - 1]! + 1;
      dp[row + j] = a < b ? (a < c ? a : c) : b < c ? b : c;
    }
  }
  // Trace back: which underlying letter each surface consonant came from (-1: inserted by a rule).
  owner.fill(-1, 0, m);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const code = u.charCodeAt(uIdx[i - 1]!);
    const here = dp[i * w + j]!;
    if (Math.abs(here - (dp[(i - 1) * w + j - 1]! + COSTS[(code & 255) * 256 + (surface.charCodeAt(fIdx[j - 1]!) & 255)]!)) < 1e-9) {
      owner[--j] = uIdx[--i]!;
    } else if (Math.abs(here - (dp[(i - 1) * w + j]! + (KIND[code]! & 4 ? 0.5 : 1))) < 1e-9) i--;
    else j--;
  }
  const p = prefix.length;
  const r = p + stem.length;
  // Prefix: its consonants and those inserted before the stem's first (nd-, gd-, d-).
  let cut1 = 0;
  if (prefix) {
    for (let k = 0; k < m; k++) {
      if (owner[k]! >= p) break;
      cut1 = fIdx[k]! + 1;
    }
  }
  // Root: up to the stem's last surviving consonant, plus the vowels after it if the stem ends in a vowel.
  let cut2 = cut1;
  for (let k = m - 1; k >= 0; k--) {
    if (owner[k]! >= p && owner[k]! < r) {
      cut2 = fIdx[k]! + 1;
      break;
    }
  }
  if (VOWELS.includes(stem[stem.length - 1] ?? "")) while (cut2 < surface.length && "aioe".includes(surface[cut2]!)) cut2++;
  if (cut2 < cut1) cut2 = cut1;
  return [surface.slice(0, cut1), surface.slice(cut1, cut2), surface.slice(cut2)];
}

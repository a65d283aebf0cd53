/**
 * The word-final rules and syncope of the Odawa FST's phonology (see phonology.ts): apocope (final short vowel and
 * glide loss, with the two-syllable minimum), glide deletion, loss of final n, strong/weak syllables, the ambiguity
 * apostrophe, syncope itself and the optional loss of w before a consonant; then the site's spelling. Pure.
 */

/** A consonant cluster that counts as one onset/coda for stress (`cseqs` of the FST). */
const CSEQ = "(?:(?:[bdgptkj]|ch|zh?|sh?[ptk]?|mb?|n(?:d|zh?|j|g|h|s|y|Q)?)w?|h|'|w|y|[gk]2|[15QSMN678BDT])";
const SHORT = "[aioE]";
const LONG = "(?:aa|e|ii|oo)";
const MIN = `(?:${SHORT}${CSEQ}${SHORT}|${LONG}(?:${CSEQ}${SHORT})?)`;
// Sticky: tried only at the last symbol (lastIndex = length - 1), the lookbehind still seeing the whole word.
const APOCOPE_V = new RegExp(`(?<=${MIN}${CSEQ})${SHORT}$`, "y");
const APOCOPE_GLIDE = new RegExp(`(?<=${MIN}${CSEQ}?)[wyAIYOE12Q]$`, "y");
const GLIDE_DEL = /(?<=[bdgptkjczsmnwyh'12345QSMN678BDT])[wy12Q]$/y;
const atLast = (re: RegExp, s: string) => {
  re.lastIndex = s.length - 1;
  return re.test(s);
};
const CODA_W = /w(?=[bdgptkjczsmnwyh'])/g;
const HAS_CODA_W = /w[bdgptkjczsmnwyh']/;

const isVowel = (c: string | undefined) => c !== undefined && "aioeàìòAIO".includes(c);
const isShort = (c: string | undefined) => c === "a" || c === "i" || c === "o";

/** All subsets of an optional rule's sites (`find` must be global): the unapplied spelling first. */
export function optional(s: string, find: RegExp, replacement: string): string[] {
  const sites: Array<[number, number]> = [];
  for (const m of s.matchAll(find)) sites.push([m.index, m[0].length]);
  let out = [s];
  // Right to left, so the indices of the sites still to do stay valid.
  for (let k = sites.length - 1; k >= 0; k--) {
    const [at, len] = sites[k]!;
    out = out.flatMap((t) => [t, t.slice(0, at) + replacement + t.slice(at + len)]);
  }
  return out;
}

/** apocope, glidedel: the two word-final rules before syncope. */
export function apocope(s: string): string {
  return s.slice(0, s.length - apocopeCut(s, true));
}

/** The longest stretch the lookbehinds of apocope read before the final symbol (MIN + CSEQ: 7 + 4). */
const APOCOPE_REACH = 12;

/**
 * How many symbols apocope and glidedel drop from the end of a word: 0, 1 or 2. `whole`: `s` is the whole word; else
 * `s` is only its end, and the answer is -1 when the part of the word before `s` could change it.
 */
export function apocopeCut(s: string, whole: boolean): number {
  // apocope: the final glide or else the final short vowel (one rule, simultaneous); then glidedel.
  const n = s.length;
  const last = s[n - 1]!;
  let cut = 0;
  if ("wyAIYOE12Q".includes(last)) {
    if (atLast(APOCOPE_GLIDE, s)) cut = 1;
    else if (!whole && n <= APOCOPE_REACH) return -1;
  } else if (last === "a" || last === "i" || last === "o" || last === "E") {
    if (atLast(APOCOPE_V, s)) cut = 1;
    else if (!whole && n <= APOCOPE_REACH) return -1;
  }
  const m = n - cut;
  if (m >= 1 && "wy12Q".includes(s[m - 1]!)) {
    if (m < 2 && !whole) return -1;
    const a = cut ? s.slice(0, m) : s;
    if (atLast(GLIDE_DEL, a)) cut++;
  }
  return cut;
}

/** Every `cseqs` unit as a string (at syncope time the special symbols are resolved). */
const CSEQS = new Set<string>(["h", "'", "w", "y", "g2", "k2", ..."15QSMN678BDT"]);
for (const base of [
  "b",
  "d",
  "g",
  "p",
  "t",
  "k",
  "j",
  "ch",
  "z",
  "zh",
  "s",
  "sh",
  "sp",
  "st",
  "sk",
  "shp",
  "sht",
  "shk",
  "m",
  "mb",
  "n",
  "nd",
  "nz",
  "nzh",
  "nj",
  "ng",
  "nh",
  "ns",
  "ny",
  "nQ",
]) {
  CSEQS.add(base);
  CSEQS.add(`${base}w`);
}
/** Every `codaseqs` unit. */
const CODAS = new Set<string>(["", "w", "y", ..."15QMNS678BDT"]);
for (const base of [
  "b",
  "d",
  "g",
  "p",
  "t",
  "k",
  "j",
  "ch",
  "z",
  "zh",
  "s",
  "sh",
  "sp",
  "st",
  "sk",
  "shp",
  "sht",
  "shk",
  "m",
  "mb",
  "n",
  "nd",
  "nz",
  "nzh",
  "nj",
  "ng",
  "nh",
  "ns",
  "ny",
])
  CODAS.add(base);

/**
 * Syncope (str1–str3, ambigsync, rsync): long vowels, vowels next to vowels, a short vowel ending its word or hyphen
 * piece, and every other short vowel of a run (the 2nd, 4th … counting from a weak one) are strong; weak vowels go,
 * written ' between n and z/g/h/s/y (not word-initially) and between s/z and h.
 */
export function syncopate(s: string): string {
  return scan(s, true, START);
}

/**
 * Where syncope's left-to-right scan stands after the start of a word that ends in a consonant: all the rest of the
 * word needs to know (str3 reads whether the last vowel was short and weak and the consonants since; the apostrophe
 * reads the two letters before). The start's output does not depend on the rest, provided a vowel comes before the
 * rest's first hyphen (`vowelFirst`): then no vowel of the start is its word's last (str2).
 */
export type ScanState = { weakShort: boolean; pending: string; prev1: string | undefined; prev2: string | undefined; offset: number };
const START: ScanState = { weakShort: false, pending: "", prev1: undefined, prev2: undefined, offset: 0 };

/** The start of a word syncopated, and the scan's state after it; null when it does not end in a consonant. */
export function syncopeStart(s: string): { out: string; state: ScanState } | null {
  const n = s.length;
  if (n < 2 || isVowel(s[n - 1]) || s[n - 1] === "-") return null;
  const state = { ...START };
  return { out: scan(s, false, START, state), state };
}

/** The rest of a word syncopated, the scan resumed from `state` (the rest must be `vowelFirst`). */
export function syncopeRest(s: string, state: ScanState): string {
  return scan(s, true, state);
}

/** Whether a vowel comes before the first hyphen (the start's vowels are then never word-final). */
export function vowelFirst(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (isVowel(s[i])) return true;
    if (s[i] === "-") return false;
  }
  return false;
}

/** A key for a scan state: what the rest's syncope reads of it. */
export function scanKey(state: ScanState): string {
  const p2 = state.pending.length >= 2 ? "" : state.offset < 2 ? "^" : state.prev2 === "-" ? "-" : state.pending.length ? "v" : `${state.prev2}`;
  return `${state.weakShort ? "w" : "s"}${p2}${state.prev1 ?? "^"}|${state.pending}`;
}

/**
 * The scan itself, from `from` (the word before `s`); `atEnd`: `s` ends the word (else the rest is `vowelFirst` and
 * `s` ends in a consonant). The state after `s` is written to `to`.
 */
function scan(s: string, atEnd: boolean, from: ScanState, to?: ScanState): string {
  const n = s.length;
  let out = "";
  let weakShort = from.weakShort;
  let pendingBefore = from.pending; // consonants since the last vowel, before s
  let pendingStart = 0; // and in s from here
  for (let i = 0; i < n; i++) {
    const c = s[i]!;
    if (!isVowel(c)) {
      if (c === "-") {
        weakShort = false;
        pendingBefore = "";
        pendingStart = i + 1;
      }
      out += c;
      continue;
    }
    const before = i >= 1 ? s[i - 1] : from.prev1;
    const after = s[i + 1];
    let strong = !isShort(c) || isVowel(after) || isVowel(before);
    if (!strong) {
      // str2: the last vowel of the word or hyphen piece, before at most one coda.
      let j = i + 1;
      while (j < n && !isVowel(s[j]) && s[j] !== "-") j++;
      if (j < n ? s[j] === "-" : atEnd) strong = CODAS.has(s.slice(i + 1, j));
    }
    // str3: a short vowel after a weak short vowel and one consonant unit.
    if (!strong && weakShort && CSEQS.has(i > pendingStart || !pendingBefore ? pendingBefore + s.slice(pendingStart, i) : pendingBefore)) strong = true;
    if (strong) out += c;
    else {
      const before2 = i >= 2 ? s[i - 2] : i === 1 ? from.prev1 : from.prev2;
      if (
        (before === "n" && from.offset + i >= 2 && before2 !== "-" && after !== undefined && "zghsy".includes(after)) ||
        ((before === "s" || before === "z") && after === "h")
      )
        out += "'";
    }
    weakShort = !strong && isShort(c);
    pendingBefore = "";
    pendingStart = i + 1;
  }
  if (to) {
    to.weakShort = weakShort;
    to.pending = pendingBefore + s.slice(pendingStart);
    to.prev1 = n >= 1 ? s[n - 1] : from.prev1;
    to.prev2 = n >= 2 ? s[n - 2] : n === 1 ? from.prev1 : from.prev2;
    to.offset = from.offset + n;
  }
  return out;
}

/** The rules from apocope on; variants for n2del (n-less primary) and codawdel (w kept primary). */
export function finalRules(s: string, medler = true): string[] {
  const a = apocope(s);
  const n2 = a.endsWith("6") ? [a.slice(0, -1), `${a.slice(0, -1)}n`] : [a];
  const out: string[] = [];
  for (const t of n2) {
    let synced = syncopate(t.includes("6") ? t.replace(/6/g, "n") : t);
    if (/[àìò]/.test(synced)) synced = synced.replace(/à/g, "a").replace(/ì/g, "i").replace(/ò/g, "o");
    for (const f of medler && HAS_CODA_W.test(synced) ? optional(synced, CODA_W, "") : [synced]) if (!out.includes(f)) out.push(f);
  }
  return out;
}

/**
 * The site's spelling of an FST-spelled form: the glottal stop is ' (the FST's 'h after a lost vowel is one '),
 * and h stays h only in zh, sh, ch and after n (nasal vowel, -aanh).
 */
export function siteSpelling(fst: string): string {
  if (!fst.includes("h")) return fst;
  const t = fst.replace(/'h/g, "'");
  return t.replace(/h/g, (_m, i: number) => {
    const p = t[i - 1];
    return p === "n" || p === "s" || p === "z" || p === "c" ? "h" : "'";
  });
}

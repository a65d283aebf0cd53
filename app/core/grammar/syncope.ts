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
  // apocope: the final glide or else the final short vowel (one rule, simultaneous); then glidedel.
  const last = s[s.length - 1]!;
  let a = s;
  if ("wyAIYOE12Q".includes(last)) {
    if (atLast(APOCOPE_GLIDE, s)) a = s.slice(0, -1);
  } else if (last === "a" || last === "i" || last === "o" || last === "E") {
    if (atLast(APOCOPE_V, s)) a = s.slice(0, -1);
  }
  return "wy12Q".includes(a[a.length - 1]!) && atLast(GLIDE_DEL, a) ? a.slice(0, -1) : a;
}

/** Every `cseqs` unit as a string (at syncope time the special symbols are resolved). */
const CSEQS = new Set<string>(["h", "'", "w", "y", "g2", "k2", ..."15QSMN678BDT"]);
for (const base of ["b", "d", "g", "p", "t", "k", "j", "ch", "z", "zh", "s", "sh", "sp", "st", "sk", "shp", "sht", "shk", "m", "mb", "n", "nd", "nz", "nzh", "nj", "ng", "nh", "ns", "ny", "nQ"]) {
  CSEQS.add(base);
  CSEQS.add(`${base}w`);
}
/** Every `codaseqs` unit. */
const CODAS = new Set<string>(["", "w", "y", ..."15QMNS678BDT"]);
for (const base of ["b", "d", "g", "p", "t", "k", "j", "ch", "z", "zh", "s", "sh", "sp", "st", "sk", "shp", "sht", "shk", "m", "mb", "n", "nd", "nz", "nzh", "nj", "ng", "nh", "ns", "ny"]) CODAS.add(base);

/**
 * Syncope (str1–str3, ambigsync, rsync): long vowels, vowels next to vowels, a short vowel ending its word or hyphen
 * piece, and every other short vowel of a run (the 2nd, 4th … counting from a weak one) are strong; weak vowels go,
 * written ' between n and z/g/h/s/y (not word-initially) and between s/z and h.
 */
export function syncopate(s: string): string {
  const n = s.length;
  let out = "";
  let lastVowel = -1;
  let lastStrong = true;
  let pending = ""; // consonants since the last vowel
  for (let i = 0; i < n; i++) {
    const c = s[i]!;
    if (!isVowel(c)) {
      if (c === "-") {
        lastVowel = -1;
        lastStrong = true;
        pending = "";
      } else pending += c;
      out += c;
      continue;
    }
    let strong = !isShort(c) || isVowel(s[i + 1]) || isVowel(s[i - 1]);
    if (!strong) {
      // str2: the last vowel of the word or hyphen piece, before at most one coda.
      let j = i + 1;
      while (j < n && !isVowel(s[j]) && s[j] !== "-") j++;
      if (j === n || s[j] === "-") strong = CODAS.has(s.slice(i + 1, j));
    }
    // str3: a short vowel after a weak short vowel and one consonant unit.
    if (!strong && lastVowel >= 0 && !lastStrong && isShort(s[lastVowel]) && CSEQS.has(pending)) strong = true;
    if (strong) out += c;
    else {
      const before = s[i - 1];
      const after = s[i + 1];
      if ((before === "n" && i >= 2 && s[i - 2] !== "-" && after !== undefined && "zghsy".includes(after)) || ((before === "s" || before === "z") && after === "h")) out += "'";
    }
    lastVowel = i;
    lastStrong = strong;
    pending = "";
  }
  return out;
}

/** The rules from apocope on; variants for n2del (n-less primary) and codawdel (w kept primary). */
export function finalRules(s: string): string[] {
  const a = apocope(s);
  const n2 = a.endsWith("6") ? [a.slice(0, -1), `${a.slice(0, -1)}n`] : [a];
  const out: string[] = [];
  for (const t of n2) {
    let synced = syncopate(t.includes("6") ? t.replace(/6/g, "n") : t);
    if (/[àìò]/.test(synced)) synced = synced.replace(/à/g, "a").replace(/ì/g, "i").replace(/ò/g, "o");
    for (const f of HAS_CODA_W.test(synced) ? optional(synced, CODA_W, "") : [synced]) if (!out.includes(f)) out.push(f);
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

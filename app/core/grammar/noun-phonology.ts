/**
 * Noun phonology: the ordered rules that turn an underlying noun (prefix < stem > suffixes) into its surface
 * spellings. Pure, imports nothing. Our own implementation of the facts stated in the Odawa FST's rule file
 * (giellalt/lang-ciw `inc/flattened/phonology.xfscript`; comments name its rules), in its order; only the rules
 * that can fire in nouns are here. See docs/decisions/005a-noun-paradigm-classes.md.
 *
 * Duplication note: the verb engine (phonology.ts) has its own syncope / apostrophe / glottal rules on a different
 * representation; the noun rules here follow the FST more literally (stress marks, optional rules). Merge later.
 *
 * Underlying alphabet (one character per symbol, so every rule is a plain string operation):
 *   a i o e, consonants, ä ï ö (locked short vowels, never syncopated), ' and h (glottal stop, written h by the FST)
 *   A = a1 (aa before a suffix)   I = i1 (ii before a suffix)   E = e1 (coalescing e of -e1ns/-e1ny)
 *   W = w1 (labiovelar w: o before i/e1/a)   U = w2 (w that drops before nasals)   Y = y1   Q = n2 (optional final n)
 *   N = n1, S = s1 (palatalising; plain n/s in nouns)   D = d2   M = m1
 *   < prefix boundary, > suffix boundary, ^ vowel-initial dependent stem, - compound hyphen, & stress mark
 * long-file: the rules in the FST's order, each reading the alphabet and the helpers above it; apart, every part
 * would have to export them to the others.
 */

/** Which optional rules applied in a variant: [sites applied, sites available] per rule. */
export type OptionalRule = "initV" | "wiCoal" | "n2del" | "wDel";
export type RuleUse = Record<OptionalRule, [number, number]>;
export type Variant = { text: string; use: RuleUse };

const SHORT = "aioE";
const VOWEL = "aioeAIJOEäïö"; // ä ï ö: locked short vowels (a lemma used as its own stem), never lost
const CONS = "bdgptkjczsmnwyh'WUYSMNQD";
const isShort = (c: string | undefined) => c !== undefined && c !== "" && SHORT.includes(c);
const isCons = (c: string | undefined) => c !== undefined && c !== "" && CONS.includes(c);

// Consonant sequences that may stand between two vowels of one syllable pattern (cseqs) and codas (codaseqs).
const CSEQ = "(?:(?:b|d|g|p|t|k|j|ch|zh?|sh?[ptk]?|mb?|n(?:d|zh?|j|g|h|s|y|Y)?)w?|h|'|w|y|[gk]U|W|Y|S|M|N|Q|D)";
const CODA = "(?:b|d|g|p|t|k|j|ch|zh?|sh?[ptk]?|mb?|n(?:d|zh?|j|g|h|s|y)?|w|y|W|Y|M|N|Q|S|D)";
const LONG = "(?:aa|e|ii|oo)";
const S = "[aioE]";
/** Left context of final-vowel loss: a word must keep two syllables' worth of weight (apocope). */
const APOCOPE_V = new RegExp(`(?:${S}${CSEQ}${S}|${LONG}(?:${CSEQ}${S})?)${CSEQ}$`);
const APOCOPE_G = new RegExp(`(?:${S}${CSEQ}${S}|${LONG}(?:${CSEQ}${S})?)${CSEQ}?$`);
/** At a position (sticky): at most one coda, then a hyphen or the end of the word. */
const CODA_END_AT = new RegExp(`${CODA}?(?:-|$)`, "y");
const LONG_AHEAD = /^(?:aa|e|ii|oo)/;
const LONG_BEHIND = /(?:aa|e|ii|oo)$/;
/** Quick tests: where vvvDel and vCoal change anything (they return the word as it is elsewhere). */
const SHORT_BY_LONG = /[aioE](?:aa|e|ii|oo)|(?:aa|e|ii|oo)[aioE]/;
const VOWEL_CHANGE = /[oOö][aiE]|[iIï][aoE]|[aAä][ioE]/;
/** Sites of the optional rules initV, wiCoal and wDel. */
const INIT_V_SITE = /[aioE](?=<[aioE][bdgptkjczsmnwyh'WUYSMNQD])/g;
const WI_SITE = /wi/g;
const W_DEL_SITE = /w(?=[bdgptkjczsmnwyh'])/g;

type Rule = (s: string) => string;

/** All ways of applying an optional one-symbol rule at its sites: each site applied or not. */
function optional(texts: Variant[], rule: OptionalRule, sites: (s: string) => number[], apply: (s: string, at: number[]) => string): Variant[] {
  const out: Variant[] = [];
  for (const v of texts) {
    const at = sites(v.text);
    if (at.length === 0) {
      out.push(v); // no site: the variant as it is (its use counts unchanged)
      continue;
    }
    const n = Math.min(at.length, 6); // bound the combinations: sites after the 6th stay unapplied
    for (let mask = 0; mask < 1 << n; mask++) {
      const chosen = at.filter((_, k) => k < n && mask & (1 << k));
      const use = { ...v.use, [rule]: [v.use[rule][0] + chosen.length, v.use[rule][1] + at.length] as [number, number] };
      out.push({ text: apply(v.text, chosen), use });
    }
  }
  return out;
}

/** Where a global regex (never matching the empty string) matches in s, as matchAll would, without its copies. */
function indexesOf(s: string, re: RegExp): number[] {
  const out: number[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) out.push(m.index);
  return out;
}

function replaceAt(s: string, at: number[], len: number, by: string): string {
  let out = s;
  for (const i of [...at].sort((a, b) => b - a)) out = out.slice(0, i) + by + out.slice(i + len);
  return out;
}

// ── rules that see morpheme boundaries ──
// Each rule first checks that its pattern can occur at all (the replaces below return the word as it is otherwise).
const preGli: Rule = (s) => (!s.includes("<^") ? s : s.replace(/o(?=<\^[aioeAIJOEäïö])/g, "w")); // o- before a vowel-initial dependent stem
const preDel: Rule = (s) => (!s.includes("<^") ? s : s.replace(/[aioE](?=<\^[aioeAIJOEäïö])/g, "")); // ni-/gi- lose their vowel there
const preLen: Rule = (s) => (!s.includes("<o") ? s : s.replace(/<(?=o)/g, "<o")); // o-initial stems: od-oo…
const preEpen: Rule = (s) => (!s.includes("<") ? s : s.replace(/(?=<[aioeAIJOEäïö])/g, "d")); // nid-/gid-/od- before a vowel
const conPl: Rule = (s) => (!s.includes("Eny>") ? s : s.replace(/(?<=Eny>)[aioE]/g, "i")); // -e1ny-ag → -enyig
const a1i1: Rule = (s) =>
  !s.includes("A>") && !s.includes("I>") ? s : s.replace(/A>a/g, "a>").replace(/A>E/g, ">e").replace(/A>/g, "aa>").replace(/I>/g, "ii>");
/** Between two consonants a suffix boundary takes i (both neighbours are read on the input). */
const ccEpen: Rule = (s) => {
  let k = s.indexOf(">");
  if (k < 0) return s;
  // Copied as it is up to each > that takes an i.
  let out = "";
  let from = 0;
  for (; k >= 0; k = s.indexOf(">", k + 1)) {
    if (k === 0 || !isCons(s[k - 1]) || !isCons(s[k + 1])) continue;
    out += s.slice(from, k) + "i";
    from = k;
  }
  return from === 0 ? s : out + s.slice(from);
};
const rmBound: Rule = (s) => {
  if (s.includes(">")) s = s.replaceAll(">", "");
  if (s.includes("<")) s = s.replaceAll("<", "");
  return s.includes("^") ? s.replaceAll("^", "") : s;
};

// ── rules over the whole word ──
const PLAIN_SYMBOL = /[DMUSNJyY]/;
const plainSymbols: Rule = (s) => {
  if (!PLAIN_SYMBOL.test(s)) return s;
  // In this order; each replace only where its symbol is.
  if (s.includes("D")) s = s.replaceAll("D", "d");
  if (s.includes("M")) s = s.replace(/M(?=[mn])/g, "a").replace(/M/g, "m");
  if (s.includes("U")) s = s.replace(/U(?=(?:aa?|ii?|oo?|e|[AIJOE])?[mnQ])/g, "").replace(/U/g, "w"); // w2 drops before a nasal
  if (s.includes("S")) s = s.replaceAll("S", "s");
  if (s.includes("N")) s = s.replaceAll("N", "n");
  if (s.includes("J")) s = s.replaceAll("J", "i");
  return s.includes("y") || s.includes("Y") ? s.replace(/(?<=n)[yY](?=-|$)/g, "h") : s; // final ny → nh
};
/** A short vowel next to a long one is lost (left context on the output: rule vvvDel). */
const vvvDel: Rule = (s) => {
  // Until a vowel is lost the output is the input, so without a short vowel next to a long one nothing changes.
  if (!SHORT_BY_LONG.test(s)) return s;
  let out = "";
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!;
    if (isShort(c) && (LONG_AHEAD.test(s.slice(k + 1, k + 3)) || LONG_BEHIND.test(out.slice(-2)))) continue;
    out += c;
  }
  return out;
};
const coalesce: Rule = (s) =>
  !s.includes("Y") && !s.includes("W")
    ? s
    : s
        .replace(/Y[aioE]/g, "i")
        .replace(/W[iE]/g, "o")
        .replace(/Wa/g, "o")
        .replace(/W/g, "");
/** A short vowel after a vowel takes its quality (vCoal). */
const vCoal: Rule = (s) => {
  if (!VOWEL_CHANGE.test(s)) return s;
  let out = "";
  let from = 0; // s[from, k) is copied as it is
  for (let k = 1; k < s.length; k++) {
    const c = s[k]!;
    if (c !== "a" && c !== "i" && c !== "o" && c !== "E") continue;
    const p = s[k - 1];
    const q = p === "o" || p === "O" || p === "ö" ? "o" : p === "i" || p === "I" || p === "ï" ? "i" : p === "a" || p === "A" || p === "ä" ? "a" : c;
    if (q === c) continue;
    out += s.slice(from, k) + q;
    from = k + 1;
  }
  return from === 0 ? s : out + s.slice(from);
};
/** Before nh/ny/ns a short vowel is long: e1 → e, V → VV (lenPreNas), then the other e1 → i. */
const lenPreNas: Rule = (s) => {
  let out = "";
  let from = 0; // s[from, k) is copied as it is
  for (let k = 0; k < s.length - 2; k++) {
    const h = s[k + 2];
    if (s[k + 1] !== "n" || (h !== "h" && h !== "y" && h !== "s")) continue;
    const c = s[k];
    if (c === "E") {
      out += s.slice(from, k) + "e";
      from = k + 1;
    } else if ((c === "o" || c === "i" || c === "a") && k > 0 && s[k - 1] !== c) {
      out += s.slice(from, k + 1) + c;
      from = k + 1;
    }
  }
  if (from > 0) s = out + s.slice(from);
  return s.includes("E") ? s.replace(/E/g, "i") : s;
};
/** Final short vowel and final glide/special loss, where the word keeps enough weight (apocope, glidedel). */
const apocope: Rule = (s) => {
  let last = s.slice(-1);
  let before = s.slice(0, -1);
  if (last !== "" && (("aio".includes(last) && APOCOPE_V.test(before.slice(-14))) || ("wyAIJOEWUY".includes(last) && APOCOPE_G.test(before.slice(-14))))) {
    s = before;
    last = s.slice(-1);
    before = s.slice(0, -1);
  }
  // glidedel: a final glide after a consonant goes.
  if (last !== "" && "wyWUY".includes(last) && isCons(before.slice(-1))) return before;
  return s;
};

/** Character classes by code (below 256): 1 a vowel (VOWEL), 2 a short a i o. */
const CLASS = new Uint8Array(256);
for (const c of VOWEL) CLASS[c.charCodeAt(0)] = 1;
for (const c of "aio") CLASS[c.charCodeAt(0)] = 3;
const classOf = (s: string, k: number) => {
  const c = s.charCodeAt(k);
  return c < 256 ? CLASS[c]! : 0; // NaN (outside s) is not below 256
};
/** At a position (sticky): the consonants between two syllables (CSEQ), then a short a i o. */
const CSEQ_TO_SHORT = new RegExp(`${CSEQ}(?=[aio])`, "y");

/**
 * Stress (str1–str3) then syncope: every vowel not marked strong is lost; ' where the loss would be ambiguous. With
 * `marked`, each strong vowel keeps its marks (&: explain.ts and the step after read the cascade's own output);
 * without, the same word without them (the join's, noun-join.ts: no later rule reads a mark).
 */
function syncopeOf(s: string, marked: boolean): string {
  // One pass for the three stress rules, each reading what the one before would have written; a strong vowel is
  // followed by a mark & (two where str3 and str1/str2 both mark it):
  // str1: long vowels, vowel sequences and e are strong.
  // str2: the last short vowel of a word or compound piece (before at most one coda) is strong. It looks ahead over
  //   consonants only, where str1 writes no mark, so it can read the input (a vowel str1 marked is never marked again).
  // str3: in a run of short syllables every second vowel is strong: a short vowel after a consonant sequence (CSEQ,
  //   at most 4 symbols) that follows an unmarked short vowel (the pattern [aio] CSEQ [aio] on the output so far,
  //   whose only possible mark is after its first vowel, the last vowel before this one: CSEQ has none).
  // Then, in the same pass, as each vowel's marks are known:
  // ambigsync: an unstressed vowel between n and z/g/h/s/y (n not word- or piece-initial), or s/z and h, is '.
  // rsync: a vowel followed by anything but a stress mark is deleted.
  const n = s.length;
  let x = "";
  let from = 0; // s[from, i) is copied as it is
  let last = -1; // the last vowel's position
  let lastShortUnmarked = false; // is it a short a i o without a mark?
  let pk = 0; // the class of s[i - 1]
  let k = n > 0 ? classOf(s, 0) : 0; // the class of s[i]
  for (let i = 0; i < n; pk = k, k = classOf(s, ++i)) {
    if (k === 0) continue;
    const nk = classOf(s, i + 1);
    const short = k === 3;
    let m = 0;
    if (short && lastShortUnmarked && i - last <= 5) {
      CSEQ_TO_SHORT.lastIndex = last + 1;
      if (CSEQ_TO_SHORT.test(s) && CSEQ_TO_SHORT.lastIndex === i) m++;
    }
    const c = s.charCodeAt(i);
    if (nk !== 0 || pk !== 0 || c === 101 || c === 228 || c === 239 || c === 246)
      m++; // e ä ï ö
    else if (short && (n - i <= 4 || s[i + 1] === "-" || s[i + 2] === "-" || s[i + 3] === "-" || s[i + 4] === "-")) {
      // At most one coda (3 symbols at most), then a hyphen or the end.
      CODA_END_AT.lastIndex = i + 1;
      if (CODA_END_AT.test(s)) m++;
    }
    last = i;
    lastShortUnmarked = short && m === 0;
    if (m) {
      if (marked) {
        x += s.slice(from, i + 1) + (m === 2 ? "&&" : "&");
        from = i + 1;
      }
      continue;
    }
    x += s.slice(from, i);
    from = i + 1;
    if (i === n - 1) {
      x += s[i]; // rsync keeps a word-final vowel
      continue;
    }
    const next = s.charCodeAt(i + 1);
    const prev = i > 0 ? s.charCodeAt(i - 1) : 0; // a consonant or "-" here is the output's symbol before the vowel (only vowels have marks)
    // n (110) before z g h s y (122 103 104 115 121), n not after "-" (45); s/z (115 122) before h (104).
    const nz = prev === 110 && i >= 2 && s.charCodeAt(i - 2) !== 45 && (next === 122 || next === 103 || next === 104 || next === 115 || next === 121);
    const sz = (prev === 115 || prev === 122) && next === 104;
    if (nz || sz) x += "'";
    // A vowel lost between n and g/k where ambigsync writes nothing (n word- or piece-initial, or before k): "^"
    // marks the site (shown as nothing) for the n' the dictionary writes in some nouns (n'kaat), step N_APOS_STEP.
    else if (prev === 110 && (next === 103 || next === 107)) x += "^";
  }
  return from === 0 ? s : x + s.slice(from);
}
const syncope: Rule = (s) => syncopeOf(s, true);
/** Syncope without the stress marks (see syncopeOf). */
export const syncopeUnmarked: Rule = (s) => syncopeOf(s, false);

/** No optional rule used: shared by every variant that met no site (frozen: variants' counts are never changed in place). */
const NONE = Object.freeze({
  initV: Object.freeze([0, 0]),
  wiCoal: Object.freeze([0, 0]),
  n2del: Object.freeze([0, 0]),
  wDel: Object.freeze([0, 0]),
}) as unknown as RuleUse;

/** One step of the cascade: a rule, or an optional rule applied at every subset of its sites. */
export type NounStep =
  { name: string; rule: Rule } | { name: OptionalRule | typeof N_APOS_STEP; sites: (s: string) => number[]; apply: (s: string, at: number[]) => string };

/**
 * The name of the n' step. explain.ts shows a step's name where it has no description of its own, so this one says
 * what the step does.
 */
export const N_APOS_STEP = "n' is written where a vowel was lost before g or k, as this noun's headword writes it";

const N_APOS_SITE = /\^/g;
/** n' where a vowel was lost before g/k (the marks syncope left): `'` at the sites chosen, nothing at the others. */
export function nApos(s: string, at: number[]): string {
  return s.includes("^") ? replaceAt(s, at, 1, "'").replace(N_APOS_SITE, "") : s;
}
/** The n' sites of a surface form (syncope's marks). */
export const nAposSites = (s: string) => indexesOf(s, N_APOS_SITE);

/** No site (frozen: shared; callers only read sites). */
const NO_SITES: number[] = Object.freeze([]) as unknown as number[];

/** The cascade in the FST's order (surfaceNoun runs it; explain.ts replays it step by step). */
export const NOUN_STEPS: NounStep[] = [
  { name: "preGli", rule: preGli },
  // optinitV: the prefix vowel may drop before a short-vowel-initial stem (n-abwii ~ ni-abwii → nd-…).
  { name: "initV", sites: (s) => (s.includes("<") ? indexesOf(s, INIT_V_SITE) : NO_SITES), apply: (s, at) => replaceAt(s, at, 1, "") },
  { name: "preDel", rule: preDel },
  { name: "preLen", rule: preLen },
  { name: "preEpen", rule: preEpen },
  { name: "conPl", rule: conPl },
  { name: "a1i1", rule: a1i1 },
  { name: "ccEpen", rule: ccEpen },
  { name: "rmBound", rule: rmBound },
  { name: "plainSymbols", rule: plainSymbols },
  { name: "vvvDel", rule: vvvDel },
  { name: "coalesce", rule: coalesce },
  // wiCoal (Medler): wi may become o.
  { name: "wiCoal", sites: (s) => (s.includes("wi") ? indexesOf(s, WI_SITE) : NO_SITES), apply: (s, at) => replaceAt(s, at, 2, "o") },
  { name: "vCoal", rule: vCoal },
  { name: "lenPreNas", rule: lenPreNas },
  { name: "apocope", rule: apocope },
  // n2del: the final n of -naan may drop (Odawa).
  { name: "n2del", sites: (s) => (s.endsWith("Q") ? [s.length - 1] : NO_SITES), apply: (s, at) => replaceAt(s, at, 1, "") },
  { name: "n2n", rule: (s) => (s.includes("Q") ? s.replace(/Q/g, "n") : s) },
  { name: "syncope", rule: syncope },
  // codawdel (Medler): w may drop before a consonant.
  { name: "wDel", sites: (s) => (s.includes("w") ? indexesOf(s, W_DEL_SITE) : NO_SITES), apply: (s, at) => replaceAt(s, at, 1, "") },
  // n' spelling: a lemma the dictionary writes n'k/n'g has ' at every such site, others none (not in the FST, whose
  // ambigsync writes ' only after a non-initial n before g). surfaceNoun leaves the marks; decline() chooses per noun.
  { name: N_APOS_STEP, sites: nAposSites, apply: nApos },
];

/**
 * Surface forms of an underlying noun (encoded as above), in the FST's spelling (glottal stop h, no final devoicing),
 * each with the optional rules it used. A "^" marks where a vowel was lost between n and g/k outside ambigsync (the
 * FST writes nothing there; `nApos` writes the n' of nouns whose headword has it).
 */
export function surfaceNoun(underlying: string): Variant[] {
  let vs: Variant[] = [{ text: underlying, use: NONE }];
  for (const step of NOUN_STEPS) {
    if ("rule" in step) for (const v of vs) v.text = step.rule(v.text);
    else if (step.name !== N_APOS_STEP) vs = optional(vs, step.name, step.sites, step.apply);
  }
  const seen = new Map<string, Variant>();
  for (const v of vs) {
    const text = v.text.replace(/&/g, "");
    if (!seen.has(text)) seen.set(text, { text, use: v.use });
  }
  return [...seen.values()];
}

/** The FST's spelling to the site's: the glottal stop h (not in ch/sh/zh/nh) and the ambiguity mark before it are '. */
export function siteSpelling(fst: string): string {
  if (!fst.includes("h") && !fst.includes("''")) return fst;
  return fst
    .replace(/'h/g, "'")
    .replace(/(?<![csznh'])h/g, "'")
    .replace(/''+/g, "'");
}

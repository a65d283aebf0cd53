/**
 * Surface realisation of an underlying verb form: prefix < stem > suffixes → every surface spelling, by the ordered
 * rules of the Odawa FST's phonology (giellalt/lang-ciw `inc/flattened/phonology.xfscript`; the facts, re-implemented
 * here). Pure; see docs/decisions/005-grammar-engine.md.
 *
 * Internal alphabet: one character per symbol, so every rule is a plain string rewrite.
 *   a i o (short), aa ii oo e (long: two letters, or e), consonants b d g p t k j c h z s m n w y '
 *   A a1  I i1  Y i2 (palatalising i)  E e1  O o1
 *   1 w1  2 w2 (stem-final w lost before nasals)  3 w3 (hiatus w of the negative)  4 w4  5 w5 (VAI/VII 3rd person)
 *   Q y1  S s1 (s → sh before i2)  M m1 (VTI -am: a before m/n)  N n1 (n → zh before i2)
 *   6 n2 (final n, optionally lost)  7 n3  8 n4 (n without lengthening)  B b1  D d1 (3rd-person d)  T d2 (VII d)
 *   C c1 (conjunct/negative linker)   à ì ò locked vowels (lemma fallback: never syncopated)
 *   < prefix boundary  > suffix boundary  - hyphen (compound stems)
 *
 * long-file: the rules, the join (a stem's head and tail worked out apart) and the word-final rules on the join's
 * pieces share the stem's split and its memos; apart they would have to export those internals to each other.
 */
import { splitPiece, splitSurface, withRootVowels } from "./align";
import type { MemoMap } from "./memo";
import { apocopeCut, finalRules, optional, scanKey, siteSpelling, syncopeRest, syncopeStart, vowelFirst, type ScanState } from "./syncope";

const SYMBOLS: Record<string, string> = {
  a1: "A",
  i1: "I",
  i2: "Y",
  e1: "E",
  o1: "O",
  w1: "1",
  w2: "2",
  w3: "3",
  w4: "4",
  w5: "5",
  y1: "Q",
  s1: "S",
  m1: "M",
  n1: "N",
  n2: "6",
  n3: "7",
  n4: "8",
  b1: "B",
  d1: "D",
  d2: "T",
  c1: "C",
};
const VALENTINE: Record<string, string> = { Va1: "o", Vi1: "a", Vv1: "i", Vo1: "wa", Vo2: "a" };

/** Underlying notation (otw_lexicon_stems.tsv, affix tables) → internal alphabet. Apostrophe look-alikes become '. */
export function encode(text: string): string {
  return text
    .replace(/[\u2019\u2018\u02bc\u02bb\u0060\u00b4\u2032]/g, "'")
    .replace(/V[aivo][12]/g, (m) => VALENTINE[m] ?? m)
    .toLowerCase()
    .replace(/[aieowysmnbdc][1-5]/g, (m) => SYMBOLS[m] ?? m);
}

/** Symbols the engine does not know (an unknown digit pair, an upper-case letter outside the alphabet). */
export function hasUnknownSymbol(encoded: string): boolean {
  return /[^abcdeghijkmnopstwyz'\-AIYEO123456789QSMNBDTCàìò]/.test(encoded) || /[0-9]/.test(encoded.replace(/[1-8]/g, ""));
}

const V = "aioeAIYOEàìò";
const NAS = "[n6mM]";
const CONS_CLASS = "[bdgptkjczsmnwyh'12345QSMN678BDT]";
const VOWEL_CLASS = `[${V}]`;

type Rule = (s: string) => string;
const rx = (source: string, flags = "g") => new RegExp(source, flags);

// ── rules that see morpheme boundaries ──
const PRE_EPEN = rx(`<(?=${VOWEL_CLASS})`, "");
const ORD_ASSIM_B = rx(`${NAS}(?=>B)`);
const D1_P = rx(`(?<!${NAS})D(?=>B)`);
const ORD_ASSIM_C = rx(`${NAS}(?=C>[szdDjg])`);
const ORD_ASSIM_K = rx(`${NAS}(?=>k)`);
const D1_NASSTEM = rx(`(${NAS}C>)D`);
const W3W = rx(`3(?=>${VOWEL_CLASS})`);
const RM_BOUND = rx(`(${NAS}C)>(?=z)`);
const A_EPEN_1 = rx(`(${NAS}C)(?=4)`);
const A_EPEN_2 = rx(`(${NAS}C>)(?=g[4o])`);
const W5O = rx(`(${NAS})5(?=>a[ng])`);
const CC_EPEN = rx(`(${CONS_CLASS})(?=>${CONS_CLASS})|(${NAS}C)(?=>${NAS})`);

export const boundaryRules: Rule[] = [
  (s) => (s.includes("<o") ? s.replace("<o", "<oo") : s), // preLen: od-ozhitoo → doozhtoon
  (s) => (s.includes("<") ? s.replace(PRE_EPEN, "d<") : s), // preEpen
  (s) => (/[AI]>/.test(s) ? s.replace(/A>a/g, "a>").replace(/A>E/g, ">e").replace(/A>/g, "aa>").replace(/I>/g, "ii>") : s),
  (s) => (s.includes(">") ? s.replace(ORD_ASSIM_B, "m").replace(ORD_ASSIM_C, "n").replace(ORD_ASSIM_K, "n").replace(/n>k/g, "ng") : s), // ordAssim, NC
  (s) => (s.includes("D") ? s.replace(D1_NASSTEM, "$1g").replace(/DQ(?=4|>B)/g, "D") : s), // cnjD1Gnasstem, partexcise
  (s) => (s.includes("D>B") ? s.replace(D1_P, "p").replace(/p>B/g, "p>") : s), // cnjD1p, cnjpb1: preterit -pan
  (s) => (s.includes("3") ? s.replace(/si3>D$/, "si3>D4") : s), // cnjnegsig: -sig, not *-sid
  (s) => (s.includes("D4") ? s.replace(/D4/g, "g4") : s), // cnjd1w4
  (s) =>
    s.includes(">B")
      ? s
          .replace(/(e|an)gw(?=>B)/g, "$1go")
          .replace(/4(?=>B)/g, "o")
          .replace(/m>B/g, "mB")
      : s, // cnjoban, cnjrmbound
  (s) => (s.includes("3") ? s.replace(W3W, "w").replace(/3/g, "") : s), // cnjW3w, cnjW3del
  (s) => (s.includes("C") ? s.replace(RM_BOUND, "$1").replace(A_EPEN_1, "$1a").replace(A_EPEN_2, "$1a") : s),
  (s) =>
    s.includes("5")
      ? s
          .replace(W5O, "$1o")
          .replace(/5(?=>goba)/g, "")
          .replace(/5/g, "w")
      : s, // w5o, w5del, w5w
  (s) => (s.includes(">") ? s.replace(CC_EPEN, (m, c?: string, nc?: string) => `${c ?? nc}i`) : s), // ccEpen
];

// ── rules on the plain string ──
const HIATUS = rx(`(?<=${VOWEL_CLASS})C(?=${VOWEL_CLASS})`);
const CNJ_VOI = rx(`(${NAS}C)s`);
const D1_NAS = rx(`(${NAS})D`);
const D1_PAL = rx(`[dD](?=Q${VOWEL_CLASS})`);
const W4W = rx(`4(?=${VOWEL_CLASS})`);
const W2NAS = rx(`2(?=${VOWEL_CLASS}?[mn67])`);

export const plainRules: Rule[] = [
  (s) => (s.includes("C") ? s.replace(HIATUS, "y").replace(CNJ_VOI, "$1z") : s), // cnjHiatus, cnjVoi
  (s) =>
    s.includes("T")
      ? s
          .replace(/TCg$/, "k")
          .replace(/TC(?=s)/g, "")
          .replace(/T/g, "d")
      : s, // d2k, d2del, d2d
  (s) => (s.includes("C") ? s.replace(/C/g, "") : s),
  (s) => (s.includes("D") ? s.replace(D1_NAS, "$1g").replace(D1_PAL, "j").replace(/D/g, "d") : s), // cnjD1Gnas, d1pal, cnjD1d
  (s) => (/[4B]/.test(s) ? s.replace(/4e6/g, "4e6h").replace(W4W, "w").replace(/4/g, "").replace(/B/g, "b") : s), // cnjW4nas, cnjW4w, cnjb1b
  (s) =>
    s.includes("M")
      ? s
          .replace(/Ms/g, "nz")
          .replace(/M(?=[mn])/g, "a")
          .replace(/M8/g, "n")
          .replace(/M/g, "m")
      : s, // vtiVoi, complen
  (s) => (s.includes("8") ? s.replace(/8/g, "n") : s),
  (s) => (s.includes("2") ? s.replace(W2NAS, "").replace(/2/g, "w") : s),
  (s) =>
    /[SNY]/.test(s)
      ? s
          .replace(/S(?=Y)/g, "sh")
          .replace(/S/g, "s")
          .replace(/N(?=Y)/g, "zh")
          .replace(/Y/g, "i")
          .replace(/N/g, "n")
      : s,
  (s) => (/n[yQ](?=-|$)/.test(s) ? s.replace(/n[yQ](?=-|$)/g, "nh") : s), // ny
  vvvDel,
  (s) => (s.includes("Q") ? s.replace(/Q[aioE]/g, "i") : s), // y1Coal
  (s) => (s.includes("1") ? s.replace(/1[iE]/g, "o").replace(/1a/g, "o").replace(/1/g, "") : s), // w1Coal, w1Del
];

const SHORT = "aioE";

/** vvvDel: a short vowel next to a long vowel is lost (left context read on the output, left to right). */
function vvvDel(s: string): string {
  if (!/[aioeE]{3}|e[aioE]|[aioE]e/.test(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (SHORT.includes(c)) {
      const right = s[i + 1] === "e" || (s[i + 1] !== undefined && "aio".includes(s[i + 1]!) && s[i + 2] === s[i + 1]);
      const n = out.length;
      const left = out[n - 1] === "e" || (n >= 2 && "aio".includes(out[n - 1]!) && out[n - 2] === out[n - 1]);
      if (right || left) continue;
    }
    out += c;
  }
  return out;
}

/** vCoal: a short vowel after a vowel takes its quality (o·a → oo, i·o → ii, a·i → aa); input contexts. */
export function vCoal(s: string): string {
  if (!/[oO][aiE]|[iI][aoE]|[aA][ioE]/.test(s)) return s;
  let out = s[0] ?? "";
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    const p = s[i - 1]!;
    if (SHORT.includes(c)) {
      if (p === "o" || p === "O") out += "o";
      else if (p === "i" || p === "I") out += "i";
      else if (p === "a" || p === "A") out += "a";
      else out += c;
    } else out += c;
  }
  return out;
}

/** lenPreNas: e1 → e, and a single short vowel lengthens, before n + h/y/s (diminutive rule; also hits -nsiidaa). */
export function lenPreNas(s: string): string {
  if (!/n[hys]/.test(s)) return s;
  return s
    .replace(/E(?=n[hys])/g, "e")
    .replace(/(?<!o)o(?=n[hys])/g, "oo")
    .replace(/(?<!i)i(?=n[hys])/g, "ii")
    .replace(/(?<!a)a(?=n[hys])/g, "aa");
}

/** Any special symbol (rules other than preLen, preEpen and vvvDel only act on these or on boundaries). */
const SPECIAL = /[A-Z1-8]/;
const OPT_INIT_V = /([aioE])<(?=[aioE][bdgptkjczsmnwyh'12345QSMN678BDT])/;
const WI = /wi/g;

/**
 * The rules before the word-final ones (everything up to apocope) on one underlying string, every variant of the
 * optional rules on the way (prefix on the syncopated base, wi → o), in the FST's order of preference.
 */
function beforeFinal(word: string, prefixed: boolean, medler = true): string[] {
  const starts = prefixed && OPT_INIT_V.test(word) ? [word, word.replace(OPT_INIT_V, "<")] : [word];
  const out: string[] = [];
  const special = SPECIAL.test(word);
  for (let s of starts) {
    if (special || s.includes(">")) for (const rule of boundaryRules) s = rule(s);
    else if (s.includes("<")) s = boundaryRules[1]!(boundaryRules[0]!(s)); // preLen, preEpen
    if (s.includes("<") || s.includes(">")) s = s.replace(/[<>]/g, "");
    if (special) for (const rule of plainRules) s = rule(s);
    else s = vvvDel(plainRules[9]!(s)); // ny, vvvDel
    for (let t of medler && s.includes("wi") ? optional(s, WI, "o") : [s]) {
      t = lenPreNas(vCoal(t));
      if (t.includes("E")) t = t.replace(/E/g, "i");
      out.push(t);
    }
  }
  return out;
}

/**
 * Every surface form (FST spelling: glottal stop h, no final devoicing) of prefix + stem + suffix, primary first.
 * Optional rules give the variants: prefix on the syncopated base (optinitV), w + i → o (wiCoal), loss of final n
 * (n2del: the n-less form is primary), w before a consonant (codawdel).
 */
export function surfaceForms(prefix: string, stem: string, suffix: string): string[] {
  return finalForms(preFinal(prefix, stem, suffix));
}

/** The strings before the word-final rules (apocope on) of prefix + stem + suffix, as `surfaceForms` works them out. */
export function preFinal(prefix: string, stem: string, suffix: string, memo?: JoinMemo): string[] {
  return joined(prefix, stem, suffix, memo) ?? beforeFinal(prefix ? `${prefix}<${stem}${suffix}` : `${stem}${suffix}`, !!prefix);
}

/**
 * Strings with the same consonant projections (projection.ts) as `preFinal`'s, for the analyser's narrowing: where
 * the join cannot split, the whole-word rules stop after the last that can add, drop or change a letter other than a
 * vowel, w, y, h or a glide symbol (plainRules' sh/zh rule); the rest (ny, vvvDel, y1Coal, w1Coal, wi → o, lenPreNas,
 * vCoal, e1 → i) only rewrite vowels and glides, so each string's projection is already final.
 */
export function preFinalConsonants(prefix: string, stem: string, suffix: string, memo?: JoinMemo): string[] {
  const joinedForms = joined(prefix, stem, suffix, memo);
  if (joinedForms) return joinedForms;
  const word = prefix ? `${prefix}<${stem}${suffix}` : `${stem}${suffix}`;
  const starts = prefix && OPT_INIT_V.test(word) ? [word, word.replace(OPT_INIT_V, "<")] : [word];
  const special = SPECIAL.test(word);
  for (let i = 0; i < starts.length; i++) {
    let s = starts[i]!;
    if (special || s.includes(">")) for (const rule of boundaryRules) s = rule(s);
    else if (s.includes("<")) s = boundaryRules[1]!(boundaryRules[0]!(s)); // preLen, preEpen
    if (s.includes("<") || s.includes(">")) s = s.replace(/[<>]/g, "");
    if (special) for (let r = 0; r < LAST_CONSONANT_RULE; r++) s = plainRules[r]!(s);
    starts[i] = s;
  }
  return starts;
}
/** plainRules from this index on change vowels and glides only. */
const LAST_CONSONANT_RULE = 9;

/** The same, every rule run over the whole word (no join): the reference the join is tested against. */
export function surfaceFormsWhole(prefix: string, stem: string, suffix: string): string[] {
  return finalForms(beforeFinal(prefix ? `${prefix}<${stem}${suffix}` : `${stem}${suffix}`, !!prefix));
}

function finalForms(words: string[], medler = true): string[] {
  const out: string[] = [];
  for (const t of words) {
    for (const f of finalRules(t, medler)) if (!out.includes(f)) out.push(f);
  }
  return out;
}
// ── the join: stem part and ending part worked out separately ──
// The rules before apocope are local (no context reaches more than three symbols), except the optional wi → o, whose
// variants multiply. So a stem splits into a head (prefix + its first symbols, at least HEAD, up to the first
// consonant after them), an inert middle that no rule touches, and a tail (its last symbols, at least TAIL, back to a
// consonant, + the ending). Head and tail are computed once each, with CONTEXT symbols of the middle on their inner
// side (which must come out unchanged, else the whole-word rules run), and memoised: a stem's head is shared by all
// its cells with the same prefix, a tail + ending by every stem ending alike. Only the join and the word-final rules
// (apocope, syncope: they see the whole word) run per cell. tests/unit/grammar-join.test.ts checks the join against
// the whole-word rules on every cell of every stem of the lexicon.
// The tail's context is one symbol, the middle's last consonant, and only as far as the rules can tell it apart
// (`tailContextOf`), so that stems whose tails differ only there share the tail: of the rules before apocope, the
// ones that read a plain consonant left of a tail symbol (or change it for what follows) read only a nasal (n, m:
// cnjD1Gnas, ny, ordAssim, w5o …) or d (d1pal); any other consonant reads as b. The middle's symbol before it is
// never read or changed from the tail's side (the middle and its neighbours hold no rule trigger: INERT,
// PLAIN_TRIGGER) except by lenPreNas (a short vowel lengthens before n + h/y/s), so a tail whose context n comes out
// before h, y or s is not joined.
const HEAD = 2;
const TAIL = 2;
const CONTEXT = 2;
const tailContextOf = (c: string) => (c === "n" || c === "m" || c === "d" ? c : "b");
// Likewise the head's context, its 2 symbols of the middle, keeps its second symbol and reads the first, a
// consonant, as n, m, s, h or else b: the rules that change a head symbol for the consonant after it read only
// those (w2nas, complen: 2/m1 before m, n; vtiVoi, d2del, cnjVoi: m1/d2 c1/n c1 before s; lenPreNas: n1, n3, n4 →
// n before h, s), and a plain consonant there is never changed from the left except s (cnjVoi, vtiVoi).
const headContextOf = (c: string) => (c === "n" || c === "m" || c === "s" || c === "h" ? c : "b");
/** Longest head or tail (symbols of the stem) the join looks for a consonant in. */
const MAX_EDGE = 4;
/** The middle may hold plain consonants and vowels only, with none of the plain-letter rules' triggers. */
const INERT = /^[bcdghjkmpstzwyn'aeio]*$/;
const PLAIN_TRIGGER = /wi|[aioe]{3}|e[aioe]|[aio]e|o[ai]|i[ao]|a[io]|n[hys]/;
const MEMO_LIMIT = 20_000;
/**
 * The join's memos, in the caller's `GrammarMemo` (memo.ts): stems split (each with its heads), head text (the
 * stem's first symbols + its context) → prefix → head variants (shared by stems starting alike), tail text → ending
 * → tail variants (a stem's split holds its tail text's map), and the pieces of the primary form the join made last
 * (`formSplit` is asked for it next).
 */
export type JoinMemo = {
  readonly splits: MemoMap<string, StemSplit | null>;
  readonly heads: MemoMap<string, Map<string, string[] | null>>;
  readonly tails: MemoMap<string, Map<string, TailEntry>>;
  readonly lastJoin: LastJoin;
  /**
   * The two stems split last, newest first (a paradigm asks for one stem's cells in turn, a changed conjunct for
   * its changed stem and the stem in turn): looked up before `splits`, whose look-up reorders it.
   */
  readonly recentSplits: [string, StemSplit | null, string, StemSplit | null];
};
declare module "./memo" {
  interface GrammarMemo extends JoinMemo {}
}
const isEdge = (c: string) => !"aeiowy".includes(c);

/** How a stem splits for the join (per stem, not per cell), or null when it cannot. */
type StemSplit = {
  headText: string;
  headContext: string;
  inner: string;
  tailText: string;
  tailContext: string;
  /** Head variants by prefix, tail variants by ending (shared by every stem with the same head or tail text). */
  heads: Map<string, string[] | null>;
  tails: Map<string, TailEntry>;
  /** The head variants + the middle after the word-final rules, by prefix (see `siteSurfaceForms`). */
  headFinals: Map<string, HeadFinals | null>;
};
/**
 * A tail text + ending: its variants before the word-final rules, and per variant, what the word-final rules make of
 * it: the symbols apocope drops (-1: it depends on the rest of the word), and the site-spelled variants (n2del, then
 * codawdel) by apocope's cut and the syncope scan's state where the tail starts (`scanKey`).
 */
type TailEntry = {
  variants: string[] | null;
  finals: undefined | Array<{ cut: number; byCut: Array<Map<string, string[] | null>> }>;
  /** The tail piece's `splitPiece` by the site-spelled tail (see `formSplit`). */
  pieces: Map<string, number> | undefined;
};
/** The stem's split, kept in `memo` (without one, worked out afresh with memos of its own). */
function splitOfStem(stem: string, memo: JoinMemo | undefined): StemSplit | null {
  if (!memo) return newSplit(stem, undefined);
  const recent = memo.recentSplits;
  if (recent[0] === stem) return recent[1];
  let split: StemSplit | null;
  if (recent[2] === stem) split = recent[3];
  else {
    const known = memo.splits.get(stem);
    split = known !== undefined ? known : newSplit(stem, memo);
  }
  recent[2] = recent[0];
  recent[3] = recent[1];
  recent[0] = stem;
  recent[1] = split;
  return split;
}

function newSplit(stem: string, memo: JoinMemo | undefined): StemSplit | null {
  let out: StemSplit | null = null;
  const n = stem.length;
  let h = HEAD;
  while (h < n && h <= MAX_EDGE && !isEdge(stem[h]!)) h++;
  let t = TAIL;
  while (n - t - 1 >= 0 && t <= MAX_EDGE && !isEdge(stem[n - t - 1]!)) t++;
  // The middle holds at least the context, starts and ends with a consonant, and is inert.
  if (h <= MAX_EDGE && t <= MAX_EDGE && n - h - t >= CONTEXT) {
    const middle = stem.slice(h, n - t);
    const around = stem.slice(h - 1, n - t + 1);
    if (INERT.test(middle) && !PLAIN_TRIGGER.test(around) && isEdge(middle[0]!) && isEdge(middle[middle.length - 1]!)) {
      const tailContext = tailContextOf(stem[n - t - 1]!);
      const tailText = tailContext + stem.slice(n - t);
      let byEnding = memo?.tails.get(tailText);
      if (!byEnding) {
        byEnding = new Map();
        memo?.tails.set(tailText, byEnding);
      }
      const headContext = headContextOf(stem[h]!) + stem[h + 1]!;
      const headText = stem.slice(0, h) + headContext;
      let byPrefix = memo?.heads.get(headText);
      if (!byPrefix) {
        byPrefix = new Map();
        memo?.heads.set(headText, byPrefix);
      }
      out = {
        headText,
        headContext,
        inner: middle,
        tailText,
        tailContext,
        heads: byPrefix,
        tails: byEnding,
        headFinals: new Map(),
      };
    }
  }
  memo?.splits.set(stem, out);
  return out;
}

function memoised(map: Map<string, string[] | null>, key: string, make: () => string[] | null): string[] | null {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    if (map.size >= MEMO_LIMIT) map.clear();
    map.set(key, v);
  }
  return v;
}

/** Variants of a window whose last (or first) context symbols must come out unchanged, with them cut off; or null. */
function window(word: string, prefixed: boolean, context: string, atEnd: boolean, medler = true): string[] | null {
  const out: string[] = [];
  for (const v of beforeFinal(word, prefixed, medler)) {
    if (atEnd ? !v.endsWith(context) : !v.startsWith(context)) return null;
    // lenPreNas would lengthen a short vowel before the tail's context n.
    if (!atEnd && context === "n" && "hys".includes(v[1] ?? "-")) return null;
    out.push(atEnd ? v.slice(0, -context.length) : v.slice(context.length));
  }
  return out;
}

/**
 * `medler` false: without Medler's two optional rules (siteSurfaceFormsRegular); kept in the same memos under keys
 * marked REGULAR.
 */
const REGULAR = "\u0001";
const headOf = (sp: StemSplit, prefix: string, medler = true) =>
  memoised(sp.heads, medler ? prefix : REGULAR + prefix, () =>
    window(prefix ? `${prefix}<${sp.headText}` : sp.headText, !!prefix, sp.headContext, true, medler),
  );
function tailEntryOf(sp: StemSplit, suffix: string, medler = true): TailEntry {
  const key = medler ? suffix : REGULAR + suffix;
  let entry = sp.tails.get(key);
  if (entry === undefined) {
    entry = { variants: window(sp.tailText + suffix, false, sp.tailContext, false, medler), finals: undefined, pieces: undefined };
    if (sp.tails.size >= MEMO_LIMIT) sp.tails.clear();
    sp.tails.set(key, entry);
  }
  return entry;
}
const tailOf = (sp: StemSplit, suffix: string) => tailEntryOf(sp, suffix).variants;

/**
 * The join's head variants (prefix + the stem's first symbols) and the stem's inert middle, or null when the
 * whole-word rules run. Every string before the word-final rules is a head variant + the middle + a tail variant.
 */
export function joinHead(prefix: string, stem: string, memo?: JoinMemo): { head: string[]; inner: string } | null {
  const sp = splitOfStem(stem, memo);
  const head = sp && headOf(sp, prefix);
  return head ? { head, inner: sp!.inner } : null;
}

/** The join's tail variants (the stem's last symbols + the ending), or null when the whole-word rules run. */
export function joinTail(stem: string, suffix: string, memo?: JoinMemo): string[] | null {
  const sp = splitOfStem(stem, memo);
  return sp && tailOf(sp, suffix);
}

/**
 * `joinTail`, keeping nothing new in the memo: for a caller that asks every ending of a tail text once and keeps
 * what it derives (the analyser's tail index), so the memo holds only the tails that forms were made of.
 */
export function joinTailOnce(stem: string, suffix: string, memo?: JoinMemo): string[] | null {
  const sp = splitOfStem(stem, memo);
  if (!sp) return null;
  const known = sp.tails.get(suffix);
  return known ? known.variants : window(sp.tailText + suffix, false, sp.tailContext, false);
}

/**
 * The stem's tail text (the last symbols + the middle's last consonant as the rules read it), or null when the stem
 * cannot be split: `joinTail` depends on the stem only through it, so stems with the same tail text share every tail.
 */
export function tailTextOf(stem: string, memo?: JoinMemo): string | null {
  return splitOfStem(stem, memo)?.tailText ?? null;
}

/** The variants before the word-final rules by the join, or null when the stem cannot be split. */
function joined(prefix: string, stem: string, suffix: string, memo: JoinMemo | undefined): string[] | null {
  const sp = splitOfStem(stem, memo);
  if (!sp) return null;
  const head = headOf(sp, prefix);
  if (!head) return null;
  const tail = tailOf(sp, suffix);
  if (!tail) return null;
  const inner = sp.inner;
  // Order of the whole-word rules: prefix variants outermost, then wi sites from the right (tail) to the left (head).
  const starts = prefix && OPT_INIT_V.test(`${prefix}<${sp.headText}`) ? 2 : 1;
  const per = head.length / starts;
  const out: string[] = [];
  for (let st = 0; st < starts; st++) for (const t of tail) for (let h = 0; h < per; h++) out.push(head[st * per + h]! + inner + t);
  return out;
}

// ── the word-final rules on the join's pieces ──
// Apocope and glidedel only drop symbols at the word's end; syncope is a left-to-right scan whose state where the
// tail starts is small (`ScanState`); codawdel's sites (w before a consonant) never straddle a piece boundary (the
// middle ends in a consonant other than w); the site's spelling reads one letter back. So the head variants + the
// middle go through syncope once per stem and prefix, and each tail variant once per scan state (shared by stems
// ending alike), and a cell's forms are concatenations. Where a piece breaks an assumption (a tail without a vowel
// before its first hyphen, apocope reaching into the middle) the whole-word rules run.

/** A head variant + the middle after the word-final rules: site-spelled variants (codawdel), the scan's state. */
type HeadFinal = {
  forms: string[];
  state: ScanState;
  key: string;
  ctx: string;
  whole: boolean;
  /** The first form's `splitPiece` (-1 until worked out; see `formSplit`). */
  piece: number;
};
type HeadFinals = { starts: number; items: HeadFinal[] };

const UNLOCK = /[àìò]/;
const unlock = (s: string) => (UNLOCK.test(s) ? s.replace(/à/g, "a").replace(/ì/g, "i").replace(/ò/g, "o") : s);
const codawVariants = (s: string) => (HAS_CODA_W.test(s) ? optional(s, CODA_W, "") : [s]);
const CODA_W = /w(?=[bdgptkjczsmnwyh'])/g;
const HAS_CODA_W = /w[bdgptkjczsmnwyh']/;
/** A stem that loses its first vowel is written n'g…/n'k… without a prefix (n'gaabdoon). */
const N_PRIME = /^n[aioàìò][gk]/;

function withNPrime(s: string, nPrime: boolean): string {
  return nPrime && s.charCodeAt(0) === 110 && (s[1] === "g" || s[1] === "k") ? `n'${s.slice(1)}` : s;
}

function headFinalsOf(sp: StemSplit, prefix: string, nPrime: boolean, medler = true): HeadFinals | null {
  const key = medler ? prefix : REGULAR + prefix;
  let hf = sp.headFinals.get(key);
  if (hf === undefined) {
    hf = null;
    const head = headOf(sp, prefix, medler);
    if (head) {
      const items: HeadFinal[] = [];
      for (const h of head) {
        const pre = h + sp.inner;
        const start = syncopeStart(pre.includes("6") ? pre.replace(/6/g, "n") : pre);
        if (!start) break;
        const forms: string[] = [];
        for (const f of medler ? codawVariants(unlock(start.out)) : [unlock(start.out)]) {
          const s = withNPrime(siteSpelling(f), nPrime);
          if (!forms.includes(s)) forms.push(s);
        }
        // n' reads the form's first two letters: they must be the head's.
        if (nPrime && forms.some((f) => f.length < 2)) break;
        const whole = pre.length <= APOCOPE_CONTEXT;
        items.push({ forms, state: start.state, key: scanKey(start.state), ctx: whole ? pre : pre.slice(-APOCOPE_CONTEXT), whole, piece: -1 });
      }
      if (items.length === head.length) hf = { starts: prefix && OPT_INIT_V.test(`${prefix}<${sp.headText}`) ? 2 : 1, items };
    }
    sp.headFinals.set(key, hf);
  }
  return hf;
}

/** Letters of the word before a tail that apocope may read (its lookbehinds reach 12 symbols back). */
const APOCOPE_CONTEXT = 13;

/** The site-spelled variants of a tail variant after `head`, or null when the whole-word rules must run. */
function tailFinal(entry: TailEntry, ti: number, head: HeadFinal, medler = true): string[] | null {
  const variants = entry.variants!;
  const finals = (entry.finals ??= variants.map((t) => ({ cut: apocopeCut(t, false), byCut: [] })));
  const fin = finals[ti]!;
  const tail = variants[ti]!;
  const cut = fin.cut >= 0 ? fin.cut : apocopeCut(head.ctx + tail, head.whole);
  const byKey = (fin.byCut[cut] ??= new Map());
  let out = byKey.get(head.key);
  if (out === undefined) {
    out = null;
    const a = tail.slice(0, tail.length - cut);
    if (a.length) {
      const n2 = a.endsWith("6") ? [a.slice(0, -1), `${a.slice(0, -1)}n`] : [a];
      const parts: string[] = [];
      let ok = true;
      for (let t of n2) {
        if (t.includes("6")) t = t.replace(/6/g, "n");
        if (!vowelFirst(t)) {
          ok = false;
          break;
        }
        for (const f of medler ? codawVariants(unlock(syncopeRest(t, head.state))) : [unlock(syncopeRest(t, head.state))]) {
          const s = siteSpelling(head.state.prev1 + f).slice(1);
          if (!parts.includes(s)) parts.push(s);
        }
      }
      if (ok) out = parts;
    }
    byKey.set(head.key, out);
  }
  return out;
}

/** By the join: the site-spelled forms, or null when the whole-word rules must run. */
function siteJoined(prefix: string, stem: string, suffix: string, nPrime: boolean, memo: JoinMemo | undefined, medler = true): string[] | null {
  const sp = splitOfStem(stem, memo);
  if (!sp) return null;
  const hf = headFinalsOf(sp, prefix, nPrime, medler);
  if (!hf) return null;
  const entry = tailEntryOf(sp, suffix, medler);
  const tail = entry.variants;
  if (!tail) return null;
  const items = hf.items;
  const per = items.length / hf.starts;
  const out: string[] = [];
  let first: HeadFinal | undefined;
  let firstTail = "";
  for (let st = 0; st < hf.starts; st++) {
    for (let ti = 0; ti < tail.length; ti++) {
      for (let h = 0; h < per; h++) {
        const head = items[st * per + h]!;
        const parts = tailFinal(entry, ti, head, medler);
        if (!parts) return null;
        // The whole-word order: n2del and the tail's codawdel sites outermost, then the head's.
        for (const tp of parts) {
          for (const hp of head.forms) {
            const s = hp + tp;
            if (out.length === 0) {
              first = head;
              firstTail = tp;
            }
            if (!out.includes(s)) out.push(s);
          }
        }
      }
    }
  }
  if (first && medler && memo) {
    const last = memo.lastJoin;
    last.form = out[0]!;
    last.prefix = prefix;
    last.stem = stem;
    last.suffix = suffix;
    last.split = sp;
    last.entry = entry;
    last.head = first;
    last.headForm = first.forms[0]!;
    last.tailForm = firstTail;
  }
  return out;
}

/** The pieces of the primary form the join made last (`formSplit` is asked for it next). */
type LastJoin = {
  form: string;
  prefix: string;
  stem: string;
  suffix: string;
  split: StemSplit | undefined;
  entry: TailEntry | undefined;
  head: HeadFinal | undefined;
  headForm: string;
  tailForm: string;
};

/**
 * Where the primary form of prefix + stem + suffix splits into prefix, root and suffix (`splitSurface`, with the
 * suffix's boundaries removed as `bare`). A form made by the join is its first head variant + its first tail
 * variant, and those are aligned on their own: the head (prefix + the stem up to its tail) once per stem and
 * prefix, the tail (the stem's last symbols + the ending) once per tail text shared by stems ending alike. Any other
 * form is aligned whole.
 */
export function formSplit(prefix: string, stem: string, suffix: string, bare: string, form: string, memo?: JoinMemo): number {
  // The pieces the form was made of: those the join noted when it made it last, else looked up (memo hits).
  let sp: StemSplit | null | undefined;
  let head: HeadFinal | undefined;
  let entry: TailEntry | undefined;
  let hp: string | undefined;
  let tp: string | undefined;
  const last = memo?.lastJoin;
  if (last && form === last.form && stem === last.stem && prefix === last.prefix && suffix === last.suffix) {
    ({ split: sp, head, entry, headForm: hp, tailForm: tp } = last);
  } else {
    sp = splitOfStem(stem, memo);
    head = sp?.headFinals.get(prefix)?.items[0];
    entry = head && sp!.tails.get(suffix);
    tp = entry && entry.variants ? tailFinal(entry, 0, head!)?.[0] : undefined;
    hp = head?.forms[0];
    if (tp !== undefined && hp !== undefined && (form.length !== hp.length + tp.length || !form.startsWith(hp) || !form.endsWith(tp))) tp = undefined;
  }
  if (!sp || !head || !entry || tp === undefined || hp === undefined) return splitSurface(prefix, stem, bare, form);
  // The tail text is the tail's context letter + the stem's last symbols.
  if (head.piece < 0) head.piece = splitPiece(prefix, stem.slice(0, stem.length - sp.tailText.length + 1), "", hp);
  const pieces = (entry.pieces ??= new Map());
  let tailPiece = pieces.get(tp);
  if (tailPiece === undefined) {
    if (pieces.size >= MEMO_LIMIT) pieces.clear();
    pieces.set(tp, (tailPiece = splitPiece("", sp.tailText.slice(1), bare, tp)));
  }
  // The root ends at the stem's last consonant: in the tail if it kept one, else in the head.
  const tailEnd = tailPiece & 0xffff;
  return withRootVowels(stem, form, (head.piece >>> 16) * 65536 + (tailEnd ? hp.length + tailEnd : head.piece & 0xffff));
}

/**
 * Every form of prefix + stem + suffix in the site's spelling (glottal ', n' before g/k at the start of a stem that
 * lost its vowel when there is no prefix), primary first: `surfaceForms` site-spelled, by the join where it can.
 */
export function siteSurfaceForms(prefix: string, stem: string, suffix: string, memo?: JoinMemo): string[] {
  const nPrime = !prefix && N_PRIME.test(stem);
  const joinedForms = siteJoined(prefix, stem, suffix, nPrime, memo);
  if (joinedForms) return joinedForms;
  const out: string[] = [];
  for (const f of surfaceForms(prefix, stem, suffix)) {
    const s = withNPrime(siteSpelling(f), nPrime);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * The site-spelled forms without the FST's two optional rules taken from Medler (w + i → o, w lost before a
 * consonant): the forms every speaker has; the others are "also heard, in some speakers' speech".
 */
export function siteSurfaceFormsRegular(prefix: string, stem: string, suffix: string, memo?: JoinMemo): string[] {
  const nPrime = !prefix && N_PRIME.test(stem);
  const joinedForms = siteJoined(prefix, stem, suffix, nPrime, memo, false);
  if (joinedForms) return joinedForms;
  return siteSurfaceFormsRegularWhole(prefix, stem, suffix);
}

/** The same by the whole-word rules (the reference `siteSurfaceFormsRegular` is tested against). */
export function siteSurfaceFormsRegularWhole(prefix: string, stem: string, suffix: string): string[] {
  const nPrime = !prefix && N_PRIME.test(stem);
  const out: string[] = [];
  for (const f of finalForms(beforeFinal(prefix ? `${prefix}<${stem}${suffix}` : `${stem}${suffix}`, !!prefix, false), false)) {
    const s = withNPrime(siteSpelling(f), nPrime);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** The same by the whole-word rules (the reference `siteSurfaceForms` is tested against). */
export function siteSurfaceFormsWhole(prefix: string, stem: string, suffix: string): string[] {
  const nPrime = !prefix && N_PRIME.test(stem);
  const out: string[] = [];
  for (const f of surfaceFormsWhole(prefix, stem, suffix)) {
    const s = withNPrime(siteSpelling(f), nPrime);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

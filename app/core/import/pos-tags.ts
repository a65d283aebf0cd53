/**
 * Part-of-speech tags of an imported file, written the way the site writes them. A tag the site knows (the legend's
 * list, app/core/glossary.ts and app/core/pos.ts) is kept; a known tag written another way is changed to it
 * (case, "adv" for av, "n. suf." for n_suf, a trailing "*", "?" or "-"); any other tag that is a plain code (letters,
 * digits, - _ ') is kept as written, and the report lists it; anything else cannot be mapped and the line is refused.
 */

/**
 * Every tag the site names or groups: the legend's tags (glossary POS_NAMES) and pos.ts's verb and noun lists, kept
 * equal to them by tests/unit/import-cli.test.ts. Listed here because the import command runs this module in Node
 * directly, which cannot load those modules' extensionless imports.
 */
export const KNOWN_POS: ReadonlySet<string> = new Set([
  "vai",
  "vii",
  "vta",
  "vti",
  "vaio",
  "vaip",
  "vaip-recip",
  "vtai",
  "vai-reflex",
  "viip",
  "vai-impersonal",
  "vtap",
  "vai-suff",
  "vti-refl",
  "vta-r",
  "vtip",
  "na",
  "ni",
  "ni-place",
  "ni-time",
  "na-pt",
  "ni-pt",
  "n-measure",
  "ni-measure",
  "n_suf",
  "nip",
  "nad",
  "nid",
  "pr-an",
  "pr-in",
  "nm",
  "av",
  "pv",
  "pn",
  "pa",
  "expr",
  "ij",
  "pt",
  "cj",
  "qnt",
]);

/** Other spellings of known tags. */
const ALIASES: Readonly<Record<string, string>> = {
  adv: "av",
  adverb: "av",
  "n-suf": "n_suf",
  n_suff: "n_suf",
  "vai-refl": "vai-reflex",
};

const TAG = /^[a-z][a-z0-9_'-]{0,29}$/;

export type PosResult =
  /** `changed`: the file wrote it differently; `known`: the site's legend names it. */
  { ok: true; tag: string; changed: boolean; known: boolean } | { ok: false; message: string };

export function normalizePos(raw: string): PosResult {
  const written = raw.trim();
  const tag = written.toLowerCase().replace(/\s+/g, " ");
  if (tag === "") return { ok: false, message: "is required" };
  const candidates = [
    tag,
    ALIASES[tag],
    // "vai*", "n?", "ni-": a marker after a tag.
    tag.replace(/[\s.*?!-]+$/, ""),
    // "n. suf.": an abbreviation with dots and spaces.
    tag.replace(/\./g, " ").trim().replace(/\s+/g, "_"),
  ];
  for (const candidate of candidates) {
    const known = candidate && (KNOWN_POS.has(candidate) ? candidate : ALIASES[candidate]);
    if (known) return { ok: true, tag: known, changed: known !== written, known: true };
  }
  if (TAG.test(tag)) return { ok: true, tag, changed: tag !== written, known: false };
  return {
    ok: false,
    message: `"${written}" is not a part-of-speech tag the import can map (expected a code such as vai, na or av)`,
  };
}

/**
 * Prenouns: the bound modifiers written before a noun with a hyphen (gchi-jiimaan "big canoe", nmaji-jiimaan "my bad
 * canoe"); the person prefix of a possessed noun goes on the prenoun. Pure, imports nothing.
 *
 * The morphemes and their underlying forms are the Odawa FST's prenoun lexicon (giellalt/lang-ciw
 * `inc/flattened/otw.lexc`, LEXICON N_PRENOUNS, also in shared/data/otw/otw_lexicon_stems.tsv as `PN/…+` lines), in
 * the stem notation of noun-tables.ts (Valentine's symbols included). They are affixes, not words: a prenoun's forms
 * come from the same rules as the noun's. zaaw- has two underlying forms in the source (zaaw-, ozaaw-): both are
 * declined, the first (the dictionary's headword zaaw-) first.
 */

export type Prenoun = { name: string; underlying: string[]; gloss: string };

/** The prenouns the development reference (otw_dev_noun_paradigms_more.tsv) has paradigms for. */
export const CHECKED_PRENOUNS = ["gchi", "mji", "shki", "zaaw"] as const;

const TABLE: Array<[name: string, underlying: string, gloss: string]> = [
  ["aabta", "aabita", "half"],
  ["baapaagi-shki", "baapaagi-oshki", "brand spanking new"],
  ["baate", "baate", "dried"],
  ["bbashko", "babashko", "bald"],
  ["bgoji", "bagVo1ji", "wild"],
  ["biinji", "biinji", "inside"],
  ["dbik", "dibik", "night"],
  ["de", "de", "moderate"],
  ["gaadi", "gaadi", "spotted"],
  ["gbe", "gabe", "whole"],
  ["gchi", "gichi", "big"],
  ["gchitwaa", "gichitwaa", "holy"],
  ["gdagi", "gidagi", "freckled"],
  ["gete", "gete", "old"],
  ["ggashki", "gVi1gashki", "raw"],
  ["giimooji", "giimooji", "secret"],
  ["giji", "Va1giji", "on top of"],
  ["gnaaj", "gVo1naaj", "beautiful"],
  ["jiigi", "jiigi", "near"],
  ["maapiitaa", "maapiitaa", "sometime during"],
  ["mandaago", "mandaago", "beautiful"],
  ["megwe", "megwe", "among"],
  ["mji", "maji", "bad"],
  ["mkade", "makade", "black"],
  ["mshi", "mishi", "big"],
  ["msko", "misko", "red"],
  ["myagi", "mayagi", "foreign"],
  ["naami", "anaami", "under"],
  ["naano", "naano", "five"],
  ["ngo", "ningo", "one"],
  ["niiji", "iiji", "fellow"],
  ["niizhoo", "niizhoo", "two"],
  ["nso", "niso", "three"],
  ["nwiiji", "wiiji", "fellow"],
  ["shki", "oshki", "new"],
  ["waawye", "waawiye", "round"],
  ["wenda", "wenda", "regular"],
  ["yekwaa", "ayekwaa", "last"],
  ["zaaw", "zaaw", "brown"],
  ["zaaw", "ozaaw", "brown"],
  ["aagwi", "aagawi", "behind"],
  ["dso", "daso", "so many"],
  ["endso", "endaso", "every"],
  ["ge", "ge", "also"],
  ["baashji", "baashiji", "beyond"],
  ["bbooni", "bibooni", "winter"],
  ["bganji", "baganji", "useless"],
];

/** Every prenoun by name, each with its underlying forms (hyphen included) and a short English gloss. */
export const PRENOUNS: ReadonlyMap<string, Prenoun> = (() => {
  const out = new Map<string, Prenoun>();
  for (const [name, underlying, gloss] of TABLE) {
    const seen = out.get(name);
    if (seen) seen.underlying.push(`${underlying}-`);
    else out.set(name, { name, underlying: [`${underlying}-`], gloss });
  }
  return out;
})();

export const isPrenoun = (name: string) => PRENOUNS.has(name);
export const isCheckedPrenoun = (name: string) => (CHECKED_PRENOUNS as readonly string[]).includes(name);

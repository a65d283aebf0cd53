/**
 * Underlying endings by class, order and cell, in the Odawa FST's morpheme notation (giellalt/lang-ciw
 * `inc/flattened/otw.lexc`, neutral mode): one table per class, the same for every stem shape; the phonology
 * (phonology.ts, syncope.ts) makes the surface forms. `>` is a suffix boundary; c1 w3 w4 w5 n2 n4 d1 y1 i2 are the
 * FST's special symbols (see phonology.ts). Alternatives are separated by "|", the first giving the primary form.
 * Keys: "order subject" or "order subject>object".
 * long-file: data, the five classes' tables of endings, one after the other and read as a whole.
 */
export type Table = Record<string, string>;

/** Person endings of the VAI independent after the (optional) negative c1sii. */
const VAI_IND_PERSONS: Record<string, string> = {
  "1s": "",
  "2s": "",
  "3s": "w5",
  "3'": "w5>an",
  "1p": "min2",
  "21": "min2",
  "2p": "mw",
  "3p": "w5>ag",
  x: "m",
};
/** VAI (and VTA passive) conjunct person endings after c1 (and the negative >siw3). */
const VAI_CNJ_PERSONS: Record<string, string> = {
  "1s": ">aanh",
  "2s": ">an",
  "3s": ">d1",
  "3'": ">nid1",
  "1p": ">aang",
  "21": ">angw",
  "2p": ">egw",
  "3p": ">waad1",
  x: ">nd1",
};

function build(entries: Array<[string, Record<string, string>, (ending: string, person: string) => string]>): Table {
  const table: Table = {};
  for (const [order, persons, make] of entries) for (const [person, ending] of Object.entries(persons)) table[`${order} ${person}`] = make(ending, person);
  return table;
}

export const VAI: Table = {
  ...build([
    ["ind", VAI_IND_PERSONS, (e) => e],
    ["ind-neg", VAI_IND_PERSONS, (e) => `c1sii${e}`],
    ["conj", VAI_CNJ_PERSONS, (e) => `c1${e}`],
    ["conj-neg", VAI_CNJ_PERSONS, (e, p) => (p === "3p" ? "c1>si>gwaa" : `c1>siw3${e}`)],
  ]),
  "imp 2s": ">n",
  "imp 21": "daa",
  "imp 2p": "g",
  "imp-pro 2s": ">ken2",
  "imp-pro 21": "siidaa",
  "imp-pro 2p": ">kegon2",
  // delayed imperative (a whole-verb cell: cells.ts `delayedCells`)
  "imp-delayed 2s": ">kan",
  "imp-delayed 2p": ">keg",
};

/**
 * VAIO (an animate intransitive with an object): the independent takes the theme n before its person endings, as a
 * VTI (1p/21 -naan, 2p/3p -naawaa), then the object's periphery (0p, 3s, 3' -an; 3p -ag); the conjunct and the
 * imperatives are the VAI's, the imperative 21 with the object's periphery (0p -nin, 3p -nig).
 */
const VAIO_IND: Record<string, string> = {
  "1s": "n",
  "2s": "n",
  "3s": "n",
  "1p": "naan2y1",
  "21": "naan2y1",
  "2p": "naawaa",
  "3p": "naawaa",
};
const VAIO_PERIPHERY: Record<string, string> = { "0s": "", "0p": ">an", "3s": ">an", "3p": ">ag", "3'": ">an" };

function vaioIndependent(): Table {
  const table: Table = {};
  for (const [person, ending] of Object.entries(VAIO_IND)) {
    for (const [object, tail] of Object.entries(VAIO_PERIPHERY)) {
      // 3rd-person subjects: inanimate objects or the obviative; the others: any but the obviative.
      const third = person === "3s" || person === "3p";
      if (third ? object === "3s" || object === "3p" : object === "3'") continue;
      table[`ind ${person}>${object}`] = `${ending}${tail}`;
      table[`ind-neg ${person}>${object}`] = `c1sii${ending}${tail}`;
    }
  }
  return table;
}

export const VAIO: Table = {
  ...vaioIndependent(),
  ...Object.fromEntries(
    Object.entries(VAI)
      .filter(([k]) => k.startsWith("conj"))
      .map(([k, v]) => [`${k}>0`, v]),
  ),
  "imp 2s>0s": ">n",
  "imp 21>0s": "daa",
  "imp 21>0p": "daanin",
  "imp 21>3p": "daanig",
  "imp 2p>0s": "g",
  "imp-pro 2s>0s": ">ken2",
  "imp-pro 21>0s": "siidaa",
  "imp-pro 21>0p": "siidaanin",
  "imp-pro 21>3p": "siidaanig",
  "imp-pro 2p>0s": ">kegon2",
  "imp-delayed 2s>0s": ">kan",
  "imp-delayed 2p>0s": ">keg",
};

export const VII: Table = {
  "ind 0s": "w5",
  "ind 0p": "w5>an",
  "ind 0's": "iniw",
  "ind 0'p": "iniw>an",
  "ind-neg 0s": "c1sinoow5",
  "ind-neg 0p": "c1sinoow5>an",
  "ind-neg 0's": "c1sinooiniw",
  "ind-neg 0'p": "c1sinooiniw>an",
  "conj 0": "c1g",
  "conj 0'": "c1>nig",
  "conj-neg 0": "c1sinoog|c1sinog",
  "conj-neg 0'": "c1sinoo>nig",
};

/** VTI independent endings by subject and object after the (optional) negative sii; 3' takes no prefix. */
const VTI_IND: Record<string, string> = {
  "1s>0s": "n",
  "2s>0s": "n",
  "3s>0s": "n",
  "3'>0s": "iniw",
  "1p>0s": "min2|naan2y1",
  "21>0s": "min2|naan2y1",
  "2p>0s": "naawaa",
  "3p>0s": "naawaa",
  "1s>0p": "n>an",
  "2s>0p": "n>an",
  "3s>0p": "n>an",
  "3'>0p": "iniw>an",
  "1p>0p": "min2>an|naan2y1>an",
  "21>0p": "min2>an|naan2y1>an",
  "2p>0p": "naawaa>an",
  "3p>0p": "naawaa>an",
};
const VTI_CNJ: Record<string, string> = {
  "1s>0": ">aanh",
  "2s>0": ">an",
  "3s>0": ">d1",
  "3'>0": ">nid1",
  "1p>0": ">aang",
  "21>0": ">ang",
  "2p>0": ">eg",
  "3p>0": ">waad1",
  "x>0": ">nd1",
};
const alt = (ending: string, f: (e: string) => string) => ending.split("|").map(f).join("|");

/** VTI, all classes: stems in -am1 (class 1), -oo (class 2), -i (class 3). */
export const VTI: Table = {
  ...build([
    ["ind", VTI_IND, (e) => e],
    ["ind-neg", VTI_IND, (e) => alt(e, (x) => `sii${x}`)],
    ["conj", VTI_CNJ, (e) => `c1${e}`],
    ["conj-neg", VTI_CNJ, (e, p) => (p === "3p>0" ? "c1>si>gwaa" : `c1>siw3${e}`)],
  ]),
  "imp 2s>0": "n4",
  "imp 21>0s": "daa",
  "imp 21>0p": "daanin",
  "imp 2p>0": "ok",
  "imp-pro 2s>0": ">ken",
  "imp-pro 21>0s": "siidaa",
  "imp-pro 21>0p": "siidaanin",
  "imp-pro 2p>0": ">kegon",
  "imp-delayed 2s>0": ">kan",
  "imp-delayed 2p>0": ">keg",
  "imp-delayed 21>0s": ">kang",
  "imp-delayed 21>0p": ">kang",
};

const VTA_PASSIVE_CNJ = (neg: boolean): Record<string, string> => ({
  "x>1s": `igooc1${neg ? ">siw3" : ""}>aanh`,
  "x>2s": `igooc1${neg ? ">siw3" : ""}>an`,
  "x>1p": `igooc1${neg ? ">siw3" : ""}>aang`,
  "x>21": `igooc1${neg ? ">siw3" : ""}>angw`,
  "x>2p": `igooc1${neg ? ">siw3" : ""}>egw`,
  "x>3s": neg ? "aa>siw3ind" : "ind",
  "x>3p": neg ? "aa>siw3indwaa" : "indwaa",
});

/** VTA: theme sign (aa direct, igo inverse, i2 2→1, in 1s→2, igoo 1p→2 and passive) + endings. */
export const VTA: Table = {
  // independent
  "ind 1s>2s": "in",
  "ind 1s>2p": "ininimw",
  "ind 1s>3s": "aa",
  "ind 1s>3p": "aa>ag",
  "ind 2s>1s": "i2",
  "ind 2s>1p": "i2min2",
  "ind 2s>3s": "aa",
  "ind 2s>3p": "aa>ag",
  "ind 3s>1s": "igo",
  "ind 3s>2s": "igo",
  "ind 3s>3'": "aa>an",
  "ind 3s>1p": "igonaan2y1",
  "ind 3s>21": "igonaan2y1",
  "ind 3s>2p": "igowaa",
  "ind 3'>3s": "igo>an",
  "ind 3'>3p": "igowaa>an",
  "ind 1p>2s": "igoo",
  "ind 1p>3s": "aanaan2y1",
  "ind 1p>2p": "igoomw",
  "ind 1p>3p": "aanaan2y1>ag",
  "ind 21>3s": "aanaan2y1",
  "ind 21>3p": "aanaan2y1>ag",
  "ind 2p>1s": "i2mw",
  "ind 2p>3s": "aawaa",
  "ind 2p>1p": "i2min2",
  "ind 2p>3p": "aawaa>ag",
  "ind 3p>1s": "igo>ag",
  "ind 3p>2s": "igo>ag",
  "ind 3p>3'": "aawaa>an",
  "ind 3p>1p": "igonaan2y1>ag",
  "ind 3p>21": "igonaan2y1>ag",
  "ind 3p>2p": "igowaa>ag",
  "ind x>1s": "igoo",
  "ind x>2s": "igoo",
  "ind x>3s": "igoow5|aaw5",
  "ind x>1p": "igoomin2",
  "ind x>21": "igoomin2",
  "ind x>2p": "igoomw",
  "ind x>3p": "igoow5>ag|aaw5>ag",
  // independent negative
  "ind-neg 1s>2s": "isinoon",
  "ind-neg 1s>2p": "isinooninimw",
  "ind-neg 1s>3s": "aasii",
  "ind-neg 1s>3p": "aasii>ag",
  "ind-neg 2s>1s": "i2sii",
  "ind-neg 2s>1p": "i2siimin2",
  "ind-neg 2s>3s": "aasii",
  "ind-neg 2s>3p": "aasii>ag",
  "ind-neg 3s>1s": "igosii",
  "ind-neg 3s>2s": "igosii",
  "ind-neg 3s>3'": "aasii>an",
  "ind-neg 3s>1p": "igosiinaan2y1",
  "ind-neg 3s>21": "igosiinaan2y1",
  "ind-neg 3s>2p": "igosiiwaa",
  "ind-neg 3'>3s": "igosii>an",
  "ind-neg 3'>3p": "igosiiwaa>an",
  "ind-neg 1p>2s": "igoosii",
  "ind-neg 1p>3s": "aasiwaanaan2y1",
  "ind-neg 1p>2p": "igoosiimw",
  "ind-neg 1p>3p": "aasiwaanaan2y1>ag",
  "ind-neg 21>3s": "aasiwaanaan2y1",
  "ind-neg 21>3p": "aasiwaanaan2y1>ag",
  "ind-neg 2p>1s": "i2siimw",
  "ind-neg 2p>3s": "aasiwaawaa",
  "ind-neg 2p>1p": "i2siimin2",
  "ind-neg 2p>3p": "aasiwaawaa>ag",
  "ind-neg 3p>1s": "igosii>ag",
  "ind-neg 3p>2s": "igosii>ag",
  "ind-neg 3p>3'": "aasiwaawaa>an",
  "ind-neg 3p>1p": "igosiinaan2y1>ag",
  "ind-neg 3p>21": "igosiinaan2y1>ag",
  "ind-neg 3p>2p": "igosiiwaa>ag",
  "ind-neg x>1s": "igooc1sii",
  "ind-neg x>2s": "igooc1sii",
  "ind-neg x>3s": "igooc1siiw5|aac1siiw5",
  "ind-neg x>1p": "igooc1siimin2",
  "ind-neg x>21": "igooc1siimin2",
  "ind-neg x>2p": "igooc1siimw",
  "ind-neg x>3p": "igooc1siiw5>ag|aac1siiw5>ag",
  // conjunct
  "conj 1s>2s": "ininaan2",
  "conj 1s>2p": "ininagogw4",
  "conj 1s>3s": "agw4",
  "conj 1s>3p": "agw4waa",
  "conj 2s>1s": "i2yan",
  "conj 2s>1p": "i2yaang",
  "conj 2s>3s": "ad",
  "conj 2s>3p": "adwaa",
  "conj 3s>1s": "i2d1y1",
  "conj 3s>2s": "ik",
  "conj 3s>3'": "aad1y1",
  "conj 3s>1p": "i2yangid",
  "conj 3s>21": "ininangw4",
  "conj 3s>2p": "ininegw4",
  "conj 3'>3s": "igod1y1",
  "conj 3'>3p": "igowaad1y1",
  "conj 1p>2s": "igooyan",
  "conj 1p>3s": "angid",
  "conj 1p>2p": "igooyegw4",
  "conj 1p>3p": "angidwaa",
  "conj 21>3s": "ang",
  "conj 21>3p": "angwaa",
  "conj 2p>1s": "i2yegw4",
  "conj 2p>3s": "egw4",
  "conj 2p>1p": "i2yaang",
  "conj 2p>3p": "egw4waa",
  "conj 3p>1s": "i2waad1y1",
  "conj 3p>2s": "ikwaa",
  "conj 3p>3'": "aawaad1y1",
  "conj 3p>1p": "i2yangidwaa",
  "conj 3p>21": "ininangw4waaw4",
  "conj 3p>2p": "ininegw4waaw4",
  ...Object.fromEntries(Object.entries(VTA_PASSIVE_CNJ(false)).map(([k, v]) => [`conj ${k}`, v])),
  // conjunct negative
  "conj-neg 1s>2s": "isinoonaanh",
  "conj-neg 1s>2p": "isinoonagogw4",
  "conj-neg 1s>3s": "aasiwag",
  "conj-neg 1s>3p": "aasiwagwaa",
  "conj-neg 2s>1s": "i2siwan",
  "conj-neg 2s>1p": "i2siwaang",
  "conj-neg 2s>3s": "aasiwad",
  "conj-neg 2s>3p": "aasiwadwaa",
  "conj-neg 3s>1s": "i2sigw4",
  "conj-neg 3s>2s": "isinog",
  "conj-neg 3s>3'": "aasig",
  "conj-neg 3s>1p": "i2siwangid",
  "conj-neg 3s>21": "isinowang",
  "conj-neg 3s>2p": "igosiweg",
  "conj-neg 3'>3s": "igosigw4",
  "conj-neg 3'>3p": "igosigw4waa",
  "conj-neg 1p>2s": "igoosiwan",
  "conj-neg 1p>3s": "aasiwangid",
  "conj-neg 1p>2p": "igoosiwegw4",
  "conj-neg 1p>3p": "aasiwangidwaa",
  "conj-neg 21>3s": "aasiwang",
  "conj-neg 21>3p": "aasiwangwaa",
  "conj-neg 2p>1s": "i2siwegw4",
  "conj-neg 2p>3s": "aasiwegw4",
  "conj-neg 2p>1p": "i2siwaang",
  "conj-neg 2p>3p": "aasiwegw4waa",
  "conj-neg 3p>1s": "i2sigw4waa",
  "conj-neg 3p>2s": "isinokwaa",
  "conj-neg 3p>3'": "aasigwaa",
  "conj-neg 3p>1p": "i2siwangidwaa",
  "conj-neg 3p>21": "isinowangwaa",
  "conj-neg 3p>2p": "isinoowegwaa",
  ...Object.fromEntries(Object.entries(VTA_PASSIVE_CNJ(true)).map(([k, v]) => [`conj-neg ${k}`, v])),
  // imperative
  "imp 2s>1s": "i2shin",
  "imp 2s>3s": "i2|i2n",
  "imp 2s>1p": "i2shinaang",
  "imp 2s>3p": "i2|i2n",
  "imp 2p>1s": "i2shik",
  "imp 2p>3s": "i2k",
  "imp 2p>1p": "i2shinaang",
  "imp 2p>3p": "i2k",
  "imp 21>3s": "aadaa",
  "imp 21>3p": ">miinaadaanik",
  // prohibitive (2s>1p, 2p>1p, 2p>3s, 2p>3p: not in the reference; by analogy, marked unconfirmed)
  "imp-pro 2s>1s": "i2shiken2",
  "imp-pro 2s>3s": "aaken2",
  "imp-pro 2s>1p": "i2shikenaang",
  "imp-pro 2s>3p": "aaken2",
  "imp-pro 2p>1s": "i2shikego",
  "imp-pro 2p>3s": "aakegon2",
  "imp-pro 2p>1p": "i2shikenaang",
  "imp-pro 2p>3p": "aakegon2",
  "imp-pro 21>3s": "aasiidaa",
  "imp-pro 21>3p": "aasiidaanig",
  // delayed imperative: 2p→3p as 21→3p's >miinaa- (>miinaadaanik)
  "imp-delayed 2s>1s": "i2shikan",
  "imp-delayed 2s>3s": "aakan",
  "imp-delayed 2s>3p": "aakan",
  "imp-delayed 2p>1s": "i2shiikek",
  "imp-delayed 2p>3s": "aakek",
  "imp-delayed 2p>3p": ">miinaakek",
};

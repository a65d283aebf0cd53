/**
 * Underlying suffixes by class, order and cell, read off the reference paradigms
 * (giellalt/lang-ciw Odawa FST, see tests/fixtures/grammar/README.md). Variants are separated by "|"; the first is
 * the primary form. Keys: "order subject" or "order subject>object".
 */
export type Table = Record<string, string>;

export const VAI: Table = {
  "ind 1s": "~", "ind 2s": "~", "ind 3s": "", "ind 3'": "wan", "ind 1p": "mi|min", "ind 21": "mi|min",
  "ind 2p": "m", "ind 3p": "wag", "ind x": "m",
  "ind-neg 1s": "sii", "ind-neg 2s": "sii", "ind-neg 3s": "sii", "ind-neg 3'": "siiwan", "ind-neg 1p": "siimi|siimin",
  "ind-neg 21": "siimi|siimin", "ind-neg 2p": "siim", "ind-neg 3p": "siiwag", "ind-neg x": "siim",
  "conj 1s": "yaanh", "conj 2s": "yan", "conj 3s": "d", "conj 3'": "nid", "conj 1p": "yaang", "conj 21": "yang",
  "conj 2p": "yeg", "conj 3p": "waad", "conj x": "ng",
  "conj-neg 1s": "siwaanh", "conj-neg 2s": "siwan", "conj-neg 3s": "sig", "conj-neg 3'": "sinid", "conj-neg 1p": "siwaang",
  "conj-neg 21": "siwang", "conj-neg 2p": "siweg", "conj-neg 3p": "sigwaa", "conj-neg x": "sing",
  "imp 2s": "n", "imp 21": "daa", "imp 2p": "g",
  "imp-pro 2s": "ke|ken", "imp-pro 21": "siidaa", "imp-pro 2p": "kego|kegon",
};

export const VII: Table = {
  "ind 0s": "", "ind 0p": "wan", "ind 0's": "ini", "ind 0'p": "inwan",
  "ind-neg 0s": "sinoo", "ind-neg 0p": "sinoowan", "ind-neg 0's": "sinooni", "ind-neg 0'p": "sinoonwan",
  "conj 0": "g", "conj 0'": "nig",
  "conj-neg 0": "sinoog|sinog", "conj-neg 0'": "sinoonig",
};

/** VTI class 2 (stems in -oo, e.g. ozhitoo). */
export const VTI2: Table = {
  "ind 1s>0s": "n", "ind 2s>0s": "n", "ind 3s>0s": "n", "ind 3'>0s": "ni", "ind 1p>0s": "mi|min|naa|naan",
  "ind 21>0s": "mi|min|naa|naan", "ind 2p>0s": "naawaa", "ind 3p>0s": "naawaa",
  "ind 1s>0p": "nan", "ind 2s>0p": "nan", "ind 3s>0p": "nan", "ind 3'>0p": "niwan", "ind 1p>0p": "minan|naanin",
  "ind 21>0p": "minan|naanin", "ind 2p>0p": "naawaan", "ind 3p>0p": "naawaan",
  "ind-neg 1s>0s": "siin", "ind-neg 2s>0s": "siin", "ind-neg 3s>0s": "siin", "ind-neg 3'>0s": "siini",
  "ind-neg 1p>0s": "siimi|siimin|siinaa|siinaan", "ind-neg 21>0s": "siimi|siimin|siinaa|siinaan",
  "ind-neg 2p>0s": "siinaawaa", "ind-neg 3p>0s": "siinaawaa",
  "ind-neg 1s>0p": "siinan", "ind-neg 2s>0p": "siinan", "ind-neg 3s>0p": "siinan", "ind-neg 3'>0p": "siiniwan",
  "ind-neg 1p>0p": "siiminan|siinaanin", "ind-neg 21>0p": "siiminan|siinaanin", "ind-neg 2p>0p": "siinaawaan",
  "ind-neg 3p>0p": "siinaawaan",
  "conj 1s>0": "yaanh", "conj 2s>0": "yan", "conj 3s>0": "d", "conj 3'>0": "nid", "conj 1p>0": "yaang",
  "conj 21>0": "yang", "conj 2p>0": "yeg", "conj 3p>0": "waad", "conj x>0": "ng",
  "conj-neg 1s>0": "siwaanh", "conj-neg 2s>0": "siwan", "conj-neg 3s>0": "sig", "conj-neg 3'>0": "sinid",
  "conj-neg 1p>0": "siwaang", "conj-neg 21>0": "siwang", "conj-neg 2p>0": "siweg", "conj-neg 3p>0": "sigwaa",
  "conj-neg x>0": "sing",
  "imp 2s>0": "n", "imp 21>0s": "daa", "imp 21>0p": "daanin", "imp 2p>0": "k",
  "imp-pro 2s>0": "ken", "imp-pro 21>0s": "siidaa", "imp-pro 21>0p": "siidaanin", "imp-pro 2p>0": "kegon",
};

/** VTI class 1 (stems in -am, e.g. gikendam): the suffix replaces the stem's final -am. */
export const VTI1: Table = {
  "ind 1s>0s": "aan", "ind 2s>0s": "aan", "ind 3s>0s": "aan", "ind 3'>0s": "amini", "ind 1p>0s": "aami|aamin|aanaa|aanaan",
  "ind 21>0s": "aami|aamin|aanaa|aanaan", "ind 2p>0s": "aanaawaa", "ind 3p>0s": "aanaawaa",
  "ind 1s>0p": "aanan", "ind 2s>0p": "aanan", "ind 3s>0p": "aanan", "ind 3'>0p": "aminiwan", "ind 1p>0p": "aaminan|aanaanin",
  "ind 21>0p": "aaminan|aanaanin", "ind 2p>0p": "aanaawaan", "ind 3p>0p": "aanaawaan",
  "ind-neg 1s>0s": "anziin", "ind-neg 2s>0s": "anziin", "ind-neg 3s>0s": "anziin", "ind-neg 3'>0s": "anziini",
  "ind-neg 1p>0s": "anziimi|anziimin|anziinaa|anziinaan", "ind-neg 21>0s": "anziimi|anziimin|anziinaa|anziinaan",
  "ind-neg 2p>0s": "anziinaawaa", "ind-neg 3p>0s": "anziinaawaa",
  "ind-neg 1s>0p": "anziinan", "ind-neg 2s>0p": "anziinan", "ind-neg 3s>0p": "anziinan", "ind-neg 3'>0p": "anziiniwan",
  "ind-neg 1p>0p": "anziiminan|anziinaanin", "ind-neg 21>0p": "anziiminan|anziinaanin", "ind-neg 2p>0p": "anziinaawaan",
  "ind-neg 3p>0p": "anziinaawaan",
  "conj 1s>0": "amaanh", "conj 2s>0": "aman", "conj 3s>0": "ang", "conj 3'>0": "aminid", "conj 1p>0": "amaang",
  "conj 21>0": "amang", "conj 2p>0": "ameg", "conj 3p>0": "amwaad", "conj x>0": "aming",
  "conj-neg 1s>0": "anziwaanh", "conj-neg 2s>0": "anziwan", "conj-neg 3s>0": "anzig", "conj-neg 3'>0": "anzinid",
  "conj-neg 1p>0": "anziwaang", "conj-neg 21>0": "anziwang", "conj-neg 2p>0": "anziweg", "conj-neg 3p>0": "anzigwaa",
  "conj-neg x>0": "anzing",
  "imp 2s>0": "an", "imp 21>0s": "amdaa", "imp 21>0p": "amdaanin", "imp 2p>0": "amok",
  "imp-pro 2s>0": "angen", "imp-pro 21>0s": "anziidaa", "imp-pro 21>0p": "anziidaanin", "imp-pro 2p>0": "angegon",
};

export const VTA: Table = {
  // independent
  "ind 1s>2s": "in", "ind 1s>2p": "ininim", "ind 1s>3s": "aa", "ind 1s>3p": "aag",
  "ind 2s>1s": "I~", "ind 2s>1p": "Imi|Imin", "ind 2s>3s": "aa", "ind 2s>3p": "aag",
  "ind 3s>1s": "ig", "ind 3s>2s": "ig", "ind 3s>3'": "aan", "ind 3s>1p": "igonaa|igonaan", "ind 3s>21": "igonaa|igonaan",
  "ind 3s>2p": "igowaa",
  "ind 3'>3s": "igoon", "ind 3'>3p": "igowaan",
  "ind 1p>2s": "igoo", "ind 1p>3s": "aanaa|aanaan", "ind 1p>2p": "igoom", "ind 1p>3p": "aanaanig",
  "ind 21>3s": "aanaa|aanaan", "ind 21>3p": "aanaanig",
  "ind 2p>1s": "Im", "ind 2p>3s": "aawaa", "ind 2p>1p": "Imi|Imin", "ind 2p>3p": "aawaag",
  "ind 3p>1s": "igoog", "ind 3p>2s": "igoog", "ind 3p>3'": "aawaan", "ind 3p>1p": "igonaanig", "ind 3p>21": "igonaanig",
  "ind 3p>2p": "igowaag",
  "ind x>1s": "igoo", "ind x>2s": "igoo", "ind x>3s": "igoo|aa", "ind x>1p": "igoomi|igoomin", "ind x>21": "igoomi|igoomin",
  "ind x>2p": "igoom", "ind x>3p": "igoowag|aawag",
  // independent negative
  "ind-neg 1s>2s": "isinoon", "ind-neg 1s>2p": "isinooninim", "ind-neg 1s>3s": "aasii", "ind-neg 1s>3p": "aasiig",
  "ind-neg 2s>1s": "Isii", "ind-neg 2s>1p": "Isiimi|Isiimin", "ind-neg 2s>3s": "aasii", "ind-neg 2s>3p": "aasiig",
  "ind-neg 3s>1s": "igosii", "ind-neg 3s>2s": "igosii", "ind-neg 3s>3'": "aasiin", "ind-neg 3s>1p": "igosiinaa|igosiinaan",
  "ind-neg 3s>21": "igosiinaa|igosiinaan", "ind-neg 3s>2p": "igosiiwaa",
  "ind-neg 3'>3s": "igosiin", "ind-neg 3'>3p": "igosiiwaan",
  "ind-neg 1p>2s": "igoosii", "ind-neg 1p>3s": "aasiwaanaa|aasiwaanaan", "ind-neg 1p>2p": "igoosiim",
  "ind-neg 1p>3p": "aasiwaanaanig", "ind-neg 21>3s": "aasiwaanaa|aasiwaanaan", "ind-neg 21>3p": "aasiwaanaanig",
  "ind-neg 2p>1s": "Isiim", "ind-neg 2p>3s": "aasiwaawaa", "ind-neg 2p>1p": "Isiimi|Isiimin", "ind-neg 2p>3p": "aasiwaawaag",
  "ind-neg 3p>1s": "igosiig", "ind-neg 3p>2s": "igosiig", "ind-neg 3p>3'": "aasiwaawaan", "ind-neg 3p>1p": "igosiinaanig",
  "ind-neg 3p>21": "igosiinaanig", "ind-neg 3p>2p": "igosiiwaag",
  "ind-neg x>1s": "igoosii", "ind-neg x>2s": "igoosii", "ind-neg x>3s": "igoosii|aasii", "ind-neg x>1p": "igoosiimi|igoosiimin",
  "ind-neg x>21": "igoosiimi|igoosiimin", "ind-neg x>2p": "igoosiim", "ind-neg x>3p": "igoosiiwag|aasiiwag",
  // conjunct
  "conj 1s>2s": "ininaa|ininaan", "conj 1s>2p": "ininagog", "conj 1s>3s": "ag", "conj 1s>3p": "agwaa",
  "conj 2s>1s": "Iyan", "conj 2s>1p": "Iyaang", "conj 2s>3s": "ad", "conj 2s>3p": "adwaa",
  "conj 3s>1s": "Id", "conj 3s>2s": "ik", "conj 3s>3'": "aad", "conj 3s>1p": "Iyangid", "conj 3s>21": "ininang",
  "conj 3s>2p": "inineg",
  "conj 3'>3s": "igod", "conj 3'>3p": "igowaad",
  "conj 1p>2s": "igooyan", "conj 1p>3s": "angid", "conj 1p>2p": "igooyeg", "conj 1p>3p": "angidwaa",
  "conj 21>3s": "ang", "conj 21>3p": "angwaa",
  "conj 2p>1s": "Iyeg", "conj 2p>3s": "eg", "conj 2p>1p": "Iyaang", "conj 2p>3p": "egwaa",
  "conj 3p>1s": "Iwaad", "conj 3p>2s": "ikwaa", "conj 3p>3'": "aawaad", "conj 3p>1p": "Iyangidwaa", "conj 3p>21": "ininangwaa",
  "conj 3p>2p": "ininegwaa",
  "conj x>1s": "igooyaanh", "conj x>2s": "igooyan", "conj x>3s": "ind", "conj x>1p": "igooyaang", "conj x>21": "igooyang",
  "conj x>2p": "igooyeg", "conj x>3p": "indwaa",
  // conjunct negative
  "conj-neg 1s>2s": "isinoonaanh", "conj-neg 1s>2p": "isinoonagog", "conj-neg 1s>3s": "aasiwag", "conj-neg 1s>3p": "aasiwagwaa",
  "conj-neg 2s>1s": "Isiwan", "conj-neg 2s>1p": "Isiwaang", "conj-neg 2s>3s": "aasiwad", "conj-neg 2s>3p": "aasiwadwaa",
  "conj-neg 3s>1s": "Isig", "conj-neg 3s>2s": "isinog", "conj-neg 3s>3'": "aasig", "conj-neg 3s>1p": "Isiwangid",
  "conj-neg 3s>21": "isinowang", "conj-neg 3s>2p": "igosiweg",
  "conj-neg 3'>3s": "igosig", "conj-neg 3'>3p": "igosigwaa",
  "conj-neg 1p>2s": "igoosiwan", "conj-neg 1p>3s": "aasiwangid", "conj-neg 1p>2p": "igoosiweg", "conj-neg 1p>3p": "aasiwangidwaa",
  "conj-neg 21>3s": "aasiwang", "conj-neg 21>3p": "aasiwangwaa",
  "conj-neg 2p>1s": "Isiweg", "conj-neg 2p>3s": "aasiweg", "conj-neg 2p>1p": "Isiwaang", "conj-neg 2p>3p": "aasiwegwaa",
  "conj-neg 3p>1s": "Isigwaa", "conj-neg 3p>2s": "isinokwaa", "conj-neg 3p>3'": "aasigwaa", "conj-neg 3p>1p": "Isiwangidwaa",
  "conj-neg 3p>21": "isinowangwaa|isinongwaa", "conj-neg 3p>2p": "isinoowegwaa",
  "conj-neg x>1s": "igoosiwaanh", "conj-neg x>2s": "igoosiwan", "conj-neg x>3s": "aasiind", "conj-neg x>1p": "igoosiwaang",
  "conj-neg x>21": "igoosiwang", "conj-neg x>2p": "igoosiweg", "conj-neg x>3p": "aasiindwaa",
  // imperative
  "imp 2s>1s": "Ishin", "imp 2s>3s": "I~|In", "imp 2s>1p": "Ishinaang", "imp 2s>3p": "I~|In",
  "imp 2p>1s": "Ishik", "imp 2p>3s": "Ik", "imp 2p>1p": "Ishinaang", "imp 2p>3p": "Ik",
  "imp 21>3s": "aadaa", "imp 21>3p": "imiinaadaanik",
  // prohibitive
  "imp-pro 2s>1s": "Ishike|Ishiken", "imp-pro 2s>3s": "aake|aaken", "imp-pro 2s>1p": "Ishikenaang", "imp-pro 2s>3p": "aake|aaken",
  "imp-pro 2p>1s": "Ishikeg|Ishikego", "imp-pro 2p>3s": "aakego|aakegon", "imp-pro 2p>1p": "Ishikenaang", "imp-pro 2p>3p": "aakego|aakegon",
  "imp-pro 21>3s": "aasiidaa", "imp-pro 21>3p": "aasiidaanig",
};

/** VAI n-stems (gwekishin). x and 2p follow Valentine via [VN] (-am); [FST]'s -m is the variant. */
export const VAI_N: Table = {
  "ind 1s": "", "ind 2s": "", "ind 3s": "", "ind 3'": "oon", "ind 1p": "mi|min", "ind 21": "mi|min",
  "ind 2p": "am|m", "ind 3p": "oog", "ind x": "am|m",
  "ind-neg 1s": "zii", "ind-neg 2s": "zii", "ind-neg 3s": "zii", "ind-neg 3'": "ziiwan", "ind-neg 1p": "ziimi|ziimin",
  "ind-neg 21": "ziimi|ziimin", "ind-neg 2p": "ziim", "ind-neg 3p": "ziiwag", "ind-neg x": "ziim",
  "conj 1s": "aanh", "conj 2s": "an", "conj 3s": "g", "conj 3'": "nid", "conj 1p": "aang", "conj 21": "ang",
  "conj 2p": "eg", "conj 3p": "waad", "conj x": "ing",
  "conj-neg 1s": "ziwaanh", "conj-neg 2s": "ziwan", "conj-neg 3s": "zig", "conj-neg 3'": "zinid", "conj-neg 1p": "ziwaang",
  "conj-neg 21": "ziwang", "conj-neg 2p": "ziweg", "conj-neg 3p": "zigwaa", "conj-neg x": "zing",
  "imp 2s": "in|an", "imp 21": "daa", "imp 2p": "g|og",
  "imp-pro 2s": "ge|gen", "imp-pro 21": "ziidaa|siidaa", "imp-pro 2p": "gego|gegon",
};

/** VAI am-stems (debwetam): the suffix replaces the stem's final -am. */
export const VAI_AM: Table = {
  "ind 1s": "am", "ind 2s": "am", "ind 3s": "am", "ind 3'": "amoon", "ind 1p": "ammi|ammin", "ind 21": "ammi|ammin",
  "ind 2p": "mm", "ind 3p": "amoog", "ind x": "mm",
  "ind-neg 1s": "amzii", "ind-neg 2s": "amzii", "ind-neg 3s": "amzii", "ind-neg 3'": "amziiwan", "ind-neg 1p": "amziimi|amziimin",
  "ind-neg 21": "amziimi|amziimin", "ind-neg 2p": "amziim", "ind-neg 3p": "amziiwag", "ind-neg x": "amziim",
  "conj 1s": "amaanh", "conj 2s": "aman", "conj 3s": "ang", "conj 3'": "aminid", "conj 1p": "amaang", "conj 21": "amang",
  "conj 2p": "ameg", "conj 3p": "amwaad", "conj x": "aming",
  "conj-neg 1s": "anziwaanh", "conj-neg 2s": "anziwan", "conj-neg 3s": "anzig", "conj-neg 3'": "anzinid", "conj-neg 1p": "anziwaang",
  "conj-neg 21": "anziwang", "conj-neg 2p": "anziweg", "conj-neg 3p": "anzigwaa", "conj-neg x": "anzing",
  "imp 2s": "amin", "imp 21": "amdaa", "imp 2p": "mg",
  "imp-pro 2s": "ange|angen", "imp-pro 21": "amsiidaa", "imp-pro 2p": "angego|angegon",
};

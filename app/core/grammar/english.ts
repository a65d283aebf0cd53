/**
 * English verb morphology for glosses and for reading English queries: past tense, past participle, -ing form, and
 * the base forms an inflected English word may stand for ("saw" → see, "left" → leave, "walked" → walk). Pure,
 * imports nothing. The irregular verbs are those of English, not of any dictionary entry.
 */

/** base → [past, past participle] of the irregular verbs a dictionary gloss is likely to start with. */
const IRREGULAR: Record<string, [string, string]> = {
  be: ["was", "been"],
  have: ["had", "had"],
  do: ["did", "done"],
  go: ["went", "gone"],
  say: ["said", "said"],
  see: ["saw", "seen"],
  eat: ["ate", "eaten"],
  drink: ["drank", "drunk"],
  sleep: ["slept", "slept"],
  sit: ["sat", "sat"],
  stand: ["stood", "stood"],
  run: ["ran", "run"],
  swim: ["swam", "swum"],
  sing: ["sang", "sung"],
  get: ["got", "gotten"],
  give: ["gave", "given"],
  know: ["knew", "known"],
  hear: ["heard", "heard"],
  find: ["found", "found"],
  buy: ["bought", "bought"],
  bring: ["brought", "brought"],
  make: ["made", "made"],
  leave: ["left", "left"],
  come: ["came", "come"],
  speak: ["spoke", "spoken"],
  teach: ["taught", "taught"],
  meet: ["met", "met"],
  feed: ["fed", "fed"],
  feel: ["felt", "felt"],
  write: ["wrote", "written"],
  take: ["took", "taken"],
  tell: ["told", "told"],
  think: ["thought", "thought"],
  catch: ["caught", "caught"],
  rise: ["rose", "risen"],
  lie: ["lay", "lain"],
  put: ["put", "put"],
  cut: ["cut", "cut"],
  hit: ["hit", "hit"],
  let: ["let", "let"],
  set: ["set", "set"],
  shut: ["shut", "shut"],
  keep: ["kept", "kept"],
  lose: ["lost", "lost"],
  send: ["sent", "sent"],
  spend: ["spent", "spent"],
  build: ["built", "built"],
  hold: ["held", "held"],
  fall: ["fell", "fallen"],
  fly: ["flew", "flown"],
  grow: ["grew", "grown"],
  throw: ["threw", "thrown"],
  draw: ["drew", "drawn"],
  blow: ["blew", "blown"],
  break: ["broke", "broken"],
  choose: ["chose", "chosen"],
  forget: ["forgot", "forgotten"],
  freeze: ["froze", "frozen"],
  hide: ["hid", "hidden"],
  ride: ["rode", "ridden"],
  wake: ["woke", "woken"],
  wear: ["wore", "worn"],
  win: ["won", "won"],
  begin: ["began", "begun"],
  become: ["became", "become"],
  bite: ["bit", "bitten"],
  burn: ["burnt", "burnt"],
  dig: ["dug", "dug"],
  fight: ["fought", "fought"],
  hang: ["hung", "hung"],
  lead: ["led", "led"],
  lend: ["lent", "lent"],
  light: ["lit", "lit"],
  mean: ["meant", "meant"],
  pay: ["paid", "paid"],
  read: ["read", "read"],
  sell: ["sold", "sold"],
  shine: ["shone", "shone"],
  shoot: ["shot", "shot"],
  sink: ["sank", "sunk"],
  slide: ["slid", "slid"],
  steal: ["stole", "stolen"],
  stick: ["stuck", "stuck"],
  sweep: ["swept", "swept"],
  swing: ["swung", "swung"],
  tear: ["tore", "torn"],
  understand: ["understood", "understood"],
  weep: ["wept", "wept"],
  wind: ["wound", "wound"],
  bleed: ["bled", "bled"],
  breed: ["bred", "bred"],
  creep: ["crept", "crept"],
  deal: ["dealt", "dealt"],
  dream: ["dreamt", "dreamt"],
  kneel: ["knelt", "knelt"],
  shake: ["shook", "shaken"],
  spin: ["spun", "spun"],
  strike: ["struck", "struck"],
  drive: ["drove", "driven"],
  forgive: ["forgave", "forgiven"],
};
const BY_PAST = new Map<string, string[]>();
for (const [base, [past, pp]] of Object.entries(IRREGULAR)) {
  for (const w of new Set([past, pp])) BY_PAST.set(w, [...(BY_PAST.get(w) ?? []), base]);
}
BY_PAST.set("were", ["be"]);

/** A short word ending consonant-vowel-consonant doubles its last consonant before -ed/-ing (stop → stopped). */
function doubles(verb: string): boolean {
  return /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(verb);
}

/** "walk" → walked, "cry" → cried, "dance" → danced, "stop" → stopped; irregular verbs from the table. */
export function pastOf(verb: string): string {
  const irregular = IRREGULAR[verb];
  if (irregular) return irregular[0];
  if (verb.endsWith("e")) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  if (doubles(verb)) return `${verb}${verb.at(-1)}ed`;
  return `${verb}ed`;
}

/** The past participle ("seen", "walked"). */
export function pastParticipleOf(verb: string): string {
  return IRREGULAR[verb]?.[1] ?? pastOf(verb);
}

/** "leave" → leaving, "see" → seeing, "lie" → lying, "stop" → stopping. */
export function ingOf(verb: string): string {
  if (verb === "be" || verb === "see" || /ee$/.test(verb)) return `${verb}ing`;
  if (verb.endsWith("ie")) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (doubles(verb)) return `${verb}${verb.at(-1)}ing`;
  return `${verb}ing`;
}

/**
 * The base forms an English word of a query may stand for, the word itself first: "sees" → see, "saw" → see,
 * "walked" → walk, "danced" → dance, "cried" → cry, "stopped" → stop, "leaving" → leave, "is"/"was"/"were" → be.
 */
export function baseForms(word: string): string[] {
  const out = new Set([word]);
  if (["is", "am", "are", "was", "were", "been", "being"].includes(word)) out.add("be");
  if (word === "has" || word === "had") out.add("have");
  if (word === "does" || word === "did") out.add("do");
  for (const base of BY_PAST.get(word) ?? []) out.add(base);
  if (word.endsWith("ies")) out.add(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) out.add(word.slice(0, -2));
  if (word.endsWith("s")) out.add(word.slice(0, -1));
  if (word.endsWith("ied")) out.add(`${word.slice(0, -3)}y`);
  if (word.endsWith("ed")) {
    out.add(word.slice(0, -2));
    out.add(word.slice(0, -1));
    if (/([bdgklmnprt])\1ed$/.test(word)) out.add(word.slice(0, -3));
  }
  if (word.endsWith("ing") && word.length > 4) {
    const stem = word.slice(0, -3);
    out.add(stem);
    out.add(`${stem}e`);
    if (/([bdgklmnprt])\1$/.test(stem)) out.add(stem.slice(0, -1));
    if (stem.endsWith("y")) out.add(`${stem.slice(0, -1)}ie`);
  }
  return [...out];
}

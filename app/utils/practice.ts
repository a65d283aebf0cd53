/**
 * Practice items, the session queue and typed-answer checking, shared by the server loop (app/services/practice.server.ts)
 * and the learn pages. Client-safe, no dependencies: the schedule itself (ts-fsrs) runs on the server.
 * @see docs/decisions/016-course-and-server-practice.md, docs/decisions/016a-course-practice-updates.md
 */

/** An engine form split into its parts (prefix and suffix may be empty). */
export type FormPartsView = { prefix: string | null; root: string; suffix: string | null };

/** One thing to practise: shown in Odawa, meant in English, typed back in Odawa. */
export type PracticeItem = {
  /** The schedule's card key (app/utils/course.ts): "verb:maajaa:ind:1s", "noun:kwe.na:pl", "lesson:1:2". */
  key: string;
  odawa: string;
  english: string;
  /** Accepted typed answers: the form and its variants. */
  answers: string[];
  audio: string | null;
  parts: FormPartsView | null;
  /** The dictionary word and cell of an engine form ("maajaa", "vai", "ind 1s"); sentences have none. */
  lemma?: string;
  pos?: string;
  cell?: string;
};

/** Questions per round; a missed item comes back at the end of the round until it is answered right. */
export const ROUND_SIZE = 12;

/** The most new cards a day a learner may set on /niin (0: reviews only; the default is 20, as in Anki). */
export const MAX_NEW_CARDS_PER_DAY = 500;

/** Apostrophe look-alikes learners type for the glottal stop. */
const APOSTROPHES = /[\u2019\u2018\u02BC\u02BB\u0060\u00B4\u2032\u02B9]/g;

/**
 * Case, apostrophe look-alikes, spacing, sentence punctuation and the hyphens the site puts between a form's parts
 * (`n-maajaa`) never decide an answer; letters always do.
 */
export function answerKey(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2212-]/g, "")
    .replace(/[.,!?;:"“”«»()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A typed answer is right when it matches an accepted form whatever joins its parts (a hyphen, a dash, a space or
 * nothing: ggii-maajaa = ggii maajaa = ggiimaajaa), also with `h` written for any glottal stop `'`.
 */
export function isAcceptedAnswer(typed: string, answers: readonly string[]): boolean {
  const key = joinedKey(typed);
  return key !== "" && answers.some((a) => glottalAsH(joinedKey(a)).test(key));
}

/** An answer key with its parts run together: spaces never decide between forms that only differ in how parts join. */
const joinedKey = (text: string) => answerKey(text).replace(/ /g, "");

/** A pattern for a key in which each glottal stop may be typed ' or h. */
const glottalAsH = (key: string) => new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "['h]")}$`);

/** An English meaning compared without case, punctuation or spacing ("We (incl.) leave." = "we (incl) leave"). */
export function meaningKey(english: string): string {
  return english
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/]+/gu, " ")
    .trim();
}

/** A gloss quoted in a sentence of our own, its closing punctuation not doubled: “I leave.” or “it rains”. */
export function quoted(english: string, end = "."): string {
  const text = english.trim();
  return /[.!?]$/.test(text) ? `“${text}”` : `“${text}”${end}`;
}

/** A gloss asked for in a question, without its final period: How do you say “I leave”? */
export function asked(english: string): string {
  return english.trim().replace(/\.$/, "");
}

/** Distractors per multiple-choice question. */
const CHOICE_DISTRACTORS = 3;

/** A bracketed note at the end of a gloss, one level of brackets inside it: " (obv.)", " (you (sg))". */
const TRAILING_NOTE = /\s*\((?:[^()]|\([^()]*\))*\)$/;
/** A gloss that starts with the pronoun I, capitalised whatever the style ("I leave", "I'm"). */
const STARTS_WITH_I = /^I\b/;

/**
 * Whether a gloss is written as a sentence ("You (sg) see it.", "Go away! (you (sg))") rather than as a form's gloss
 * ("you (sg) see it", "go away! (you (sg))"): it ends with a full stop, or starts with a capital other than "I".
 */
function isSentenceStyle(english: string): boolean {
  const text = english.trim();
  return text.endsWith(".") || (!STARTS_WITH_I.test(text) && /^\p{Lu}/u.test(text));
}

/**
 * A gloss written in the style of another: as a sentence (capitalised, closed with a full stop unless it already
 * ends in . ! or ? before its bracketed note) or as a form's gloss (no capital but "I", no closing full stop).
 */
function inStyle(english: string, sentence: boolean): string {
  const text = english.trim();
  if (sentence) {
    const capital = text.charAt(0).toUpperCase() + text.slice(1);
    return /[.!?]$/.test(capital.replace(TRAILING_NOTE, "")) ? capital : `${capital}.`;
  }
  const open = text.replace(/\.$/, "");
  return STARTS_WITH_I.test(open) ? open : open.charAt(0).toLowerCase() + open.slice(1);
}

/**
 * The options of a multiple-choice question: the right meaning and up to three others that a learner could not
 * defend. A distractor never has the item's form, word-and-cell or meaning, nor another distractor's; other cells of
 * the same word come first (the learner reads the inflection, not the gloss wording), then other words. Every
 * distractor is written in the style of the right meaning (a lesson's sentences are glossed as sentences, its forms
 * as forms), so capitals and full stops never give the answer away.
 */
export function choiceOptions(item: PracticeItem, pool: readonly PracticeItem[], seed: string): string[] {
  const taken = { forms: new Set([answerKey(item.odawa)]), meanings: new Set([meaningKey(item.english)]), cells: new Set<string>() };
  const cellOf = (i: PracticeItem) => (i.lemma && i.cell ? `${i.lemma}.${i.pos ?? ""}|${i.cell}` : null);
  if (cellOf(item)) taken.cells.add(cellOf(item)!);
  const sameWord = (i: PracticeItem) => Boolean(item.lemma) && i.lemma === item.lemma && i.pos === item.pos;
  const candidates = [
    ...seededOrder(pool.filter(sameWord), seed),
    ...seededOrder(
      pool.filter((i) => !sameWord(i)),
      seed,
    ),
  ];
  const sentence = isSentenceStyle(item.english);
  const chosen: string[] = [];
  for (const other of candidates) {
    if (chosen.length >= CHOICE_DISTRACTORS) break;
    const form = answerKey(other.odawa);
    const meaning = meaningKey(other.english);
    const cell = cellOf(other);
    if (!meaning || taken.forms.has(form) || taken.meanings.has(meaning) || (cell && taken.cells.has(cell))) continue;
    taken.forms.add(form);
    taken.meanings.add(meaning);
    if (cell) taken.cells.add(cell);
    chosen.push(inStyle(other.english, sentence));
  }
  return chosen;
}

/**
 * The round: due (or never seen) items first, earliest due first, at most ROUND_SIZE. `fresh` (a signed-in learner's
 * new cards a day): at most `left` of the items it calls new (never practised) come in.
 */
export function roundKeys(
  items: ReadonlyArray<{ key: string }>,
  dueOf: (key: string) => number | undefined,
  now: number,
  fresh?: { isNew: (key: string) => boolean; left: number },
): string[] {
  let left = fresh ? Math.max(fresh.left, 0) : Infinity;
  return items
    .map((item, index) => ({ key: item.key, index, due: dueOf(item.key) ?? now }))
    .filter((x) => x.due <= now)
    .sort((a, b) => a.due - b.due || a.index - b.index)
    .filter((x) => !fresh?.isNew(x.key) || left-- > 0)
    .slice(0, ROUND_SIZE)
    .map((x) => x.key);
}

/**
 * The session travels in the URL (works without JavaScript): the keys still to ask, the round size, the missed keys,
 * how many answers were given (so every step of a round has its own address) and the round's id (`round`, made
 * when the round starts; not `r`, which is an email link's click reference, app/root.tsx), which with the step names each question of the round once (questionId).
 */
export type SessionState = { queue: string[]; total: number; missed: string[]; answered: number; round?: string };

const ROUND_ID = /^[0-9a-z]{8,32}$/;

/** A new round's id: random, so the questions of two rounds never share a name. */
export function newRoundId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("") + Date.now().toString(36).slice(-4);
}

/**
 * The question a step of a round asks ("k3…:2:lesson:1:2"): the server records one answer per question, so a reload,
 * Back and answer again, or an offline answer sent again never counts twice. Null for a round without an id.
 */
export function questionId(state: SessionState, key: string): string | null {
  return state.round ? `${state.round}:${state.answered}:${key}` : null;
}

export function sessionParams(state: SessionState): string {
  const p = new URLSearchParams();
  p.set("q", state.queue.join(" "));
  p.set("t", String(state.total));
  if (state.missed.length) p.set("m", state.missed.join(" "));
  if (state.answered) p.set("n", String(state.answered));
  if (state.round) p.set("round", state.round);
  return p.toString();
}

export function readSession(search: URLSearchParams): SessionState | null {
  if (!search.has("q")) return null;
  const split = (v: string | null) =>
    (v ?? "")
      .split(" ")
      .filter((k) => k.length > 0 && k.length <= 200)
      .slice(0, 50);
  const queue = split(search.get("q"));
  const total = Math.min(Math.max(Number.parseInt(search.get("t") ?? "", 10) || queue.length, queue.length), 50);
  const answered = Math.min(Math.max(Number.parseInt(search.get("n") ?? "", 10) || 0, 0), 500);
  const round = search.get("round") ?? "";
  return { queue, total, missed: [...new Set(split(search.get("m")))], answered, ...(ROUND_ID.test(round) ? { round } : {}) };
}

/** After an answer: right drops the key, wrong sends it to the back of the queue (asked again later this round). */
export function advance(state: SessionState, key: string, correct: boolean): SessionState {
  const rest = state.queue[0] === key ? state.queue.slice(1) : state.queue.filter((k) => k !== key);
  const answered = state.answered + 1;
  return correct
    ? { ...state, queue: rest, answered }
    : { ...state, queue: [...rest, key], missed: state.missed.includes(key) ? state.missed : [...state.missed, key], answered };
}

/** Odawa → English choice on even questions (when there are choices to give), English → Odawa typed on odd ones. */
export function questionKind(state: SessionState, choices: number): "choose" | "type" {
  return choices >= 2 && state.answered % 2 === 0 ? "choose" : "type";
}

/** A deterministic shuffle (the server and the browser must render the same order). */
export function seededOrder<T>(list: readonly T[], seed: string): T[] {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    const j = h % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

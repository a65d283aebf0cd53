/**
 * The offline dictionary pack (docs/decisions/027-offline-dictionary.md): every entry with its gloss, and the keys of
 * the forms the grammar engine gives for it, as one text the server gzips and the browser keeps. Pure and small: the
 * browser decodes and searches it with no connection, so nothing here may import the engine's inflection or analysis
 * (only its spelling keys, `grammar/spelling.ts`, the same folding search uses on the server).
 *
 * Layout (one UTF-8 text; lines end with \n):
 *   line 1   `nishnaabemwin-offline-dictionary {PACK_FORMAT}`
 *   line 2   JSON header: { version, builtAt, entries: N, templates: { name: [cell label, …] } }
 *   N lines  one entry each: id \t headword \t part of speech \t gloss \t template name ("" for none)
 *   N lines  the same entries' forms, one slot per cell of the template, slots separated by " ", the keys of a cell's
 *            variants by ","; an empty slot is a cell the engine gave no confident form for.
 * Entry lines and form lines are apart so the forms stay plain ASCII-like text that one `indexOf` scans quickly.
 */
import { looseSpellingKey, spellingKeys } from "./grammar/spelling";
import { toSearchKey } from "./orthography";

export const PACK_FORMAT = 2;
const MAGIC = "nishnaabemwin-offline-dictionary";

export type PackEntry = { id: number; name: string; pos: string; gloss: string; template: string };
export type PackMeta = {
  version: string;
  builtAt: string;
  /** Cell labels of each template, in slot order ("Independent: I → s/he"). */
  templates: Record<string, string[]>;
};
export type PackInput = PackMeta & {
  /** Each entry with the form keys of each slot of its template (`formKey` of each form and variant). */
  entries: Array<PackEntry & { slots: string[][] }>;
};

export type OfflinePack = PackMeta & {
  entries: PackEntry[];
  /** The form lines, and where each entry's line starts in them. */
  forms: string;
  formLineStarts: Int32Array;
  /** Headword keys (loose and consonant skeleton) → entry positions. */
  headwords: Map<string, number[]>;
  /** Loose headword keys sorted, for "starts with" matches. */
  sortedHeadwords: Array<{ key: string; at: number }>;
};

/** A word as typed, folded as search folds it: punctuation around it dropped, case, apostrophes, h for ', hyphens. */
export function formKey(text: string): string {
  const bare = toSearchKey(text).replace(/^[^\p{L}']+|[^\p{L}']+$/gu, "");
  return bare ? looseSpellingKey(bare) : "";
}

const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, " ");

/** The start of a pack: its header and every entry; the entries' form lines follow, in the same order. */
export function encodeHead(meta: PackMeta, entries: readonly PackEntry[]): string {
  const header = { version: meta.version, builtAt: meta.builtAt, entries: entries.length, templates: meta.templates };
  const lines = [`${MAGIC} ${PACK_FORMAT}`, JSON.stringify(header)];
  for (const e of entries) lines.push([String(e.id), oneLine(e.name), oneLine(e.pos), oneLine(e.gloss), e.template].join("\t"));
  return `${lines.join("\n")}\n`;
}

/** One entry's form line: the keys of each slot (trailing empty slots left out). */
export function encodeFormLine(slots: readonly string[][]): string {
  const cells = slots.map((keys) => [...new Set(keys.filter((k) => k && !/[\s,]/.test(k)))].join(","));
  while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
  return `${cells.join(" ")}\n`;
}

export function encodePack(input: PackInput): string {
  return encodeHead(input, input.entries) + input.entries.map((e) => encodeFormLine(e.slots)).join("");
}

/** The pack from its text; throws on a text that is not a pack of this format. */
export function decodePack(text: string): OfflinePack {
  let at = text.indexOf("\n");
  if (text.slice(0, at) !== `${MAGIC} ${PACK_FORMAT}`) throw new Error("Not an offline dictionary pack of this format.");
  const next = () => {
    const end = text.indexOf("\n", at + 1);
    if (end < 0) throw new Error("The offline dictionary pack is cut short.");
    const line = text.slice(at + 1, end);
    at = end;
    return line;
  };
  const header = JSON.parse(next()) as { version: string; builtAt: string; entries: number; templates: Record<string, string[]> };
  const entries: PackEntry[] = [];
  const headwords = new Map<string, number[]>();
  const sortedHeadwords: OfflinePack["sortedHeadwords"] = [];
  for (let i = 0; i < header.entries; i++) {
    const [id, name = "", pos = "", gloss = "", template = ""] = next().split("\t");
    entries.push({ id: Number(id), name, pos, gloss, template });
    const loose = formKey(name);
    for (const key of new Set([loose, skeletonKey(name)])) {
      if (!key) continue;
      const list = headwords.get(key);
      if (list) list.push(i);
      else headwords.set(key, [i]);
    }
    sortedHeadwords.push({ key: loose, at: i });
  }
  sortedHeadwords.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.at - b.at));
  const forms = text.slice(at + 1);
  const formLineStarts = new Int32Array(header.entries);
  let lineStart = 0;
  for (let i = 0; i < header.entries; i++) {
    formLineStarts[i] = lineStart;
    const end = forms.indexOf("\n", lineStart);
    if (end < 0) throw new Error("The offline dictionary pack is cut short.");
    lineStart = end + 1;
  }
  return { version: header.version, builtAt: header.builtAt, templates: header.templates, entries, forms, formLineStarts, headwords, sortedHeadwords };
}

/** The engine's consonant skeleton of a spelling (syncopated and full spellings meet: nwaabmaa ~ niwaabamaa). */
function skeletonKey(text: string): string {
  const keys = spellingKeys(toSearchKey(text));
  return keys.find((k) => k.startsWith("~")) ?? "";
}

export type OfflineHit = {
  entry: PackEntry;
  match: "headword" | "form" | "prefix" | "english";
  /** For a form: the cells it is (labels of the template), e.g. ["Independent: I → s/he"]. */
  cells: string[];
};

export type OfflineResult = { query: string; total: number; hits: OfflineHit[] };

const isSlotEdge = (c: string | undefined) => c === undefined || c === " " || c === "," || c === "\n";

function lineOf(starts: Int32Array, pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Every entry with a form whose key is `key`, and the cells it fills. */
export function findForm(pack: OfflinePack, key: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (!key) return out;
  const { forms } = pack;
  for (let pos = forms.indexOf(key); pos >= 0; pos = forms.indexOf(key, pos + 1)) {
    if (!isSlotEdge(pos === 0 ? undefined : forms[pos - 1]) || !isSlotEdge(forms[pos + key.length])) continue;
    const line = lineOf(pack.formLineStarts, pos);
    let slot = 0;
    for (let i = pack.formLineStarts[line]!; i < pos; i++) if (forms.charCodeAt(i) === 32) slot++;
    const entry = pack.entries[line]!;
    const label = pack.templates[entry.template]?.[slot] ?? "";
    const cells = out.get(line) ?? [];
    if (label && !cells.includes(label)) cells.push(label);
    out.set(line, cells);
  }
  return out;
}

const englishWords = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFC")
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ""))
    .filter(Boolean);

/**
 * Search the pack as the site's search does, in short: the headword in any spelling, any form the pack holds, headwords
 * starting with the query, then English (every word of the query a word of the gloss, or from 3 letters its start).
 * `keep` leaves entries out (the part-of-speech filter).
 */
export function searchPack(pack: OfflinePack, rawQuery: string, limit = 100, keep: (entry: PackEntry) => boolean = () => true): OfflineResult {
  const query = rawQuery.normalize("NFC").replace(/\s+/g, " ").trim().slice(0, 100);
  if (!query) return { query, total: 0, hits: [] };
  const scored = new Map<number, { hit: OfflineHit; score: number }>();
  const add = (at: number, match: OfflineHit["match"], score: number, cells: string[] = []) => {
    if (!keep(pack.entries[at]!)) return;
    const known = scored.get(at);
    if (!known || known.score < score) scored.set(at, { hit: { entry: pack.entries[at]!, match, cells }, score });
  };
  const key = formKey(query);
  if (key) {
    for (const k of new Set([key, skeletonKey(query)])) for (const at of pack.headwords.get(k) ?? []) add(at, "headword", 100);
    if (!query.includes(" ")) for (const [at, cells] of findForm(pack, key)) add(at, "form", 80, cells);
    if (key.length >= 2) {
      const list = pack.sortedHeadwords;
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]!.key < key) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < list.length && list[i]!.key.startsWith(key); i++)
        add(list[i]!.at, "prefix", 50 - Math.min(list[i]!.key.length - key.length, 40) / 100);
    }
  }
  const words = englishWords(query);
  if (words.length > 0) {
    pack.entries.forEach((entry, at) => {
      const gloss = englishWords(entry.gloss);
      let exact = 0;
      for (const w of words) {
        if (gloss.includes(w)) exact++;
        else if (!(w.length >= 3 && gloss.some((g) => g.startsWith(w)))) return;
      }
      add(at, "english", exact === words.length ? 40 : 30);
    });
  }
  const all = [...scored.values()].sort((a, b) => b.score - a.score || a.hit.entry.name.localeCompare(b.hit.entry.name) || a.hit.entry.id - b.hit.entry.id);
  return { query, total: all.length, hits: all.slice(0, limit).map((s) => s.hit) };
}

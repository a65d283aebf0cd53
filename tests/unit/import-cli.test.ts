// The import command end to end: `node scripts/import.ts` against a throwaway local D1/R2 (wrangler); and the
// pure reading and planning it wraps (app/core/import/): column mapping, homographs, part-of-speech tags, refused
// lines, idempotence, and the published dictionary and stems files when ../shared/data is there.
import { spawnSync } from "node:child_process";
import { needsSharedData } from "../support/shared-data";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import { parseLexiconText } from "../../app/core/import/lexicon";
import { planLexicon, type ExistingLexeme } from "../../app/core/import/plan";
import { KNOWN_POS, normalizePos } from "../../app/core/import/pos-tags";
import { lexiconReport, lineReport } from "../../app/core/import/report";
import { parseStemsText, planStems, stemLemmaName } from "../../app/core/import/stems";
import { POS_NAMES } from "../../app/core/glossary";
import { NOUN_POS, VERB_POS } from "../../app/core/pos";

const root = path.resolve(import.meta.dirname, "../..");
const env = {
  ...process.env,
  PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
let dir = "";
let state = "";

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8" });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
const importFile = (kind: string, file: string) => run("node", ["scripts/import.ts", kind, file, "--persist-to", state]);
function query(sql: string) {
  const r = run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql]);
  expect(r.code, r.out).toBe(0);
  return JSON.parse(r.out.slice(r.out.indexOf("[")))[0].results as Array<Record<string, unknown>>;
}
function write(name: string, content: string) {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nish-import-test-"));
  state = path.join(dir, "state");
  const migrated = run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
  expect(migrated.code, migrated.out).toBe(0);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a lexicon's bad rows are refused with their line numbers and the good ones imported; --strict writes nothing", () => {
  const file = write("bad.tsv", "name\tpos\tgloss\nzqgood\tvai\tfine\nzqbad\tvai\t\n");
  const strict = run("node", ["scripts/import.ts", "lexicon", file, "--persist-to", state, "--strict"]);
  expect(strict.code).toBe(1);
  expect(strict.out).toContain("bad.tsv:3: gloss: is required");
  expect(strict.out).toContain("nothing was imported");
  expect(query("SELECT count(*) AS n FROM lexemes WHERE name LIKE 'zq%'")).toEqual([{ n: 0 }]);

  const r = importFile("lexicon", file);
  expect(r.code, r.out).toBe(0);
  expect(r.out).toContain("bad.tsv:3: gloss: is required");
  expect(r.out).toContain("Lexicon: 1 added, 0 changed, 0 unchanged.");
  expect(query("SELECT name FROM lexemes WHERE name LIKE 'zq%'")).toEqual([{ name: "zqgood" }]);
  expect(importFile("lexicon", file).out).toContain("Lexicon: 0 added, 0 changed, 1 unchanged.");
  query("DELETE FROM lexemes WHERE name LIKE 'zq%'");
}, 60_000);

test("a dictionary file as published (headword, pos, gloss, comment) loads, and a second run changes nothing", () => {
  const dict = write(
    "dict.tsv",
    "headword\tpos\tgloss\tcomment\nzqaa\tvai\tfirst sense\t\nzqaa\tvai\tsecond sense\ta note\n{n}zqoos\tnad\tmy test\t\nzqee\tn?\tunknown\t\n",
  );
  const stems = write(
    "stems.tsv",
    "lemma\tunderlying_stem\tlexicon\tcontinuation_class\tgloss\tsource_key\nzqaa\tzqaaw\tVAI\tVAI_TAG\t1 x\tk1\nzqii\tzqii\tVAI\tVAI_TAG\t1 y\tk2\n",
  );
  const report = path.join(dir, "report.tsv");
  const first = run("node", ["scripts/import.ts", "lexicon", dict, "--persist-to", state, "--report", report]);
  expect(first.code, first.out).toBe(0);
  expect(first.out).toContain("Lexicon: 2 added, 0 changed, 0 unchanged.");
  expect(first.out).toContain('dict.tsv:5: pos: "n?" is not a part-of-speech tag the import can map');
  expect(first.out).toContain("dict.tsv:3: merged into zqaa (vai) of line 2: sense added");
  expect(readFileSync(report, "utf8")).toBe(
    "line\toutcome\treason\n3\tmerged\tmerged into zqaa (vai) of line 2: sense added\n" +
      '5\trefused\tpos: "n?" is not a part-of-speech tag the import can map (expected a code such as vai, na or av)\n',
  );
  const stemRun = importFile("stems", stems);
  expect(stemRun.code, stemRun.out).toBe(0);
  expect(stemRun.out).toContain("Stems: 1 set, 0 unchanged");
  expect(stemRun.out).toContain("stems.tsv:3: no entry zqii (vai) in the lexicon");
  const snapshot = () => query("SELECT name, pos, gloss, stem, updated_at FROM lexemes WHERE name LIKE 'zq%' OR name LIKE 'nzq%' ORDER BY name");
  const before = snapshot();
  expect(before.map(({ updated_at, ...r }) => r)).toEqual([
    { name: "nzqoos", pos: "nad", gloss: "my test", stem: null },
    { name: "zqaa", pos: "vai", gloss: "first sense; second sense", stem: "zqaaw" },
  ]);
  const edits = () => query("SELECT count(*) AS n FROM edit_log")[0].n;
  const editsBefore = edits();
  expect(importFile("lexicon", dict).out).toContain("Lexicon: 0 added, 0 changed, 2 unchanged.");
  expect(importFile("stems", stems).out).toContain("Stems: 0 set, 1 unchanged");
  expect(snapshot()).toEqual(before);
  expect(edits()).toBe(editsBefore);
  query("DELETE FROM lexemes WHERE name LIKE 'zq%' OR name LIKE 'nzq%'");
}, 120_000);

test("a stems file given as a lexicon is sent to `stems`; a file without the needed columns says which", () => {
  const stems = write("as-lexicon.tsv", "lemma\tunderlying_stem\tlexicon\tgloss\nzqaa\tzqaaw\tVAI\tx\n");
  expect(importFile("lexicon", stems).out).toContain("this is a stems file");
  const other = importFile("lexicon", write("other.tsv", "word\tmeaning\nzqaa\tx\n"));
  expect(other.code).toBe(1);
  expect(other.out).toContain("no pos column (expected one of: pos, part_of_speech)");
}, 60_000);

test("importing the same files twice changes nothing; audio goes to R2 and is attached to its word", () => {
  const lexicon = write("lexicon.tsv", "name\tpos\tgloss\tstem\nzqone\tvai\tfirst test word\tzqone\nzqtwo\tna\tsecond test word\t\n");
  const audio = write("audio.tsv", `file\tname\tpos\n${path.join(root, "tests/fixtures/audio/silence.mp3")}\tzqone\tvai\n`);
  const snapshot = () => query("SELECT l.*, a.key, a.content_type, a.size FROM lexemes l LEFT JOIN audio_objects a ON a.id = l.audio_id ORDER BY l.id");
  for (const [kind, file] of [
    ["lexicon", lexicon],
    ["audio", audio],
  ]) {
    const r = importFile(kind, file);
    expect(r.code, r.out).toBe(0);
  }
  const first = snapshot();
  expect(first).toHaveLength(2);
  expect(first[0]).toMatchObject({ name: "zqone", key: `audio/${first[0].id}.mp3`, content_type: "audio/mpeg", size: 10008 });
  expect(first[1]).toMatchObject({ name: "zqtwo", audio_id: null });

  for (const [kind, file] of [
    ["lexicon", lexicon],
    ["audio", audio],
  ]) {
    expect(importFile(kind, file).code).toBe(0);
  }
  expect(snapshot()).toEqual(first);
}, 120_000);

// ---------------------------------------------------------------- the pure reading and planning

const tsv = (...lines: string[]) => lines.join("\n") + "\n";

describe("lexicon files", () => {
  it("maps the published dictionary's columns and today's import columns to the same entries", () => {
    const published = parseLexiconText(tsv("headword\tpos\tgloss\tcomment", "maajaa\tvai\tgo away\tsaid of people"), "tsv");
    const today = parseLexiconText(tsv("name\tpos\tgloss\tstem\taudio", "maajaa\tvai\tgo away\t\t"), "tsv");
    const json = parseLexiconText(JSON.stringify([{ Headword: "maajaa", POS: "vai", Definition: "go away" }]), "json");
    for (const p of [published, today, json])
      expect(p.entries.map(({ name, pos, gloss }) => ({ name, pos, gloss }))).toEqual([{ name: "maajaa", pos: "vai", gloss: "go away" }]);
    expect(published.columns).toEqual({ name: "headword", pos: "pos", gloss: "gloss" });
    expect(published.ignored).toEqual([{ column: "comment", lines: [2] }]);
    expect(today.columns).toMatchObject({ stem: "stem" });
    expect(today.ignored).toEqual([]);
    expect(parseLexiconText(tsv("headword\tgloss", "x\ty"), "tsv").fileError).toBe(
      "no pos column (expected one of: pos, part_of_speech); the header has: headword, gloss",
    );
  });

  it("merges homographs into one entry whose gloss has each distinct sense once, in file order", () => {
    const p = parseLexiconText(
      tsv(
        "headword\tpos\tgloss",
        "zhi'o\tvai\tdress so",
        "mshkode\tni\tprairie",
        "zhi'o\tvai\tform, take shape",
        "zhi'o\tvai\tDress so",
        "zhi'o\tvai\t{duplicate entry}",
        "zhi'o\tvai\t",
        "zhi'o\tvta\tother class",
      ),
      "tsv",
    );
    expect(p.entries.map((e) => [e.name, e.pos, e.gloss, e.lines])).toEqual([
      ["zhi'o", "vai", "dress so; form, take shape", [2, 4, 5, 6, 7]],
      ["mshkode", "ni", "prairie", [3]],
      ["zhi'o", "vta", "other class", [8]],
    ]);
    expect(p.merged).toEqual([
      { line: 4, message: "merged into zhi'o (vai) of line 2: sense added" },
      { line: 5, message: "merged into zhi'o (vai) of line 2: same gloss as line 2" },
      { line: 6, message: 'merged into zhi\'o (vai) of line 2: its gloss "{duplicate entry}" marks it as a copy' },
      { line: 7, message: "merged into zhi'o (vai) of line 2: it has no gloss of its own" },
    ]);
    expect(p.refused).toEqual([]);
    // An empty first line takes its gloss from a later one; a stem that differs is reported, the first kept.
    const q = parseLexiconText(tsv("name\tpos\tgloss\tstem", "wnibza\tvai\t\tanibiza", "wnibza\tvai\tget lost\tother"), "tsv");
    expect(q.entries).toMatchObject([{ name: "wnibza", gloss: "get lost", stem: "anibiza", lines: [2, 3] }]);
    expect(q.merged[0].message).toBe("merged into wnibza (vai) of line 2: sense added; its stem other differs, anibiza is kept");
  });

  it("writes part-of-speech tags the site's way and refuses the ones it cannot map", () => {
    expect(normalizePos("VAI")).toEqual({ ok: true, tag: "vai", changed: true, known: true });
    expect(normalizePos("adv")).toMatchObject({ tag: "av", changed: true });
    expect(normalizePos("n. suf.")).toMatchObject({ tag: "n_suf", changed: true });
    expect(normalizePos("vai*")).toMatchObject({ tag: "vai" });
    expect(normalizePos("ni-")).toMatchObject({ tag: "ni" });
    expect(normalizePos("nap")).toEqual({ ok: true, tag: "nap", changed: false, known: false });
    expect(normalizePos("n?")).toMatchObject({ ok: false });
    expect(normalizePos("NOT A TAG")).toMatchObject({ ok: false });
    expect(normalizePos(" ")).toEqual({ ok: false, message: "is required" });
    const p = parseLexiconText(tsv("headword\tpos\tgloss", "a\tadv\tx", "b\tnap\ty", "c\tn?\tz", "d\tnap\tw"), "tsv");
    expect(p.tagsChanged).toEqual([{ from: "adv", to: "av", lines: [2] }]);
    expect(p.tagsUnknown).toEqual([{ tag: "nap", lines: [3, 5] }]);
    expect(p.refused).toEqual([{ line: 4, message: 'pos: "n?" is not a part-of-speech tag the import can map (expected a code such as vai, na or av)' }]);
  });

  it("knows exactly the tags the legend and the verb and noun lists name", () => {
    expect([...KNOWN_POS].sort()).toEqual([...new Set([...Object.keys(POS_NAMES), ...VERB_POS, ...NOUN_POS])].sort());
  });

  it("gives every refused line its reason, and accounts for every line", () => {
    const p = parseLexiconText(
      tsv("headword\tpos\tgloss", "\tvai\tno name", "a\t\tno tag", "b\tvai\t", "c\tvai\t{duplicate}", "c\tvai\t", "d\tvai\tok\textra", "{n}e\tnad\tmy e"),
      "tsv",
    );
    expect(p.refused).toEqual([
      { line: 2, message: "name: is required" },
      { line: 3, message: "pos: is required" },
      { line: 4, message: "gloss: is required (no line with b (vai) has a gloss)" },
      { line: 5, message: 'gloss: "{duplicate}" marks a copy of another entry, but no line with c (vai) has a gloss of its own (lines 5, 6)' },
      { line: 6, message: 'gloss: "{duplicate}" marks a copy of another entry, but no line with c (vai) has a gloss of its own (lines 5, 6)' },
      { line: 7, message: "4 cells, but the header has 3 columns" },
    ]);
    expect(p.entries).toMatchObject([{ name: "ne", pos: "nad", line: 8 }]);
    expect(p.bracesRemoved).toEqual([8]);
    expect(p.entries.length + p.merged.length + p.refused.length).toBe(p.lines);
    const report = lexiconReport("f.tsv", p);
    for (const r of p.refused) expect(report).toContain(`f.tsv:${r.line}: ${r.message}`);
  });

  it("plans nothing the second time: the entries it wrote compare equal", () => {
    const p = parseLexiconText(tsv("headword\tpos\tgloss", "a\tvai\tx", "a\tvai\ty", "b\tna\tz"), "tsv");
    const first = planLexicon([], p, "import:f.tsv");
    expect(first).toMatchObject({ changed: [], unchanged: 0 });
    expect(first.added).toEqual([
      { name: "a", pos: "vai", search_key: "a", gloss: "x; y", source: "import:f.tsv" },
      { name: "b", pos: "na", search_key: "b", gloss: "z", source: "import:f.tsv" },
    ]);
    // As the database holds them (a stem set by a stems import, which a file without a stem column leaves alone).
    const stored: ExistingLexeme[] = first.added.map((v, i) => ({ id: i + 1, stem: "s", corpus_count: 0, ...v }));
    expect(planLexicon(stored, p, "import:f.tsv")).toEqual({ added: [], changed: [], unchanged: 2 });
    stored[1].gloss = "edited";
    expect(planLexicon(stored, p, "import:f.tsv").changed).toEqual([{ id: 2, values: first.added[1], fields: ["gloss"] }]);
  });
});

describe("stems files", () => {
  const STEMS = tsv(
    "lemma\tunderlying_stem\tlexicon\tcontinuation_class\tgloss\tsource_key",
    "naagshi\tnaagoshi\tVII\tVII_TAG\t1 be evening\tk1",
    "naagshi\tonaagoshi\tVII\tVII_TAG\t1 be evening\tk1",
    "naagshi\tnaagoshi\tVII\tVII_TAG\t1 be evening\tk1",
    "PV/gchi+\tgichi-\tV_PREVERBS_MANNER\tVERBS\t1 big\tk2",
    "zqnone\tzqnone\tVAI\tVAI_TAG\t1 x\tk3",
    "maajaa\tmaajaa\tVTA\tVTA_TAG\t1 x\tk4",
    "x\ty\tFOO\tFOO\t1 x\tk5",
  );
  const lexicon = [
    { id: 1, name: "naagshi", pos: "vii", stem: null },
    { id: 2, name: "gchi-", pos: "pv", stem: "gichi-" },
    { id: 3, name: "maajaa", pos: "vai", stem: null },
  ];

  it("maps lemmas and lexicons to the dictionary's headwords and tags", () => {
    expect(["PV/bi+", "PN/baapaagi+shki+", "go+Ipc", "nini"].map(stemLemmaName)).toEqual(["bi-", "baapaagi-shki-", "go", "nini"]);
    const p = parseStemsText(STEMS);
    expect(p.rows.map((r) => [r.name, r.pos, r.stem])).toContainEqual(["gchi-", "pv", "gichi-"]);
    expect(p.refused).toEqual([{ line: 8, message: 'lexicon: "FOO" is not a lexicon the import can map to a part of speech' }]);
  });

  it("sets the first stem of each entry, explains every other line, and plans nothing the second time", () => {
    const plan = planStems(lexicon, parseStemsText(STEMS));
    expect(plan.updates).toEqual([{ id: 1, stem: "naagoshi", line: 2 }]);
    expect(plan.unchanged).toBe(1);
    expect(plan.merged).toEqual([
      { line: 3, message: "naagshi (vii): another stem, onaagoshi, not used: line 2's naagoshi is" },
      { line: 4, message: "naagshi (vii): same stem as line 2" },
    ]);
    expect(plan.refused).toEqual([
      { line: 6, message: "no entry zqnone (vai) in the lexicon" },
      { line: 7, message: "no entry maajaa (vta) in the lexicon (maajaa is there as vai)" },
      { line: 8, message: 'lexicon: "FOO" is not a lexicon the import can map to a part of speech' },
    ]);
    const after = lexicon.map((l) => (l.id === 1 ? { ...l, stem: "naagoshi" } : l));
    expect(planStems(after, parseStemsText(STEMS))).toMatchObject({ updates: [], unchanged: 2 });
    expect(lineReport({ refused: plan.refused, merged: plan.merged }).split("\n").slice(0, 3)).toEqual([
      "line\toutcome\treason",
      "3\tmerged\tnaagshi (vii): another stem, onaagoshi, not used: line 2's naagoshi is",
      "4\tmerged\tnaagshi (vii): same stem as line 2",
    ]);
  });
});

// ---------------------------------------------------------------- the published files (../shared/data, never committed)

const DATA = path.resolve(root, "../shared/data");
const DICTIONARY = path.join(DATA, "nishnaabemwin-dictionary/nishnaabemwin-dict.tsv");
const STEMS_FILE = path.join(DATA, "otw/otw_lexicon_stems.tsv");

describe("the published dictionary and stems files", needsSharedData, () => {
  it.skipIf(!existsSync(DICTIONARY))("the dictionary loads; each refused line has its reason, and every line is accounted for", () => {
    const p = parseLexiconText(readFileSync(DICTIONARY, "utf8"), "tsv");
    expect(p.fileError).toBeUndefined();
    expect(p.lines).toBe(15_735);
    expect(p.entries.length + p.merged.length + p.refused.length).toBe(p.lines);
    expect(p.entries.length).toBeGreaterThan(15_400);
    // The refused lines are the dictionary's own gaps: no gloss, no tag, an unclear tag, a copy of nothing.
    for (const r of p.refused)
      expect(r.message).toMatch(
        /^(gloss: is required \(no line with .+ has a gloss\)|pos: is required|pos: ".+" is not a part-of-speech tag the import can map|gloss: ".+" marks a copy of another entry, but no line with .+ has a gloss of its own)/,
      );
    expect(p.refused.length).toBeLessThan(20);
    for (const m of p.merged) expect(m.message).toMatch(/^merged into .+ of line \d+: /);
    const keys = new Set(p.entries.map((e) => `${e.name}\t${e.pos}`));
    expect(keys.size).toBe(p.entries.length);
  });

  it.skipIf(!existsSync(DICTIONARY) || !existsSync(STEMS_FILE))("the stems file attaches to the dictionary's entries; every other line is explained", () => {
    const dictionary = parseLexiconText(readFileSync(DICTIONARY, "utf8"), "tsv");
    const stems = parseStemsText(readFileSync(STEMS_FILE, "utf8"));
    expect(stems.fileError).toBeUndefined();
    const plan = planStems(
      dictionary.entries.map((e, i) => ({ id: i + 1, name: e.name, pos: e.pos, stem: null })),
      stems,
    );
    expect(plan.updates.length).toBeGreaterThan(13_000);
    expect(plan.updates.length + plan.merged.length + plan.refused.length).toBe(stems.lines);
    for (const r of plan.refused) expect(r.message).toMatch(/^no entry .+ in the lexicon/);
  });
});

// The import command end to end: `node scripts/import.ts` against a throwaway local D1/R2 (wrangler).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

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
  return JSON.parse(r.out.slice(r.out.indexOf("["))) [0].results as Array<Record<string, unknown>>;
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

test("a file with a bad row is rejected with its line number and nothing is written", () => {
  const file = write("bad.tsv", "name\tpos\tgloss\nzqgood\tvai\tfine\nzqbad\tvai\t\n");
  const r = importFile("lexicon", file);
  expect(r.code).toBe(1);
  expect(r.out).toContain("bad.tsv:3: gloss: is required");
  expect(r.out).toContain("nothing was imported");
  expect(query("SELECT count(*) AS n FROM lexemes WHERE name LIKE 'zq%'")).toEqual([{ n: 0 }]);
}, 60_000);

test("importing the same files twice changes nothing; audio goes to R2 and is attached to its word", () => {
  const lexicon = write("lexicon.tsv", "name\tpos\tgloss\tstem\nzqone\tvai\tfirst test word\tzqone\nzqtwo\tna\tsecond test word\t\n");
  const audio = write("audio.tsv", `file\tname\tpos\n${path.join(root, "tests/fixtures/audio/silence.mp3")}\tzqone\tvai\n`);
  const snapshot = () =>
    query(
      "SELECT l.*, a.key, a.content_type, a.size FROM lexemes l LEFT JOIN audio_objects a ON a.id = l.audio_id ORDER BY l.id",
    );
  for (const [kind, file] of [["lexicon", lexicon], ["audio", audio]]) {
    const r = importFile(kind, file);
    expect(r.code, r.out).toBe(0);
  }
  const first = snapshot();
  expect(first).toHaveLength(2);
  expect(first[0]).toMatchObject({ name: "zqone", key: `audio/${first[0].id}.mp3`, content_type: "audio/mpeg", size: 10008 });
  expect(first[1]).toMatchObject({ name: "zqtwo", audio_id: null });

  for (const [kind, file] of [["lexicon", lexicon], ["audio", audio]]) {
    expect(importFile(kind, file).code).toBe(0);
  }
  expect(snapshot()).toEqual(first);
}, 120_000);

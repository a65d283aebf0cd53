/**
 * No regression: every noun of the demo lexicon (db/seed/data/lexicon.tsv, as tests/support/seed-lexicon.ts reads it)
 * declined in every cell the engine listed before the whole-noun work (nounCells, basic and extended), hashed. The
 * hashes were recorded from the engine as it was before that work; new cells and options must leave them unchanged.
 * Forms, variants, glosses, keys, cells, shapes and underlying words are hashed for every cell; confidence and its
 * note for the basic cells (the reference paradigms' cells).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { nounParadigm, nounPosOf, type Declension, type NounLexeme } from "../../app/core/grammar";
import { parseSeedLexicon } from "../support/seed-lexicon";

const here = path.dirname(new URL(import.meta.url).pathname);
const DEMO: NounLexeme[] = parseSeedLexicon(readFileSync(path.join(here, "../../db/seed/data/lexicon.tsv"), "utf8"))
  .filter((l) => nounPosOf(l.pos ?? "") !== null)
  .map((l) => ({ name: l.name!, pos: l.pos!, gloss: l.gloss ?? "", stem: l.stem }));

const formLine = (l: NounLexeme, d: Declension) =>
  [l.name, l.pos, d.key, JSON.stringify(d.cell), d.form, d.variants.join("|"), d.gloss, d.pos, d.shape, d.underlying].join("\t");
const confidenceLine = (l: NounLexeme, d: Declension) => [l.name, l.pos, d.key, d.confidence, d.confidenceNote ?? ""].join("\t");
const sha = (lines: string[]) => createHash("sha256").update(lines.join("\n")).digest("hex");

test("today's noun cells of the demo lexicon decline exactly as before", () => {
  const forms: string[] = [];
  const confidence: string[] = [];
  for (const l of DEMO) {
    for (const d of nounParadigm(l)) {
      forms.push(formLine(l, d));
      confidence.push(confidenceLine(l, d));
    }
    for (const d of nounParadigm(l, { extended: true })) forms.push(formLine(l, d));
  }
  const cells = forms.length;
  console.log(`noun baseline: ${DEMO.length} demo nouns, ${cells} declensions hashed`);
  expect(DEMO.length).toBe(118);
  expect(cells).toBe(FORM_LINES);
  expect(sha(forms)).toBe(FORMS_SHA);
  expect(sha(confidence)).toBe(CONFIDENCE_SHA);
});

const FORM_LINES = 31_932;
const FORMS_SHA = "0582cfbc6654e91c4ddc55200edb856fc0830db7fc1bd91019ca093711bb5be2";
const CONFIDENCE_SHA = "73209be0f808bada8e0ae5e6893a846c8a0e78b57b53c6c42634984f66018a87";

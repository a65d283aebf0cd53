/**
 * The analyser reads the whole verb back: a seeded sample of the forms of the development paradigms
 * (../shared/data/otw/otw_dev_verb_paradigms_more.tsv.gz; see SOURCES.md) against a lexicon of the 320 development
 * verbs, each form as the FST writes it (glottal h) and as the site does (') — and a preverb form without its
 * hyphen — must be found with its lemma and cell in at least 99.5% of the sample. Skips when the file is absent.
 */
import { describe, expect, test } from "vitest";
import { needsSharedData } from "../support/shared-data";
import { analyse, buildLexicon, cellKey } from "../../app/core/grammar";
import { FAULTY } from "./grammar-dev-data";
import { MORE_FILE, moreRows } from "./grammar-dev-more-data";

const FLOOR = 99.5;
const SAMPLE = 3_000;
const data = moreRows();

/** The FST's glottal h written as the site does (not the h of sh, zh, ch, nh). */
const siteSpelled = (form: string) => form.replace(/'h/g, "'").replace(/(?<![csznh'])h/g, "'");

describe.skipIf(!data)("analysis of the whole verb", needsSharedData, () => {
  test("finds lemma and cell for 99.5% of a seeded sample of the development forms, in both spellings", () => {
    const rows = data!.rows.filter((r) => !FAULTY.has(r.lexeme.name));
    const lexemes = [...new Map(rows.map((r) => [`${r.lexeme.name}\u0000${r.cls}`, r.lexeme])).values()];
    const lexicon = buildLexicon(lexemes);
    let seed = 20261126;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const vaio = rows.filter((r) => r.cls === "vaio");
    // The VAIO (a few percent of the rows) gets a sample of its own: 500 cells beside the 3,000.
    const sample = [
      ...Array.from({ length: SAMPLE }, () => rows[Math.floor(rnd() * rows.length)]!),
      ...Array.from({ length: 500 }, () => vaio[Math.floor(rnd() * vaio.length)]!),
    ];
    const counts = { h: [0, 0], apostrophe: [0, 0], noHyphen: [0, 0], vaio: [0, 0] };
    const misses: string[] = [];
    const check = (what: keyof typeof counts, word: string, row: (typeof rows)[number]) => {
      const found = analyse(word, lexicon).some((a) => a.lexeme.name === row.lexeme.name && a.lexeme.pos === row.cls && cellKey(a.cell) === cellKey(row.cell));
      counts[what][1]!++;
      if (found) counts[what][0]!++;
      else if (misses.length < 30) misses.push(`${what} ${word} (${row.lexeme.name} ${cellKey(row.cell)})`);
    };
    for (const row of sample) {
      const form = row.noMedler[0]!;
      if (row.cls === "vaio") check("vaio", siteSpelled(form), row);
      check("h", form, row);
      check("apostrophe", siteSpelled(form), row);
      if (form.includes("-") && row.cell.preverbs?.length) check("noHyphen", siteSpelled(form).replace(/-/g, ""), row);
    }
    const line = (k: keyof typeof counts) => `${k}: ${counts[k][0]} of ${counts[k][1]} (${((100 * counts[k][0]!) / counts[k][1]!).toFixed(2)}%)`;
    console.log(
      `analyse() on ${SAMPLE} + 500 (VAIO) sampled whole-verb cells (${MORE_FILE}), ${lexemes.length} verbs:\n${Object.keys(counts)
        .map((k) => line(k as keyof typeof counts))
        .join("\n")}`,
    );
    if (misses.length) console.log(`not found:\n${misses.join("\n")}`);
    for (const k of Object.keys(counts) as Array<keyof typeof counts>) expect((100 * counts[k][0]!) / counts[k][1]!, k).toBeGreaterThanOrEqual(FLOOR);
  }, 300_000);
});

/**
 * The join (phonology.ts): a stem's head and tail are worked out once and joined per cell, instead of running every
 * rule over the whole word. It must give exactly what the whole-word rules give: checked on every cell (every
 * ending, with and without its person prefix) of every verb stem of the demo lexicon and, when ../shared/data is
 * there, of every 16th of the 11,800 verb stems of otw_lexicon_stems.tsv (all of them with GRAMMAR_JOIN_ALL=1: ~3
 * million stem × ending × prefix, a few min of CPU). Both the strings before the site's spelling (`surfaceForms`) and
 * the site-spelled forms, whose word-final rules also run on the join's pieces (`siteSurfaceForms`, and without
 * Medler's rules `siteSurfaceFormsRegular`), are compared;
 * so is where the primary form splits into prefix, root and suffix, from the join's two pieces (`formSplit`) and by
 * aligning the whole form (`splitSurface`).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { verbClassOf, type VerbClass } from "../../app/core/grammar";
import { splitSurface } from "../../app/core/grammar/align";
import {
  encode,
  formSplit,
  siteSurfaceForms,
  siteSurfaceFormsRegular,
  siteSurfaceFormsRegularWhole,
  siteSurfaceFormsWhole,
  surfaceForms,
  surfaceFormsWhole,
} from "../../app/core/grammar/phonology";
import { VAI, VAIO, VII, VTA, VTI } from "../../app/core/grammar/tables";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";

const here = path.dirname(new URL(import.meta.url).pathname);
const FULL = path.join(SHARED_DATA, "otw/otw_lexicon_stems.tsv");
const TABLES = { vai: VAI, vii: VII, vti: VTI, vta: VTA, vaio: VAIO };

function stemsOf(file: string, stemCol: number, posCol: number): Array<[VerbClass, string]> {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .flatMap((line) => {
      const cols = line.split("\t");
      const cls = verbClassOf((cols[posCol] ?? "").toLowerCase());
      return cls && cols[stemCol] ? [[cls, cols[stemCol]!] as [VerbClass, string]] : [];
    });
}

function mismatches(stems: Array<[VerbClass, string]>): { checked: number; joinable: number; bad: string[] } {
  const endings = Object.fromEntries(Object.entries(TABLES).map(([c, t]) => [c, [...new Set(Object.values(t).flatMap((v) => v.split("|").map(encode)))]]));
  let checked = 0;
  let joinable = 0;
  const bad: string[] = [];
  for (const [cls, raw] of stems) {
    const stem = encode(raw);
    if (stem.length >= 9 && !stem.includes("-")) joinable++;
    for (const suffix of endings[cls]!) {
      for (const prefix of ["", "ni", "gi", "o"]) {
        checked++;
        const a = surfaceForms(prefix, stem, suffix);
        const b = surfaceFormsWhole(prefix, stem, suffix);
        if (a.join("|") !== b.join("|") && bad.length < 20) bad.push(`${prefix}<${raw}${suffix}: join ${a.join("|")} ≠ whole ${b.join("|")}`);
        // The word-final rules on the join's pieces (site-spelled), against the whole word's.
        const c = siteSurfaceForms(prefix, stem, suffix);
        const d = siteSurfaceFormsWhole(prefix, stem, suffix);
        if (c.join("|") !== d.join("|") && bad.length < 20) bad.push(`${prefix}<${raw}${suffix}: site join ${c.join("|")} ≠ whole ${d.join("|")}`);
        // Without Medler's rules, likewise.
        const r = siteSurfaceFormsRegular(prefix, stem, suffix);
        const rw = siteSurfaceFormsRegularWhole(prefix, stem, suffix);
        if (r.join("|") !== rw.join("|") && bad.length < 20) bad.push(`${prefix}<${raw}${suffix}: regular join ${r.join("|")} ≠ whole ${rw.join("|")}`);
        const bare = suffix.replace(/>/g, "");
        if (!c.length) continue;
        const split = formSplit(prefix, stem, suffix, bare, c[0]!);
        const whole = splitSurface(prefix, stem, bare, c[0]!);
        if (split !== whole && bad.length < 20)
          bad.push(`${prefix}<${raw}${suffix} → ${c[0]}: split by the pieces ${split >>> 16}/${split & 0xffff} ≠ whole ${whole >>> 16}/${whole & 0xffff}`);
      }
    }
  }
  return { checked, joinable, bad };
}

describe("the join gives what the whole-word rules give", () => {
  test("demo lexicon verbs", () => {
    const { checked, bad } = mismatches(stemsOf(path.resolve(here, "../../db/seed/data/lexicon.tsv"), 3, 1));
    expect(checked).toBeGreaterThan(10_000);
    expect(bad).toEqual([]);
  });

  test.skipIf(!existsSync(FULL))("verb stems of otw_lexicon_stems.tsv", { ...needsSharedData, timeout: 300_000 }, () => {
    const all = process.env.GRAMMAR_JOIN_ALL === "1";
    const { checked, joinable, bad } = mismatches(stemsOf(FULL, 1, 2).filter((_, i) => all || i % 16 === 0));
    console.log(`join: ${checked.toLocaleString("en")} stem × ending × prefix checked; ${joinable} long stems`);
    expect(bad).toEqual([]);
  });
});

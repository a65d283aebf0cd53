/**
 * A gloss shows each of its senses once (issue 47: "realize sth.; realize sth."): the rule the course applies to every
 * dictionary gloss it shows (app/utils/course.ts), the demo lexicon, and the full dictionary when it is beside the repo.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { courseGloss, tableGloss, withoutRepeatedSenses } from "../../app/utils/course";
import { LEXICON } from "../factories/course";
import { needsSharedData, SHARED_DATA } from "../support/shared-data";

describe("a gloss shows each sense once", () => {
  test("a repeated sense, or a sense that repeats an earlier wording, is left out; different wordings stay", () => {
    expect(withoutRepeatedSenses("know about sth., know sth.; realize sth.; realize sth.")).toBe("know about sth., know sth.; realize sth.");
    expect(withoutRepeatedSenses("boot liner, overshoe; overshoe")).toBe("boot liner, overshoe");
    expect(withoutRepeatedSenses("five [in cards]; [the numeral] five, 5; five [in cards]")).toBe("five [in cards]; [the numeral] five, 5");
    expect(withoutRepeatedSenses("be hot; Be  hot")).toBe("be hot");
    expect(withoutRepeatedSenses("bend sth. over, bend sth. over")).toBe("bend sth. over");
    // Not repetitions: "you (sg.)" and "you (sg.), too" are two senses; commas inside brackets do not split.
    for (const gloss of [
      "you (sg.), you (sg.), too",
      "rip sth. [clothing worn, due to one's size], tear sth. [clothing worn, due to one's size]",
      "go away, leave",
    ]) {
      expect(withoutRepeatedSenses(gloss)).toBe(gloss);
    }
  });

  test("the course's glosses of every demo word, and the seed lexicon itself, say no sense twice", () => {
    for (const entry of LEXICON) {
      expect(senses(entry.gloss), entry.name).toEqual([...new Set(senses(entry.gloss))]);
      expect(courseGloss(entry.gloss), entry.name).toBe(courseGloss(withoutRepeatedSenses(entry.gloss)));
    }
    expect(tableGloss("know about sth., know sth.; realize sth.; realize sth.")).toBe("know about sth., know sth.");
    expect(courseGloss("know about sth., know sth.; realize sth.; realize sth.")).toBe("know about sth., know sth.; realize sth.");
  });

  const DICTIONARY = path.join(SHARED_DATA, "nishnaabemwin-dictionary/nishnaabemwin-dict.tsv");
  describe.skipIf(!existsSync(DICTIONARY))("with the full dictionary", needsSharedData, () => {
    test("no entry's gloss shows a sense twice once the rule is applied", () => {
      const glosses = readFileSync(DICTIONARY, "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.split("\t")[2] ?? "")
        .filter(Boolean);
      const repeating = glosses.filter((g) => new Set(senses(g)).size !== senses(g).length);
      expect(repeating.length, "the dictionary has glosses that repeat a sense").toBeGreaterThan(0);
      for (const gloss of glosses) {
        const shown = senses(withoutRepeatedSenses(gloss));
        expect(shown, gloss).toEqual([...new Set(shown)]);
      }
    });
  });
});

/** A gloss's senses (the parts between semicolons), compared without case or spacing. */
function senses(gloss: string): string[] {
  return gloss
    .split(";")
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, " "))
    .filter(Boolean);
}

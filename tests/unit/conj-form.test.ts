/** /conj's state rules for the VAIO (issue 37), the one class docs/product.md §4 does not list. */
import { expect, test } from "vitest";
import { conjObjectsOf, defaultsFor, normaliseState, TYPE_OPTIONS } from "../../app/core/grammar/conj-form";
import { cellKey, cellsOf } from "../../app/core/grammar/cells";

const verbs = () => ["daawen", "dnin"];

test("the VAIO comes after the product reference's four types", () => {
  expect(TYPE_OPTIONS.map((o) => o.label)).toEqual([
    "vai Animate Intransitive",
    "vii Inanimate Intransitive",
    "vta Transitive Animate",
    "vti Transitive Inanimate",
    "vaio Animate Intransitive with Object",
  ]);
});

test("a new VAIO state: s/he with an inanimate object, 0 in the conjunct, you (sg) in the imperative", () => {
  expect(normaliseState({ type: "vaio" }, verbs, "vai")).toEqual({ type: "vaio", verb: "daawen", order: "ind", subject: "3s", object: "0s" });
  expect(normaliseState({ type: "vaio", verb: "dnin", order: "conj" }, verbs)).toMatchObject({ verb: "dnin", subject: "3s", object: "0" });
  expect(normaliseState({ type: "vaio", order: "imp", subject: "3s" }, verbs)).toMatchObject({ subject: "2s", object: "0s" });
  expect(defaultsFor("vaio", "imp-pro")).toEqual({ subject: "2s", object: "0s" });
});

test("the VAIO's animate objects are offered where the reference has them, and kept", () => {
  expect(conjObjectsOf("vaio", "ind", "1s")).toEqual(["0s", "0p", "3s", "3p"]);
  expect(conjObjectsOf("vaio", "ind-neg", "3s")).toEqual(["0s", "0p", "3'"]);
  expect(conjObjectsOf("vaio", "conj", "1s")).toEqual(["0"]);
  expect(conjObjectsOf("vaio", "imp", "21")).toEqual(["0s", "0p", "3p"]);
  expect(conjObjectsOf("vta", "ind", "1s")).not.toContain("0s");
  expect(normaliseState({ type: "vaio", order: "ind", subject: "1s", object: "3p" }, verbs)).toMatchObject({ object: "3p" });
  // Not in the conjunct: back to the default.
  expect(normaliseState({ type: "vaio", order: "conj", subject: "1s", object: "3p" }, verbs)).toMatchObject({ object: "0" });
  // Every object offered is a cell the engine lists.
  const listed = new Set(cellsOf("vaio", { all: true }).map(cellKey));
  for (const order of ["ind", "ind-neg", "conj", "conj-neg", "imp", "imp-pro"] as const) {
    for (const subject of ["1s", "2s", "3s", "1p", "21", "2p", "3p"] as const) {
      for (const object of conjObjectsOf("vaio", order, subject)) {
        if ((order === "imp" || order === "imp-pro") && !["2s", "2p", "21"].includes(subject)) continue;
        expect(listed.has(cellKey({ order, subject, object })), `${order} ${subject}>${object}`).toBe(true);
      }
    }
  }
});

/**
 * GET /api/conjugate and GET /api/paradigm (issue #3): the grammar engine over the lexicon in D1.
 * Not found is `{ error: "No form found!" }` with 404, as the issue specifies.
 * GET /api/decline (Grammar 2): the noun engine, one cell of a noun; errors in the API's envelope (./errors.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import { createDb } from "../../db/client";
import { findNoun, findVerb } from "../../db/queries/verbs";
import { getParadigm } from "../../app/services/paradigms.server";
import {
  cellKey, decline, inflect, NOUN_POS, NOUN_POSSESSORS, nounCellProblem, nounPosOf, ORDERS, type Cell, type NounCell, type Order, type Person,
} from "../../app/core/grammar";
import { MODES, PREVERB_CHAINS, type Mode } from "../../app/core/grammar/cells";
import { OPTIONAL_VARIANT_NOTE } from "../../app/core/grammar/noun-inflection";
import type { ApiEnv } from "./types";
import { API_ERRORS, apiError } from "./errors";
import { invalid } from "./validation";
import { openapi } from "./openapi";

const PERSONS = ["1s", "2s", "3s", "3'", "1p", "21", "2p", "3p", "x", "0s", "0p", "0's", "0'p", "0", "0'"] as const;

/** Preverbs the engine knows (ADR 018), written in order with "+" or "," between them: gii, daa+gii. */
const PREVERBS = new Set(PREVERB_CHAINS.flatMap((c) => c.preverbs));
const Preverbs = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z]+([+,][a-z]+)*$/)
  .transform((s) => s.split(/[+,]/))
  .refine((pvs) => pvs.every((p) => PREVERBS.has(p)), "unknown preverb");

const ConjugateQuery = z.object({
  type: z.enum(["vai", "vii", "vti", "vta"]),
  verb: z.string().trim().min(1).max(100),
  order: z.enum(ORDERS as [Order, ...Order[]]),
  subject: z.enum(PERSONS),
  object: z.enum(PERSONS).optional(),
  // The whole verb (issue 37): each optional; left out, the cell is today's.
  mode: z.enum(MODES as [Mode, ...Mode[]]).optional(),
  change: z.enum(["true"]).optional(),
  participle: z.enum(["3p", "3'", "0p"]).optional(),
  preverbs: Preverbs.optional(),
});

const ParadigmQuery = z.object({
  word: z.string().trim().min(1).max(100),
  type: z.enum(["vai", "vii", "vti", "vta"]).optional(),
  kind: z.string().trim().max(40).optional(),
});

/** One noun cell, in the reference's column names (docs/decisions/005a-noun-paradigm-classes.md). */
const DeclineQuery = z
  .object({
    noun: z.string().trim().min(1).max(100),
    pos: z.enum(NOUN_POS as ["na", "ni", "nad", "nid"]).optional(),
    number: z.enum(["sg", "pl"]).optional(),
    obviative: z.literal("obv").optional(),
    locative: z.literal("loc").optional(),
    possessor: z.enum(NOUN_POSSESSORS as [string, ...string[]]).optional(),
    poss_theme: z.literal("yes").optional(),
    diminutive: z.enum(["dim", "con"]).optional(),
    pejorative: z.literal("pej").optional(),
    // The whole noun (issue 37): preterit, vocative plural, a prenoun (gchi, mji, shki, zaaw …).
    mode: z.literal("prt").optional(),
    vocative: z.literal("true").transform(() => true as const).optional(),
    prenoun: z.string().trim().regex(/^[a-z]{1,20}$/).optional(),
  })
  .strict();

/** The issue's shape: a bare message, no code; the status is NOT_FOUND's (./errors.ts). */
const notFound = { error: "No form found!" };
const NOT_FOUND = API_ERRORS.NOT_FOUND.status;

export const grammar = new Hono<ApiEnv>()
  .get("/conjugate", async (c) => {
    const parsed = ConjugateQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) return c.json(notFound, NOT_FOUND);
    const q = parsed.data;
    const verb = await findVerb(createDb(c.env.DB), q.type, q.verb);
    if (!verb) return c.json(notFound, NOT_FOUND);
    const cell: Cell = {
      order: q.order, subject: q.subject as Person, ...(q.object ? { object: q.object as Person } : {}),
      ...(q.mode ? { mode: q.mode } : {}), ...(q.change ? { change: true as const } : {}),
      ...(q.participle ? { participle: q.participle } : {}), ...(q.preverbs ? { preverbs: q.preverbs } : {}),
    };
    const inf = inflect(verb, cell);
    if (!inf) return c.json(notFound, NOT_FOUND);
    const { prefix, root, suffix, form, variants, gloss, confidence, confidenceNote } = inf;
    // Today's fields as they were; `key` and `confidenceNote` (null for high forms) added for the whole verb.
    return c.json({ prefix, root, suffix, form, variants, gloss, confidence, key: cellKey(cell), confidenceNote: confidence === "high" ? null : confidenceNote }, 200, {
      "Cache-Control": "public, max-age=300",
    });
  })
  .get("/paradigm", async (c) => {
    const parsed = ParadigmQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) return c.json(notFound, NOT_FOUND);
    // kind is "{class}-{order}", e.g. vai-ind, vta-imp-neg (the product reference's paradigm kinds; -imp-neg = prohibitive),
    // or a noun kind "{class}-{stem shape}-inf|-n-poss" as /paradigms shows it (na-w2-inf).
    const table = await getParadigm(createDb(c.env.DB), parsed.data.word, parsed.data.kind ?? `${parsed.data.type ?? "vai"}-ind`);
    if (!table || table.rows.length === 0) return c.json(notFound, NOT_FOUND);
    return c.json({ title: table.title, kind: table.kind, rows: table.rows });
  })
  .get("/decline", async (c) => {
    const parsed = DeclineQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) return invalid(c, parsed.error);
    const { noun: word, pos, ...rest } = parsed.data;
    // With no number, obviative or locative given, the plain singular (dependent nouns: the 1s possessor's).
    const cell = { ...rest } as NounCell;
    if (!cell.number && !cell.obviative && !cell.locative) cell.number = cell.vocative ? "pl" : "sg";
    const noun = await findNoun(createDb(c.env.DB), word, pos);
    if (!noun) return apiError(c, "NOT_FOUND", "No such noun in the dictionary.");
    const cls = nounPosOf(noun.pos)!;
    if (!cell.possessor && (cls === "nad" || cls === "nid")) cell.possessor = "1s";
    const problem = nounCellProblem(cls, cell);
    if (problem) return apiError(c, "VALIDATION", { message: `No such form: ${problem}.`, issues: [{ path: "", message: problem }] });
    const d = decline(noun, cell);
    if (!d) return apiError(c, "NOT_FOUND", "No form found!");
    const { form, variants, gloss, confidence, confidenceNote, key, shape } = d;
    // Variants only the optional (Medler) rules give, with the label to show them by (never as equals).
    const optionalVariants = d.optionalVariants ?? [];
    const extra = optionalVariants.length ? { optionalVariants, optionalNote: OPTIONAL_VARIANT_NOTE } : {};
    return c.json({ noun: noun.name, pos: cls, cell: d.cell, key, form, variants, gloss, confidence, confidenceNote: confidenceNote ?? null, shape, ...extra }, 200, {
      "Cache-Control": "public, max-age=300",
    });
  });

const personSchema = { type: "string", enum: [...PERSONS] };
openapi.paths["/api/conjugate"] = {
  get: {
    summary: "Inflect a verb of the lexicon for one cell (grammar engine)",
    parameters: [
      { name: "type", in: "query", required: true, schema: { type: "string", enum: ["vai", "vii", "vti", "vta"] } },
      { name: "verb", in: "query", required: true, description: "lemma as /conj lists it, or a lexeme id", schema: { type: "string" } },
      { name: "order", in: "query", required: true, schema: { type: "string", enum: [...ORDERS] } },
      { name: "subject", in: "query", required: true, schema: personSchema },
      { name: "object", in: "query", required: false, schema: personSchema },
    ],
    responses: {
      "200": { description: "{ prefix, root, suffix, form, variants, gloss, confidence }" },
      "404": { description: '{ error: "No form found!" }' },
    },
  },
};
const cellParam = (name: string, values: string[], description: string) => ({ name, in: "query", required: false, description, schema: { type: "string", enum: values } });
openapi.paths["/api/decline"] = {
  get: {
    summary: "Decline a noun of the lexicon for one cell (noun engine)",
    description: "Exactly one of number, obviative, locative (none: singular). Dependent nouns (nad, nid) are always possessed (default possessor 1s).",
    parameters: [
      { name: "noun", in: "query", required: true, description: "lemma (e.g. jiimaan) or a lexeme id", schema: { type: "string" } },
      cellParam("pos", [...NOUN_POS], "noun class; any noun class when left out"),
      cellParam("number", ["sg", "pl"], "singular or plural"),
      cellParam("obviative", ["obv"], "obviative (animate nouns)"),
      cellParam("locative", ["loc"], "locative (in/at/on)"),
      cellParam("possessor", [...NOUN_POSSESSORS], "possessor person (3' = obviative possessor)"),
      cellParam("poss_theme", ["yes"], "possessive theme -im"),
      cellParam("diminutive", ["dim", "con"], "diminutive -ens, or contemptive -enh"),
      cellParam("pejorative", ["pej"], "pejorative -ish"),
    ],
    responses: {
      "200": { description: "{ noun, pos, cell, key, form, variants, gloss, confidence, confidenceNote, shape }" },
      "400": { description: "VALIDATION: a parameter was refused, or the cell does not exist for the noun's class (e.g. an obviative inanimate)" },
      "404": { description: "NOT_FOUND: no such noun" },
    },
  },
};
openapi.paths["/api/paradigm"] = {
  get: {
    summary: "One paradigm table of a verb or a noun (the rows of /paradigms)",
    parameters: [
      { name: "word", in: "query", required: true, description: "lemma or lexeme id", schema: { type: "string" } },
      { name: "kind", in: "query", required: true, description: "e.g. vai-ind, vta-conj-neg, vti-imp-neg; a noun kind as /paradigms shows it: {class}-{stem shape}-inf | -n-poss (na-w2-inf, ni-consonant-n-poss), the noun's class and stem shape must be the kind's; noun rows have no prefix/root/suffix split", schema: { type: "string" } },
    ],
    responses: { "200": { description: "{ title, kind, rows: [{ key, label, prefix, root, suffix, form, variants, gloss, confidence }] }" }, "404": { description: '{ error: "No form found!" }' } },
  },
};

/**
 * GET /api/conjugate and GET /api/paradigm (issue #3): the grammar engine over the lexicon in D1.
 * Not found is `{ error: "No form found!" }` with 404, as the issue specifies.
 * GET /api/decline (Grammar 2): the noun engine, one cell of a noun; errors in the API's envelope (./errors.ts).
 */
import { findNoun, findVerb } from "../../db/queries/verbs";
import { getParadigm } from "../../app/services/paradigms.server";
import {
  cellKey,
  decline,
  inflect,
  NOUN_POS,
  NOUN_POSSESSORS,
  nounCellProblem,
  nounPosOf,
  ORDERS,
  type Cell,
  type NounCell,
  type Order,
  type Person,
} from "../../app/core/grammar";
import { MODES, PREVERB_CHAINS, type Mode } from "../../app/core/grammar/cells";
import { OPTIONAL_VARIANT_NOTE } from "../../app/core/grammar/noun-inflection";
import { API_ERRORS, apiError } from "./errors";
import { apiRoutes, createRoute, errorResponses, jsonResponse, z, type ResponseDoc } from "./openapi";
import { grammarMemo } from "../../app/services/grammar-memo.server";

const PERSONS = ["1s", "2s", "3s", "3'", "1p", "21", "2p", "3p", "x", "0s", "0p", "0's", "0'p", "0", "0'"] as const;
const VERB_CLASSES = ["vai", "vii", "vti", "vta"] as const;

/** Preverbs the engine knows (ADR 018), written in order with "+" or "," between them: gii, daa+gii. */
const PREVERBS = new Set(PREVERB_CHAINS.flatMap((c) => c.preverbs));
const Preverbs = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z]+([+,][a-z]+)*$/)
  .transform((s) => s.split(/[+,]/))
  .refine((pvs) => pvs.every((p) => PREVERBS.has(p)), "unknown preverb")
  .openapi({
    type: "string",
    description: "preverbs in order, joined by + (gii, wii, ga, da, daa, bi, maajii, ishkwaa; e and gaa in the conjunct)",
    example: "gii",
  });

/** The conjugator's classes and orders: /conj's, the VAIO and the delayed imperative (issue 37) besides. */
const CONJUGATE_CLASSES = [...VERB_CLASSES, "vaio"] as const;
const CONJUGATE_ORDERS: [Order, ...Order[]] = [ORDERS[0]!, ...ORDERS.slice(1), "imp-delayed"];

const ConjugateQuery = z.object({
  type: z.enum(CONJUGATE_CLASSES).meta({ example: "vai", description: "vai, vii, vti, vta, or vaio (an animate intransitive verb with an object)" }),
  verb: z.string().trim().min(1).max(100).meta({ description: "lemma as /conj lists it, or a lexeme id", example: "maajaa" }),
  order: z.enum(CONJUGATE_ORDERS).meta({ example: "ind", description: "imp-delayed: the delayed imperative (go later)" }),
  subject: z.enum(PERSONS).meta({ example: "1s" }),
  object: z.enum(PERSONS).optional(),
  // The whole verb (issue 37): each optional; left out, the cell is today's.
  mode: z
    .enum(MODES as [Mode, ...Mode[]])
    .optional()
    .meta({ description: "prt preterit, dub dubitative, dubprt preterit-dubitative" }),
  change: z.enum(["true"]).optional().meta({ description: "the changed conjunct (conjunct orders only)" }),
  participle: z.enum(["3p", "3'", "0p"]).optional().meta({ description: "a participle and its head (conjunct orders only)" }),
  preverbs: Preverbs.optional(),
});

const ParadigmQuery = z.object({
  word: z.string().trim().min(1).max(100).meta({ description: "lemma or lexeme id", example: "maajaa" }),
  type: z.enum(CONJUGATE_CLASSES).optional().meta({ description: "the verb class when no kind is given (kind {type}-ind)" }),
  kind: z.string().trim().max(40).optional().meta({
    description:
      "e.g. vai-ind, vta-conj-neg, vti-imp-neg, vaio-ind; a noun kind as /paradigms shows it: {class}-{stem shape}-inf | -n-poss (na-w2-inf, ni-consonant-n-poss), the noun's class and stem shape must be the kind's; noun rows have no prefix/root/suffix split",
    example: "vai-ind",
  }),
});

const cell = <T extends z.ZodType>(schema: T, description: string) => schema.optional().meta({ description });

/** One noun cell, in the reference's column names (docs/decisions/005a-noun-paradigm-classes.md). */
const DeclineQuery = z
  .object({
    noun: z.string().trim().min(1).max(100).meta({ description: "lemma (e.g. jiimaan) or a lexeme id", example: "jiimaan" }),
    pos: cell(z.enum(NOUN_POS as ["na", "ni", "nad", "nid"]), "noun class; any noun class when left out"),
    number: cell(z.enum(["sg", "pl"]), "singular or plural"),
    obviative: cell(z.literal("obv"), "obviative (animate nouns)"),
    locative: cell(z.literal("loc"), "locative (in/at/on)"),
    possessor: cell(z.enum(NOUN_POSSESSORS as [string, ...string[]]), "possessor person (3' = obviative possessor)"),
    poss_theme: cell(z.literal("yes"), "possessive theme -im"),
    diminutive: cell(z.enum(["dim", "con"]), "diminutive -ens, or contemptive -enh"),
    pejorative: cell(z.literal("pej"), "pejorative -ish"),
    // The whole noun (issue 37): preterit, vocative plural, a prenoun (gchi, mji, shki, zaaw …).
    mode: cell(z.literal("prt"), "preterit: the late / former"),
    vocative: z
      .literal("true")
      .transform(() => true as const)
      .optional()
      .openapi({ type: "string", enum: ["true"], description: "vocative (plural; number defaults to pl)" }),
    prenoun: cell(
      z
        .string()
        .trim()
        .regex(/^[a-z]{1,20}$/),
      "a prenoun (gchi, mji, shki, zaaw are the checked ones)",
    ),
  })
  .strict();

/** The issue's shape: a bare message, no code; the status is NOT_FOUND's (./errors.ts). */
const notFound = { error: "No form found!" };
const NOT_FOUND = API_ERRORS.NOT_FOUND.status;
const noForm: ResponseDoc = jsonResponse(z.object({ error: z.literal("No form found!") }), "No such verb or cell, or a refused parameter");
/** The conjugate and paradigm calls answer a refused parameter like a missing form. */
const noFormHook = (result: { success: boolean }, c: Parameters<typeof apiError>[0]) => (result.success ? undefined : c.json(notFound, NOT_FOUND));

const Confidence = z.enum(["high", "medium", "low", "unconfirmed"]);

export const grammar = apiRoutes()
  .openapi(
    createRoute({
      method: "get",
      path: "/conjugate",
      summary: "Inflect a verb of the lexicon for one cell (grammar engine)",
      request: { query: ConjugateQuery },
      responses: {
        200: jsonResponse(
          z.object({
            prefix: z.string().nullable(),
            root: z.string(),
            suffix: z.string().nullable(),
            form: z.string(),
            variants: z.array(z.string()),
            gloss: z.string(),
            confidence: Confidence,
            key: z.string(),
            confidenceNote: z.string().nullable(),
          }),
        ),
        404: noForm,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const verb = await findVerb(c.env.db, q.type, q.verb);
      if (!verb) return c.json(notFound, NOT_FOUND);
      const cell: Cell = {
        order: q.order,
        subject: q.subject as Person,
        ...(q.object ? { object: q.object as Person } : {}),
        ...(q.mode ? { mode: q.mode } : {}),
        ...(q.change ? { change: true as const } : {}),
        ...(q.participle ? { participle: q.participle } : {}),
        ...(q.preverbs ? { preverbs: q.preverbs } : {}),
      };
      const inf = inflect(verb, cell, grammarMemo);
      if (!inf) return c.json(notFound, NOT_FOUND);
      const { prefix, root, suffix, form, variants, gloss, confidence, confidenceNote } = inf;
      // Today's fields as they were; `key` and `confidenceNote` (null for high forms) added for the whole verb.
      return c.json(
        {
          prefix,
          root,
          suffix,
          form,
          variants,
          gloss,
          confidence,
          key: cellKey(cell),
          confidenceNote: confidence === "high" ? null : (confidenceNote ?? null),
        },
        200,
        { "Cache-Control": "public, max-age=300" },
      );
    },
    noFormHook,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/paradigm",
      summary: "One paradigm table of a verb or a noun (the rows of /paradigms)",
      request: { query: ParadigmQuery },
      responses: {
        200: jsonResponse(
          z.object({
            title: z.string(),
            kind: z.string(),
            rows: z.array(
              z.object({
                key: z.string(),
                label: z.string(),
                prefix: z.string().nullable(),
                root: z.string().nullable(),
                suffix: z.string().nullable(),
                form: z.string().nullable(),
                variants: z.array(z.string()),
                gloss: z.string().nullable(),
                confidence: Confidence.nullable(),
              }),
            ),
          }),
        ),
        404: noForm,
      },
    }),
    async (c) => {
      const q = c.req.valid("query");
      // kind is "{class}-{order}", e.g. vai-ind, vta-imp-neg (the product reference's paradigm kinds; -imp-neg = prohibitive),
      // or a noun kind "{class}-{stem shape}-inf|-n-poss" as /paradigms shows it (na-w2-inf).
      const table = await getParadigm(c.env.db, q.word, q.kind ?? `${q.type ?? "vai"}-ind`);
      if (!table || table.rows.length === 0) return c.json(notFound, NOT_FOUND);
      return c.json({ title: table.title, kind: table.kind, rows: table.rows }, 200);
    },
    noFormHook,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/decline",
      summary: "Decline a noun of the lexicon for one cell (noun engine)",
      description: "Exactly one of number, obviative, locative (none: singular). Dependent nouns (nad, nid) are always possessed (default possessor 1s).",
      request: { query: DeclineQuery },
      responses: {
        200: jsonResponse(
          z.object({
            noun: z.string(),
            pos: z.enum(NOUN_POS as ["na", "ni", "nad", "nid"]),
            cell: z.record(z.string(), z.unknown()),
            key: z.string(),
            form: z.string(),
            variants: z.array(z.string()),
            gloss: z.string(),
            confidence: z.enum(["high", "medium", "low"]),
            confidenceNote: z.string().nullable(),
            shape: z.string(),
            optionalVariants: z.array(z.string()).optional().meta({ description: "variants only the optional (Medler) rules give: never equals" }),
            optionalNote: z.string().optional(),
          }),
        ),
        ...errorResponses({
          VALIDATION: "A parameter was refused, or the cell does not exist for the noun's class (e.g. an obviative inanimate)",
          NOT_FOUND: "No such noun",
        }),
      },
    }),
    async (c) => {
      const { noun: word, pos, ...rest } = c.req.valid("query");
      // With no number, obviative or locative given, the plain singular (dependent nouns: the 1s possessor's).
      const cell = { ...rest } as NounCell;
      if (!cell.number && !cell.obviative && !cell.locative) cell.number = cell.vocative ? "pl" : "sg";
      const noun = await findNoun(c.env.db, word, pos);
      if (!noun) return apiError(c, "NOT_FOUND", "No such noun in the dictionary.");
      const cls = nounPosOf(noun.pos)!;
      if (!cell.possessor && (cls === "nad" || cls === "nid")) cell.possessor = "1s";
      const problem = nounCellProblem(cls, cell);
      if (problem) return apiError(c, "VALIDATION", { message: `No such form: ${problem}.`, issues: [{ path: "", message: problem }] });
      const d = decline(noun, cell, grammarMemo);
      if (!d) return apiError(c, "NOT_FOUND", "No form found!");
      const { form, variants, gloss, confidence, confidenceNote, key, shape } = d;
      // Variants only the optional (Medler) rules give, with the label to show them by (never as equals).
      const optionalVariants = d.optionalVariants ?? [];
      const extra = optionalVariants.length ? { optionalVariants, optionalNote: OPTIONAL_VARIANT_NOTE } : {};
      return c.json(
        { noun: noun.name, pos: cls, cell: d.cell, key, form, variants, gloss, confidence, confidenceNote: confidenceNote ?? null, shape, ...extra },
        200,
        {
          "Cache-Control": "public, max-age=300",
        },
      );
    },
  );

/**
 * GET /api/conjugate and GET /api/paradigm (issue #3): the grammar engine over the lexicon in D1.
 * Not found is `{ error: "No form found!" }` with 404, as the issue specifies.
 */
import { Hono } from "hono";
import { z } from "zod";
import { createDb } from "../../db/client";
import { findVerb } from "../../db/queries/verbs";
import { getParadigm } from "../../app/services/paradigms.server";
import { inflect, ORDERS, type Order, type Person } from "../../app/core/grammar";
import type { ApiEnv } from "./types";
import { API_ERRORS } from "./errors";
import { openapi } from "./openapi";

const PERSONS = ["1s", "2s", "3s", "3'", "1p", "21", "2p", "3p", "x", "0s", "0p", "0's", "0'p", "0", "0'"] as const;

const ConjugateQuery = z.object({
  type: z.enum(["vai", "vii", "vti", "vta"]),
  verb: z.string().trim().min(1).max(100),
  order: z.enum(ORDERS as [Order, ...Order[]]),
  subject: z.enum(PERSONS),
  object: z.enum(PERSONS).optional(),
});

const ParadigmQuery = z.object({
  word: z.string().trim().min(1).max(100),
  type: z.enum(["vai", "vii", "vti", "vta"]).optional(),
  kind: z.string().trim().max(40).optional(),
});

/** The shape: a bare message, no code; the status is NOT_FOUND's (./errors.ts). */
const notFound = { error: "No form found!" };
const NOT_FOUND = API_ERRORS.NOT_FOUND.status;

export const grammar = new Hono<ApiEnv>()
  .get("/conjugate", async (c) => {
    const parsed = ConjugateQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) return c.json(notFound, NOT_FOUND);
    const q = parsed.data;
    const verb = await findVerb(createDb(c.env.DB), q.type, q.verb);
    if (!verb) return c.json(notFound, NOT_FOUND);
    const inf = inflect(verb, { order: q.order, subject: q.subject as Person, ...(q.object ? { object: q.object as Person } : {}) });
    if (!inf) return c.json(notFound, NOT_FOUND);
    const { prefix, root, suffix, form, variants, gloss, confidence } = inf;
    return c.json({ prefix, root, suffix, form, variants, gloss, confidence }, 200, { "Cache-Control": "public, max-age=300" });
  })
  .get("/paradigm", async (c) => {
    const parsed = ParadigmQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) return c.json(notFound, NOT_FOUND);
    // kind is "{class}-{order}", e.g. vai-ind, vta-imp-neg (the product reference's paradigm kinds; -imp-neg = prohibitive).
    const table = await getParadigm(createDb(c.env.DB), parsed.data.word, parsed.data.kind ?? `${parsed.data.type ?? "vai"}-ind`);
    if (!table || table.rows.length === 0) return c.json(notFound, NOT_FOUND);
    return c.json({ title: table.title, kind: table.kind, rows: table.rows });
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
openapi.paths["/api/paradigm"] = {
  get: {
    summary: "One paradigm table of a verb (the rows of /paradigms)",
    parameters: [
      { name: "word", in: "query", required: true, description: "lemma or lexeme id", schema: { type: "string" } },
      { name: "kind", in: "query", required: true, description: "e.g. vai-ind, vta-conj-neg, vti-imp-neg", schema: { type: "string" } },
    ],
    responses: { "200": { description: "{ title, kind, rows: [{ key, label, prefix, root, suffix, form, variants, gloss, confidence }] }" }, "404": { description: '{ error: "No form found!" }' } },
  },
};

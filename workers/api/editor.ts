/**
 * The editor tool's JSON API (issue #8), mounted at /api/editor. Every call checks the role from the session cookie
 * (never a username in the body) and every change writes an edit_log row (db/queries/editor-forms.ts). Each route is
 * declared with its zod schemas beside its handler (./openapi.ts); the recording calls are ./editor-audio.ts, mounted
 * here in their place.
 */
import type { Context, MiddlewareHandler } from "hono";
import { listCounts } from "../../db/queries/editor-counts";
import { findLexemesByName, getFormDetail, getHistory, setFormEmoji, setFormLexemes, setFormMorphSide, type EditResult } from "../../db/queries/editor-forms";
import { listRankPage } from "../../db/queries/editor-ranks";
import { searchEditorSentences, searchEditorWords } from "../../db/queries/editor-search";
import { EmojiSchema, LexIdsSchema, MorphSideSchema } from "../../app/utils/editor-schemas";
import { requireRoleApi, type RoleEnv } from "./guard";
import { apiError } from "./errors";
import { editorAudio } from "./editor-audio";
import { FormParams, ROLE_ERRORS } from "./editor-params";
import { apiRoutes, createRoute, errorResponses, jsonOrFormBody, jsonResponse, z } from "./openapi";
import { bodyKind, readableBody, validationHook } from "./validation";

type EditorEnv = RoleEnv;

const FAILED = { success: false };
const NO_FORM = "No form found!";

function editResponse(c: Context, result: EditResult): Response {
  switch (result.status) {
    case "not_found":
      return apiError(c, "NOT_FOUND", { message: NO_FORM, fields: FAILED });
    case "invalid":
      return apiError(c, "VALIDATION", { message: result.reason, fields: FAILED });
    case "ignored":
      return apiError(c, "IGNORED", { message: result.reason, fields: { ...FAILED, ignored: true } });
    default:
      return c.json({ success: true, status: result.status });
  }
}

/** A page number; anything else is page 1. */
const PageNumber = z.coerce.number().int().catch(1).default(1).openapi({ type: "integer", default: 1 });
const POS_FILTERS = ["all", "verb", "noun", "adverb", "affix", "other"] as const;
const RankQuery = z.object({ q: z.string().max(200).default(""), page: PageNumber });
const CountQuery = z.object({
  pos: z
    .enum(POS_FILTERS)
    .catch("all")
    .default("all")
    .openapi({ type: "string", enum: [...POS_FILTERS], default: "all" }),
  page: PageNumber,
});
const NameQuery = z.object({ name: z.string().default("").meta({ example: "maajaa" }) });
const TextQuery = z.object({ q: z.string().default("").meta({ example: "maa" }) });

const Lexeme = z.object({ id: z.number().int(), name: z.string(), pos: z.string(), gloss: z.string() });
/** A row as the editor pages show it (db/queries/editor-*.ts). */
const Row = z.looseObject({ id: z.number().int() });
const Page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), page: z.number().int(), lastPage: z.number().int(), total: z.number().int() });
const Found = <T extends z.ZodType>(row: T) => z.object({ query: z.string(), rows: z.array(row), more: z.number().int() });

const Edited = jsonResponse(z.object({ success: z.literal(true), status: z.string() }));
const EDIT_ERRORS = errorResponses({
  VALIDATION: "The change was refused",
  NOT_FOUND: "No such form",
  IGNORED: "The change would change nothing or conflicts with the current data",
});

/** A form id that is not a positive whole number answers like an unknown form. */
const unknownForm = (result: { success: boolean }, c: Context) => (result.success ? undefined : apiError(c, "NOT_FOUND", NO_FORM));

/** The id of an edit is checked before its body (an unknown form is 404 whatever the body). */
const editedForm: MiddlewareHandler = async (c, next) => {
  if (!FormParams.safeParse(c.req.param()).success) return editResponse(c, { status: "not_found" });
  await next();
};

/** An edit of a form: its id, then a JSON or form body checked by `body` (refused by `hook`). */
function editRoute<B extends z.ZodType>(path: string, summary: string, body: B, hook: ReturnType<typeof validationHook>) {
  return createRoute({
    method: "post",
    path,
    summary,
    middleware: [editedForm, readableBody(body, hook)] as const,
    request: { params: FormParams, body: jsonOrFormBody(body) },
    responses: { 200: Edited, ...EDIT_ERRORS, ...ROLE_ERRORS },
  });
}

const LexIdsBody = LexIdsSchema.meta({ example: { lexIds: [1] } });
const MorphSideBody = MorphSideSchema.meta({ example: { morphSide: "right" } });
const EmojiBody = EmojiSchema.meta({ example: { emoji: "🌲" } });
const invalidLexIds = validationHook();
const invalidMorphSide = validationHook({ message: "Choose a morph side before submitting." });
const invalidEmoji = validationHook({ message: "first-issue" });

export const editor = apiRoutes<EditorEnv>();
editor.use("*", requireRoleApi("editor"));
editor
  .openapi(
    createRoute({
      method: "get",
      path: "/forms",
      summary: "A page of the forms by rank, filtered",
      request: { query: RankQuery },
      responses: {
        200: jsonResponse(z.object({ data: Page(Row).extend({ filter: z.string() }) })),
        ...errorResponses({ VALIDATION: "Refused filter" }),
        ...ROLE_ERRORS,
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return c.json({ data: await listRankPage(c.var.db, { filter: query.q, page: query.page }) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/forms/{id}",
      summary: "One form with its lexemes, clips and history",
      request: { params: FormParams },
      responses: {
        200: jsonResponse(z.object({ data: z.tuple([Row.extend({ form: z.string() })]) })),
        ...errorResponses({ NOT_FOUND: "No such form" }),
        ...ROLE_ERRORS,
      },
    }),
    async (c) => {
      const row = await getFormDetail(c.var.db, c.req.valid("param").id);
      if (!row) return apiError(c, "NOT_FOUND", NO_FORM);
      return c.json({ data: [row] }, 200);
    },
    unknownForm,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/forms/{id}/history",
      summary: "The edit log of a form",
      request: { params: FormParams },
      responses: {
        200: jsonResponse(
          z.object({
            data: z.array(
              z.object({
                id: z.number().int(),
                action: z.string(),
                username: z.string().nullable(),
                before: z.unknown(),
                after: z.unknown(),
                createdAt: z.string(),
              }),
            ),
          }),
        ),
        ...errorResponses({ NOT_FOUND: "No such form" }),
        ...ROLE_ERRORS,
      },
    }),
    async (c) => c.json({ data: await getHistory(c.var.db, "forms", String(c.req.valid("param").id)) }, 200),
    unknownForm,
  )
  .openapi(
    editRoute("/forms/{id}/lexemes", "Link a form to lexemes", LexIdsBody, invalidLexIds),
    async (c) => {
      const { lexIds } = c.req.valid(bodyKind(c));
      return editResponse(c, await setFormLexemes(c.var.db, { formId: c.req.valid("param").id, lexIds, userId: c.var.user.id }));
    },
    invalidLexIds,
  )
  .openapi(
    editRoute("/forms/{id}/morph-side", "Set a form's morph side", MorphSideBody, invalidMorphSide),
    async (c) => {
      const { morphSide } = c.req.valid(bodyKind(c));
      return editResponse(c, await setFormMorphSide(c.var.db, { formId: c.req.valid("param").id, morphSide, userId: c.var.user.id }));
    },
    invalidMorphSide,
  )
  .openapi(
    editRoute("/forms/{id}/emoji", "Set a form's emoji", EmojiBody, invalidEmoji),
    async (c) => {
      const { emoji } = c.req.valid(bodyKind(c));
      return editResponse(c, await setFormEmoji(c.var.db, { formId: c.req.valid("param").id, emoji, userId: c.var.user.id }));
    },
    invalidEmoji,
  )
  .route("/", editorAudio)
  .openapi(
    createRoute({
      method: "get",
      path: "/lexemes",
      summary: "The lexemes of a name (exact search key)",
      request: { query: NameQuery },
      responses: { 200: jsonResponse(z.object({ data: z.array(Lexeme) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await findLexemesByName(c.var.db, c.req.valid("query").name) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/words",
      summary: "Lexemes whose name or gloss contains q",
      request: { query: TextQuery },
      responses: { 200: jsonResponse(z.object({ data: Found(Lexeme) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await searchEditorWords(c.var.db, c.req.valid("query").q) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/sentences",
      summary: "Sentences whose text or translation contains q",
      request: { query: TextQuery },
      responses: { 200: jsonResponse(z.object({ data: Found(Row) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await searchEditorSentences(c.var.db, c.req.valid("query").q) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/counts",
      summary: "A page of the lexemes by corpus count, by part of speech",
      request: { query: CountQuery },
      responses: { 200: jsonResponse(z.object({ data: Page(Row) })), ...ROLE_ERRORS },
    }),
    async (c) => c.json({ data: await listCounts(c.var.db, c.req.valid("query")) }, 200),
  );

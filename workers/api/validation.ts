/**
 * How the API refuses a request. The routes' zod schemas are checked by Hono's zod validator (through
 * @hono/zod-openapi, ./openapi.ts); its hook, `validationHook`, answers 400 VALIDATION in the envelope of
 * ./errors.ts with the zod issues.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { apiError, type ApiIssue } from "./errors";

/** Reads a JSON or form body; returns null when it cannot be read. */
export async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) return await c.req.json();
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries([...(await c.req.formData()).entries()].filter(([, v]) => typeof v === "string"));
    }
  } catch {
    return null;
  }
  return null;
}

/** The zod issues as the API lists them: `{ path: "a.b", message }`. */
export function issuesOf(error: z.ZodError | null): ApiIssue[] {
  return error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [];
}

/** 400 VALIDATION with our envelope and the zod issues (`message` replaces the table's). */
export function invalid(c: Context, error: z.ZodError | null, message?: string, fields?: Record<string, unknown>) {
  return apiError(c, "VALIDATION", { message, issues: issuesOf(error), fields });
}

type HookOptions = {
  /** The answer's message: a fixed one, "first-issue" (the first zod issue's), or the table's when left out. */
  message?: string;
  /** Fields before `error`, e.g. `{ success: false }` for the docs/product.md §7 calls. */
  fields?: Record<string, unknown>;
};

type ValidationResult = { success: true } | { success: false; error: z.ZodError };

/**
 * The zod validator's hook: a refused request answers 400 VALIDATION with the issues; an accepted one goes on
 * to the handler. `validationHook({ message: "first-issue", fields: { success: false } })` is the old calls' answer.
 */
export function validationHook(options: HookOptions = {}) {
  return (result: ValidationResult, c: Context): Response | undefined => {
    if (result.success) return;
    const message = options.message === "first-issue" ? result.error.issues[0]?.message : options.message;
    return invalid(c, result.error, message, options.fields);
  };
}

/**
 * Refuses, through the route's hook, a body that cannot be read as JSON or a form (no body, another media type,
 * malformed JSON or form data) as if it were `null`: the zod validator would otherwise answer 415 or a bare 400.
 */
export function readableBody(schema: z.ZodType, hook: ReturnType<typeof validationHook>): MiddlewareHandler {
  return async (c, next) => {
    if ((await readBody(c)) === null) {
      const refused = schema.safeParse(null);
      if (!refused.success) return hook(refused, c);
    }
    await next();
  };
}

/** Where the zod validator put a `jsonOrFormBody` (./openapi.ts): `c.req.valid(bodyKind(c))`. */
export function bodyKind(c: Context): "json" | "form" {
  return (c.req.header("content-type") ?? "").includes("application/json") ? "json" : "form";
}

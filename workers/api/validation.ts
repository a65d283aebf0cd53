import type { Context } from "hono";
import type { z } from "zod";
import { apiError, type ApiIssue } from "./errors";

/** Reads a JSON or form body; returns null when it cannot be read. */
export async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) return await c.req.json();
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries(
        [...(await c.req.formData()).entries()].filter(([, v]) => typeof v === "string"),
      );
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
export function invalid(c: Context, error: z.ZodError | null, message?: string) {
  return apiError(c, "VALIDATION", { message, issues: issuesOf(error) });
}

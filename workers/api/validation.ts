import type { Context } from "hono";
import type { z } from "zod";

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

/** 400 with our envelope and the zod issues. */
export function invalid(c: Context, error: z.ZodError | null, message = "The request was not valid.") {
  return c.json(
    {
      error: {
        code: "VALIDATION",
        message,
        issues: error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [],
      },
    },
    400,
  );
}

/**
 * The click log (docs/product.md §7 `POST /click`), shared by the page resource route /click and /api/click: validation,
 * the per-client cap (RATE_RULES.click) and the write.
 * @see docs/decisions/006-accounts-abuse-limits-and-guards.md
 */
import type { z } from "zod";
import type { Db } from "../../db/client";
import { logClick } from "../../db/queries/clicks";
import { ClickSchema } from "../utils/validation";
import { RATE_LIMIT_TEXT, takeClientCap } from "./rate-limit.server";

export type ClickResult =
  | { status: "logged" }
  | { status: "invalid"; error: z.ZodError }
  | { status: "rate-limited"; message: string; retryAfter: number };

/** Valid clicks count against the client's cap; over it nothing is written. */
export async function recordClick(db: Db, request: Request, body: unknown): Promise<ClickResult> {
  const parsed = ClickSchema.safeParse(body);
  if (!parsed.success) return { status: "invalid", error: parsed.error };
  const refusal = await takeClientCap(db, "click", request);
  if (refusal) return { status: "rate-limited", message: RATE_LIMIT_TEXT.click, retryAfter: refusal.retryAfter };
  await logClick(db, parsed.data);
  return { status: "logged" };
}

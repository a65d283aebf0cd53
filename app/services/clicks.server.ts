/**
 * The click log (docs/product.md §7 `POST /click`), shared by the page resource route /click and /api/click: validation,
 * the per-client cap (RATE_RULES.click) and the write. A click names its subscriber either by address (the old
 * form: email, page) or by the opaque reference `r` of a Word of the Day link (email-tokens.server.ts), which the
 * page posts after loading: GET requests never write, so the link itself logs nothing.
 * @see docs/decisions/036-account-limits-after-the-penetration-test.md
 */
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Config } from "./config.server";
import { logClick } from "../../db/queries/clicks";
import { getSubscriberEmail } from "../../db/queries/wotd";
import { ClickSchema, SitePathSchema } from "../utils/validation";
import { subscriberOfClickToken } from "./email-tokens.server";
import { RATE_LIMIT_TEXT, takeClientCap } from "./rate-limit.server";

export type ClickResult = { status: "logged" } | { status: "invalid"; error: z.ZodError } | { status: "rate-limited"; message: string; retryAfter: number };

const ClickRefSchema = z.object({ r: z.string().max(64), page: SitePathSchema });

/** Valid clicks count against the client's cap; over it nothing is written. */
export async function recordClick({ config, db }: { config: Config; db: Db }, request: Request, body: unknown): Promise<ClickResult> {
  const byRef = ClickRefSchema.safeParse(body);
  const parsed = byRef.success ? byRef : ClickSchema.safeParse(body);
  if (!parsed.success) return { status: "invalid", error: parsed.error };
  const refusal = await takeClientCap(db, "click", request);
  if (refusal) return { status: "rate-limited", message: RATE_LIMIT_TEXT.click, retryAfter: refusal.retryAfter };
  if ("r" in parsed.data) {
    const id = await subscriberOfClickToken(config, parsed.data.r);
    const email = id === null ? null : await getSubscriberEmail(db, id);
    // An unknown or forged reference is answered like a logged click and writes nothing.
    if (email) await logClick(db, { email, page: parsed.data.page });
    return { status: "logged" };
  }
  await logClick(db, parsed.data);
  return { status: "logged" };
}

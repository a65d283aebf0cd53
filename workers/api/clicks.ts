import { recordClick } from "../../app/services/clicks.server";
import { ClickSchema } from "../../app/utils/validation";
import { apiError } from "./errors";
import { apiRoutes, createRoute, documentedBody, errorResponses, jsonResponse, z } from "./openapi";
import { invalid, readBody } from "./validation";

/**
 * POST /api/click — docs/product.md §7 `POST /click` (form: email, page; or r, page with the reference of a Word of
 * the Day link). Only logged; capped per client (429 + Retry-After). The service validates (the page /click shares it).
 */
export const clicks = apiRoutes().openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Log a click of a Word of the Day link",
    request: { body: documentedBody(ClickSchema.meta({ example: { email: "reader@example.org", page: "/k" } })) },
    responses: {
      200: jsonResponse(z.object({ success: z.literal(true) })),
      ...errorResponses({ VALIDATION: "A field was refused", RATE_LIMITED: "Too many clicks from this client" }),
    },
  }),
  async (c) => {
    const result = await recordClick(c.env, c.req.raw, await readBody(c));
    if (result.status === "invalid") return invalid(c, result.error);
    if (result.status === "rate-limited") {
      c.header("Retry-After", String(result.retryAfter));
      return apiError(c, "RATE_LIMITED", result.message);
    }
    return c.json({ success: true as const }, 200);
  },
);

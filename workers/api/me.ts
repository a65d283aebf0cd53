import { getSessionUser } from "../../app/services/session.server";
import { apiRoutes, createRoute, jsonResponse, z } from "./openapi";

/** GET /api/wenesh — docs/product.md §7: `{ username }` of the signed-in user, `null` when anonymous. */
export const me = apiRoutes().openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "The signed-in user's name, null when anonymous",
    responses: { 200: jsonResponse(z.object({ username: z.string().nullable() })) },
  }),
  async (c) => {
    const user = await getSessionUser(c.req.raw, c.env.config, c.env.db);
    return c.json({ username: user?.username ?? null }, 200, { "Cache-Control": "private, no-store" });
  },
);
